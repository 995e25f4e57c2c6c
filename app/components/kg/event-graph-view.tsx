import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GraphChart } from "../charts/graph-chart";
import type { ChartSpec } from "~/charts/theme";
import { Empty, Section } from "./page";
import { SourceLink, Strength, TypeBadge } from "./labels";
import type { EventGraph } from "@contract/kg";
import { LINK_COLORS, LINK_TYPES } from "~/kg/event-links";

export interface EventGraphChart {
  spec: ChartSpec;
  nodeHrefs: string[];
  edgeHrefs: (string | undefined)[];
}

/** The picture of an event graph, its legend of link types, and every link as a row with its source sentence. */
export function EventGraphView({
  kgId,
  graph,
  chart,
  title,
  eventLink,
}: {
  kgId: number;
  graph: EventGraph;
  chart: EventGraphChart;
  title: string;
  /** Where an event's name leads in the table. */
  eventLink: (id: number) => string;
}) {
  const { t } = useTranslation("kg");
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  return (
    <>
      <Section
        title={title}
        testId="event-graph"
        extra={
          <span className="muted">
            {t("eventGraph.size", { nodes: graph.nodes.length, edges: graph.edges.length })}
          </span>
        }
      >
        {graph.truncated && <p className="notice">{t("eventGraph.truncated")}</p>}
        <div className="legend-inline" style={{ marginBottom: 8 }} data-testid="link-legend">
          {graph.link_types.map((lt) => (
            <span key={lt.key}>
              <span className="line" style={{ background: LINK_COLORS[lt.key] ?? "#868e96" }} />
              {lt.name}
            </span>
          ))}
          <span className="muted">{t("eventGraph.widthHint")}</span>
        </div>
        {graph.edges.length === 0 ? (
          <Empty>{t("eventGraph.none")}</Empty>
        ) : (
          <GraphChart
            spec={chart.spec}
            label={title}
            nodeHrefs={chart.nodeHrefs}
            edgeHrefs={chart.edgeHrefs}
            fixed
            fileName="event-graph"
            testId="graph-chart"
          />
        )}
      </Section>
      {graph.edges.length > 0 && (
        <Section
          title={t("eventGraph.links", { count: graph.edges.length })}
          testId="event-graph-links"
        >
          <div className="kg-table-wrap">
            <table className="kg-table">
              <thead>
                <tr>
                  <th>{t("eventGraph.from")}</th>
                  <th>{t("eventGraph.type")}</th>
                  <th>{t("eventGraph.to")}</th>
                  <th>{t("eventGraph.strength")}</th>
                  <th>{t("eventGraph.cue")}</th>
                  <th>{t("common.source")}</th>
                </tr>
              </thead>
              <tbody>
                {graph.edges.map((e) => {
                  const from = byId.get(e.source);
                  const to = byId.get(e.target);
                  return (
                    <tr key={e.id}>
                      <td className="wrap">
                        {from && <Link to={eventLink(from.id)}>{from.title}</Link>}{" "}
                        {from && <TypeBadge type={from.type} color={from.color} />}
                      </td>
                      <td>
                        <span className={`link-type lt-${e.type}`}>{e.type_name}</span>
                      </td>
                      <td className="wrap">
                        {to && <Link to={eventLink(to.id)}>{to.title}</Link>}{" "}
                        {to && <TypeBadge type={to.type} color={to.color} />}
                      </td>
                      <td>
                        <Strength value={e.strength} />
                      </td>
                      <td>{e.cue || "—"}</td>
                      <td>
                        <SourceLink kgId={kgId} fact={e} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </Section>
      )}
    </>
  );
}

/** The link types to follow, as checkboxes of a GET form (?types=cause&types=…). */
export function LinkTypeFields({
  checked,
  names,
}: {
  checked: string[];
  names: { key: string; name: string }[];
}) {
  const { t } = useTranslation("kg");
  return (
    <fieldset>
      <legend>{t("eventGraph.linkTypes")}</legend>
      {LINK_TYPES.map((key) => (
        <label key={key}>
          <input type="checkbox" name="types" value={key} defaultChecked={checked.includes(key)} />
          {names.find((l) => l.key === key)?.name ?? key}
        </label>
      ))}
    </fieldset>
  );
}
