import { useTranslation } from "react-i18next";
import { useRootData } from "~/root-data";
import { formatDate, formatTime, numberFormatter, thousands } from "~/utils/format";

/**
 * The moment of the page's last server answer (the root loader runs on every navigation):
 * relative times count from it, so the server's text and the hydrating client's agree.
 */
function useNow(): number {
  return useRootData()?.now ?? Date.now();
}

/**
 * Spec §9 relative time (刚刚, N分钟前, …, a date) as a `<time>`: the machine-readable instant
 * in `datetime` and the absolute time (YYYY-MM-DD HH:mm:ss) in the title, for the hover and
 * for readers that show titles.
 */
export function RelativeTime({ value }: { value: string | number | Date | null | undefined }) {
  const now = useNow();
  const { i18n } = useTranslation();
  if (value === null || value === undefined || value === "") return null;
  const absolute = formatDate(value);
  if (!absolute) return <>{String(value)}</>;
  const instant = new Date(typeof value === "number" && value < 1e12 ? value * 1000 : value);
  return (
    <time dateTime={instant.toISOString()} title={absolute} data-relative="">
      {formatTime(value, i18n.language, now)}
    </time>
  );
}

/**
 * Spec §9 number formatter (12,345 → 12.3k) as a `<data>` element: the exact count in `value`
 * and, with thousands separators, in the title.
 */
export function CompactNumber({ value }: { value: number }) {
  const short = numberFormatter(value);
  return (
    <data value={value} title={short === String(value) ? undefined : thousands(value)}>
      {short}
    </data>
  );
}
