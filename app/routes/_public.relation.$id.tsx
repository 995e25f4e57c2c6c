import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GraphChart } from "~/components/charts/graph-chart";
import { Empty, PageTitle, Section } from "~/components/kg/page";
import { EntityChip, SourceLink, TypeBadge } from "~/components/kg/labels";
import { RelationTable } from "~/components/kg/facts";
import { entityHref, pathHref, sourceHref } from "~/kg/links";
import { exploreFrom } from "~/kg/explore-state";
import { EXPAND_CAP, MAX_EXPANDED, NODE_LIMITS, SVG_NODE_CAP } from "~/kg/limits";
import {
  loadRelationGraph,
  relationGraphChart,
  relationGraphQuery,
  resolveCenter,
} from "~/kg/relation-graph.server";
import { kgLinks } from "~/components/kg/styles";
import { ExportForm } from "~/components/interchange/export-form";
import { interchangeLinks } from "~/components/interchange/links";
import { getFixedT } from "~/i18next.server";
import { requireViewer } from "~/auth/guard.server";
import { dynamicTitle } from "~/utils/meta";
import { mayExportGraph } from "~/interchange/downloads.server";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { getOntology } from "~/kg/graphs.server";
import { expandToggle, relationRows, relationTypeCounts, typeColors } from "~/kg/relation-rows";
import { DataTable } from "~/components/ui/data-table";
import { CheckboxList } from "~/components/ui/checkbox-list";
import { NumberSelect } from "~/components/ui/number-select";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  dynamicTitle(matches, data ? `${data.centerName} · ${data.title}` : "404");
export const links = () => [...kgLinks(), ...interchangeLinks()];

/**
 * The relation graph around an entity (/relation/{uuid}, graph from ?id=) or around one
 * relation (/relation/{relation id}: its subject in the centre, its object expanded).
 * Expansion lives in the URL (?expand=uuid1,uuid2), so it works without JavaScript.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const url = new URL(request.url);
  const { kgId, center, relation } = await resolveCenter(viewer.api, url, params.id ?? "");
  const q = relationGraphQuery(url, center);
  const [graph, ontology] = await Promise.all([
    loadRelationGraph(viewer.api, kgId, q),
    getOntology(viewer.api, kgId),
  ]);
  const toggle = expandToggle(url, q.expand);
  const chart = await relationGraphChart(request, kgId, graph, toggle);
  const centerNode = graph.nodes.find((n) => n.id === graph.center)!;
  const { nodeRows, edgeRows } = relationRows(graph, toggle);
  return data({
    kgId,
    title: (await getFixedT(request))("nav.relation"),
    centerName: centerNode.name,
    centerType: centerNode.type,
    centerColor: centerNode.color,
    relation,
    query: q,
    chart,
    counts: { nodes: graph.nodes.length, edges: graph.edges.length },
    truncated: graph.truncated,
    totalRelations: graph.total_relations,
    unknown: graph.unknown,
    colors: typeColors(graph),
    relationTypes: relationTypeCounts(graph, ontology),
    nodeRows,
    edgeRows,
    svgHref: `${url.pathname}/svg${url.search}`,
    mayExport: mayExportGraph(viewer),
  });
}

export default function RelationPage() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation("kg");
  const { t: tc } = useTranslation("common");
  const { pathname } = useLocation();
  const { kgId, query } = d;
  const atCap = query.expand.length >= MAX_EXPANDED;
  return (
    <div className="kg-page" data-testid="relation-page">
      <PageTitle
        title={
          <>
            {t("relationGraph.title", { name: d.centerName })}{" "}
            <TypeBadge type={d.centerType} color={d.centerColor} />
          </>
        }
        sub={
          <>
            <span>{t("relationGraph.size", { nodes: d.counts.nodes, edges: d.counts.edges })}</span>
            <span>{t("relationGraph.total", { count: d.totalRelations })}</span>
          </>
        }
      >
        <Link to={entityHref(kgId, query.center)} className="kg-button light">
          {t("relationGraph.entityPage")}
        </Link>
        <Link to={pathHref(kgId, query.center)} className="kg-button light" data-testid="find-path">
          {t("path.findPath")}
        </Link>
        <Link
          to={exploreFrom(kgId, query.center)}
          className="kg-button light"
          data-testid="open-explore"
        >
          {t("explore.open")}
        </Link>
      </PageTitle>

      {d.relation && (
        <Section title={t("relationGraph.relation")} testId="relation-detail">
          <div className="link-ends" style={{ marginBottom: 8 }}>
            {d.relation.subject && <EntityChip kgId={kgId} entity={d.relation.subject} />}
            <span className="predicate">{d.relation.predicate}</span>
            {d.relation.object && <EntityChip kgId={kgId} entity={d.relation.object} />}
            <span className="muted">
              {t("relation.confidence")} {d.relation.confidence.toFixed(2)}
            </span>
            <SourceLink kgId={kgId} fact={d.relation} />
          </div>
          {d.relation.sentence && (
            <blockquote className="quote">
              <Link to={sourceHref(kgId, d.relation)!}>{d.relation.sentence}</Link>
            </blockquote>
          )}
        </Section>
      )}

      <Section title={t("relationGraph.filter")}>
        <Form method="get" className="kg-form" data-testid="graph-filter">
          {query.expand.length > 0 && (
            <input type="hidden" name="expand" value={query.expand.join(",")} />
          )}
          <input type="hidden" name="id" value={kgId} />
          <fieldset>
            <legend>{t("relationGraph.types")}</legend>
            <CheckboxList
              name="types"
              checked={query.types}
              options={d.relationTypes.map((r) => ({
                value: r.id,
                label: (
                  <>
                    {r.name}
                    {r.count > 0 && <span className="muted">({r.count})</span>}
                  </>
                ),
              }))}
            />
          </fieldset>
          <NumberSelect
            label={t("relationGraph.limit")}
            name="limit"
            options={NODE_LIMITS}
            value={query.limit}
          />
          <label>
            {t("relationGraph.depth")}
            <select name="depth" defaultValue={query.depth}>
              <option value={1}>{t("relationGraph.depth1")}</option>
              <option value={2}>{t("relationGraph.depth2")}</option>
            </select>
          </label>
          <button type="submit">{t("common.apply")}</button>
          <Link to={`${pathname}?id=${kgId}`} className="reset">
            {t("common.reset")}
          </Link>
        </Form>
      </Section>

      <Section
        title={t("relationGraph.graph")}
        testId="relation-graph"
        extra={
          query.expand.length > 0 && (
            <Link to={`${pathname}?id=${kgId}&expand=none`}>{t("relationGraph.collapseAll")}</Link>
          )
        }
      >
        {d.truncated && (
          <p className="notice">{t("relationGraph.truncated", { limit: query.limit })}</p>
        )}
        {d.chart.drawn < d.counts.nodes && (
          <p className="notice" role="status" data-testid="svg-capped">
            {t("relationGraph.svgCapped", { drawn: SVG_NODE_CAP, count: d.counts.nodes })}
          </p>
        )}
        {d.unknown.length > 0 && (
          <p className="notice">{t("relationGraph.unknown", { count: d.unknown.length })}</p>
        )}
        {d.counts.edges === 0 ? (
          <Empty>{t("relationGraph.noRelations")}</Empty>
        ) : (
          <GraphChart
            spec={d.chart.spec}
            label={t("relationGraph.title", { name: d.centerName })}
            nodeHrefs={d.chart.nodeHrefs}
            edgeHrefs={d.chart.edgeHrefs}
            svgHref={d.svgHref}
            fileName={`relation-${d.centerName}`}
            testId="graph-chart"
          />
        )}
        <p className="muted" style={{ fontSize: 13, marginBottom: 0 }}>
          {t("relationGraph.help", { cap: EXPAND_CAP, max: MAX_EXPANDED })}
        </p>
      </Section>

      {d.mayExport && (
        <Section title={tc("interchange.export")} testId="relation-export">
          <ExportForm
            kgId={kgId}
            testId="neighbourhood-export"
            label={tc("interchange.exportNeighbourhood")}
            fixed={{
              entity: query.center,
              depth: query.depth,
              limit: query.limit,
              types: query.types.join(","),
            }}
          />
          <ExportForm
            kgId={kgId}
            testId="relation-type-export"
            choice={{
              name: "relation_type",
              label: tc("interchange.exportRelationType"),
              value: query.types.length === 1 ? query.types[0] : (d.relationTypes[0]?.id ?? null),
              options: d.relationTypes,
            }}
          />
        </Section>
      )}

      <div className="kg-grid-2">
        <Section title={t("relationGraph.nodes", { count: d.counts.nodes })} testId="node-table">
          <DataTable
            frame="scroll"
            rows={d.nodeRows}
            rowKey={(n) => n.id}
            columns={[
              {
                key: "node",
                header: t("relationGraph.node"),
                cell: (n) => (
                  <EntityChip
                    kgId={kgId}
                    entity={{
                      uuid: n.id,
                      name: n.name,
                      type: n.type,
                      type_id: null,
                      color: n.color,
                    }}
                    colors={d.colors}
                  />
                ),
              },
              {
                key: "degree",
                header: t("relationGraph.degree"),
                cell: (n) => n.degree,
                numeric: true,
              },
              {
                key: "actions",
                header: t("relationGraph.actions"),
                cell: (n) => (
                  <span className="node-actions">
                    {n.id === query.center ? (
                      <span className="muted">{t("relationGraph.center")}</span>
                    ) : n.expanded ? (
                      <Link to={n.toggle} data-testid="collapse">
                        {t("relationGraph.collapse")}
                      </Link>
                    ) : atCap ? (
                      <span
                        className="muted"
                        title={t("relationGraph.capReached", { max: MAX_EXPANDED })}
                      >
                        {t("relationGraph.expand")}
                      </span>
                    ) : (
                      <Link to={n.toggle} data-testid="expand">
                        {t("relationGraph.expand")}
                      </Link>
                    )}
                    {n.id !== query.center && (
                      <Link to={`/relation/${n.id}?id=${kgId}`}>{t("relationGraph.recenter")}</Link>
                    )}
                  </span>
                ),
              },
            ]}
          />
          {d.counts.nodes > d.nodeRows.length && (
            <p className="muted">{t("relationGraph.moreRows", { count: d.nodeRows.length })}</p>
          )}
        </Section>
        <Section title={t("relationGraph.edges", { count: d.counts.edges })} testId="edge-table">
          {d.edgeRows.length ? (
            <RelationTable
              kgId={kgId}
              relations={d.edgeRows}
              colors={d.colors}
              testId="edge-rows"
              scroll
            />
          ) : (
            <Empty>{t("common.none")}</Empty>
          )}
          {d.counts.edges > d.edgeRows.length && (
            <p className="muted">{t("relationGraph.moreRows", { count: d.edgeRows.length })}</p>
          )}
        </Section>
      </div>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
