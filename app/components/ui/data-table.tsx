import { Fragment, useId, type Key, type ReactNode } from "react";
import { ScrollRegion } from "./scroll-region";

interface ColumnBase {
  header: ReactNode;
  /** Right-aligned figures. */
  numeric?: boolean;
  /** Long text that wraps instead of widening the table. */
  wrap?: boolean;
  /** A fixed width in pixels (a progress bar, a short code). */
  width?: number;
}

/** A column: what `cell` draws, or without `cell` the row's field named by `key`. */
export type Column<R> = ColumnBase &
  (
    | { key: string; cell: (row: R, index: number) => ReactNode }
    | { key: Extract<keyof R, string>; cell?: undefined }
  );

/** A ranking's first column: the rank as a badge (the first three stand out). */
export function rankColumn<R extends { rank: number }>(header: ReactNode): Column<R> {
  return {
    key: "rank",
    header,
    cell: (row) => <span className={`rank rank-${row.rank}`}>{row.rank}</span>,
  };
}

function value<R>(c: Column<R>, row: R, index: number): ReactNode {
  return c.cell ? c.cell(row, index) : (row[c.key as keyof R] as ReactNode);
}

const LOOKS = {
  kg: {
    table: "kg-table",
    wrap: "kg-table-wrap",
    scroll: "kg-table-wrap scroll",
    caption: "visually-hidden",
  },
  admin: { table: "ga-table", wrap: "ga-scroll", scroll: "ga-scroll", caption: "ga-caption" },
} as const;

/**
 * A read-only table of rows rendered on the server (no JavaScript needed): the one way the
 * console lists rows outside the generic table (rankings, logs, nodes, steps…). It sits in a
 * box that scrolls sideways on narrow screens (`frame`: "wrap"), also down ("scroll"), or
 * none (false) where the caller frames it. `look`: the graph pages' tables ("kg") or graph
 * administration's ("admin").
 */
export function DataTable<R>({
  columns,
  rows,
  rowKey,
  look = "kg",
  className = LOOKS[look].table,
  caption,
  label,
  captionClassName = LOOKS[look].caption,
  head = true,
  frame = "wrap",
  testId,
  maxHeight,
  rowTestId,
  isCurrent,
  detail,
  stack,
}: {
  /** Typed by the rows (a field column names one of their fields). */
  columns: NoInfer<Column<R> | false | null | undefined>[];
  rows: R[];
  rowKey: (row: NoInfer<R>, index: number) => Key;
  look?: keyof typeof LOOKS;
  className?: string;
  /** Read by screen readers; the section's heading usually says it for everyone else. It also names the scrolling box. */
  caption?: string;
  /** The scrolling box's name when the table has no caption (its section's title). */
  label?: string;
  /** Hidden in the graph pages' look (the section's heading says it), a title in the admin look. */
  captionClassName?: string;
  /** false: no header row (a short list under its own title); column widths then go on the cells. */
  head?: boolean;
  frame?: "wrap" | "scroll" | false;
  /** The box scrolls down beyond this height (a long sample, a long list of problems). */
  maxHeight?: number;
  testId?: string;
  rowTestId?: (row: NoInfer<R>) => string | undefined;
  /** The row the page is about (the one selected): drawn as an open row. */
  isCurrent?: (row: NoInfer<R>) => boolean;
  /** A row under the row spanning every column (an editor, the row's details), or null. */
  detail?: (row: NoInfer<R>) => ReactNode;
  /**
   * In a narrow frame (a phone) each row is a card of "header: value" lines, the same table for
   * assistive technology (the frame's class must make it a container: see `.ga-stack`).
   */
  stack?: boolean;
}) {
  const captionId = useId();
  const shown = columns.filter((c): c is Column<R> => !!c);
  const cls = (c: Column<R>) => [c.numeric && "num", c.wrap && "wrap"].filter(Boolean).join(" ");
  const table = (
    <table className={className} data-testid={testId} data-stack={stack || undefined}>
      {caption && (
        <caption id={captionId} className={captionClassName}>
          {caption}
        </caption>
      )}
      {head && (
        <thead>
          <tr>
            {shown.map((c) => (
              <th
                scope="col"
                key={c.key}
                className={c.numeric ? "num" : undefined}
                style={c.width ? { width: c.width } : undefined}
              >
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
      )}
      <tbody>
        {rows.map((row, i) => {
          const more = detail?.(row);
          return (
            <Fragment key={rowKey(row, i)}>
              <tr
                data-testid={rowTestId?.(row)}
                className={more || isCurrent?.(row) ? "open" : undefined}
              >
                {shown.map((c) => (
                  <td
                    key={c.key}
                    className={cls(c) || undefined}
                    data-label={stack && typeof c.header === "string" ? c.header : undefined}
                    style={!head && c.width ? { width: c.width } : undefined}
                  >
                    {value(c, row, i)}
                  </td>
                ))}
              </tr>
              {more && (
                <tr className="detail">
                  <td colSpan={shown.length}>{more}</td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
  if (!frame) return table;
  return (
    <ScrollRegion
      className={LOOKS[look][frame]}
      style={maxHeight ? { maxHeight, overflow: "auto" } : undefined}
      labelledBy={caption ? captionId : undefined}
      label={label}
    >
      {table}
    </ScrollRegion>
  );
}
