import { memo, useMemo, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { Separated } from "~/components/ui/separated";
import { CellValue, PADDING, textWidth, valueClaim } from "./cells";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { formIdOf, type GridProps } from "./grid-props";
import { recordLock } from "~/table/locks";
import type { ResourceScreen } from "~/table/registry";
import { nextOrdering, sortDirection, stateQuery, withState } from "~/table/table-state";
import type { FieldType, Row, TableField, TableSchema } from "~/table/types";

/** Texts the grid repeats on every row, translated once per render. */
export function useGridLabels() {
  const { t } = useTranslation("table");
  return useMemo(
    () => ({
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
export type GridLabels = ReturnType<typeof useGridLabels>;

export function SortHeader({
  label,
  href,
  dir,
}: {
  label: string;
  href: string;
  dir: "asc" | "desc" | null;
}) {
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
function LockedAction({
  label,
  title,
  danger,
}: {
  label: string;
  title: string;
  danger?: boolean;
}) {
  return (
    <span className={danger ? "rt-locked danger" : "rt-locked"} aria-disabled="true" title={title}>
      {label}
    </span>
  );
}

export function RowActions({
  screen,
  schema,
  row,
  query,
  labels,
}: {
  screen: ResourceScreen;
  schema: TableSchema;
  row: Row;
  query: string;
  labels: GridLabels;
}) {
  const base = `${screen.path}/${row.id}`;
  const lock = recordLock(schema, row.id);
  return (
    <span className="rt-actions">
      <Separated>
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
            <a
              href={`${base}/delete${query}`}
              className="danger"
              data-nav
              data-discover="true"
              data-testid="row-delete"
            >
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
      </Separated>
    </span>
  );
}

export function SelectPageBox({ formId, label }: { formId: string; label: string }) {
  return (
    <input
      type="checkbox"
      className="rt-check"
      aria-label={label}
      title={label}
      data-testid="select-page"
      onChange={(e) => {
        const boxes = document.querySelectorAll<HTMLInputElement>(
          `input[name="id"][form="${formId}"]`,
        );
        boxes.forEach((b) => (b.checked = e.currentTarget.checked));
      }}
    />
  );
}

/**
 * Columns of short values (numbers, times, choices) are as wide as their header and values;
 * the room left goes to the columns of text, whose long values are cut.
 */
const FITTED = new Set<FieldType>(["number", "datetime", "time", "select", "password"]);

/** About how wide a header is: its bold label, and the sort arrow. */
const headerWidth = (field: TableField) =>
  Math.ceil(textWidth(field.label) * 1.08) + (field.sortable ? 15 : 0);

/**
 * How the text columns share the room: the short columns' width (estimated; they keep it)
 * and each text column's part of what is left, by its widest value. On a narrow desktop
 * (table.css) a text value claims at most its part, so the table still fits.
 */
function columnShares(
  fields: [string, TableField][],
  schema: TableSchema,
  rows: Row[],
  others: number,
) {
  const claims = fields.map(([name, field]) =>
    rows.reduce(
      (most, row) => Math.max(most, valueClaim(row[name], field, schema.select_options[name])),
      0,
    ),
  );
  let fixed = others;
  let text = 0;
  fields.forEach(([, field], i) => {
    if (FITTED.has(field.type)) fixed += Math.max(claims[i], headerWidth(field)) + PADDING;
    else text += Math.max(claims[i], 48);
  });
  const shares = fields.map(([, field], i) =>
    FITTED.has(field.type) ? undefined : Math.max(claims[i], 48) / (text || 1),
  );
  // A little spare for the estimates, the borders and the text columns' padding.
  const textPadding = shares.filter((r) => r !== undefined).length * PADDING;
  return { fixed: Math.ceil(fixed + textPadding + 24), shares };
}

/** The actions column's width, about: its widest row's links, gaps and padding. */
function actionsWidth(texts: string[]) {
  return texts.reduce((sum, text) => sum + textWidth(text, 13), 0) + 10 * texts.length + PADDING;
}

/**
 * The table of a resource screen: a selection column of native checkboxes (they belong to the
 * bulk form), the schema's columns with sort links, an actions column that stays in view.
 * The table takes its area's width; a column is as wide as its header and its values, a value
 * at most the schema's width for its field (cells.tsx), so a screen's columns fit a desktop.
 * Plain table markup styled with Mantine's variables (table.css): paging, sorting and
 * selection live in the URL and in forms, so a table library would only add rendering time.
 */
export const ResourceGrid = memo(function ResourceGrid({
  screen,
  schema,
  rows,
  state,
  hidden,
}: GridProps) {
  const labels = useGridLabels();
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const formId = formIdOf(screen);
  const query = stateQuery(state);
  const selectable =
    (screen.exportable !== false && schema.permissions.read) || schema.permissions.delete;
  const hasActions =
    schema.permissions.update || schema.permissions.delete || !!screen.rowActions?.length;
  const hiddenSet = new Set(hidden);
  const fields = (Object.entries(schema.table_fields) as [string, TableField][]).filter(
    ([name]) => !hiddenSet.has(name),
  );
  const columnCount = fields.length + (selectable ? 1 : 0) + (hasActions ? 1 : 0);
  const actionTexts = [
    ...(schema.permissions.update ? [labels.edit] : []),
    ...(schema.permissions.delete ? [labels.delete] : []),
    ...(screen.rowActions ?? []).map((a) => labels.extra(a.label)),
  ];
  const { fixed, shares } = columnShares(
    fields,
    schema,
    rows,
    (selectable ? 36 : 0) + (hasActions ? actionsWidth(actionTexts) : 0),
  );

  return (
    // The box scrolls sideways on narrow screens: a named region a keyboard user can focus.
    <ScrollRegion
      className="rt-table-wrap"
      label={t(screen.title)}
      testId="resource-table"
      data-actions={hasActions || undefined}
    >
      <table className="rt-grid" style={{ "--rt-fixed": `${fixed}px` } as CSSProperties}>
        <thead>
          <tr>
            {selectable && (
              <th scope="col" className="rt-fit">
                {hydrated ? <SelectPageBox formId={formId} label={labels.selectPage} /> : null}
              </th>
            )}
            {fields.map(([name, field]) => {
              const fit = FITTED.has(field.type) ? "rt-fit" : undefined;
              // A header without a sort link: on a phone each card names its values (table.css).
              if (!field.sortable)
                return (
                  <th scope="col" key={name} className={fit ? `${fit} rt-th-plain` : "rt-th-plain"}>
                    {field.label}
                  </th>
                );
              const dir = sortDirection(state.ordering, name);
              const href = `${screen.path}${stateQuery(withState(state, { ordering: nextOrdering(state.ordering, name) }))}`;
              return (
                <th
                  scope="col"
                  key={name}
                  className={fit}
                  aria-sort={dir === "asc" ? "ascending" : dir === "desc" ? "descending" : "none"}
                >
                  <SortHeader label={field.label} href={href} dir={dir} />
                </th>
              );
            })}
            {hasActions && (
              <th scope="col" className="rt-fit rt-th-plain">
                {labels.actions}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={columnCount} className="rt-empty">
                {labels.empty}
              </td>
            </tr>
          )}
          {rows.map((row) => (
            <tr key={String(row.id)}>
              {selectable && (
                <td className="rt-select">
                  <input
                    type="checkbox"
                    className="rt-check"
                    name="id"
                    value={String(row.id)}
                    form={formId}
                    aria-label={`${labels.selectRow} ${row.id}`}
                  />
                </td>
              )}
              {fields.map(([name, field], i) => (
                // The label heads the value in a phone's card (table.css); the header names it for AT.
                <td key={name} data-label={field.label}>
                  <CellValue
                    value={row[name]}
                    field={field}
                    options={schema.select_options[name]}
                    share={shares[i]}
                  />
                </td>
              ))}
              {hasActions && (
                <td className="rt-row-actions">
                  <RowActions {...{ screen, schema, row, query, labels }} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
});
