import { chartBase, INK, PALETTE, splitLine, type ChartOption } from "~/charts/theme";
import type { Line } from "~/charts/series-options";
import type { ClassMetrics, Trend } from "@contract/insight";

/**
 * ECharts options of the insight pages besides the shared lines and bars (app/charts/): their
 * trend lines, per-class metrics and columns of counts.
 */

/** A statistics trend: the total line and the named lines. */
export function trendLines(trend: Trend, totalName: string): Line[] {
  return [
    { name: totalName, values: trend.total, area: true },
    ...trend.series.map((s) => ({ name: s.name, values: s.values })),
  ];
}

/** The frame the column charts share: vertical bars over categories, labels turned when many. */
function columnFrame(categories: string[], top: number): ChartOption {
  return {
    ...chartBase,
    grid: { left: 44, right: 16, top, bottom: 8, containLabel: true },
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
    xAxis: {
      type: "category",
      data: categories,
      axisLabel: { color: INK.light.text, interval: 0, rotate: categories.length > 8 ? 30 : 0 },
      axisTick: { show: false },
    },
  };
}

type MetricNames = { precision: string; recall: string; f1: string };

/** Precision, recall and F1 of each class, the three series of the per-class charts. */
function metricSeries(perClass: ClassMetrics[], names: MetricNames, horizontal: boolean) {
  const bar = (name: string, key: "precision" | "recall" | "f1", color: string) => ({
    type: "bar",
    name,
    data: perClass.map((c) => c[key]),
    barMaxWidth: horizontal ? 9 : 16,
    itemStyle: { color, borderRadius: horizontal ? [0, 3, 3, 0] : [3, 3, 0, 0] },
  });
  return [
    bar(names.precision, "precision", "#6085f2"),
    bar(names.recall, "recall", "#37b24d"),
    bar(names.f1, "f1", "#f08c00"),
  ];
}

/** Precision, recall and F1 per class, side by side (0–1). */
export function classMetricsOption(perClass: ClassMetrics[], names: MetricNames): ChartOption {
  return {
    ...columnFrame(
      perClass.map((c) => c.label),
      40,
    ),
    legend: { top: 4 },
    yAxis: { type: "value", min: 0, max: 1, splitLine, axisLabel: { color: INK.light.axisLabel } },
    series: metricSeries(perClass, names, false),
  };
}

/** How tall the phone's per-class chart is: the legend, then a band of three bars per class. */
export const classBarsHeight = (classes: number) => 64 + classes * 36;

/**
 * The same metrics for a phone: a horizontal band per class, its name on one line at the
 * left, top to bottom in the table's order (classBarsHeight tall).
 */
export function classBarsOption(perClass: ClassMetrics[], names: MetricNames): ChartOption {
  return {
    ...chartBase,
    legend: { top: 4 },
    grid: { left: 4, right: 16, top: 40, bottom: 4, containLabel: true },
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
    yAxis: {
      type: "category",
      inverse: true,
      data: perClass.map((c) => c.label),
      axisLabel: { color: INK.light.text, interval: 0 },
      axisTick: { show: false },
    },
    xAxis: { type: "value", min: 0, max: 1, splitLine, axisLabel: { color: INK.light.axisLabel } },
    series: metricSeries(perClass, names, true),
  };
}

/** Vertical bars of counts per category, in the order given (types, predicates). */
export function columnsOption(
  items: { name: string; value: number; color?: string }[],
): ChartOption {
  return {
    ...columnFrame(
      items.map((i) => i.name),
      24,
    ),
    yAxis: {
      type: "value",
      minInterval: 1,
      splitLine,
      axisLabel: { color: INK.light.axisLabel },
    },
    series: [
      {
        type: "bar",
        barMaxWidth: 28,
        data: items.map((i, n) => ({
          value: i.value,
          itemStyle: { color: i.color || PALETTE[n % PALETTE.length], borderRadius: [3, 3, 0, 0] },
        })),
        label: { show: items.length <= 16, position: "top", color: INK.light.axisLabel },
      },
    ],
  };
}
