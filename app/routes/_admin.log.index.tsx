import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ChartSection } from "~/components/insight/chart-section";
import { DataTable } from "~/components/ui/data-table";
import { ExportLink } from "~/components/insight/export-link";
import { GraphPicker } from "~/components/ui/graph-picker";
import { insightLinks } from "~/components/insight/styles";
import { SEARCH_WINDOWS } from "~/insight/choices";
import { retrievalPage } from "~/insight/statistics.server";
import { Empty, PageTitle, Section, Stat } from "~/components/kg/page";
import { WindowSwitch } from "~/components/kg/window-switch";
import { withParams } from "~/utils/url";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { requireViewer } from "~/auth/guard.server";
import { percent } from "~/utils/format";
import { CompactNumber, RelativeTime } from "~/components/ui/relative-time";
import { titleMeta } from "~/utils/meta";

export const meta = titleMeta("nav.log");
export const links = insightLinks;

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  return data(await retrievalPage(request, viewer));
}

export default function RetrievalStatistics() {
  const { graphs, graphId, days, stats, chart } = useLoaderData<typeof loader>();
  const { t } = useTranslation("insight");
  const exportHref = (table: string) =>
    withParams("/log/index/export", "", { graph: graphId, days, table });
  const rate = stats.total ? stats.empty_total / stats.total : 0;
  return (
    <div className="kg-page" data-testid="log-page">
      <PageTitle
        title={t("log.title")}
        sub={<span>{t("log.range", { from: stats.from, to: stats.to })}</span>}
      >
        <WindowSwitch
          windows={SEARCH_WINDOWS}
          days={days}
          fallback={30}
          label={t("log.window")}
          name={(d) => t(`log.days${d}`)}
        />
      </PageTitle>
      <GraphPicker
        graphs={graphs}
        value={graphId}
        allowAll
        keep={{ days: days === 30 ? undefined : days }}
      />
      <div className="stats">
        <Stat label={t("log.total")} value={stats.total} testId="stat-total" />
        <Stat
          label={`${t("log.empty")} · ${t("log.emptyRate", { rate: percent(rate) })}`}
          value={stats.empty_total}
          testId="stat-empty"
        />
        <Stat label={t("log.distinct")} value={stats.distinct_queries} />
        <Stat label={t("log.users")} value={stats.users} />
      </div>
      {stats.total === 0 ? (
        <Section title={t("log.trend")}>
          <Empty>{t("log.none")}</Empty>
        </Section>
      ) : (
        <>
          <ChartSection
            title={t("log.trend")}
            chart={chart}
            download={{ href: exportHref("daily"), label: t("log.exportDaily") }}
            testId="log-trend"
            chartTestId="searches-chart"
          />
          <div className="kg-grid-2">
            <Section
              title={t("log.top")}
              extra={<ExportLink href={exportHref("top")} label={t("log.exportTop")} />}
              testId="top-queries"
            >
              <QueryTable rows={stats.top} withResults />
            </Section>
            <Section
              title={t("log.noResult")}
              extra={<ExportLink href={exportHref("empty")} label={t("log.exportEmpty")} />}
              testId="empty-queries"
            >
              {stats.empty.length ? (
                <QueryTable rows={stats.empty} />
              ) : (
                <Empty>{t("log.noEmpty")}</Empty>
              )}
            </Section>
          </div>
          <Section title={t("log.kinds")}>
            <div className="stats">
              {stats.kinds.map((k) => (
                <Stat
                  key={k.kind}
                  label={t(`log.kind.${k.kind}`, { defaultValue: k.kind })}
                  value={k.searches}
                />
              ))}
            </div>
          </Section>
        </>
      )}
    </div>
  );
}

function QueryTable({
  rows,
  withResults,
}: {
  rows: { query: string; searches: number; avg_results?: number; last_at: string }[];
  withResults?: boolean;
}) {
  const { t } = useTranslation("insight");
  return (
    <DataTable
      rows={rows}
      rowKey={(r) => r.query}
      columns={[
        { key: "rank", header: t("common.rank"), cell: (_, i) => i + 1 },
        { key: "query", header: t("log.query"), cell: (r) => r.query, wrap: true },
        {
          key: "searches",
          header: t("log.count"),
          numeric: true,
          cell: (r) => <CompactNumber value={r.searches} />,
        },
        withResults && { key: "avg_results", header: t("log.avgResults"), numeric: true },
        {
          key: "at",
          header: t("log.lastAt"),
          cell: (r) => <RelativeTime value={r.last_at} />,
        },
      ]}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
