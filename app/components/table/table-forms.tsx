import { Form, useNavigate } from "@remix-run/react";
import IconSearch from "@tabler/icons-react/dist/esm/icons/IconSearch.mjs";
import { useEffect, useId, useRef, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import type { ResourceScreen } from "~/table/registry";
import {
  filterParams,
  parseTableState,
  stateQuery,
  stateToParams,
  withState,
  type TableState,
} from "~/table/table-state";
import type { TableSchema } from "~/table/types";
import { IntentForm } from "~/components/ui/intent-form";
import { CheckboxList } from "~/components/ui/checkbox-list";

/**
 * Hidden inputs carrying the table state a GET form does not edit itself. Never the seek
 * token: every such form changes the view (search, filters, page size), which drops it.
 */
export function StateInputs({
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
export function useStateForm(path: string) {
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

/**
 * The toolbar's search. With JavaScript the box stays the same element across searches, so
 * focus stays in it (or on the button) after a search, where the user can refine the words;
 * the number of results is announced (ResultStatus). It follows a search changed elsewhere
 * (a link, back) unless the user is typing in it.
 */
export function SearchForm({ screen, state }: { screen: ResourceScreen; state: TableState }) {
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
export function FilterForm({
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
export function ColumnsForm({
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
