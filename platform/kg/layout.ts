import dagre from "@dagrejs/dagre";
import Graph from "graphology";
import forceAtlas2 from "graphology-layout-forceatlas2";

/** Above this many nodes a force layout in the browser stutters: the server lays the graph out. */
export const SERVER_LAYOUT_THRESHOLD = 300;

/**
 * Force-directed positions (ForceAtlas2) for a node-link graph. Nodes start from `start` when
 * given (a layout being extended: fewer iterations settle it), else from a deterministic spiral,
 * so the same graph always gets the same picture; Barnes–Hut above `barnesHutAbove` nodes keeps
 * 2,000 nodes around a second.
 */
export function forceLayout(
  nodeIds: string[],
  edges: [string, string][],
  o: {
    start?: Map<string, { x: number; y: number }>;
    iterations?: number;
    barnesHutAbove?: number;
  } = {},
): Map<string, { x: number; y: number }> {
  const g = new Graph({ multi: true, type: "undirected" });
  nodeIds.forEach((id, i) => {
    const angle = i * 2.399963;
    const radius = 10 * Math.sqrt(i + 1);
    const given = o.start?.get(id);
    g.addNode(
      id,
      given
        ? { x: given.x, y: given.y }
        : { x: radius * Math.cos(angle), y: radius * Math.sin(angle) },
    );
  });
  for (const [a, b] of edges) if (a !== b && g.hasNode(a) && g.hasNode(b)) g.addEdge(a, b);
  if (g.order > 1) {
    forceAtlas2.assign(g, {
      iterations: o.iterations ?? 50,
      settings: {
        ...forceAtlas2.inferSettings(g),
        barnesHutOptimize: g.order > (o.barnesHutAbove ?? 500),
        adjustSizes: false,
      },
    });
  }
  const out = new Map<string, { x: number; y: number }>();
  g.forEachNode((id, attr) => out.set(id, { x: round(attr.x), y: round(attr.y) }));
  return out;
}

/** Iterations that settle a force layout: fewer for a big graph, fewer again from a warm start. */
export function settleIterations(nodes: number, warm = false): number {
  const big = nodes > 1000;
  return warm ? (big ? 15 : 40) : big ? 40 : 120;
}

export interface LayeredNode {
  id: string;
  width: number;
  height: number;
}

/** A layered (Sugiyama) layout by dagre: node centres and edge polylines. */
export function layeredLayout(
  nodes: LayeredNode[],
  edges: { id: string; source: string; target: string }[],
  rankdir: "TB" | "LR" = "TB",
) {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir, nodesep: 40, ranksep: 50, marginx: 20, marginy: 20 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of nodes) g.setNode(n.id, { width: n.width, height: n.height });
  for (const e of edges) g.setEdge(e.source, e.target, {}, e.id);
  dagre.layout(g);
  const positions = new Map<string, { x: number; y: number }>();
  for (const n of nodes) {
    const p = g.node(n.id);
    positions.set(n.id, { x: round(p.x), y: round(p.y) });
  }
  const points = new Map<string, { x: number; y: number }[]>();
  for (const e of edges) {
    const edge = g.edge({ v: e.source, w: e.target, name: e.id });
    points.set(
      e.id,
      (edge?.points ?? []).map((p: { x: number; y: number }) => ({ x: round(p.x), y: round(p.y) })),
    );
  }
  const size = g.graph();
  return { positions, points, width: round(size.width ?? 0), height: round(size.height ?? 0) };
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Box size for a label: CJK characters are about a font size wide. */
export function labelBox(label: string, kind?: string): { width: number; height: number } {
  const chars = [...label].reduce((w, c) => w + (c.charCodeAt(0) > 0x2e80 ? 1 : 0.6), 0);
  const width = Math.max(80, Math.round(chars * 14 + 32));
  return kind === "decision" ? { width: width + 40, height: 60 } : { width, height: 40 };
}
