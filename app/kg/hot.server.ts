import type { HotRanking } from "@contract/kg";
import { chartSpec } from "~/charts/render.server";
import { chartScheme } from "~/preferences.server";
import { trendOption } from "~/charts/series-options";
import { HOT_TREND_LINES } from "./limits";

/**
 * Daily counts over a long window read better by week: days are grouped in runs of `size`
 * (the last group ends at the last day), each labelled by its first day.
 */
export function bucketDays(
  days: string[],
  series: number[][],
  size: number,
): { days: string[]; series: number[][] } {
  if (size <= 1) return { days, series };
  const starts: number[] = [];
  for (let end = days.length; end > 0; end -= size) starts.unshift(Math.max(0, end - size));
  const sum = (values: number[], from: number, to: number) =>
    values.slice(from, to).reduce((a, b) => a + b, 0);
  return {
    days: starts.map((s) => days[s]),
    series: series.map((values) =>
      starts.map((s, i) => sum(values, s, starts[i + 1] ?? values.length)),
    ),
  };
}

/** Weeks for windows longer than two months, days otherwise. */
const bucketSize = (windowDays: number) => (windowDays > 60 ? 7 : 1);

/**
 * A hot ranking over `days` as its page shows it: each row's trend (a year of daily counts is
 * a comb of spikes: long windows are summed by week) and the chart of the top rows' trends.
 */
export async function hotRankingView<T>(
  request: Request,
  ranking: HotRanking<T>,
  days: number,
  lineName: (row: HotRanking<T>["results"][number]) => string,
) {
  const grouped = bucketDays(
    ranking.days,
    ranking.results.map((r) => r.trend),
    bucketSize(days),
  );
  const results = ranking.results.map((r, i) => ({ ...r, trend: grouped.series[i] }));
  const trend = await chartSpec(
    await chartScheme(request),
    trendOption(
      grouped.days,
      results.slice(0, HOT_TREND_LINES).map((r) => ({ name: lineName(r), values: r.trend })),
    ),
    1100,
    300,
  );
  return { ranking: { ...ranking, results }, trend, weekly: bucketSize(days) > 1 };
}
