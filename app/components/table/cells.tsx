import { Separated } from "~/components/ui/separated";
import type { SelectOption, TableField } from "~/table/types";

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

/** The cell's padding, both sides (--mantine-spacing-xs); a field's width includes it. */
const PADDING = 20;
/** Tags a list shows before "+N" (the rest are in its title and read out). */
const MAX_TAGS = 3;

/** About how wide a text is at `size` px: CJK and full-width characters are square, others narrower. */
function textWidth(text: string, size = 14): number {
  let width = 0;
  for (const ch of text) width += ch.codePointAt(0)! >= 0x2e80 ? size : size * 0.62;
  return Math.ceil(width);
}

/** A tag's padding and the gap after it (table.css .rt-tag, .rt-tags). */
const TAG_EXTRA = 16;

/**
 * What a value asks of its column: its own width, at most the schema's width for the field
 * (`table_fields.width`, padding included). The value's box claims only that (CSS
 * `contain: inline-size`), so a long value never widens the table, and takes whatever
 * width its column gets: cut with an ellipsis when even that is short, whole in the title
 * (and in the edit dialog).
 */
const claim = (need: number, field: TableField) => {
  const max = Math.max((field.width ?? 150) - PADDING, 40);
  return { minWidth: Math.min(need, max), cut: need > max * 0.8 };
};

/**
 * One cell: one line of text, or a list as tags that wrap in their column, the first few
 * shown and "+N" for the rest.
 */
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
    if (!value.length) return null;
    const labels = value.map((v) => optionLabel(options, v));
    const shown = labels.slice(0, MAX_TAGS);
    const rest = labels.slice(MAX_TAGS);
    const widths = shown.map((label) => textWidth(label, 12) + TAG_EXTRA);
    const need = widths.reduce((a, b) => a + b, rest.length ? 40 : 0);
    return (
      <span className="rt-tags" style={{ minWidth: claim(need, field).minWidth }}>
        <Separated separator=", ">
          {shown.map((label, i) => (
            <span
              key={i}
              className="rt-tag"
              title={claim(widths[i], field).cut ? label : undefined}
            >
              {label}
            </span>
          ))}
          {rest.length > 0 && (
            <span className="rt-tag more" title={rest.join(", ")}>
              {`+${rest.length}`}
              <span className="visually-hidden">{`: ${rest.join(", ")}`}</span>
            </span>
          )}
        </Separated>
      </span>
    );
  }
  const text = cellText(value, field, options);
  if (!text) return null;
  const { minWidth, cut } = claim(textWidth(text), field);
  return (
    <span className="rt-cell" style={{ minWidth }} title={cut ? text : undefined}>
      {text}
    </span>
  );
}
