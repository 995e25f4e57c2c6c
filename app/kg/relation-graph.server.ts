import type { PlatformClient } from "~/platform-client/client.server";
import { colorFor } from "~/charts/theme";
import { graphOption, type GraphData } from "~/charts/graph-options";
import { chartSpec } from "../charts/render.server";
import { capDrawing } from "../charts/graph-svg.server";
import { chartScheme } from "~/preferences.server";
import { entityHref, sourceHref } from "./links";
import type { RelationGraph, RelationGraphNode } from "@contract/kg";
import { MAX_EXPANDED, NODE_LIMITS, SVG_NODE_CAP } from "./limits";
import { requireGraphId } from "~/kg/graphs.server";
import { notFound, orPageError } from "~/http/page.server";
import { kgApi } from "~/platform-client/kg.server";
import { listParam } from "~/kg/params.server";

export interface RelationGraphQuery {
  center: string;
  expand: string[];
  types: number[];
  limit: number;
  depth: 1 | 2;
}

export function relationGraphQuery(url: URL, center: string): RelationGraphQuery {
  const limit = Number(url.searchParams.get("limit"));
  return {
    center,
    // "none" keeps an empty list in the URL (a relation page otherwise expands its object).
    expand: listParam(url, "expand", MAX_EXPANDED).filter((u) => u !== center && u !== "none"),
    types: listParam(url, "types", 50)
      .filter((v) => /^\d+$/.test(v))
      .map(Number),
    limit: (NODE_LIMITS as readonly number[]).includes(limit) ? limit : NODE_LIMITS[0],
    depth: url.searchParams.get("depth") === "2" ? 2 : 1,
  };
}

/**
 * The relation graph around an entity, expansions merged in and every node placed by the
 * platform (…/relation-graph/): the browser never runs a force layout.
 */
export const loadRelationGraph = (api: PlatformClient, kgId: number, q: RelationGraphQuery) =>
  orPageError(
    kgApi.relationGraph(api, kgId, q.center, {
      limit: q.limit,
      depth: q.depth,
      types: q.types.length ? q.types.join(",") : undefined,
      expand: q.expand.length ? q.expand.join(",") : undefined,
    }),
  );

/** Node size by role: the centre biggest, expanded nodes next, hubs a little bigger. */
function nodeSize(n: RelationGraphNode, center: string, big: boolean) {
  if (n.id === center) return big ? 22 : 38;
  if (n.expanded) return big ? 14 : 26;
  const base = big ? 5 : n.depth <= 1 ? 16 : 11;
  return Math.min(base + Math.sqrt(n.degree) * (big ? 1 : 2), big ? 12 : 28);
}

export function relationGraphData(g: RelationGraph): GraphData {
  const big = g.nodes.length > 150;
  const categories = new Map<string, string>();
  for (const n of g.nodes) {
    const name = n.type ?? "—";
    if (!categories.has(name)) categories.set(name, colorFor(n.type, n.color));
  }
  return {
    categories: [...categories].map(([name, color]) => ({ name, color })),
    nodes: g.nodes.map((n) => ({
      id: n.id,
      name: n.name,
      category: n.type ?? "—",
      x: n.x,
      y: n.y,
      size: nodeSize(n, g.center, big),
      important: n.id === g.center || n.expanded,
      note: n.type ?? undefined,
    })),
    links: g.edges.map((e) => ({
      id: String(e.id),
      source: e.source,
      target: e.target,
      label: e.predicate,
      strength: big ? undefined : e.confidence,
    })),
  };
}

/** The graph as a chart spec, and where each node and edge leads when clicked. */
export async function relationGraphChart(
  request: Request | null,
  kgId: number,
  g: RelationGraph,
  toggleHref: (uuid: string) => string,
  // About the box the page gives it, so the server's picture keeps readable labels.
  size = { width: 1200, height: 640 },
) {
  const option = graphOption(relationGraphData(g), size, { directed: true });
  const drawn = capGraph(g, SVG_NODE_CAP);
  const spec = await chartSpec(
    await chartScheme(request),
    option,
    size.width,
    size.height,
    drawn === g ? option : capDrawing(option, new Set(drawn.nodes.map((n) => n.id))),
  );
  return {
    spec,
    /** Nodes the server's picture draws: at most SVG_NODE_CAP. */
    drawn: drawn.nodes.length,
    nodeHrefs: g.nodes.map((n) => (n.id === g.center ? entityHref(kgId, n.id) : toggleHref(n.id))),
    edgeHrefs: g.edges.map((e) => sourceHref(kgId, e) ?? undefined),
  };
}

/**
 * The graph with at most `cap` nodes, for the server's picture: the centre, the expanded
 * nodes, then the nearest and best connected.
 */
function capGraph(g: RelationGraph, cap: number): { nodes: RelationGraphNode[] } {
  if (g.nodes.length <= cap) return g;
  const rank = (n: RelationGraphNode) => (n.id === g.center ? 0 : n.expanded ? 1 : 2);
  return {
    nodes: [...g.nodes]
      .sort((a, b) => rank(a) - rank(b) || a.depth - b.depth || b.degree - a.degree)
      .slice(0, cap),
  };
}

/** A numeric /relation/:id is one relation: its subject is the centre, its object expanded. */
const loadRelation = (api: PlatformClient, id: string) => orPageError(kgApi.relation(api, id));

/**
 * Who is in the centre of /relation/:id. A number is a relation: its subject, with its
 * object expanded unless the URL says otherwise (the URL is updated). Anything else is an
 * entity uuid, in the graph ?id= names, else the graph the entity belongs to.
 */
export async function resolveCenter(api: PlatformClient, url: URL, id: string) {
  if (/^\d+$/.test(id)) {
    const relation = await loadRelation(api, id);
    if (!relation.subject) throw notFound("kg:errors.relationNotFound");
    if (!url.searchParams.has("expand") && relation.object)
      url.searchParams.set("expand", relation.object.uuid);
    return { kgId: relation.graph_id, center: relation.subject.uuid, relation };
  }
  const kgId = url.searchParams.has("id")
    ? requireGraphId(url.searchParams.get("id"))
    : (await orPageError(kgApi.entity(api, id))).graph_id;
  return { kgId, center: id, relation: null };
}
