import { Menu } from "@mantine/core";
import {
  MantineReactTable,
  useMantineReactTable,
  type MRT_ColumnDef,
  type MRT_Column,
  type MRT_ColumnPinningState,
  type MRT_ColumnSizingState,
  type MRT_TableInstance,
  type MRT_Updater,
} from "mantine-react-table";
import { MRT_Localization_EN } from "mantine-react-table/locales/en/index.esm.mjs";
import { MRT_Localization_ES } from "mantine-react-table/locales/es/index.esm.mjs";
import { MRT_Localization_ZH_HANS } from "mantine-react-table/locales/zh-Hans/index.esm.mjs";
import mrtCss from "mantine-react-table/styles.css";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { AdjustableGrid } from "./adjustable-grid";
import { CellValue } from "./cells";
import { RowActions, SelectPageBox, SortHeader, useGridLabels } from "./grid";
import { formIdOf, type GridProps } from "./grid-props";
import mrtMantineCss from "./mrt-mantine.css";
import {
  ACTIONS_COLUMN,
  MAX_WIDTH,
  MIN_WIDTH,
  SELECT_COLUMN,
  type GridSettings,
} from "~/table/grid-settings";
import { nextOrdering, sortDirection, stateQuery, withState } from "~/table/table-state";
import type { Row, TableField } from "~/table/types";

/** The grid's stylesheets: Mantine's rules for the components it adds, and its own. */
export const stylesheets = [mrtMantineCss, mrtCss];

const LOCALIZATIONS = {
  zh: MRT_Localization_ZH_HANS,
  en: MRT_Localization_EN,
  es: MRT_Localization_ES,
};

export type MrtGridProps = GridProps & { grid: AdjustableGrid };

const STEP = 40;
const apply = <T,>(updater: MRT_Updater<T>, old: T): T =>
  typeof updater === "function" ? (updater as (o: T) => T)(old) : updater;

/** Wider and narrower in the column's menu: resizing by keyboard (the drag handle is a pointer's). */
function SizeItems({ column, table }: { column: MRT_Column<Row>; table: MRT_TableInstance<Row> }) {
  const { t } = useTranslation("table");
  const resize = (by: number) =>
    table.setColumnSizing((old) => ({
      ...old,
      [column.id]: Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.round(column.getSize() + by))),
    }));
  return (
    <>
      <Menu.Item onClick={() => resize(STEP)} data-testid="grid-wider">
        {t("grid.wider")}
      </Menu.Item>
      <Menu.Item onClick={() => resize(-STEP)} data-testid="grid-narrower">
        {t("grid.narrower")}
      </Menu.Item>
    </>
  );
}

/**
 * The resource table as mantine-react-table's grid (issue 24 §5, decision 029): the same cells,
 * sort links, selection boxes (they still belong to the bulk form) and row actions as the plain
 * table (grid.tsx), with the grid's column resizing (drag, or wider/narrower in the column's
 * menu), pinning (the column's menu) and density (the toolbar). Sorting, paging, search and the
 * column choice stay the page's own (links and forms). Each change is kept per user.
 */
export function MrtGrid({ screen, schema, rows, state, hidden, grid }: MrtGridProps) {
  const labels = useGridLabels();
  const { t, i18n } = useTranslation();
  const formId = formIdOf(screen);
  const query = stateQuery(state);
  const { settings, change } = grid;
  const selectable =
    (screen.exportable !== false && schema.permissions.read) || schema.permissions.delete;
  const hasActions =
    schema.permissions.update || schema.permissions.delete || !!screen.rowActions?.length;

  const columns = useMemo<MRT_ColumnDef<Row>[]>(() => {
    const hiddenSet = new Set(hidden);
    const fields = (Object.entries(schema.table_fields) as [string, TableField][]).filter(
      ([name]) => !hiddenSet.has(name),
    );
    const out: MRT_ColumnDef<Row>[] = [];
    if (selectable)
      out.push({
        id: SELECT_COLUMN,
        header: labels.selectPage,
        size: 56,
        enableResizing: false,
        enableColumnActions: false,
        Header: () => <SelectPageBox formId={formId} label={labels.selectPage} />,
        Cell: ({ row }) => (
          <input
            type="checkbox"
            className="rt-check"
            name="id"
            value={String(row.original.id)}
            form={formId}
            aria-label={`${labels.selectRow} ${row.original.id}`}
          />
        ),
      });
    for (const [name, field] of fields) {
      const dir = sortDirection(state.ordering, name);
      const href = `${screen.path}${stateQuery(withState(state, { ordering: nextOrdering(state.ordering, name) }))}`;
      out.push({
        id: name,
        accessorFn: (row) => row[name],
        header: field.label,
        size: field.width ?? 150,
        Header: field.sortable
          ? () => <SortHeader label={field.label} href={href} dir={dir} />
          : () => field.label,
        Cell: ({ row }) => (
          <CellValue
            value={row.original[name]}
            field={field}
            options={schema.select_options[name]}
          />
        ),
      });
    }
    if (hasActions)
      out.push({
        id: ACTIONS_COLUMN,
        header: labels.actions,
        Cell: ({ row }) => <RowActions {...{ screen, schema, row: row.original, query, labels }} />,
      });
    return out;
  }, [screen, schema, hidden, state, query, labels, formId, selectable, hasActions]);

  const sizing: MRT_ColumnSizingState = settings.widths;
  const pinning: MRT_ColumnPinningState = { left: settings.left, right: settings.right };
  const lang = i18n.language as keyof typeof LOCALIZATIONS;
  const table = useMantineReactTable<Row>({
    columns,
    data: rows,
    getRowId: (row) => String(row.id),
    localization: LOCALIZATIONS[lang] ?? MRT_Localization_EN,
    enableColumnResizing: true,
    columnResizeMode: "onEnd",
    enableColumnPinning: true,
    enableDensityToggle: true,
    enableSorting: false,
    manualSorting: true,
    enableColumnFilters: false,
    enableGlobalFilter: false,
    enableFilters: false,
    enableHiding: false,
    enableFullScreenToggle: false,
    enablePagination: false,
    enableBottomToolbar: false,
    enableColumnOrdering: false,
    enableGrouping: false,
    enableRowSelection: false,
    enableTableFooter: false,
    state: { columnSizing: sizing, columnPinning: pinning, density: settings.density },
    onColumnSizingChange: (u) => {
      const next = apply(u, sizing);
      const widths: GridSettings["widths"] = {};
      for (const [k, v] of Object.entries(next))
        widths[k] = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.round(v)));
      change({ widths });
    },
    onColumnPinningChange: (u) => {
      const next = apply(u, pinning);
      change({ left: next.left ?? [], right: next.right ?? [] });
    },
    onDensityChange: (u) => change({ density: apply(u, settings.density) }),
    renderColumnActionsMenuItems: ({ column, internalColumnMenuItems, table: tbl }) => (
      <>
        {internalColumnMenuItems}
        {column.getCanResize() && <SizeItems column={column} table={tbl} />}
      </>
    ),
    renderEmptyRowsFallback: () => <p className="rt-empty">{labels.empty}</p>,
    mantinePaperProps: { shadow: "none", withBorder: true, className: "rt-mrt" },
    mantineTableContainerProps: {
      role: "region",
      "aria-label": t(screen.title),
      tabIndex: 0,
    } as Record<string, unknown>,
    mantineTableProps: {
      "data-testid": "mrt-table",
      "data-density": settings.density,
    } as Record<string, unknown>,
  });
  return <MantineReactTable table={table} />;
}
