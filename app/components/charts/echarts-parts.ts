import type { ChartOption } from "~/charts/theme";

/** What an option draws with: its series' chart types and the components it names. */
export type EChartsPart = "graph" | "line" | "bar" | "grid" | "legend" | "legendScroll" | "tooltip";

type Bundle = () => Promise<typeof import("./echarts.client")>;

/**
 * echarts' chart types and components in a few bundles over one shared core (issue 11), the
 * first that holds all of a chart's parts loaded: a bar chart gets no line or graph code.
 * Bundles rather than a chunk per part: esbuild splits the modules parts share into chunks
 * of their own, and seven parts made ~20 small chunks that gzip ~10 KB worse than these.
 * The `echarts/charts` and `echarts/components` indexes would give every chart page all of
 * them. The server's SVG registers everything (app/charts/echarts-modules.ts).
 */
const BUNDLES: { parts: EChartsPart[]; load: Bundle }[] = [
  { parts: ["bar", "grid", "tooltip"], load: () => import("./echarts-bars.client") },
  {
    parts: ["bar", "line", "grid", "legend", "legendScroll", "tooltip"],
    load: () => import("./echarts-cartesian.client"),
  },
  {
    parts: ["graph", "legend", "legendScroll", "tooltip"],
    load: () => import("./echarts-graph.client"),
  },
];

const CHART_TYPES = new Set<unknown>(["graph", "line", "bar"] satisfies EChartsPart[]);
const list = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value == null ? [] : [value];

/** The chart types (from the series' types) and components an option draws with. */
export function partsFor(option: ChartOption): EChartsPart[] {
  const parts = new Set<EChartsPart>();
  for (const series of list(option.series)) {
    const type = (series as { type?: unknown } | null)?.type;
    if (CHART_TYPES.has(type)) parts.add(type as EChartsPart);
  }
  if (list(option.xAxis).length || list(option.yAxis).length || option.grid) parts.add("grid");
  for (const legend of list(option.legend))
    parts.add((legend as { type?: unknown }).type === "scroll" ? "legendScroll" : "legend");
  if (list(option.tooltip).length) parts.add("tooltip");
  return [...parts];
}

/** The bundles to load for `parts`: the first that holds them all, else each part's first. */
export function bundlesFor(parts: EChartsPart[]): number[] {
  const whole = BUNDLES.findIndex((b) => parts.every((p) => b.parts.includes(p)));
  if (whole >= 0) return [whole];
  return [...new Set(parts.map((p) => BUNDLES.findIndex((b) => b.parts.includes(p))))];
}

const loaded = new Set<number>();
const partsOf = (options: (ChartOption | undefined)[]) => [
  ...new Set(options.flatMap((o) => (o ? partsFor(o) : []))),
];

/** Whether `options` draw with a part no loaded bundle registered (setOption must wait). */
export function missingParts(options: (ChartOption | undefined)[]): boolean {
  return partsOf(options).some((p) => ![...loaded].some((b) => BUNDLES[b].parts.includes(p)));
}

/** echarts with what `options` draw with registered. */
export async function loadECharts(options: (ChartOption | undefined)[]) {
  const wanted = bundlesFor(partsOf(options));
  const [ec] = await Promise.all(wanted.map((b) => BUNDLES[b].load()));
  for (const b of wanted) loaded.add(b);
  return ec;
}
