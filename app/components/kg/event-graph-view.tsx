import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GraphChart } from "../charts/graph-chart";
import type { ChartSpec } from "~/charts/theme";
import { Empty, Section } from "./page";
import { SourceLink, Strength, TypeBadge } from "./labels";
import type { EventGraph, EventGraphNode } from "@contract/kg";
import { LINK_COLORS, LINK_TYPES } from "~/kg/event-links";
import { DataTable } from "~/components/ui/data-table";
import { CheckboxList } from "~/components/ui/checkbox-list";

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
            fit
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
          <DataTable
            rows={graph.edges}
            rowKey={(e) => e.id}
            columns={[
              {
                key: "from",
                header: t("eventGraph.from"),
                cell: (e) => <LinkEnd event={byId.get(e.source)} href={eventLink} />,
                wrap: true,
              },
              {
                key: "type",
                header: t("eventGraph.type"),
                cell: (e) => <span className={`link-type lt-${e.type}`}>{e.type_name}</span>,
              },
              {
                key: "to",
                header: t("eventGraph.to"),
                cell: (e) => <LinkEnd event={byId.get(e.target)} href={eventLink} />,
                wrap: true,
              },
              {
                key: "strength",
                header: t("eventGraph.strength"),
                cell: (e) => <Strength value={e.strength} />,
              },
              {
                key: "cue",
                header: t("eventGraph.cue"),
                // A cue (受…影响, 之后) is one expression: it never breaks inside.
                cell: (e) => <span className="event-cue">{e.cue || "—"}</span>,
              },
              {
                key: "source",
                header: t("common.source"),
                cell: (e) => <SourceLink kgId={kgId} fact={e} />,
              },
            ]}
          />
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
      <CheckboxList
        name="types"
        checked={checked}
        options={LINK_TYPES.map((key) => ({
          value: key,
          label: names.find((l) => l.key === key)?.name ?? key,
        }))}
      />
    </fieldset>
  );
}

/** One end of an event link: the event's title (a link) and its type. */
function LinkEnd({ event, href }: { event?: EventGraphNode; href: (id: number) => string }) {
  if (!event) return null;
  return (
    <>
      <Link to={href(event.id)}>{event.title}</Link>{" "}
      <TypeBadge type={event.type} color={event.color} />
    </>
  );
}
