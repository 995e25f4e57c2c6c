import Graph from "graphology";
import forceAtlas2 from "graphology-layout-forceatlas2";

/**
 * ForceAtlas2 positions for a node-link graph. Nodes start from `start` when given (a
 * layout being extended: fewer iterations settle it), else from a deterministic spiral, so
 * the same graph always gets the same picture; Barnes–Hut above a few hundred nodes keeps
 * 2,000 nodes around a second. The browser then draws with layout "none".
 */
export function forcePositions(
  nodeIds: string[],
  edges: [string, string][],
  start?: Map<string, { x: number; y: number }>,
) {
  const g = new Graph({ multi: true, type: "undirected" });
  nodeIds.forEach((id, i) => {
    const given = start?.get(id);
    const angle = i * 2.399963;
    const radius = 10 * Math.sqrt(i + 1);
    g.addNode(
      id,
      given
        ? { x: given.x, y: given.y }
        : { x: radius * Math.cos(angle), y: radius * Math.sin(angle) },
    );
  });
  for (const [a, b] of edges) if (a !== b && g.hasNode(a) && g.hasNode(b)) g.addEdge(a, b);
  const warm = start !== undefined && start.size >= nodeIds.length / 2;
  const big = g.order > 1000;
  if (g.order > 1) {
    forceAtlas2.assign(g, {
      iterations: warm ? (big ? 15 : 40) : big ? 40 : 120,
      settings: {
        ...forceAtlas2.inferSettings(g),
        barnesHutOptimize: g.order > 300,
        adjustSizes: false,
      },
    });
  }
  const out = new Map<string, { x: number; y: number }>();
  g.forEachNode((id, a) =>
    out.set(id, { x: Math.round(a.x * 10) / 10, y: Math.round(a.y * 10) / 10 }),
  );
  return out;
}
