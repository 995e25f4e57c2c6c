import { Form, useNavigate } from "@remix-run/react";
import IconDownload from "@tabler/icons-react/dist/esm/icons/IconDownload.mjs";
import IconPlus from "@tabler/icons-react/dist/esm/icons/IconPlus.mjs";
import IconSearch from "@tabler/icons-react/dist/esm/icons/IconSearch.mjs";
import IconTrash from "@tabler/icons-react/dist/esm/icons/IconTrash.mjs";
import IconUpload from "@tabler/icons-react/dist/esm/icons/IconUpload.mjs";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { FlashRegion } from "~/components/flash-toast";
import { ResourceGrid } from "./grid";
import { formIdOf } from "./grid-props";
import type { ResourceScreen } from "~/table/registry";
import {
  PAGE_SIZES,
  filterParams,
  lastPage,
  matchQuery,
  parseTableState,
  stateQuery,
  stateToParams,
  withState,
  type TableState,
} from "~/table/table-state";
import type { Row, TableSchema } from "~/table/types";
import { IntentForm } from "~/components/ui/intent-form";
import { CheckboxList } from "~/components/ui/checkbox-list";
import { Separated } from "~/components/ui/separated";
import { focusElement } from "~/utils/focus";

export interface ResourceTableProps {
  screen: ResourceScreen;
  schema: TableSchema;
  rows: Row[];
  count: number;
  state: TableState;
  /** The platform's token of the page shown: the pager's links carry it (decision 022). */
  pageSeek?: string | null;
  /** Columns the user hid (remembered per user and screen). */
  hidden: string[];
}

type Toast = { type: "success" | "error"; message: string };

/**
 * Hidden inputs carrying the table state a GET form does not edit itself. Never the seek
 * token: every such form changes the view (search, filters, page size), which drops it.
 */
function StateInputs({
  state,
  omit,
}: {
  state: TableState;
  omit: ("search" | "filters" | "pageSize" | "ordering" | "page")[];
}) {
  const p = stateToParams(state);
  p.delete("seek");
  if (omit.includes("page")) p.delete("page");
  if (omit.includes("search")) p.delete("search");
  if (omit.includes("ordering")) p.delete("ordering");
  if (omit.includes("pageSize")) p.delete("page_size");
  if (omit.includes("filters")) for (const [k] of filterParams(state.filters)) p.delete(k);
  return (
    <>
      {[...p].map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
    </>
  );
}

/** With JavaScript, a table GET form navigates straight to the canonical URL (no redirect round trip). */
function useStateForm(path: string) {
  const navigate = useNavigate();
  return (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const params = new URLSearchParams();
    new FormData(e.currentTarget).forEach((v, k) => {
      if (typeof v === "string" && v !== "") params.append(k, v);
    });
    navigate(`${path}${stateQuery(parseTableState(params))}`);
  };
}

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

/**
 * The toolbar's search. With JavaScript the box stays the same element across searches, so
 * focus stays in it (or on the button) after a search, where the user can refine the words;
 * the number of results is announced (ResultStatus). It follows a search changed elsewhere
 * (a link, back) unless the user is typing in it.
 */
function SearchForm({ screen, state }: { screen: ResourceScreen; state: TableState }) {
  const { t } = useTranslation("table");
  const hydrated = useHydrated();
  const onSubmit = useStateForm(screen.path);
  const searchId = useId();
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const input = box.current;
    if (input && input !== document.activeElement) input.value = state.search;
  }, [state.search]);
  return (
    <Form
      method="get"
      action={screen.path}
      className="rt-search"
      role="search"
      onSubmit={hydrated ? onSubmit : undefined}
    >
      <StateInputs state={state} omit={["search", "page"]} />
      <label className="visually-hidden" htmlFor={searchId}>
        {t("toolbar.search")}
      </label>
      <span className="rt-input">
        <IconSearch size={14} aria-hidden />
        <input
          id={searchId}
          name="search"
          type="search"
          defaultValue={state.search}
          placeholder={t("toolbar.searchPlaceholder")}
          ref={box}
        />
      </span>
      <button type="submit" className="rt-btn light" data-testid="search-submit">
        {t("toolbar.search")}
      </button>
    </Form>
  );
}

/** Filters (spec §4): one value `field=value`, several `field__in=a,b`; a plain GET form. */
function FilterForm({
  screen,
  schema,
  state,
}: {
  screen: ResourceScreen;
  schema: TableSchema;
  state: TableState;
}) {
  const { t } = useTranslation("table");
  const hydrated = useHydrated();
  const onSubmit = useStateForm(screen.path);
  const fields = Object.entries(schema.table_fields).filter(([, f]) => f.filter);
  if (!fields.length) return null;
  const active = Object.keys(state.filters).length > 0;
  const clearHref = `${screen.path}${stateQuery(withState(state, { filters: {} }))}`;
  return (
    <details className="rt-panel" data-testid="filters">
      <summary>
        {t("toolbar.filter")}
        {active ? ` (${Object.keys(state.filters).length})` : ""}
      </summary>
      <Form
        method="get"
        action={screen.path}
        className="rt-filters"
        onSubmit={hydrated ? onSubmit : undefined}
      >
        <StateInputs state={state} omit={["filters", "page"]} />
        {fields.map(([name, f]) => {
          const options = schema.select_options[name];
          const chosen = state.filters[name] ?? [];
          if (options && options.length <= 8) {
            return (
              <div className="rt-filter" key={name}>
                <fieldset>
                  <legend>{f.label}</legend>
                  <CheckboxList
                    name={name}
                    options={options.map((o) => ({ value: String(o.key), label: o.label }))}
                    checked={chosen}
                    labelClassName="check"
                    inputClassName="rt-check"
                  />
                </fieldset>
              </div>
            );
          }
          if (options) {
            return (
              <label className="rt-filter" key={name}>
                {f.label}
                <select
                  name={name}
                  defaultValue={chosen[0] ?? ""}
                  className="native-field rt-native"
                >
                  <option value="">{t("toolbar.all")}</option>
                  {options.map((o) => (
                    <option key={String(o.key)} value={String(o.key)}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </label>
            );
          }
          return (
            <label className="rt-filter" key={name}>
              {f.label}
              <input
                name={name}
                defaultValue={chosen.join(",")}
                className="native-field rt-native"
              />
            </label>
          );
        })}
        <button type="submit" className="rt-btn primary xs" data-testid="filter-submit">
          {t("toolbar.applyFilter")}
        </button>
        {active && (
          <a href={clearHref} className="rt-btn xs" data-nav data-discover="true">
            {t("toolbar.clearFilter")}
          </a>
        )}
      </Form>
    </details>
  );
}

/** Per-user column visibility: a checklist in a <details>, posted to the table's action. */
function ColumnsForm({
  screen,
  schema,
  hidden,
  here,
}: {
  screen: ResourceScreen;
  schema: TableSchema;
  hidden: string[];
  here: string;
}) {
  const { t } = useTranslation("table");
  return (
    <details className="rt-panel" data-testid="columns">
      <summary>{t("toolbar.columns")}</summary>
      <IntentForm intent="columns" action={screen.path} className="rt-columns" preventScrollReset>
        <input type="hidden" name="redirectTo" value={here} />
        <CheckboxList
          name="show"
          options={Object.entries(schema.table_fields).map(([name, f]) => ({
            value: name,
            label: f.label,
            on: !hidden.includes(name),
          }))}
          inputClassName="rt-check"
        />
        <button type="submit" className="rt-btn light xs">
          {t("toolbar.saveColumns")}
        </button>
      </IntentForm>
    </details>
  );
}

/**
 * The pages as plain links (with or without JavaScript). A link to another page than the
 * first or the last carries the platform's token of this page (`seek`), so the platform
 * reads it on from here instead of counting the rows before it (decision 022); the first and
 * the last page are read from their end at the cost of the first.
 */
function Pager({
  screen,
  state,
  count,
  pageSeek,
}: {
  screen: ResourceScreen;
  state: TableState;
  count: number;
  pageSeek: string | null;
}) {
  const { t } = useTranslation("table");
  const hydrated = useHydrated();
  const onSubmit = useStateForm(screen.path);
  const last = lastPage(count, state.pageSize);
  const href = (page: number) =>
    `${screen.path}${stateQuery(
      withState(state, {
        page,
        seek: page > 1 && page < last && pageSeek ? pageSeek : undefined,
      }),
    )}`;
  const pages: number[] = [];
  for (let p = Math.max(1, state.page - 2); p <= Math.min(last, state.page + 2); p++) pages.push(p);
  // A step that leads nowhere (previous on the first page) is no link: a span marked
  // disabled, out of the Tab order.
  const edge = (page: number, label: string, disabled: boolean, rel?: string) =>
    disabled ? (
      <span className="edge" aria-disabled="true">
        {label}
      </span>
    ) : (
      <a href={href(page)} rel={rel} data-nav data-discover="true">
        {label}
      </a>
    );
  // WCAG 3.2.2 (On Input): a closed <select> fires "change" on every ArrowDown, so applying
  // the size on change would load a new page while a keyboard user is still stepping through
  // the sizes. The Apply button is always there (the one way without JavaScript, and with
  // it); with JavaScript a size also applies at once when it was picked with the pointer
  // (mouse or touch in the drop-down list), and Enter on the select applies it from the
  // keyboard. An arrow step alone changes nothing until the user applies it.
  const byPointer = useRef(false);
  return (
    <nav className="rt-pager" aria-label={t("pager.label")} data-testid="pager">
      <span data-testid="total">{t("pager.total", { count })}</span>
      <Form method="get" action={screen.path} onSubmit={hydrated ? onSubmit : undefined}>
        <StateInputs state={state} omit={["pageSize", "page"]} />
        <select
          name="page_size"
          defaultValue={String(state.pageSize)}
          className="native-field rt-native"
          aria-label={t("pager.pageSizeLabel")}
          onPointerDown={() => (byPointer.current = true)}
          onKeyDown={(e) => {
            byPointer.current = false;
            if (e.key === "Enter") {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }}
          onChange={(e) => {
            if (byPointer.current) e.currentTarget.form?.requestSubmit();
          }}
          key={state.pageSize}
        >
          {PAGE_SIZES.map((s) => (
            <option key={s} value={s}>
              {t("pager.pageSize", { size: s })}
            </option>
          ))}
        </select>
        <button type="submit" className="native-field rt-native" style={{ minWidth: 0 }}>
          {t("pager.go")}
        </button>
      </Form>
      {edge(state.page - 1, t("pager.prev"), state.page <= 1, "prev")}
      {pages[0] > 1 && edge(1, "1", false)}
      {pages[0] > 2 && <span aria-hidden>…</span>}
      {pages.map((p) =>
        p === state.page ? (
          <span key={p} className="page" aria-current="page">
            {p}
          </span>
        ) : (
          <a key={p} href={href(p)} data-nav data-discover="true">
            {p}
          </a>
        ),
      )}
      {pages[pages.length - 1] < last - 1 && <span aria-hidden>…</span>}
      {pages[pages.length - 1] < last && edge(last, String(last), false)}
      {edge(state.page + 1, t("pager.next"), state.page >= last, "next")}
    </nav>
  );
}

/** What decides which records match: the search and the filters (not the sort or the page). */
function matchingKey(state: TableState) {
  const q = matchQuery(state);
  q.delete("ordering");
  return q.toString();
}

/**
 * A polite live region that says how many records match once a search or a filter changed
 * them (JavaScript; without it the page loads anew and the pager says 共 N 条). Empty at
 * first, so nothing is read when the page loads.
 */
function ResultStatus({ matching, count }: { matching: string; count: number }) {
  const { t } = useTranslation("table");
  const [said, setSaid] = useState("");
  const before = useRef(matching);
  const message = useRef("");
  message.current = t("toolbar.resultCount", { count });
  useEffect(() => {
    if (before.current === matching) return;
    before.current = matching;
    // Emptied first: the same count after another search is a change, and is read again.
    setSaid("");
    const timer = setTimeout(() => setSaid(message.current), 150);
    return () => clearTimeout(timer);
  }, [matching]);
  return (
    <p className="visually-hidden" role="status" data-testid="result-status">
      {said}
    </p>
  );
}

/**
 * Where in the table's controls the keyboard was, as a selector that finds the same control
 * after the view changed: a control redrawn for the new view (the page-size select, a closed
 * filter panel, the current page) is a new element and focus would fall to <body>.
 */
export function focusSpotOf(el: Element): string | null {
  if (el.closest("tbody")) return null;
  const panel = el.closest("details[data-testid]");
  if (panel) return `details[data-testid="${panel.getAttribute("data-testid")}"] > summary`;
  if (el.closest('[data-testid="pager"]') && !el.matches("select, button"))
    return '[data-testid="pager"] [aria-current="page"]';
  const name = el.getAttribute("name");
  if (name && /^(input|select)$/i.test(el.tagName))
    return `${el.tagName.toLowerCase()}[name="${name}"]:not([type="hidden"])`;
  const id = el.getAttribute("data-testid");
  return id ? `[data-testid="${id}"]` : null;
}

function useKeepFocus(view: string) {
  const root = useRef<HTMLDivElement>(null);
  const spot = useRef<string | null>(null);
  const first = useRef(view);
  useEffect(() => {
    if (first.current === view) return;
    first.current = view;
    const now = document.activeElement;
    if (now && now !== document.body && now.isConnected) return;
    if (spot.current) focusElement(root.current?.querySelector<HTMLElement>(spot.current));
  }, [view]);
  const onFocus = (e: React.FocusEvent) => {
    spot.current = focusSpotOf(e.target);
  };
  return { ref: root, onFocus };
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
  screen,
  schema,
  rows,
  count,
  state,
  pageSeek = null,
  hidden,
}: ResourceTableProps) {
  const { t } = useTranslation("table");
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const onLinkClick = useTableLinks();
  const [toast, setToast] = useState<(Toast & { at: number }) | null>(null);
  const query = stateQuery(state);
  const here = `${screen.path}${query}`;
  const perms = schema.permissions;
  const exportable = screen.exportable !== false && perms.read;
  const exportHref = `${screen.path}/export${matchQuery(state).size ? `?${matchQuery(state)}` : ""}`;
  const formId = formIdOf(screen);
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
            <a
              href={`${screen.path}/new${query}`}
              className="rt-btn primary"
              data-nav
              data-discover="true"
              data-testid="add"
            >
              <IconPlus size={16} aria-hidden />
              {t("toolbar.add")}
            </a>
          )}
          {perms.create && schema.importable && (
            <a
              href={`${screen.path}/import${query}`}
              className="rt-btn light"
              data-nav
              data-discover="true"
              data-testid="import"
            >
              <IconUpload size={16} aria-hidden />
              {t("toolbar.import")}
            </a>
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
      </div>
      <ResourceGrid
        key={screen.key}
        screen={screen}
        schema={schema}
        rows={rows}
        state={state}
        hidden={hidden}
      />
      <Pager screen={screen} state={state} count={count} pageSeek={pageSeek} />
    </div>
  );
}
