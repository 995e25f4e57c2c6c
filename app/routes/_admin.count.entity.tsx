import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ChartSection } from "~/components/insight/chart-section";
import { ExportLink } from "~/components/insight/export-link";
import { GraphPicker } from "~/components/ui/graph-picker";
import { insightLinks } from "~/components/insight/styles";
import { entityPage } from "~/insight/statistics.server";
import { Empty, PageTitle, Section, Stat } from "~/components/kg/page";
import { TypeBadge } from "~/components/kg/labels";
import { withParams } from "~/utils/url";
import { DataTable, rankColumn } from "~/components/ui/data-table";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { requireViewer } from "~/auth/guard.server";
import { titleMeta } from "~/utils/meta";

export const meta = titleMeta("nav.entityCount");
export const links = insightLinks;

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  return data(await entityPage(request, viewer));
}

export default function EntityStatistics() {
  const { graphs, graphId, type, stats, charts } = useLoaderData<typeof loader>();
  const { t } = useTranslation("insight");
  const exportHref = (table: string) =>
    withParams("/count/entity/export", "", { graph: graphId, type, table });
  const colors = Object.fromEntries(stats.by_type.map((b) => [b.type, b.color]));
  return (
    <div className="kg-page" data-testid="entity-stats-page">
      <PageTitle title={t("entity.title")} sub={<span>{stats.graph.name}</span>} />
      <GraphPicker graphs={graphs} value={graphId}>
        <label>
          {t("entity.filterType")}
          <select name="type" defaultValue={type ?? ""}>
            <option value="">{t("entity.allTypes")}</option>
            {stats.types.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      </GraphPicker>
      <div className="stats">
        <Stat label={t("entity.entities")} value={stats.totals.entities} testId="stat-entities" />
        <Stat label={t("entity.mentions")} value={stats.totals.mentions} testId="stat-mentions" />
        <Stat label={t("entity.relations")} value={stats.totals.relations} />
        <Stat label={t("entity.articles")} value={stats.totals.articles} />
        <Stat label={t("entity.types")} value={stats.totals.types} />
      </div>
      {stats.totals.entities === 0 ? (
        <Section title={t("entity.top")}>
          <Empty>{t("entity.none")}</Empty>
        </Section>
      ) : (
        <>
          <div className="kg-grid-2">
            <ChartSection title={t("entity.byType")} chart={charts.byType} testId="by-type-chart" />
            <Section
              title={t("entity.byTypeTable")}
              extra={<ExportLink href={exportHref("types")} label={t("entity.exportTypes")} />}
            >
              <DataTable
                rows={stats.by_type}
                rowKey={(b) => b.type}
                columns={[
                  {
                    key: "type",
                    header: t("common.type"),
                    cell: (b) => <TypeBadge type={b.type} color={b.color} />,
                  },
                  { key: "entities", header: t("entity.entities"), numeric: true },
                  { key: "mentions", header: t("entity.mentions"), numeric: true },
                ]}
              />
            </Section>
          </div>
          <ChartSection
            title={t("entity.trend")}
            chart={stats.trend.periods.length ? charts.trend : null}
            download={{ href: exportHref("trend"), label: t("entity.exportTrend") }}
            empty={t("entityDetail.noMentions")}
            testId="entity-trend"
          />
          <Section
            title={t("entity.top")}
            extra={<ExportLink href={exportHref("top")} label={t("entity.exportTop")} />}
            testId="top-entities"
          >
            {stats.top.length === 0 ? (
              <Empty>{t("entityDetail.noMentions")}</Empty>
            ) : (
              <DataTable
                rows={stats.top}
                rowKey={(e) => e.uuid}
                columns={[
                  rankColumn(t("common.rank")),
                  {
                    key: "name",
                    header: t("entity.name"),
                    cell: (e) => <Link to={`/count/entitycount/${e.uuid}`}>{e.name}</Link>,
                  },
                  {
                    key: "type",
                    header: t("common.type"),
                    cell: (e) => (
                      <TypeBadge type={e.type} color={e.type ? colors[e.type] : undefined} />
                    ),
                  },
                  { key: "mentions", header: t("entity.mentions"), numeric: true },
                  { key: "articles", header: t("entity.articles"), numeric: true },
                  { key: "relations", header: t("entity.relations"), numeric: true },
                ]}
              />
            )}
          </Section>
        </>
      )}
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
