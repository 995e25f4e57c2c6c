/**
 * What every chart shares. Options are pure data (no functions), so the same object is
 * rendered to SVG on the server and handed to the browser in loader data, where echarts
 * takes over the same container. Text from the store goes in as plain strings: echarts
 * escapes it in SVG output and in its default tooltips.
 */

export type ChartOption = Record<string, unknown>;

/** What a loader returns for one chart: the option, and its server-rendered SVG (null on client navigations). */
export interface ChartSpec {
  option: ChartOption;
  svg: string | null;
  width: number;
  height: number;
  /**
   * The same data drawn for a narrow box (a phone): shown instead when the chart's figure is
   * under NARROW_CHART px wide (a container query without JavaScript, the live chart's width with it).
   */
  narrow?: ChartSpec;
}

/** Below this width a chart with a `narrow` drawing shows that one (app/styles/charts.css too). */
export const NARROW_CHART = 480;

export const PALETTE = [
  "#6085f2",
  "#f08c00",
  "#37b24d",
  "#e8590c",
  "#7048e8",
  "#1098ad",
  "#d6336c",
  "#74b816",
  "#ae3ec9",
  "#f59f00",
  "#4263eb",
  "#0ca678",
];

/**
 * The page's fonts. Names in single quotes: echarts writes the list into a double-quoted
 * style attribute of the server's SVG, where a double quote would end the attribute.
 */
const FONT =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Zen Hei', sans-serif";

/** Every option starts here: no animation (the server's picture is the first frame), one font, one palette. */
export const chartBase = { animation: false, textStyle: { fontFamily: FONT }, color: PALETTE };

/** The value axis' grid lines. */
export const splitLine = { lineStyle: { color: "#eef0f4" } };

/** A stable colour per name, so a type keeps its colour across pages. */
export function colorFor(name: string | null | undefined, given?: string | null): string {
  if (given) return given;
  if (!name) return "#868e96";
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.codePointAt(0)!) >>> 0;
  return PALETTE[h % PALETTE.length];
}
