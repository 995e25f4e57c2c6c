import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EChart } from "~/components/charts/chart";
import { GraphChart } from "~/components/charts/graph-chart";
import { trendOption } from "~/charts/series-options";
import { chartSpec } from "~/charts/render.server";
import { chartScheme } from "~/preferences.server";
import { Main } from "~/components/layout/main-landmark";
import { StandaloneHeader } from "~/components/layout/standalone-header";
import { Empty, ListSection, PageTitle, Section } from "~/components/kg/page";
import { TypeBadge } from "~/components/kg/labels";
import { RelationTable, Timeline } from "~/components/kg/facts";
import {
  articleHref,
  entityHref,
  eventHref,
  pathHref,
  relationGraphHref,
  sourceHref,
} from "~/kg/links";
import { exploreFrom } from "~/kg/explore-state";
import { loadRelationGraph, relationGraphChart } from "~/kg/relation-graph.server";
import { kgLinks } from "~/components/kg/styles";
import { getFixedT } from "~/i18next.server";
import { requireViewer } from "~/auth/guard.server";
import { dynamicTitle } from "~/utils/meta";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { classColors, requireGraphId } from "~/kg/graphs.server";
import { loadGraphEntity } from "~/kg/reads.server";
import { formatDay } from "~/utils/format";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  dynamicTitle(matches, data?.entity.name ?? "404");
export const links = kgLinks;

/** Neighbours drawn on the entity page; the relation page shows more. */
const GRAPH_NODES = 40;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const kgId = requireGraphId(params.id);
  const uuid = params.uuid ?? "";
  const entity = await loadGraphEntity(viewer.api, kgId, uuid);
  const [graph, colors, t] = await Promise.all([
    loadRelationGraph(viewer.api, kgId, {
      center: entity.uuid,
      expand: [],
      types: [],
      limit: GRAPH_NODES,
      depth: 1,
    }),
    classColors(viewer.api, kgId),
    getFixedT(request, "kg"),
  ]);
  const relationPage = relationGraphHref(kgId, entity.uuid);
  const chart = await relationGraphChart(request, kgId, graph, (other) => entityHref(kgId, other), {
    width: 800,
    height: 500,
  });
  const trend = await chartSpec(
    await chartScheme(request),
    trendOption(entity.trend.days, [{ name: t("hot.mentions"), values: entity.trend.values }], {
      area: true,
    }),
    340,
    200,
  );
  return data({
    kgId,
    username: viewer.info.username,
    entity,
    colors,
    chart,
    trend,
    relationPage,
    graphSize: graph.nodes.length,
  });
}

function PropertyValue({
  kgId,
  value,
  uuid,
}: {
  kgId: number;
  value: unknown;
  uuid: string | null;
}) {
  const text =
    value === null || value === undefined
      ? "—"
      : typeof value === "object"
        ? JSON.stringify(value)
        : String(value);
  return uuid ? <Link to={entityHref(kgId, uuid)}>{text}</Link> : <>{text}</>;
}

export default function EntityPage() {
  const { kgId, username, entity, colors, chart, trend, relationPage, graphSize } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation("kg");
  const rel = entity.relations;
  return (
    <>
      <StandaloneHeader username={username} />
      <Main className="pub-main">
        <div className="kg-page" data-testid="entity-page">
          <PageTitle
            title={
              <>
                {entity.name} <TypeBadge type={entity.type} color={entity.color} />
              </>
            }
            sub={
              <>
                <span>
                  {t("entity.relationsCount", {
                    count: rel.total,
                    out: rel.outgoing,
                    in: rel.incoming,
                  })}
                </span>
                <span>{t("entity.eventsCount", { count: entity.events.count })}</span>
                <span>{t("entity.articlesCount", { count: entity.articles.count })}</span>
              </>
            }
            actions={[
              { to: relationPage, label: t("entity.openGraph"), primary: true },
              { to: pathHref(kgId, entity.uuid), label: t("path.findPath") },
              { to: exploreFrom(kgId, entity.uuid), label: t("explore.open") },
              { to: `/?id=${kgId}`, label: t("entity.backToGraph") },
            ]}
          />

          <div className="kg-grid-side">
            <div className="kg-page">
              <Section
                title={t("entity.graph")}
                testId="entity-graph"
                extra={<Link to={relationPage}>{t("entity.openGraph")}</Link>}
              >
                {graphSize <= 1 ? (
                  <Empty>{t("relationGraph.noRelations")}</Empty>
                ) : (
                  <GraphChart
                    spec={chart.spec}
                    label={t("entity.graph")}
                    nodeHrefs={chart.nodeHrefs}
                    edgeHrefs={chart.edgeHrefs}
                    svgHref={`/relation/${entity.uuid}/svg?id=${kgId}&limit=50`}
                    fileName={`entity-${entity.name}`}
                    testId="graph-chart"
                  />
                )}
              </Section>
              <Section
                title={t("entity.relations", { count: rel.count })}
                testId="entity-relations"
                extra={
                  rel.count > rel.results.length && (
                    <Link to={relationPage}>{t("common.more")}</Link>
                  )
                }
              >
                {rel.results.length ? (
                  <RelationTable kgId={kgId} relations={rel.results} colors={colors} />
                ) : (
                  <Empty>{t("common.none")}</Empty>
                )}
              </Section>
              <Section
                title={t("entity.timeline", { count: entity.events.count })}
                testId="entity-events"
              >
                {entity.events.results.length === 0 ? (
                  <Empty>{t("common.none")}</Empty>
                ) : (
                  <Timeline
                    items={[...entity.events.results].reverse().map((e) => ({
                      key: e.id,
                      time: e.time ?? "",
                      title: (
                        <>
                          <Link to={eventHref(kgId, e.id)}>{e.title}</Link>{" "}
                          <TypeBadge type={e.type} color={e.color} />{" "}
                          {e.role && <span className="role">{e.role}</span>}
                        </>
                      ),
                      body: sourceHref(kgId, e) && (
                        <Link to={sourceHref(kgId, e)!} className="source-link">
                          {e.description || t("common.source")}
                        </Link>
                      ),
                    }))}
                  />
                )}
              </Section>
            </div>
            <aside>
              <Section title={t("entity.profile")} testId="entity-profile">
                {entity.description && (
                  <p style={{ marginTop: 0, lineHeight: 1.7 }}>{entity.description}</p>
                )}
                <dl className="props">
                  <dt>{t("entity.type")}</dt>
                  <dd>{entity.type ?? "—"}</dd>
                  <dt>{t("entity.aliases")}</dt>
                  <dd>
                    {entity.aliases.length ? (
                      <span className="alias-list" data-testid="aliases">
                        {entity.aliases.map((a) => (
                          <span key={a}>{a}</span>
                        ))}
                      </span>
                    ) : (
                      "—"
                    )}
                  </dd>
                  {entity.properties.map((p) => (
                    <div key={p.name} style={{ display: "contents" }}>
                      <dt>{p.name}</dt>
                      <dd>
                        <PropertyValue kgId={kgId} value={p.value} uuid={p.entity_uuid} />
                      </dd>
                    </div>
                  ))}
                  <dt>{t("entity.updated")}</dt>
                  <dd>{formatDay(entity.updated_at)}</dd>
                </dl>
              </Section>
              <ListSection
                title={t("entity.byPredicate")}
                items={rel.by_predicate}
                empty={t("common.none")}
                className="type-legend"
                style={{ flexDirection: "column" }}
              >
                {(p) => (
                  <li key={`${p.direction}-${p.predicate_id}`}>
                    <span className="predicate">{p.predicate}</span>
                    <span className="muted">
                      {p.direction === "out" ? t("entity.outgoing") : t("entity.incoming")}
                    </span>
                    <Link to={`${relationPage}&types=${p.predicate_id}`}>{p.count}</Link>
                  </li>
                )}
              </ListSection>
              <Section title={t("entity.mentionTrend")}>
                {entity.trend.days.length ? (
                  <EChart spec={trend} label={t("entity.mentionTrend")} testId="trend-chart" />
                ) : (
                  <Empty>{t("common.none")}</Empty>
                )}
              </Section>
              <ListSection
                title={t("entity.articles", { count: entity.articles.count })}
                testId="entity-articles"
                items={entity.articles.results}
                empty={t("common.none")}
                className="article-list"
              >
                {(a) => (
                  <li key={a.id}>
                    <Link to={articleHref(kgId, a.id)} className="article-title">
                      {a.title}
                    </Link>
                    <div className="article-meta">
                      {formatDay(a.published_at)} ·{" "}
                      {t("entity.mentions", { count: a.mentions ?? 0 })}
                    </div>
                  </li>
                )}
              </ListSection>
            </aside>
          </div>
        </div>
      </Main>
    </>
  );
}

export function ErrorBoundary() {
  return (
    <>
      <StandaloneHeader />
      <Main className="pub-main">
        <GeneralErrorBoundary />
      </Main>
    </>
  );
}
