import { MRT_Table, useMantineReactTable, type MRT_ColumnDef, type MRT_TableOptions } from "mantine-react-table";
import { memo, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { CellValue, cellText } from "./cells";
import { formIdOf, type GridProps } from "./grid-props";
import { recordLock } from "./locks";
import type { ResourceScreen } from "./resources";
import { nextOrdering, sortDirection, stateQuery, withState } from "./table-state";
import type { Row, TableField, TableSchema } from "./types";

/**
 * Everything mantine-react-table would do itself is off: paging, sorting, filtering and
 * selection live in the URL and in plain forms (so they work without JavaScript), and each
 * feature left on costs server rendering time. One object, so the options stay stable.
 */
export const TABLE_OPTIONS = {
  enableBottomToolbar: false,
  enableTopToolbar: false,
  enableTableFooter: false,
  enableColumnActions: false,
  enableColumnFilters: false,
  enableFilters: false,
  enableGlobalFilter: false,
  enableSorting: false,
  enableMultiSort: false,
  enablePagination: false,
  enableHiding: false,
  enableDensityToggle: false,
  enableFullScreenToggle: false,
  enableColumnResizing: false,
  enableColumnOrdering: false,
  enableColumnDragging: false,
  enableColumnPinning: false,
  enableRowPinning: false,
  enableRowSelection: false,
  enableRowActions: false,
  enableRowVirtualization: false,
  enableColumnVirtualization: false,
  enableFacetedValues: false,
  enableFilterMatchHighlighting: false,
  enableGrouping: false,
  enableExpanding: false,
  enableEditing: false,
  enableStickyHeader: false,
  enableToolbarInternalActions: false,
  manualPagination: true,
  manualSorting: true,
  manualFiltering: true,
  manualGrouping: true,
  layoutMode: "semantic",
  getRowId: (row: Row) => String(row.id),
  mantineTableProps: { striped: false, highlightOnHover: true, withTableBorder: false },
} satisfies Partial<MRT_TableOptions<Row>>;

/** Texts the grid repeats on every row, translated once per render. */
function useGridLabels() {
  const { t } = useTranslation("table");
  return useMemo(
    () => ({
      t,
      selectPage: t("toolbar.selectPage"),
      selectRow: t("toolbar.selectRow", { id: "" }).trim(),
      actions: t("actions.title"),
      edit: t("actions.edit"),
      delete: t("actions.delete"),
      extra: (label: string) => t(`actions.${label}`),
      locked: t("actions.locked"),
      empty: t("empty"),
    }),
    [t],
  );
}
type GridLabels = ReturnType<typeof useGridLabels>;

function SortHeader({ label, href, dir }: { label: string; href: string; dir: "asc" | "desc" | null }) {
  return (
    <a href={href} className="rt-sort" data-dir={dir ?? undefined} data-nav data-discover="true">
      {label}
      <span className="arrow" aria-hidden>
        {dir === "asc" ? "▲" : dir === "desc" ? "▼" : "↕"}
      </span>
    </a>
  );
}

/** A row action the account rule forbids this viewer: shown greyed, not a link. */
function LockedAction({ label, title, danger }: { label: string; title: string; danger?: boolean }) {
  return (
    <span className={danger ? "rt-locked danger" : "rt-locked"} aria-disabled="true" title={title}>
      {label}
    </span>
  );
}

function RowActions({ screen, schema, row, query, labels }: { screen: ResourceScreen; schema: TableSchema; row: Row; query: string; labels: GridLabels }) {
  const base = `${screen.path}/${row.id}`;
  const lock = recordLock(schema, row.id);
  return (
    <span className="rt-actions">
      {schema.permissions.update &&
        (lock.all ? (
          <LockedAction label={labels.edit} title={labels.locked} />
        ) : (
          <a href={`${base}/edit${query}`} data-nav data-discover="true" data-testid="row-edit">
            {labels.edit}
          </a>
        ))}
      {schema.permissions.delete &&
        (lock.delete ? (
          <LockedAction label={labels.delete} title={labels.locked} danger />
        ) : (
          <a href={`${base}/delete${query}`} className="danger" data-nav data-discover="true" data-testid="row-delete">
            {labels.delete}
          </a>
        ))}
      {screen.rowActions
        ?.filter((a) => schema.permissions[a.codename])
        .map((a) =>
          lock.all ? (
            <LockedAction key={a.to} label={labels.extra(a.label)} title={labels.locked} />
          ) : a.document ? (
            <a key={a.to} href={`${base}/${a.to}`} download>
              {labels.extra(a.label)}
            </a>
          ) : (
            <a key={a.to} href={`${base}/${a.to}${query}`} data-nav data-discover="true">
              {labels.extra(a.label)}
            </a>
          ),
        )}
    </span>
  );
}

function SelectPageBox({ formId, label }: { formId: string; label: string }) {
  return (
    <input
      type="checkbox"
      className="rt-check"
      aria-label={label}
      title={label}
      data-testid="select-page"
      onChange={(e) => {
        const boxes = document.querySelectorAll<HTMLInputElement>(`input[name="id"][form="${formId}"]`);
        boxes.forEach((b) => (b.checked = e.currentTarget.checked));
      }}
    />
  );
}

/** The MRT table: a selection column of native checkboxes, the schema's columns, an actions column. */
export const ResourceGrid = memo(function Grid({ screen, schema, rows, state, hidden }: GridProps) {
  const labels = useGridLabels();
  const hydrated = useHydrated();
  const formId = formIdOf(screen);
  const query = stateQuery(state);
  const selectable = (screen.exportable !== false && schema.permissions.read) || schema.permissions.delete;
  const hasActions = schema.permissions.update || schema.permissions.delete || !!screen.rowActions?.length;

  const columns = useMemo<MRT_ColumnDef<Row>[]>(() => {
    const cols: MRT_ColumnDef<Row>[] = [];
    if (selectable) {
      cols.push({
        id: "select",
        header: labels.selectPage,
        columnDefType: "display",
        size: 40,
        Header: hydrated ? () => <SelectPageBox formId={formId} label={labels.selectPage} /> : () => null,
        Cell: ({ row }) => (
          <input type="checkbox" className="rt-check" name="id" value={String(row.original.id)} form={formId} aria-label={`${labels.selectRow} ${row.original.id}`} />
        ),
      });
    }
    const hiddenSet = new Set(hidden);
    for (const [name, field] of Object.entries(schema.table_fields) as [string, TableField][]) {
      if (hiddenSet.has(name)) continue;
      const options = schema.select_options[name];
      const dir = sortDirection(state.ordering, name);
      const href = `${screen.path}${stateQuery(withState(state, { ordering: nextOrdering(state.ordering, name) }))}`;
      // Most cells are text, which MRT shows as is; lists (tags) and long text need markup.
      const rich = field.type === "multi-select" || field.type === "text" || field.type === "datetime";
      cols.push({
        id: name,
        header: field.label,
        accessorFn: rich ? (row) => row[name] as never : (row) => cellText(row[name], field, options) as never,
        size: field.width ?? 150,
        Header: field.sortable ? () => <SortHeader label={field.label} href={href} dir={dir} /> : undefined,
        mantineTableHeadCellProps: field.sortable
          ? { "aria-sort": dir === "asc" ? "ascending" : dir === "desc" ? "descending" : "none" }
          : undefined,
        Cell: rich ? ({ row }) => <CellValue value={row.original[name]} field={field} options={options} /> : undefined,
      });
    }
    if (hasActions) {
      cols.push({
        id: "actions",
        header: labels.actions,
        columnDefType: "display",
        size: 150,
        Cell: ({ row }) => <RowActions screen={screen} schema={schema} row={row.original} query={query} labels={labels} />,
      });
    }
    return cols;
  }, [schema, screen, hidden, state, query, selectable, hasActions, hydrated, formId, labels]);

  const localization = useMemo(() => ({ noRecordsToDisplay: labels.empty }), [labels]);
  // MRT writes into the initialState it is given, so each table gets its own object; the
  // column order follows the columns (a column shown again returns to its place).
  const initialState = useMemo(() => ({ density: "xs" as const }), []);
  const tableState = useMemo(() => ({ columnOrder: columns.map((c) => c.id!) }), [columns]);
  const table = useMantineReactTable<Row>({ ...TABLE_OPTIONS, columns, data: rows, localization, initialState, state: tableState });
  return (
    <div className="rt-table-wrap" data-testid="resource-table" data-actions={hasActions || undefined}>
      <MRT_Table table={table} />
    </div>
  );
});

