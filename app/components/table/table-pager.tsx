import { Form } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import type { ResourceScreen } from "~/table/registry";
import { PAGE_SIZES, lastPage, stateQuery, withState, type TableState } from "~/table/table-state";
import { StateInputs, useStateForm } from "./table-forms";
import { pageWindow } from "~/components/ui/pager";

/**
 * The pages as plain links (with or without JavaScript), the same window of pages as every
 * other list's pager (`pageWindow`: first, last, two either side of this one, gaps between). A link to another page than the
 * first or the last carries the platform's token of this page (`seek`), so the platform
 * reads it on from here instead of counting the rows before it (decision 022); the first and
 * the last page are read from their end at the cost of the first.
 */
export function Pager({
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
      {pageWindow(state.page, last).map((p, i) =>
        p === "gap" ? (
          <span key={`g${i}`} aria-hidden>
            …
          </span>
        ) : p === state.page ? (
          <span key={p} className="page" aria-current="page">
            {p}
          </span>
        ) : (
          <a key={p} href={href(p)} data-nav data-discover="true">
            {p}
          </a>
        ),
      )}
      {edge(state.page + 1, t("pager.next"), state.page >= last, "next")}
    </nav>
  );
}
