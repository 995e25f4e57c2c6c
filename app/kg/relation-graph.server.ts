import type { PlatformClient } from "~/platform-client/client.server";
import { PlatformError } from "~/platform-client/client.server";
import { colorFor, graphOption, type GraphData } from "../charts/options";
import { chartSpec } from "../charts/render.server";
import { entityHref, sourceHref } from "./links";
import type {
  EntityDetail,
  NeighbourEdge,
  NeighbourGraph,
  NeighbourNode,
  Relation,
} from "@contract/kg";

import { EXPAND_CAP, MAX_EXPANDED, NODE_LIMITS } from "./limits";
import { forcePositions } from "~/kg/force-layout.server";
import { requireGraphId } from "~/kg/graphs.server";
import { fetchOr404, notFound } from "~/http/page.server";
import { translate } from "~/i18n";
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

export interface MergedNode extends NeighbourNode {
  x: number;
  y: number;
  expanded: boolean;
  degree: number;
}

export interface MergedGraph {
  center: string;
  nodes: MergedNode[];
  edges: NeighbourEdge[];
  truncated: boolean;
  totalRelations: number;
  relationTypes: { id: number; name: string; count: number }[];
  /** Expanded ids the graph does not know (dropped from the picture). */
  unknown: string[];
}

const neighbours = (
  api: PlatformClient,
  kgId: number,
  uuid: string,
  q: { limit: number; depth: number; types: number[] },
) =>
  fetchOr404<NeighbourGraph>(
    api,
    `/kg/graphs/${kgId}/entities/${encodeURIComponent(uuid)}/neighbours/`,
    {
      limit: q.limit,
      depth: q.depth,
      types: q.types.length ? q.types.join(",") : undefined,
    },
  );

/**
 * The relation graph around an entity, with the neighbours of each expanded node merged in
 * (each expansion capped), laid out on the server: the platform's positions when it sent
 * them for exactly this graph, else ForceAtlas2 here. The browser never runs a force layout.
 */
export async function loadRelationGraph(
  api: PlatformClient,
  kgId: number,
  q: RelationGraphQuery,
): Promise<MergedGraph> {
  const base = await neighbours(api, kgId, q.center, q);
  const expansions = await Promise.all(
    q.expand.map((uuid) =>
      neighbours(api, kgId, uuid, { limit: EXPAND_CAP + 1, depth: 1, types: q.types }).catch(
        (e) => {
          if (e instanceof Response && e.status === 404) return null;
          if (e instanceof PlatformError && e.status === 404) return null;
          throw e;
        },
      ),
    ),
  );
  const nodes = new Map<string, NeighbourNode>();
  const edges = new Map<number, NeighbourEdge>();
  for (const n of base.nodes) nodes.set(n.id, n);
  for (const e of base.edges) edges.set(e.id, e);
  const unknown: string[] = [];
  let truncated = base.truncated;
  expansions.forEach((g, i) => {
    if (!g) {
      unknown.push(q.expand[i]);
      return;
    }
    if (g.truncated) truncated = true;
    for (const n of g.nodes) {
      const had = nodes.get(n.id);
      const depth = had ? had.depth : Math.max(1, (nodes.get(g.center)?.depth ?? 1) + n.depth);
      nodes.set(n.id, { ...n, ...had, depth });
    }
    for (const e of g.edges) edges.set(e.id, e);
  });
  const degree = new Map<string, number>();
  for (const e of edges.values()) {
    degree.set(e.source, (degree.get(e.source) ?? 0) + 1);
    degree.set(e.target, (degree.get(e.target) ?? 0) + 1);
  }
  // The platform lays out big graphs: reuse its positions, and only settle the nodes an
  // expansion adds (placed next to the node they hang from).
  const given = base.layout === "server" && base.nodes.every((n) => n.x !== undefined);
  let positions: Map<string, { x: number; y: number }>;
  if (given && expansions.length === 0) {
    positions = new Map(base.nodes.map((n) => [n.id, { x: n.x!, y: n.y! }]));
  } else {
    const start = given ? new Map(base.nodes.map((n) => [n.id, { x: n.x!, y: n.y! }])) : undefined;
    if (start) {
      expansions.forEach((g) => {
        const anchor = g && start.get(g.center);
        if (!g || !anchor) return;
        g.nodes.forEach((n, i) => {
          if (!start.has(n.id))
            start.set(n.id, { x: anchor.x + Math.cos(i) * 5, y: anchor.y + Math.sin(i) * 5 });
        });
      });
    }
    positions = forcePositions(
      [...nodes.keys()],
      [...edges.values()].map((e) => [e.source, e.target]),
      start,
    );
  }
  const expanded = new Set(q.expand);
  const counts = new Map<number, { id: number; name: string; count: number }>();
  for (const e of edges.values()) {
    const c = counts.get(e.predicate_id) ?? { id: e.predicate_id, name: e.predicate, count: 0 };
    c.count += 1;
    counts.set(e.predicate_id, c);
  }
  return {
    center: base.center,
    nodes: [...nodes.values()].map((n) => ({
      ...n,
      ...(positions.get(n.id) ?? { x: 0, y: 0 }),
      expanded: expanded.has(n.id),
      degree: degree.get(n.id) ?? 0,
    })),
    edges: [...edges.values()],
    truncated,
    totalRelations: base.total_relations,
    relationTypes: [...counts.values()].sort((a, b) => b.count - a.count),
    unknown,
  };
}

/** Node size by role: the centre biggest, expanded nodes next, hubs a little bigger. */
function nodeSize(n: MergedNode, center: string, big: boolean) {
  if (n.id === center) return big ? 22 : 38;
  if (n.expanded) return big ? 14 : 26;
  const base = big ? 5 : n.depth <= 1 ? 16 : 11;
  return Math.min(base + Math.sqrt(n.degree) * (big ? 1 : 2), big ? 12 : 28);
}

export function relationGraphData(g: MergedGraph): GraphData {
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
export function relationGraphChart(
  request: Request | null,
  kgId: number,
  g: MergedGraph,
  toggleHref: (uuid: string) => string,
  // About the box the page gives it, so the server's picture keeps readable labels.
  size = { width: 1200, height: 640 },
) {
  const spec = chartSpec(
    request,
    graphOption(relationGraphData(g), size, { directed: true }),
    size.width,
    size.height,
  );
  return {
    spec,
    nodeHrefs: g.nodes.map((n) => (n.id === g.center ? entityHref(kgId, n.id) : toggleHref(n.id))),
    edgeHrefs: g.edges.map((e) => sourceHref(kgId, e) ?? undefined),
  };
}

/** A numeric /relation/:id is one relation: its subject is the centre, its object expanded. */
export async function loadRelation(api: PlatformClient, id: string) {
  return fetchOr404<
    Relation & {
      graph_id: number;
      article: { id: number; title: string } | null;
      sentence: string | null;
    }
  >(api, `/kg/relations/${encodeURIComponent(id)}/`);
}

/**
 * Who is in the centre of /relation/:id. A number is a relation: its subject, with its
 * object expanded unless the URL says otherwise (the URL is updated). Anything else is an
 * entity uuid, in the graph ?id= names, else the graph the entity belongs to.
 */
export async function resolveCenter(api: PlatformClient, url: URL, id: string) {
  if (/^\d+$/.test(id)) {
    const relation = await loadRelation(api, id);
    if (!relation.subject) throw notFound(translate("zh", "kg:errors.relationNotFound"));
    if (!url.searchParams.has("expand") && relation.object)
      url.searchParams.set("expand", relation.object.uuid);
    return { kgId: relation.graph_id, center: relation.subject.uuid, relation };
  }
  const kgId = url.searchParams.has("id")
    ? requireGraphId(url.searchParams.get("id"))
    : (await fetchOr404<EntityDetail>(api, `/kg/entities/${encodeURIComponent(id)}/`)).graph_id;
  return { kgId, center: id, relation: null };
}
