import type { NeighbourEdge, NeighbourGraph, NeighbourNode, RelationGraph } from "@contract/kg";
import type { PlatformContext } from "../context.js";
import { HttpError } from "../http/errors.js";
import { graphSignature, storeCache } from "./cache.js";
import { forceLayout, settleIterations } from "./layout.js";
import { neighbourGraph, type NeighbourOptions } from "./neighbours.js";

/** Neighbours one expansion adds at most. */
export const EXPAND_CAP = 30;
/** Expanded nodes one graph takes at most. */
export const MAX_EXPANDED = 12;

type Point = { x: number; y: number };

/**
 * The relation graph of the console's relation page: the neighbourhood of an entity with the
 * neighbours of each expanded node merged in (each expansion capped), every node positioned,
 * so the browser only draws. Expanded ids the graph does not know are listed as `unknown`.
 */
export async function relationGraph(
  ctx: PlatformContext,
  graphId: number,
  center: string,
  o: NeighbourOptions & { expand: string[] },
): Promise<RelationGraph> {
  const expand = o.expand.filter((u) => u !== center);
  const key = `${center}|${o.types.join(",")}|${o.limit}|${o.depth}|${expand.join(",")}`;
  return storeCache<RelationGraph>(ctx, "relation-graph", 50).getAsync(
    key,
    await graphSignature(ctx, graphId),
    () => build(ctx, graphId, center, { ...o, expand }),
  );
}

async function build(
  ctx: PlatformContext,
  graphId: number,
  center: string,
  o: NeighbourOptions & { expand: string[] },
): Promise<RelationGraph> {
  const base = await neighbourGraph(ctx, graphId, center, o);
  const expansions: (NeighbourGraph | null)[] = [];
  for (const uuid of o.expand) {
    try {
      expansions.push(
        await neighbourGraph(ctx, graphId, uuid, {
          limit: EXPAND_CAP + 1,
          depth: 1,
          types: o.types,
        }),
      );
    } catch (e) {
      if (e instanceof HttpError && e.status === 404) expansions.push(null);
      else throw e;
    }
  }
  const nodes = new Map<string, NeighbourNode>();
  const edges = new Map<number, NeighbourEdge>();
  for (const n of base.nodes) nodes.set(n.id, n);
  for (const e of base.edges) edges.set(e.id, e);
  const unknown: string[] = [];
  let truncated = base.truncated;
  expansions.forEach((g, i) => {
    if (!g) {
      unknown.push(o.expand[i]);
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
  const counts = new Map<number, { id: number; name: string; count: number }>();
  for (const e of edges.values()) {
    degree.set(e.source, (degree.get(e.source) ?? 0) + 1);
    degree.set(e.target, (degree.get(e.target) ?? 0) + 1);
    const c = counts.get(e.predicate_id) ?? { id: e.predicate_id, name: e.predicate, count: 0 };
    c.count += 1;
    counts.set(e.predicate_id, c);
  }
  const positions = place(base, expansions, [...nodes.keys()], [...edges.values()]);
  const expanded = new Set(o.expand);
  return {
    center: base.center,
    total_relations: base.total_relations,
    truncated,
    relation_types: [...counts.values()].sort((a, b) => b.count - a.count),
    nodes: [...nodes.values()].map((n) => ({
      ...n,
      ...(positions.get(n.id) ?? { x: 0, y: 0 }),
      expanded: expanded.has(n.id),
      degree: degree.get(n.id) ?? 0,
    })),
    edges: [...edges.values()],
    unknown,
  };
}

/**
 * Positions: a big neighbourhood comes laid out (neighbourGraph); an expansion only settles
 * the nodes it adds, started next to the node they hang from. A small graph is laid out here.
 */
function place(
  base: NeighbourGraph,
  expansions: (NeighbourGraph | null)[],
  nodeIds: string[],
  edges: NeighbourEdge[],
): Map<string, Point> {
  const given = base.layout === "server" && base.nodes.every((n) => n.x !== undefined);
  if (given && expansions.length === 0)
    return new Map(base.nodes.map((n) => [n.id, { x: n.x!, y: n.y! }]));
  const start = given
    ? new Map<string, Point>(base.nodes.map((n) => [n.id, { x: n.x!, y: n.y! }]))
    : undefined;
  if (start) {
    for (const g of expansions) {
      const anchor = g && start.get(g.center);
      if (!g || !anchor) continue;
      g.nodes.forEach((n, i) => {
        if (!start.has(n.id))
          start.set(n.id, { x: anchor.x + Math.cos(i) * 5, y: anchor.y + Math.sin(i) * 5 });
      });
    }
  }
  return forceLayout(
    nodeIds,
    edges.map((e) => [e.source, e.target]),
    {
      start,
      iterations: settleIterations(
        nodeIds.length,
        start !== undefined && start.size >= nodeIds.length / 2,
      ),
      barnesHutAbove: 300,
    },
  );
}
