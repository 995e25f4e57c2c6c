import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ChartSection } from "~/components/insight/chart-section";
import { ExportLink } from "~/components/insight/export-link";
import { GraphPicker } from "~/components/ui/graph-picker";
import { insightLinks } from "~/components/insight/styles";
import { KEYWORD_LIMITS } from "~/insight/choices";
import { keywordPage } from "~/insight/statistics.server";
import { Empty, PageTitle, Section, Stat } from "~/components/kg/page";
import { DataTable } from "~/components/ui/data-table";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { requireViewer } from "~/auth/guard.server";
import { titleMeta } from "~/utils/meta";
import { NumberSelect } from "~/components/ui/number-select";

export const meta = titleMeta("nav.keywordCount");
export const links = insightLinks;

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  return data(await keywordPage(request, viewer));
}

export default function KeywordStatistics() {
  const { graphs, graphId, limit, stats, chart } = useLoaderData<typeof loader>();
  const { t } = useTranslation("insight");
  return (
    <div className="kg-page" data-testid="keyword-stats-page">
      <PageTitle title={t("keyword.title")} sub={<span>{stats.graph.name}</span>} />
      <GraphPicker graphs={graphs} value={graphId}>
        <NumberSelect
          label={t("common.limit")}
          name="limit"
          options={KEYWORD_LIMITS}
          value={limit}
        />
      </GraphPicker>
      <div className="stats">
        <Stat label={t("keyword.articles")} value={stats.articles} testId="stat-articles" />
        <Stat label={t("keyword.words")} value={stats.words} />
        <Stat label={t("keyword.distinct")} value={stats.distinct} testId="stat-distinct" />
      </div>
      {stats.sampled && (
        <p className="ins-info">{t("keyword.sampled", { count: stats.articles })}</p>
      )}
      {stats.keywords.length === 0 ? (
        <Section title={t("keyword.top")}>
          <Empty>{t("keyword.none")}</Empty>
        </Section>
      ) : (
        <div className="kg-grid-side ins-keywords">
          <ChartSection
            title={t("keyword.chart", { count: Math.min(20, stats.keywords.length) })}
            chart={chart}
            testId="keywords-chart"
          >
            <p className="muted">{t("keyword.method")}</p>
          </ChartSection>
          <aside aria-label={t("keyword.top")}>
            <Section
              title={t("keyword.top")}
              extra={
                <ExportLink
                  href={`/count/keyword/export?graph=${graphId}`}
                  label={t("keyword.export")}
                />
              }
              testId="keywords-table"
            >
              <DataTable
                frame="scroll"
                label={t("keyword.top")}
                rows={stats.keywords}
                rowKey={(k) => k.word}
                columns={[
                  { key: "rank", header: t("common.rank") },
                  { key: "word", header: t("keyword.word") },
                  { key: "count", header: t("keyword.count"), numeric: true },
                  { key: "articles", header: t("keyword.docs"), numeric: true },
                ]}
              />
            </Section>
          </aside>
        </div>
      )}
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
