import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { withParams } from "~/utils/url";

/** The pages to offer: first, last, and a window around the current one, with gaps. */
export function pageWindow(page: number, pages: number, around = 2): (number | "gap")[] {
  const out: (number | "gap")[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= around) out.push(p);
    else if (out[out.length - 1] !== "gap") out.push("gap");
  }
  return out;
}

/**
 * Pagination as links (it works without JavaScript and keeps every other filter), with the
 * page sizes of spec §9 (links too: a size is a page to go to, so no select changes the page on
 * an arrow key). A step that leads nowhere (previous on the first page) is no link: it is not
 * in the Tab order and marked disabled. `param` names the page parameter (a page holding two lists pages
 * each by its own); `drop` names parameters a page change clears (a selection on the old page).
 */
export function Pager({
  page,
  pageSize,
  count,
  sizes = [10, 20, 50],
  param = "page",
  drop = [],
  testId = "pager",
}: {
  page: number;
  pageSize: number;
  count: number;
  sizes?: readonly number[];
  param?: string;
  drop?: readonly string[];
  testId?: string;
}) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const dropped = Object.fromEntries(drop.map((k) => [k, undefined]));
  const href = (p: number) =>
    withParams(pathname, search, { ...dropped, [param]: p === 1 ? undefined : p });
  return (
    <nav className="pager" aria-label={t("pager.label")} data-testid={testId}>
      <span className="pager-total">{t("pager.total", { count })}</span>
      <span className="pager-pages">
        {page > 1 ? (
          <Link to={href(page - 1)} rel="prev" aria-label={t("pager.prev")}>
            ‹
          </Link>
        ) : (
          <span className="disabled" aria-disabled="true">
            <span aria-hidden>‹</span>
            <span className="visually-hidden">{t("pager.prev")}</span>
          </span>
        )}
        {pageWindow(page, pages).map((p, i) =>
          p === "gap" ? (
            <span key={`g${i}`} className="gap">
              …
            </span>
          ) : (
            <Link key={p} to={href(p)} aria-current={p === page ? "page" : undefined}>
              {p}
            </Link>
          ),
        )}
        {page < pages ? (
          <Link to={href(page + 1)} rel="next" aria-label={t("pager.next")}>
            ›
          </Link>
        ) : (
          <span className="disabled" aria-disabled="true">
            <span aria-hidden>›</span>
            <span className="visually-hidden">{t("pager.next")}</span>
          </span>
        )}
      </span>
      {sizes.length > 1 && (
        <span className="pager-sizes">
          {sizes.map((s) => (
            <Link
              key={s}
              to={withParams(pathname, search, {
                ...dropped,
                page_size: s === sizes[0] ? undefined : s,
                [param]: undefined,
              })}
              aria-current={s === pageSize ? "true" : undefined}
            >
              {t("pager.perPage", { count: s })}
            </Link>
          ))}
        </span>
      )}
    </nav>
  );
}
