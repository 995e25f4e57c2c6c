import { chartBase, colorFor, INK, splitLine, type ChartOption } from "./theme";

/** Charts over time and over categories: lines and bars. */

/** Day periods read as MM-DD (the year is in the page's range), months as YYYY-MM. */
const periodLabel = (period: string) => (period.length === 10 ? period.slice(5) : period);

export interface Line {
  name: string;
  values: number[];
  area?: boolean;
  color?: string;
}

/**
 * Values over periods (days or months), one line per series. Counts by default; `percent`
 * for rates (0–1); `smooth` where a curve reads better than the daily steps (a smoothed daily
 * count would invent values between days).
 */
export function trendOption(
  periods: string[],
  lines: Line[],
  opts: { area?: boolean; yName?: string; percent?: boolean; smooth?: boolean } = {},
): ChartOption {
  return {
    ...chartBase,
    grid: { left: 44, right: 20, top: lines.length > 1 ? 44 : 24, bottom: 36 },
    tooltip: { trigger: "axis" },
    legend: lines.length > 1 ? { top: 4, type: "scroll" } : undefined,
    xAxis: {
      type: "category",
      data: periods.map(periodLabel),
      boundaryGap: false,
      axisLabel: { color: INK.light.axisLabel, hideOverlap: true },
      axisLine: { lineStyle: { color: INK.light.axisLine } },
    },
    yAxis: opts.percent
      ? {
          type: "value",
          min: 0,
          max: 1,
          name: opts.yName,
          splitLine,
          axisLabel: { color: INK.light.axisLabel, formatter: "{value}" },
        }
      : {
          type: "value",
          minInterval: 1,
          name: opts.yName,
          nameTextStyle: { color: INK.light.axisName },
          splitLine,
          axisLabel: { color: INK.light.axisLabel },
        },
    series: lines.map((l) => ({
      type: "line",
      name: l.name,
      data: l.values,
      smooth: opts.smooth === true,
      smoothMonotone: opts.smooth ? "x" : undefined,
      showSymbol: periods.length <= 31,
      // Filled dots: a hollow one is filled with white, a bright spot on a dark page.
      symbol: "circle",
      symbolSize: 5,
      lineStyle: { width: 2, color: l.color },
      itemStyle: l.color ? { color: l.color } : undefined,
      areaStyle: opts.area || l.area ? { opacity: 0.12 } : undefined,
    })),
  };
}

/** Horizontal bars, largest on top (rankings, type distributions). */
export function barOption(
  items: { name: string; value: number; color?: string }[],
  opts: { valueName?: string } = {},
): ChartOption {
  const rows = [...items].reverse();
  return {
    ...chartBase,
    grid: { left: 8, right: 36, top: 8, bottom: 8, containLabel: true },
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
    xAxis: {
      type: "value",
      minInterval: 1,
      name: opts.valueName,
      splitLine,
      axisLabel: { color: INK.light.axisLabel },
    },
    yAxis: {
      type: "category",
      data: rows.map((r) => r.name),
      axisLabel: { color: INK.light.text, width: 120, overflow: "truncate" },
      axisTick: { show: false },
      axisLine: { lineStyle: { color: INK.light.axisLine } },
    },
    series: [
      {
        type: "bar",
        barMaxWidth: 18,
        data: rows.map((r) => ({
          value: r.value,
          itemStyle: { color: colorFor(r.name, r.color), borderRadius: [0, 3, 3, 0] },
        })),
        label: { show: true, position: "right", color: INK.light.axisLabel },
      },
    ],
  };
}
