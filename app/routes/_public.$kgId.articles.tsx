import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Empty, PageTitle, Section } from "~/components/kg/page";
import { articleHref } from "~/kg/links";
import { Pager } from "~/components/ui/pager";
import { kgLinks } from "~/components/kg/styles";
import { mantineDatesLinks } from "~/styles/mantine-links";
import { requireViewer } from "~/auth/guard.server";
import { titleMeta } from "~/utils/meta";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { listQuery } from "~/kg/params.server";
import { DayRangeFields, FilterForm, SearchField } from "~/components/kg/filter-form";
import { getGraph, requireGraphId } from "~/kg/graphs.server";
import { listArticles } from "~/kg/reads.server";
import { formatDay } from "~/utils/format";

export const meta = titleMeta("nav.articles");
/** With the date picker's styles (the day fields of the filter). */
export const links = () => [...mantineDatesLinks(), ...kgLinks()];
export const handle = { name: "articles" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const kgId = requireGraphId(params.kgId);
  const { search, start, end, badDates, page, pageSize } = listQuery(new URL(request.url));
  const filters = { search, start, end };
  const [graph, list] = await Promise.all([
    getGraph(viewer.api, kgId),
    listArticles(viewer.api, kgId, { ...filters, page, page_size: pageSize }),
  ]);
  return data({ kgId, graph, list, filters, page, pageSize, badDates });
}

export default function Articles() {
  const { kgId, graph, list, filters, page, pageSize, badDates } = useLoaderData<typeof loader>();
  const { t } = useTranslation("kg");
  const filtered = Boolean(filters.search || filters.start || filters.end);
  return (
    <div className="kg-page" data-testid="articles-page">
      <PageTitle title={t("articles.title")} sub={graph.name} />
      <Section title={t("articles.filter")}>
        <FilterForm
          resetTo={`/${kgId}/articles`}
          filtered={filtered}
          pageSize={pageSize}
          badDates={badDates}
        >
          <SearchField
            label={t("articles.search")}
            placeholder={t("articles.searchPlaceholder")}
            value={filters.search}
          />
          <DayRangeFields start={filters.start} end={filters.end} />
        </FilterForm>
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
