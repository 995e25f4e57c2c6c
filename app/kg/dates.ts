/**
 * A stored time as the graph pages show it, as written: the platform's times carry the offset
 * they were reported in (2024-12-01T08:07:00+08:00), and the page shows that wall-clock time
 * (2024-12-01 08:07), the same on the server and in every reader's browser. Re-zoning through
 * Date would show each reader another hour and another day. Days stay days.
 */
export function formatDay(value: string | null | undefined): string {
  if (!value) return "";
  return value.length > 10 ? value.slice(0, 16).replace("T", " ") : value;
}

/** The day of a stored time (2024-12-01), as written, for lists that show no hour. */
export const formatDayOnly = (value: string | null | undefined) => formatDay(value).slice(0, 10);
