import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import * as echarts from "echarts/core";
import { SVGRenderer } from "echarts/renderers";
import { ECHARTS_MODULES } from "./echarts-modules";
import { renderGraphSvg } from "./graph-svg.server";
import { isPlainGraphOver, LABEL_ALL_NODES } from "./graph-options";
import { themeChart, type ChartOption, type ChartSpec, type ColorScheme } from "./theme";
import { holdForDocument } from "~/utils/held.server";

echarts.use([...ECHARTS_MODULES, SVGRenderer]);

/**
 * The chart as an SVG string, so it shows without JavaScript. Text in it is escaped by
 * echarts' SVG writer (a `<script>` name becomes `&lt;script&gt;`). With a viewBox the
 * picture scales to its container. Drawn once per distinct option, size and scheme (`drawn`).
 */
export function renderChartSvg(
  option: ChartOption,
  width: number,
  height: number,
  opts: { fluid?: boolean; scheme?: ColorScheme } = {},
): string {
  const scheme = opts.scheme ?? "light";
  const key = createHash("sha256")
    .update(JSON.stringify([option, width, height, opts.fluid !== false, scheme]))
    .digest("base64");
  let svg = drawn.get(key);
  if (svg === undefined) {
    svg = drawChartSvg(option, width, height, opts.fluid !== false, scheme);
    drawn.set(key, svg);
  }
  return svg;
}

/**
 * Pictures already drawn, by what they were drawn from (issue 11). Drawing is a pure function
 * of the option, the size and the scheme, and costs 10-30 ms of CPU (most of a chart page's
 * server time), while the same chart is asked for again and again until its data changes; a
 * changed option is a new key, so nothing stale is served. Bounded by size: 4 M characters
 * (4-8 MB) a process.
 */
const drawn = new LRUCache<string, string>({
  maxSize: 4 * 2 ** 20,
  sizeCalculation: (svg) => Math.max(1, svg.length),
});

function drawChartSvg(
  option: ChartOption,
  width: number,
  height: number,
  fluid: boolean,
  scheme: ColorScheme,
): string {
  const themed = themeChart(option, scheme);
  // A node-link graph big enough to be drawn plain (see graphOption): the fast writer.
  if (isPlainGraphOver(themed, LABEL_ALL_NODES)) {
    const svg = renderGraphSvg(themed, width, height, scheme);
    return fluid
      ? svg
      : svg.replace('<svg width="100%" height="100%"', `<svg width="${width}" height="${height}"`);
  }
  const chart = echarts.init(null, null, { renderer: "svg", ssr: true, width, height });
  try {
    chart.setOption({ ...themed, animation: false });
    // ecmeta_* attributes serve echarts' own SSR hydration, which we do not use (the browser
    // draws a live chart instead): dropping them saves a fifth of a big graph's bytes.
    const svg = chart
      .renderToSVGString({ useViewBox: true })
      .replace(/ ecmeta_[a-z_]+="[^"]*"/g, "");
    // In a page it fills its box (the viewBox keeps the proportions), so no stylesheet is needed.
    return fluid
      ? svg.replace(/^<svg width="\d+" height="\d+"/, '<svg width="100%" height="100%"')
      : svg;
  } finally {
    // A live instance keeps a timer loop running.
    chart.dispose();
  }
}

/**
 * The chart for a loader: its option (scheme-free: the browser themes it for the scheme it
 * shows), and its SVG, drawn in the page's scheme, when the answer is a document.
 */
export async function chartSpec(
  /** The page's scheme, or null where the browser draws the chart (`chartScheme` in preferences.server.ts). */
  scheme: ColorScheme | null,
  option: ChartOption,
  width = 960,
  height = 360,
  /** What the server's picture draws, when less than the live chart (a capped big graph). */
  drawn: ChartOption = option,
): Promise<ChartSpec> {
  // In a page load's HTML once (its <img>), not also in its hydration data (decision 039).
  const svg = scheme ? holdForDocument(renderChartSvg(drawn, width, height, { scheme })) : null;
  return { option, svg, ...(scheme ? { scheme } : {}), width, height };
}
