import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ChartSection } from "~/components/insight/chart-section";
import { ExportLink } from "~/components/insight/export-link";
import { GraphPicker } from "~/components/ui/graph-picker";
import { insightLinks } from "~/components/insight/styles";
import { verbPage } from "~/insight/statistics.server";
import { Empty, PageTitle, Section, Stat } from "~/components/kg/page";
import { TypeBadge } from "~/components/kg/labels";
import { DataTable, rankColumn } from "~/components/ui/data-table";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { requireViewer } from "~/auth/guard.server";
import { titleMeta } from "~/utils/meta";

export const meta = titleMeta("nav.verbCount");
export const links = insightLinks;

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  return data(await verbPage(request, viewer));
}

export default function VerbStatistics() {
  const { graphs, graphId, stats, charts } = useLoaderData<typeof loader>();
  const { t } = useTranslation("insight");
  const exportHref = (table: string) => `/count/verb/export?graph=${graphId}&table=${table}`;
  const colors = Object.fromEntries(stats.by_type.map((b) => [b.type, b.color]));
  return (
    <div className="kg-page" data-testid="verb-stats-page">
      <PageTitle title={t("verb.title")} sub={<span>{stats.graph.name}</span>} />
      <GraphPicker graphs={graphs} value={graphId} />
      <div className="stats">
        <Stat label={t("verb.events")} value={stats.totals.events} testId="stat-events" />
        <Stat label={t("verb.verbs")} value={stats.totals.verbs} testId="stat-verbs" />
        <Stat label={t("verb.reports")} value={stats.totals.reports} />
        <Stat label={t("verb.types")} value={stats.totals.types} />
      </div>
      {stats.totals.events === 0 ? (
        <Section title={t("verb.topVerbs")}>
          <Empty>{t("verb.none")}</Empty>
        </Section>
      ) : (
        <>
          <div className="kg-grid-2">
            <ChartSection title={t("verb.topVerbs")} chart={charts.verbs} testId="verbs-chart" />
            <ChartSection
              title={t("verb.byType")}
              chart={charts.byType}
              download={{ href: exportHref("types"), label: t("verb.exportTypes") }}
            />
          </div>
          <ChartSection
            title={t("verb.trend")}
            chart={stats.trend.periods.length ? charts.trend : null}
            download={{ href: exportHref("trend"), label: t("verb.exportTrend") }}
            empty={t("verb.none")}
            testId="verb-trend"
          />
          <Section
            title={t("verb.verbs")}
            extra={<ExportLink href={exportHref("verbs")} label={t("verb.exportVerbs")} />}
            testId="verbs-table"
          >
            <DataTable
              rows={stats.verbs}
              rowKey={(v) => `${v.verb}|${v.type}`}
              columns={[
                rankColumn(t("common.rank")),
                { key: "verb", header: t("verb.verb"), cell: (v) => <strong>{v.verb}</strong> },
                {
                  key: "type",
                  header: t("verb.eventType"),
                  cell: (v) => <TypeBadge type={v.type} color={colors[v.type]} />,
                },
                { key: "events", header: t("verb.events"), numeric: true },
                { key: "reports", header: t("verb.reports"), numeric: true },
                { key: "last", header: t("verb.lastTime"), cell: (v) => v.last_time ?? "" },
              ]}
            />
          </Section>
        </>
      )}
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
