import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { IconSearch } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Empty, PageTitle, Section } from "~/components/kg/page";
import { formatDay } from "~/kg/dates";
import { articleHref } from "~/kg/links";
import { Pager } from "~/components/ui/pager";
import { kgLinks } from "~/components/kg/styles";
import type { ArticleSummary, Paged } from "@contract/kg";
import { requireViewer } from "~/auth/guard.server";
import { titleMeta } from "~/utils/meta";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { dayParam, listParams, textParam } from "~/kg/params.server";
import { getGraph, requireGraphId } from "~/kg/graphs.server";
import { fetchOr404 } from "~/http/page.server";

export const meta = titleMeta("nav.articles");
export const links = kgLinks;
export const handle = { name: "articles" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const kgId = requireGraphId(params.kgId);
  const url = new URL(request.url);
  const bad: string[] = [];
  const filters = {
    search: textParam(url, "search"),
    start: dayParam(url, "start", bad),
    end: dayParam(url, "end", bad),
  };
  const { page, pageSize } = listParams(url);
  const [graph, list] = await Promise.all([
    getGraph(viewer.api, kgId),
    fetchOr404<Paged<ArticleSummary>>(viewer.api, `/kg/graphs/${kgId}/articles/`, {
      ...filters,
      page,
      page_size: pageSize,
    }),
  ]);
  return data({ kgId, graph, list, filters, page, pageSize, badDates: bad });
}

export default function Articles() {
  const { kgId, graph, list, filters, page, pageSize, badDates } = useLoaderData<typeof loader>();
  const { t } = useTranslation("kg");
  const filtered = Boolean(filters.search || filters.start || filters.end);
  return (
    <div className="kg-page" data-testid="articles-page">
      <PageTitle title={t("articles.title")} sub={graph.name} />
      <Section title={t("articles.filter")}>
        <Form method="get" className="kg-form" role="search">
          <label className="grow">
            {t("articles.search")}
            <input
              type="search"
              name="search"
              defaultValue={filters.search ?? ""}
              placeholder={t("articles.searchPlaceholder")}
            />
          </label>
          <label>
            {t("common.from")}
            <input type="date" name="start" defaultValue={filters.start ?? ""} />
          </label>
          <label>
            {t("common.to")}
            <input type="date" name="end" defaultValue={filters.end ?? ""} />
          </label>
          {pageSize !== 10 && <input type="hidden" name="page_size" value={pageSize} />}
          <button type="submit">
            <IconSearch size={16} aria-hidden /> {t("common.search")}
          </button>
          {filtered && (
            <Link to={`/${kgId}/articles`} className="reset">
              {t("common.reset")}
            </Link>
          )}
        </Form>
        {badDates.length > 0 && (
          <p className="form-notice" role="alert">
            {t("common.badDate")}
          </p>
        )}
      </Section>
      <Section title={t("articles.results", { count: list.count })} testId="article-results">
        {list.results.length === 0 ? (
          <Empty>{filtered ? t("articles.noMatch") : t("articles.none")}</Empty>
        ) : (
          <ul className="article-list">
            {list.results.map((a) => (
              <li key={a.id}>
                <Link to={articleHref(kgId, a.id)} className="article-title">
                  {a.title}
                </Link>
                <div className="article-meta">
                  <span>{a.source}</span>
                  <span>{formatDay(a.published_at)}</span>
                </div>
                {a.summary && <p className="article-summary">{a.summary}</p>}
              </li>
            ))}
          </ul>
        )}
        <Pager page={page} pageSize={pageSize} count={list.count} />
      </Section>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
