import type { CSSProperties } from "react";
import { Separated } from "~/components/ui/separated";
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

/** The cell's padding, both sides (--mantine-spacing-xs); a field's width includes it. */
export const PADDING = 20;
/** Tags a list shows before "+N" (the rest are in its title and read out). */
const MAX_TAGS = 3;
/** A tag's padding and the gap after it (table.css .rt-tag, .rt-tags). */
const TAG_EXTRA = 16;

/** About how wide a text is at `size` px: CJK and full-width characters are square, others narrower. */
export function textWidth(text: string, size = 14): number {
  let width = 0;
  for (const ch of text) width += ch.codePointAt(0)! >= 0x2e80 ? size : size * 0.62;
  return Math.ceil(width);
}

const maxOf = (field: TableField) => Math.max((field.width ?? 150) - PADDING, 40);

/** A list's labels: the tags shown, and the rest "+N" stands for. */
function tagsOf(value: unknown[], options?: SelectOption[]) {
  const labels = value.map((v) => optionLabel(options, v));
  return { shown: labels.slice(0, MAX_TAGS), rest: labels.slice(MAX_TAGS) };
}

const tagWidth = (label: string) => textWidth(label, 12) + TAG_EXTRA;

/**
 * The width a value asks of its column (padding left out): its own, at most the schema's
 * width for the field (`table_fields.width`, padding included).
 */
export function valueClaim(value: unknown, field: TableField, options?: SelectOption[]): number {
  let need: number;
  if (Array.isArray(value)) {
    const { shown, rest } = tagsOf(value, options);
    need = shown.reduce((sum, label) => sum + tagWidth(label), rest.length ? 40 : 0);
  } else need = textWidth(cellText(value, field, options));
  return Math.min(need, maxOf(field));
}

/**
 * A value's box claims only its width from the table's layout (`--c`, CSS
 * `contain: inline-size`), so a long value never widens the table; it fills whatever its
 * column gets, cut with an ellipsis when that is short, whole in the title (and in the edit
 * dialog). With `share`, its column's part of the room the short columns leave (grid.tsx),
 * the claim shrinks to that part on a narrow desktop (table.css).
 */
function claimStyle(claim: number, share?: number): CSSProperties {
  const style: Record<string, string> = { "--c": `${claim}px` };
  if (share !== undefined) style["--r"] = share.toFixed(4);
  return style as CSSProperties;
}

/**
 * One cell: one line of text, or a list as tags that wrap in their column, the first few
 * shown and "+N" for the rest.
 */
export function CellValue({
  value,
  field,
  options,
  share,
}: {
  value: unknown;
  field: TableField;
  options?: SelectOption[];
  /** The column's part of the room for text columns (see claimStyle). */
  share?: number;
}) {
  const max = maxOf(field);
  const className = share === undefined ? undefined : "rt-shrink";
  if (Array.isArray(value)) {
    if (!value.length) return null;
    const { shown, rest } = tagsOf(value, options);
    return (
      <span
        className={className ? `rt-tags ${className}` : "rt-tags"}
        style={claimStyle(valueClaim(value, field, options), share)}
      >
        <Separated separator=", ">
          {shown.map((label, i) => (
            <span
              key={i}
              className="rt-tag"
              title={tagWidth(label) > max * 0.8 ? label : undefined}
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
  if (field.type === "datetime" && value !== null && value !== undefined && value !== "") {
    // How long ago, the absolute time on hover (spec §9).
    return (
      <span
        className={className ? `rt-cell ${className}` : "rt-cell"}
        style={claimStyle(valueClaim(value, field, options), share)}
      >
        <RelativeTime value={value as string} />
      </span>
    );
  }
  const text = cellText(value, field, options);
  if (!text) return null;
  // The title repeats a text that may be cut: longer than most of its column's claim.
  const cut = textWidth(text) > max * 0.8 || (share !== undefined && textWidth(text) > 48);
  return (
    <span
      className={className ? `rt-cell ${className}` : "rt-cell"}
      style={claimStyle(valueClaim(value, field, options), share)}
      title={cut ? text : undefined}
    >
      {text}
    </span>
  );
}
