import { useNavigate } from "@remix-run/react";
import IconDownload from "@tabler/icons-react/dist/esm/icons/IconDownload.mjs";
import IconPlus from "@tabler/icons-react/dist/esm/icons/IconPlus.mjs";
import IconTrash from "@tabler/icons-react/dist/esm/icons/IconTrash.mjs";
import IconUpload from "@tabler/icons-react/dist/esm/icons/IconUpload.mjs";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { FlashRegion } from "~/components/flash-toast";
import { GridToggle, TableArea, useAdjustableGrid } from "./adjustable-grid";
import { formIdOf, type GridProps } from "./grid-props";
import { lastPage, matchQuery, stateQuery, withState } from "~/table/table-state";
import type { GridSettings } from "~/table/grid-settings";
import { Separated } from "~/components/ui/separated";
import { ColumnsForm, FilterForm, SearchForm, StateInputs } from "./table-forms";
import { Pager } from "~/components/ui/pager";
import { PageSizeForm } from "./page-size";
import { matchingKey, ResultStatus, useKeepFocus } from "./table-status";

/** The rows shown (GridProps: the screen, its schema, the rows, the view's state, hidden columns) and the rest. */
export interface ResourceTableProps extends GridProps {
  count: number;
  /** The platform's token of the page shown: the pager's links carry it (decision 022). */
  pageSeek?: string | null;
  /** The adjustable grid's settings (screens that offer it; decision 029). */
  grid?: GridSettings;
}

type Toast = { type: "success" | "error"; message: string };

/** Links inside the table are plain anchors (cheap to server-render); this makes them client navigations. */
function useTableLinks() {
  const navigate = useNavigate();
  return (e: React.MouseEvent) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey)
      return;
    const a = (e.target as HTMLElement).closest<HTMLAnchorElement>("a[data-nav]");
    if (!a) return;
    e.preventDefault();
    navigate(a.getAttribute("href")!, { preventScrollReset: true });
  };
}

/** A toolbar link to one of the table's dialogs (a client navigation, see useTableLinks). */
function DialogLink({
  to,
  tone,
  icon: Icon,
  testId,
  children,
}: {
  to: string;
  tone: "primary" | "light";
  icon: typeof IconPlus;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <a href={to} className={`rt-btn ${tone}`} data-nav data-discover="true" data-testid={testId}>
      <Icon size={16} aria-hidden />
      {children}
    </a>
  );
}

/** Saves a CSV the export route streams, then says so (spec §8); JavaScript only. */
async function downloadCsv(href: string): Promise<Toast | null> {
  const res = await fetch(href, { headers: { "X-Requested-With": "fetch" } });
  const type = res.headers.get("content-type") ?? "";
  if (!res.ok || !type.includes("text/csv")) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    return { type: "error", message: body.message ?? "" };
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = "export.csv";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return null;
}

/**
 * The generic table screen of spec §2: toolbar (add, import, export, search), filters,
 * selection with bulk export and delete, the table, pagination. Every control is a link
 * or a plain form; JavaScript only makes them quicker.
 */
export function ResourceTable({
  count,
  pageSeek = null,
  grid: gridSettings,
  ...shown
}: ResourceTableProps) {
  const { screen, schema, state, hidden } = shown;
  const { t } = useTranslation("table");
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const grid = useAdjustableGrid(screen, gridSettings);
  const onLinkClick = useTableLinks();
  const [toast, setToast] = useState<(Toast & { at: number }) | null>(null);
  const query = stateQuery(state);
  const here = `${screen.path}${query}`;
  const perms = schema.permissions;
  const exportable = screen.exportable !== false && perms.read;
  const exportHref = `${screen.path}/export${matchQuery(state).size ? `?${matchQuery(state)}` : ""}`;
  const formId = formIdOf(screen);
  // A link to another page than the first or the last carries the platform's token of this
  // page (`seek`), so the platform reads it on from here instead of counting the rows before it
  // (decision 022); the first and the last page are read from their end at the cost of the first.
  const last = lastPage(count, state.pageSize);
  const pageHref = (page: number) =>
    `${screen.path}${stateQuery(
      withState(state, {
        page,
        seek: page > 1 && page < last && pageSeek ? pageSeek : undefined,
      }),
    )}`;
  const keepFocus = useKeepFocus(`${query}|${hidden.join()}`);

  const say = (type: Toast["type"], message: string) => setToast({ type, message, at: Date.now() });
  const exportWithJs = async (href: string) => {
    const failed = await downloadCsv(href).catch(() => ({ type: "error" as const, message: "" }));
    // The route's reason already starts with the spec's message when it has one.
    if (failed) say("error", failed.message || t("messages.exportFailed"));
    else say("success", t("messages.exportOk"));
  };
  const onBulkSubmit = (e: FormEvent<HTMLFormElement>) => {
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const kind = submitter?.dataset.kind;
    if (!kind) return;
    e.preventDefault();
    const params = new URLSearchParams();
    new FormData(e.currentTarget, submitter).forEach(
      (v, k) => typeof v === "string" && params.append(k, v),
    );
    if (!params.getAll("id").length && params.get("all") !== "1")
      return say("error", t("messages.selectFirst"));
    if (kind === "export") void exportWithJs(`${screen.path}/export?${params}`);
    else navigate(`${screen.path}/delete?${params}`, { preventScrollReset: true });
  };

  return (
    <div
      className="rt"
      data-testid={`table-${screen.key}`}
      onClick={onLinkClick}
      ref={keepFocus.ref}
      onFocus={keepFocus.onFocus}
    >
      <FlashRegion toast={toast} toastKey={toast ? String(toast.at) : undefined} />
      <ResultStatus matching={matchingKey(state)} count={count} />
      <div className="rt-toolbar">
        <Separated>
          {perms.create && (
            <DialogLink
              to={`${screen.path}/new${query}`}
              tone="primary"
              icon={IconPlus}
              testId="add"
            >
              {t("toolbar.add")}
            </DialogLink>
          )}
          {perms.create && schema.importable && (
            <DialogLink
              to={`${screen.path}/import${query}`}
              tone="light"
              icon={IconUpload}
              testId="import"
            >
              {t("toolbar.import")}
            </DialogLink>
          )}
          {exportable && (
            <a
              href={exportHref}
              download="export.csv"
              className="rt-btn light"
              data-testid="export"
              onClick={
                hydrated
                  ? (e) => {
                      e.preventDefault();
                      void exportWithJs(exportHref);
                    }
                  : undefined
              }
            >
              <IconDownload size={16} aria-hidden />
              {t("toolbar.export")}
            </a>
          )}
        </Separated>
        <span className="spacer" />
        {schema.searchable !== false && <SearchForm screen={screen} state={state} />}
      </div>
      <div className="rt-toolbar">
        {(exportable || perms.delete) && (
          <form
            id={formId}
            method="get"
            action={`${screen.path}/export`}
            className="rt-bulk"
            onSubmit={hydrated ? onBulkSubmit : undefined}
            data-testid="bulk"
          >
            <StateInputs state={state} omit={[]} />
            {exportable && (
              <button
                type="submit"
                name="intent"
                value="selected"
                className="rt-btn xs"
                data-kind="export"
                data-testid="export-selected"
              >
                <IconDownload size={14} aria-hidden />
                {t("toolbar.exportSelected")}
              </button>
            )}
            {perms.delete && (
              <button
                type="submit"
                formAction={`${screen.path}/delete`}
                className="rt-btn xs danger"
                data-kind="delete"
                data-testid="delete-selected"
              >
                <IconTrash size={14} aria-hidden />
                {t("toolbar.deleteSelected")}
              </button>
            )}
            {count > 0 && (
              <label>
                <input
                  type="checkbox"
                  name="all"
                  value="1"
                  className="rt-check"
                  data-testid="select-all-matching"
                />
                {t("toolbar.selectAllMatching", { count })}
              </label>
            )}
          </form>
        )}
        <span className="spacer" />
        {/* Keyed by the view, so a dropdown closes once its form has changed the view. */}
        <FilterForm key={`f${query}`} screen={screen} schema={schema} state={state} />
        <ColumnsForm
          key={`c${query}${hidden.join()}`}
          screen={screen}
          schema={schema}
          hidden={hidden}
          here={here}
        />
        {grid && <GridToggle grid={grid} />}
      </div>
      <TableArea key={screen.key} grid={grid} {...shown} />
      <Pager
        page={state.page}
        pageSize={state.pageSize}
        count={count}
        href={pageHref}
        sizes={<PageSizeForm screen={screen} state={state} />}
        preventScrollReset
      />
    </div>
  );
}
