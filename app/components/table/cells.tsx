import type { SelectOption, TableField } from "~/table/types";
import { RelativeTime } from "~/components/ui/relative-time";

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * Spec §9's default date format, YYYY-MM-DD HH:mm:ss in local time. Written out rather than
 * through dayjs because a table formats every timestamp of every row on each render.
 */
export function formatDateTime(value: unknown): string {
  const d = new Date(value as string);
  if (Number.isNaN(d.getTime())) return String(value);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

function optionLabel(options: SelectOption[] | undefined, value: unknown): string {
  const found = options?.find((o) => String(o.key) === String(value));
  return found ? found.label : String(value);
}

/** A value as text, the way the table shows it (also used for the plain-table benchmark). */
export function cellText(value: unknown, field: TableField, options?: SelectOption[]): string {
  if (value === null || value === undefined || value === "") return "";
  if (Array.isArray(value)) return value.map((v) => optionLabel(options, v)).join(", ");
  switch (field.type) {
    case "select":
      return optionLabel(options, value);
    case "datetime":
      return formatDateTime(value);
    case "password":
      return "••••••";
    default:
      return typeof value === "object" ? JSON.stringify(value) : String(value);
  }
}

/** One cell: tags for lists, one line with the whole text in its title for long text. */
export function CellValue({
  value,
  field,
  options,
}: {
  value: unknown;
  field: TableField;
  options?: SelectOption[];
}) {
  if (Array.isArray(value)) {
    return (
      <>
        {value.map((v) => (
          <span key={String(v)} className="rt-tag">
            {optionLabel(options, v)}
          </span>
        ))}
      </>
    );
  }
  if (field.type === "datetime" && value !== null && value !== undefined && value !== "") {
    // How long ago, the absolute time on hover (spec §9).
    return (
      <span className="rt-nowrap">
        <RelativeTime value={value as string} />
      </span>
    );
  }
  const text = cellText(value, field, options);
  if (field.type === "text" || text.length > 40) {
    // One line at the column's width; the whole text is in the title.
    return (
      <span className="rt-cell" title={text} style={{ maxWidth: (field.width ?? 240) - 8 }}>
        {text}
      </span>
    );
  }
  return <>{text}</>;
}
