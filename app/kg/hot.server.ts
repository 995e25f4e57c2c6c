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
export const bucketSize = (windowDays: number) => (windowDays > 60 ? 7 : 1);
