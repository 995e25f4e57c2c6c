/**
 * The adjustable grid's settings per user and screen (issue 24 §5, decision 029): column
 * widths, pinned columns and density, and whether the user turned the grid on. Pure, so the
 * server validates what a form posts with the same rules the browser keeps.
 */

/** mantine-react-table's densities: compact, normal, spacious. */
export const DENSITIES = ["xs", "md", "xl"] as const;
export type Density = (typeof DENSITIES)[number];

/** The grid's own columns beside the schema's: row selection and row actions. */
export const SELECT_COLUMN = "rt-select";
export const ACTIONS_COLUMN = "rt-actions";

export const MIN_WIDTH = 40;
export const MAX_WIDTH = 1200;

export interface GridSettings {
  /** The user turned the adjustable grid on (it loads with the page, wide screens only). */
  on: boolean;
  /** Column → width in CSS pixels. */
  widths: Record<string, number>;
  /** Columns pinned to the left and to the right edge, in order. */
  left: string[];
  right: string[];
  density: Density;
}

export const DEFAULT_GRID: GridSettings = {
  on: false,
  widths: {},
  left: [],
  right: [],
  density: "md",
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === "object" && !Array.isArray(v);

/**
 * Settings as given (a form's JSON, a cookie's value), checked against the screen's columns:
 * null unless every part is well formed — known columns, whole widths from MIN_WIDTH to
 * MAX_WIDTH, a column pinned once, a known density. Nothing is guessed or dropped silently.
 */
export function checkGridSettings(raw: unknown, columns: readonly string[]): GridSettings | null {
  if (!isRecord(raw)) return null;
  const known = new Set([...columns, SELECT_COLUMN, ACTIONS_COLUMN]);
  const { on = false, widths = {}, left = [], right = [], density = "md" } = raw;
  if (typeof on !== "boolean" || !isRecord(widths)) return null;
  if (typeof density !== "string" || !(DENSITIES as readonly string[]).includes(density))
    return null;
  const out: Record<string, number> = {};
  for (const [name, w] of Object.entries(widths)) {
    if (!known.has(name) || typeof w !== "number" || !Number.isInteger(w)) return null;
    if (w < MIN_WIDTH || w > MAX_WIDTH) return null;
    out[name] = w;
  }
  const names = (list: unknown) =>
    Array.isArray(list) && list.every((c) => typeof c === "string" && known.has(c))
      ? (list as string[])
      : null;
  const l = names(left);
  const r = names(right);
  if (!l || !r) return null;
  const pinned = [...l, ...r];
  if (new Set(pinned).size !== pinned.length) return null;
  return { on, widths: out, left: l, right: r, density: density as Density };
}
