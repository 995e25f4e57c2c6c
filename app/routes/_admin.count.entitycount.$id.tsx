import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ChartSection } from "~/components/insight/chart-section";
import { insightLinks } from "~/components/insight/styles";
import { errorBoundary } from "~/components/ui/error-boundary";
import { entityDetailPage } from "~/insight/statistics.server";
import { Empty, ListSection, PageTitle, Section, Stat } from "~/components/kg/page";
import { TypeBadge } from "~/components/kg/labels";
import { articleHref, entityHref } from "~/kg/links";
import { requireViewer } from "~/auth/guard.server";
import { formatDate } from "~/utils/format";
import { dynamicTitle } from "~/utils/meta";
import { DataTable } from "~/components/ui/data-table";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  dynamicTitle(matches, data?.stats.entity.name ?? "404");
export const links = insightLinks;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, { page: "/count/entitycount/x" });
  return data(await entityDetailPage(request, viewer, params.id ?? ""));
}

export default function EntityDetailStatistics() {
  const { stats, charts } = useLoaderData<typeof loader>();
  const { t } = useTranslation("insight");
  const { entity, graph } = stats;
  const exportHref = (table: string) => `/count/entitycount/${entity.uuid}/export?table=${table}`;
  return (
    <div className="kg-page" data-testid="entity-detail-page">
      <PageTitle
        title={
          <>
            {entity.name} <TypeBadge type={entity.type} />
          </>
        }
        sub={
          <>
            <span>{graph.name}</span>
            {entity.aliases.length > 0 && (
              <span>
                {t("entityDetail.aliases", {
                  aliases: entity.aliases.join(t("common.listSeparator")),
                })}
              </span>
            )}
          </>
        }
      >
        <Link className="kg-button light" to={`/count/entity?graph=${graph.id}`}>
          {t("entityDetail.backToList")}
        </Link>
        <Link className="kg-button" to={entityHref(graph.id, entity.uuid)}>
          {t("entityDetail.openEntity")}
        </Link>
      </PageTitle>
      {entity.description && <p className="muted">{entity.description}</p>}
      <div className="stats">
        <Stat label={t("entity.mentions")} value={stats.totals.mentions} testId="stat-mentions" />
        <Stat label={t("entity.articles")} value={stats.totals.articles} />
        <Stat
          label={t("entity.relations")}
          value={stats.totals.relations}
          testId="stat-relations"
        />
        <Stat label={t("entityDetail.eventCount")} value={stats.totals.events} />
      </div>
      <ChartSection
        title={t("entityDetail.mentionsOverTime")}
        chart={stats.mentions.periods.length ? charts.mentions : null}
        download={{ href: exportHref("mentions"), label: t("entityDetail.exportMentions") }}
        empty={t("entityDetail.noMentions")}
        testId="mentions-trend"
      />
      <div className="kg-grid-2">
        <ChartSection
          title={t("entityDetail.relations")}
          chart={stats.relations.length ? charts.relations : null}
          download={{ href: exportHref("relations"), label: t("entityDetail.exportRelations") }}
          empty={t("entityDetail.noRelations")}
          testId="relations-by-predicate"
        >
          {stats.relations.length > 0 && (
            <DataTable
              rows={stats.relations}
              rowKey={(r) => r.predicate}
              columns={[
                {
                  key: "predicate",
                  header: t("entityDetail.predicate"),
                  cell: (r) => <span className="predicate">{r.predicate}</span>,
                },
                { key: "outgoing", header: t("entityDetail.outgoing"), numeric: true },
                { key: "incoming", header: t("entityDetail.incoming"), numeric: true },
                { key: "total", header: t("common.total"), numeric: true },
              ]}
            />
          )}
        </ChartSection>
        <div className="kg-page">
          <Section title={t("entityDetail.events")}>
            {stats.events.length === 0 ? (
              <Empty>{t("entityDetail.noEvents")}</Empty>
            ) : (
              <DataTable
                frame={false}
                rows={stats.events}
                rowKey={(e) => e.type}
                columns={[
                  {
                    key: "type",
                    header: t("entityDetail.eventType"),
                    cell: (e) => <TypeBadge type={e.type} />,
                  },
                  { key: "events", header: t("entityDetail.eventCount"), numeric: true },
                ]}
              />
            )}
          </Section>
          <ListSection
            title={t("entityDetail.articles")}
            items={stats.articles}
            empty={t("entityDetail.noMentions")}
            className="rank-list"
          >
            {(a) => (
              <li key={a.id}>
                <span className="muted">{formatDate(a.published_at, "YYYY-MM-DD")}</span>
                <Link to={articleHref(graph.id, a.id)}>{a.title}</Link>
                <span className="muted">
                  {t("entityDetail.articleMentions", { count: a.mentions })}
                </span>
              </li>
            )}
          </ListSection>
        </div>
      </div>
    </div>
  );
}

export const ErrorBoundary = errorBoundary({
  back: { to: "/count/entity", label: "insight:entityDetail.backToList" },
});
