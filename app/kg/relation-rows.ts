import type { EntityRef, Ontology, Relation, RelationGraph } from "@contract/kg";
import { colorFor } from "~/charts/theme";
import { withParams } from "~/utils/url";
import { MAX_EXPANDED } from "./limits";

/** Rows of the node and edge tables (the picture holds them all). */
const TABLE_ROWS = 100;

/**
 * The page's link that expands a node, or collapses it if it is expanded (the expansion lives
 * in the URL, ?expand=uuid1,uuid2; the oldest expansion goes past MAX_EXPANDED; none left: "none").
 */
export const expandToggle =
  (url: URL, expand: string[]) =>
  (uuid: string): string => {
    const next = expand.includes(uuid)
      ? expand.filter((u) => u !== uuid)
      : [...expand, uuid].slice(-MAX_EXPANDED);
    return withParams(url.pathname, url.search, { expand: next.length ? next.join(",") : "none" });
  };

export interface RelationNodeRow {
  id: string;
  name: string;
  type: string | null;
  color: string;
  degree: number;
  expanded: boolean;
  /** The page with this node's expansion toggled. */
  toggle: string;
}

/**
 * The relation page's tables (issue 24): the nodes, centre first, then expanded ones, then by
 * degree; the edges as relations between entity references — each list at most `limit` rows.
 */
export function relationRows(
  graph: RelationGraph,
  toggle: (uuid: string) => string,
  limit = TABLE_ROWS,
): { nodeRows: RelationNodeRow[]; edgeRows: Relation[] } {
  const nodeRows = [...graph.nodes]
    .sort(
      (a, b) =>
        Number(b.id === graph.center) - Number(a.id === graph.center) ||
        Number(b.expanded) - Number(a.expanded) ||
        b.degree - a.degree,
    )
    .slice(0, limit)
    .map((n) => ({
      id: n.id,
      name: n.name,
      type: n.type,
      color: n.color,
      degree: n.degree,
      expanded: n.expanded,
      toggle: toggle(n.id),
    }));
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const ref = (uuid: string): EntityRef | null => {
    const n = byId.get(uuid);
    return n
      ? { uuid: n.id, name: n.name, type: n.type, type_id: n.type_id, color: n.color }
      : null;
  };
  const edgeRows: Relation[] = graph.edges.slice(0, limit).map((e) => ({
    id: e.id,
    subject: ref(e.source),
    predicate: e.predicate,
    predicate_id: e.predicate_id,
    object: ref(e.target),
    confidence: e.confidence,
    article_id: e.article_id,
    sent_start: e.sent_start,
    sent_end: e.sent_end,
  }));
  return { nodeRows, edgeRows };
}

/** The legend's colour of each entity type drawn. */
export const typeColors = (graph: RelationGraph): Record<string, string> =>
  Object.fromEntries(
    graph.nodes.filter((n) => n.type).map((n) => [n.type!, colorFor(n.type, n.color)]),
  );

/** The ontology's relation types with how many of each the graph shows (the filter's options). */
export const relationTypeCounts = (graph: RelationGraph, ontology: Ontology) =>
  ontology.relation_types.map((r) => ({
    id: r.id,
    name: r.name,
    count: graph.relation_types.find((c) => c.id === r.id)?.count ?? 0,
  }));
