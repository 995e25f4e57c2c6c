import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
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

/** A step that leads nowhere (previous on the first page): no link, out of the Tab order. */
function DeadStep({ arrow, label }: { arrow: string; label: string }) {
  return (
    <span className="disabled" aria-disabled="true">
      <span aria-hidden>{arrow}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/**
 * The console's one pager (issue 24 §4): pagination as links (it works without JavaScript and
 * keeps every other filter), the window of `pageWindow`, and the page sizes of spec §9 (links
 * too by default: a size is a page to go to, so no select changes the page on an arrow key).
 * `param` names the page parameter (a page holding two lists pages each by its own); `drop`
 * names parameters a page change clears (a selection on the old page). A list that builds its
 * own links (the resource tables: the platform's seek token, decision 022) passes `href`, and
 * its own size control (`sizes` as a node) instead of the size links.
 */
export function Pager({
  page,
  pageSize,
  count,
  sizes = [10, 20, 50],
  param = "page",
  drop = [],
  testId = "pager",
  href: hrefOf,
  preventScrollReset,
}: {
  page: number;
  pageSize: number;
  count: number;
  sizes?: readonly number[] | ReactNode;
  param?: string;
  drop?: readonly string[];
  testId?: string;
  href?: (page: number) => string;
  preventScrollReset?: boolean;
}) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const dropped = Object.fromEntries(drop.map((k) => [k, undefined]));
  const href =
    hrefOf ??
    ((p: number) => withParams(pathname, search, { ...dropped, [param]: p === 1 ? undefined : p }));
  const sizeLinks = Array.isArray(sizes) ? (sizes as readonly number[]) : null;
  return (
    <nav className="pager" aria-label={t("pager.label")} data-testid={testId}>
      <span className="pager-total" data-testid="total">
        {t("pager.total", { count })}
      </span>
      <span className="pager-pages">
        {page > 1 ? (
          <Link
            to={href(page - 1)}
            rel="prev"
            aria-label={t("pager.prev")}
            preventScrollReset={preventScrollReset}
          >
            ‹
          </Link>
        ) : (
          <DeadStep arrow="‹" label={t("pager.prev")} />
        )}
        {pageWindow(page, pages).map((p, i) =>
          p === "gap" ? (
            <span key={`g${i}`} className="gap" aria-hidden>
              …
            </span>
          ) : (
            <Link
              key={p}
              to={href(p)}
              aria-current={p === page ? "page" : undefined}
              preventScrollReset={preventScrollReset}
            >
              {p}
            </Link>
          ),
        )}
        {page < pages ? (
          <Link
            to={href(page + 1)}
            rel="next"
            aria-label={t("pager.next")}
            preventScrollReset={preventScrollReset}
          >
            ›
          </Link>
        ) : (
          <DeadStep arrow="›" label={t("pager.next")} />
        )}
      </span>
      {sizeLinks ? (
        sizeLinks.length > 1 && (
          <span className="pager-sizes">
            {sizeLinks.map((s) => (
              <Link
                key={s}
                to={withParams(pathname, search, {
                  ...dropped,
                  page_size: s === sizeLinks[0] ? undefined : s,
                  [param]: undefined,
                })}
                aria-current={s === pageSize ? "true" : undefined}
              >
                {t("pager.perPage", { count: s })}
              </Link>
            ))}
          </span>
        )
      ) : (
        // A node of its own (the tables' page-size form): a block, since a form may not stand in a span.
        <div className="pager-sizes">{sizes as ReactNode}</div>
      )}
    </nav>
  );
}
