import type { Key, ReactNode } from "react";

export interface Column<R> {
  key: string;
  header: ReactNode;
  cell: (row: R, index: number) => ReactNode;
  /** Right-aligned figures. */
  numeric?: boolean;
  /** Long text that wraps instead of widening the table. */
  wrap?: boolean;
}

/**
 * A read-only table of rows rendered on the server (no JavaScript needed): the one way the
 * console lists rows outside the generic table (rankings, logs, nodes, steps…).
 */
export function DataTable<R>({
  columns,
  rows,
  rowKey,
  className = "kg-table",
  caption,
}: {
  columns: (Column<R> | false | null | undefined)[];
  rows: R[];
  rowKey: (row: R, index: number) => Key;
  className?: string;
  /** Read by screen readers; the section's heading usually says it for everyone else. */
  caption?: string;
}) {
  const shown = columns.filter((c): c is Column<R> => !!c);
  const cls = (c: Column<R>) => [c.numeric && "num", c.wrap && "wrap"].filter(Boolean).join(" ");
  return (
    <table className={className}>
      {caption && <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          {shown.map((c) => (
            <th key={c.key} className={c.numeric ? "num" : undefined}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={rowKey(row, i)}>
            {shown.map((c) => (
              <td key={c.key} className={cls(c) || undefined}>
                {c.cell(row, i)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
