import { lazy, memo, Suspense } from "react";
import { cellText } from "./cells";
import * as onServer from "./grid.server";
import type { GridProps } from "./grid-props";

export { formIdOf, type GridProps } from "./grid-props";

let loading: Promise<typeof import("./grid")> | undefined;
const loadGrid = () => (loading ??= import("./grid"));
const LazyGrid = lazy(() => loadGrid().then((m) => ({ default: m.ResourceGrid })));
// In the browser the chunk starts loading with the route, not when React first needs it.
if (typeof document !== "undefined") void loadGrid();

/** What a client-side navigation shows in the moment before the grid's code has arrived. */
function PlainRows({ schema, rows, hidden }: GridProps) {
  const fields = Object.entries(schema.table_fields).filter(([name]) => !hidden.includes(name));
  return (
    <div className="rt-table-wrap">
      <table className="rt-plain">
        <thead>
          <tr>
            {fields.map(([name, f]) => (
              <th key={name}>{f.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={String(row.id)}>
              {fields.map(([name, f]) => (
                <td key={name}>{cellText(row[name], f, schema.select_options[name])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The grid in a Suspense boundary. The server renders it at once; the browser keeps that
 * HTML and hydrates it when the grid's chunk arrives (React's selective hydration), so the
 * route's first JavaScript does not carry mantine-react-table. Memoised: an update reaching
 * the boundary before it hydrated would make React throw the server's HTML away.
 */
export const GridSlot = memo(function GridSlot(props: GridProps) {
  const Grid = onServer.ResourceGrid ?? LazyGrid;
  return (
    <Suspense fallback={<PlainRows {...props} />}>
      <Grid {...props} />
    </Suspense>
  );
});
