import dayjs from "dayjs";
import { translate } from "~/i18n";

/** Spec §9: the default date format, year-month-day hour:minute:second. */
export const DEFAULT_DATE_FORMAT = "YYYY-MM-DD HH:mm:ss";

type TimeInput = Date | string | number;

function toMs(time: TimeInput): number {
  if (typeof time === "number") return time < 1e12 ? time * 1000 : time; // seconds or ms
  return new Date(time).getTime();
}

export function formatDate(
  time: TimeInput | null | undefined,
  format = DEFAULT_DATE_FORMAT,
): string {
  if (time === null || time === undefined || time === "") return "";
  const d = dayjs(toMs(time));
  return d.isValid() ? d.format(format) : "";
}

/**
 * Spec §9, first relative-time helper: under 30 s 刚刚, under 1 h minutes ago, under
 * 1 day hours ago, under 2 days 1天前, otherwise a date (given format, or 月日时分 in zh).
 */
export function formatTime(time: TimeInput, lng = "zh", now = Date.now(), format?: string): string {
  const diff = (now - toMs(time)) / 1000;
  if (diff < 30) return translate(lng, "time.justNow");
  if (diff < 3600) return translate(lng, "time.minutesAgo", { count: Math.ceil(diff / 60) });
  if (diff < 3600 * 24) return translate(lng, "time.hoursAgo", { count: Math.ceil(diff / 3600) });
  if (diff < 3600 * 24 * 2) return translate(lng, "time.oneDayAgo");
  if (format) return formatDate(time, format);
  const d = dayjs(toMs(time));
  return d.format(translate(lng, "time.olderFormat"));
}

/** Spec §9, second helper: minutes under 1 hour, hours under 1 day, else days. */
export function timeAgo(time: TimeInput, lng = "zh", now = Date.now()): string {
  const between = Math.max(0, (now - toMs(time)) / 1000);
  if (between < 3600) return translate(lng, "time.minutes", { count: Math.floor(between / 60) });
  if (between < 86400) return translate(lng, "time.hours", { count: Math.floor(between / 3600) });
  return translate(lng, "time.days", { count: Math.floor(between / 86400) });
}

const SI = [
  { value: 1e18, symbol: "E" },
  { value: 1e15, symbol: "P" },
  { value: 1e12, symbol: "T" },
  { value: 1e9, symbol: "G" },
  { value: 1e6, symbol: "M" },
  { value: 1e3, symbol: "k" },
];

/** Spec §9: 1234 → 1.2k, with suffixes k, M, G, T, P, E. */
export function numberFormatter(num: number, digits = 1): string {
  for (const { value, symbol } of SI) {
    if (Math.abs(num) >= value) {
      return (num / value).toFixed(digits).replace(/\.0+$|(\.[0-9]*[1-9])0+$/, "$1") + symbol;
    }
  }
  return String(num);
}

/** 1234567 → 1,234,567 */
export function thousands(num: number): string {
  return num.toLocaleString("en-US");
}

/** A share as a percentage with one decimal: 0.9123 → 91.2%; none → "—". */
export function percent(share: number | null | undefined): string {
  return share === null || share === undefined ? "—" : `${(share * 100).toFixed(1)}%`;
}

/** A count with thousands separators (12,345), the same on the server and in every browser. */
export const groupDigits = (n: number) => n.toLocaleString("en-US");

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
