import { PALETTE, type ChartOption } from "~/charts/options";
import type { ClassMetrics, Trend } from "@contract/insight";

/**
 * ECharts options of the insight pages (lines and bars only: the chart modules the console
 * registers). Plain data, rendered to SVG on the server and handed to the browser as is.
 */

const FONT =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "WenQuanYi Zen Hei", sans-serif';
const base = { animation: false, textStyle: { fontFamily: FONT }, color: PALETTE };
const axisLabel = { color: "#666", hideOverlap: true };
const splitLine = { lineStyle: { color: "#eef0f4" } };

/** Day periods read as MM-DD (the year is in the page's range), months as YYYY-MM. */
export const periodLabel = (period: string) => (period.length === 10 ? period.slice(5) : period);

export interface Line {
  name: string;
  values: number[];
  area?: boolean;
  color?: string;
}

/** Counts over time, one line per series. */
export function linesOption(
  periods: string[],
  lines: Line[],
  opts: { yName?: string; percent?: boolean } = {},
): ChartOption {
  return {
    ...base,
    grid: { left: 48, right: 24, top: lines.length > 1 ? 44 : 24, bottom: 36 },
    tooltip: { trigger: "axis" },
    legend: lines.length > 1 ? { top: 4, type: "scroll" } : undefined,
    xAxis: {
      type: "category",
      data: periods.map(periodLabel),
      boundaryGap: false,
      axisLabel,
      axisLine: { lineStyle: { color: "#ccd" } },
    },
    yAxis: opts.percent
      ? {
          type: "value",
          min: 0,
          max: 1,
          name: opts.yName,
          splitLine,
          axisLabel: { color: "#666", formatter: "{value}" },
        }
      : {
          type: "value",
          minInterval: 1,
          name: opts.yName,
          nameTextStyle: { color: "#888" },
          splitLine,
          axisLabel: { color: "#666" },
        },
    series: lines.map((l) => ({
      type: "line",
      name: l.name,
      data: l.values,
      smooth: true,
      smoothMonotone: "x",
      showSymbol: periods.length <= 31,
      symbolSize: 5,
      lineStyle: { width: 2, color: l.color },
      itemStyle: l.color ? { color: l.color } : undefined,
      areaStyle: l.area ? { opacity: 0.12 } : undefined,
    })),
  };
}

/** A statistics trend: the total line and the named lines. */
export function trendLines(trend: Trend, totalName: string): Line[] {
  return [
    { name: totalName, values: trend.total, area: true },
    ...trend.series.map((s) => ({ name: s.name, values: s.values })),
  ];
}

/** Precision, recall and F1 per class, side by side (0–1). */
export function classMetricsOption(
  perClass: ClassMetrics[],
  names: { precision: string; recall: string; f1: string },
): ChartOption {
  const bar = (name: string, key: "precision" | "recall" | "f1", color: string) => ({
    type: "bar",
    name,
    data: perClass.map((c) => c[key]),
    barMaxWidth: 16,
    itemStyle: { color, borderRadius: [3, 3, 0, 0] },
  });
  return {
    ...base,
    grid: { left: 44, right: 16, top: 40, bottom: 8, containLabel: true },
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
    legend: { top: 4 },
    xAxis: {
      type: "category",
      data: perClass.map((c) => c.label),
      axisLabel: { color: "#333", interval: 0, rotate: perClass.length > 8 ? 30 : 0 },
      axisTick: { show: false },
    },
    yAxis: { type: "value", min: 0, max: 1, splitLine, axisLabel: { color: "#666" } },
    series: [
      bar(names.precision, "precision", "#6085f2"),
      bar(names.recall, "recall", "#37b24d"),
      bar(names.f1, "f1", "#f08c00"),
    ],
  };
}

/** Vertical bars of counts per category, in the order given (types, predicates). */
export function columnsOption(
  items: { name: string; value: number; color?: string }[],
  valueName?: string,
): ChartOption {
  return {
    ...base,
    grid: { left: 44, right: 16, top: 24, bottom: 8, containLabel: true },
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
    xAxis: {
      type: "category",
      data: items.map((i) => i.name),
      axisLabel: { color: "#333", interval: 0, rotate: items.length > 8 ? 30 : 0 },
      axisTick: { show: false },
    },
    yAxis: {
      type: "value",
      minInterval: 1,
      name: valueName,
      nameTextStyle: { color: "#888" },
      splitLine,
      axisLabel: { color: "#666" },
    },
    series: [
      {
        type: "bar",
        barMaxWidth: 28,
        data: items.map((i, n) => ({
          value: i.value,
          itemStyle: { color: i.color || PALETTE[n % PALETTE.length], borderRadius: [3, 3, 0, 0] },
        })),
        label: { show: items.length <= 16, position: "top", color: "#555" },
      },
    ],
  };
}
