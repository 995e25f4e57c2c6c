import type { ChartOption } from "./theme";

/**
 * A chart's data as a table: the text alternative of the picture (WCAG 1.1.1), read from the
 * same option echarts draws, so the two cannot disagree. Series charts (lines, bars) give one
 * row per category or period and one column per series; node-link graphs give their nodes and
 * their links, each list capped (a graph of thousands of nodes is not read node by node: the
 * rest is counted). Pure data, no markup: the chart component renders it (chart-data.tsx).
 */

export interface SeriesTable {
  kind: "series";
  /** Lines are drawn over periods (days, months), bars over categories. */
  over: "period" | "category";
  /** One header per series; null for a single unnamed series (the axis' name, or "value"). */
  series: (string | null)[];
  rows: { label: string; values: (number | string | null)[] }[];
  more: number;
}

export interface GraphTable {
  kind: "graph";
  nodes: { name: string; type: string | null }[];
  moreNodes: number;
  links: { source: string; target: string; label: string }[];
  moreLinks: number;
}

export type ChartTable = SeriesTable | GraphTable;

/** Rows, nodes and links listed before the rest is only counted. */
export const TABLE_ROWS = 100;

interface Axis {
  type?: string;
  data?: unknown[];
  name?: string;
}
interface Series {
  type?: string;
  name?: string;
  data?: unknown[];
  categories?: { name?: string }[];
  links?: { source?: string; target?: string; value?: unknown }[];
}

const first = <T>(v: T | T[] | undefined): T | undefined => (Array.isArray(v) ? v[0] : v);

/** A data point as echarts takes it: a number, or an object holding `value`. */
function pointValue(d: unknown): number | string | null {
  const v =
    d !== null && typeof d === "object" && "value" in d ? (d as { value: unknown }).value : d;
  if (typeof v === "number") return Number.isInteger(v) ? v : Math.round(v * 1000) / 1000;
  if (typeof v === "string") return v;
  return null;
}

function seriesTable(option: ChartOption, list: Series[]): SeriesTable | null {
  const x = first(option.xAxis as Axis | Axis[] | undefined);
  const y = first(option.yAxis as Axis | Axis[] | undefined);
  const horizontal = x?.type !== "category" && y?.type === "category";
  const axis = horizontal ? y : x;
  const valueAxis = horizontal ? x : y;
  if (!axis || axis.type !== "category" || !Array.isArray(axis.data)) return null;
  const labels = axis.data.map((d) => String(pointValue(d) ?? ""));
  const all = labels.map((label, i) => ({
    label,
    values: list.map((s) => pointValue(s.data?.[i])),
  }));
  // Horizontal bars are drawn bottom-up (the largest on top): the table reads top-down.
  if (horizontal) all.reverse();
  const unnamed = list.length === 1 && !list[0].name;
  return {
    kind: "series",
    over: list.every((s) => s.type === "line") ? "period" : "category",
    series: unnamed ? [valueAxis?.name || null] : list.map((s) => s.name ?? null),
    rows: all.slice(0, TABLE_ROWS),
    more: Math.max(0, all.length - TABLE_ROWS),
  };
}

function graphTable(s: Series): GraphTable {
  const data = (s.data ?? []) as { id?: string; name?: string; category?: number }[];
  const names = new Map(data.map((d) => [String(d.id ?? d.name), d.name ?? ""]));
  const links = s.links ?? [];
  return {
    kind: "graph",
    nodes: data.slice(0, TABLE_ROWS).map((d) => ({
      name: d.name ?? "",
      type: (d.category !== undefined && s.categories?.[d.category]?.name) || null,
    })),
    moreNodes: Math.max(0, data.length - TABLE_ROWS),
    links: links.slice(0, TABLE_ROWS).map((l) => ({
      source: names.get(String(l.source)) ?? String(l.source ?? ""),
      target: names.get(String(l.target)) ?? String(l.target ?? ""),
      label: typeof l.value === "string" ? l.value : "",
    })),
    moreLinks: Math.max(0, links.length - TABLE_ROWS),
  };
}

/** The table of a chart's option, or null when it has none we can tell (an unknown kind). */
export function chartTable(option: ChartOption): ChartTable | null {
  const list = ((option.series as Series[] | Series | undefined) ?? []) as Series[] | Series;
  const series = Array.isArray(list) ? list : [list];
  if (series[0]?.type === "graph") return graphTable(series[0]);
  if (series.length && series.every((s) => s.type === "line" || s.type === "bar"))
    return seriesTable(option, series);
  return null;
}
