import { chartBase, colorFor, INK, type ChartOption } from "./theme";

/** Node-link charts: graphs with positions from the platform, and layered box diagrams. */

export interface GraphNode {
  id: string;
  name: string;
  category: string;
  x: number;
  y: number;
  /** Bigger for the centre and hubs. */
  size?: number;
  /** Always labelled (the centre, the expanded nodes). */
  important?: boolean;
  /** Where a click leads (entity page, event page...). */
  href?: string;
  /** Rectangle boxes (flow steps) instead of circles. */
  shape?: "circle" | "rect" | "diamond" | "roundRect";
  width?: number;
  height?: number;
  color?: string;
  /** Extra tooltip line. */
  note?: string;
}

export interface GraphLink {
  id: string;
  source: string;
  target: string;
  label?: string;
  /** 0..1: line width and opacity. */
  strength?: number;
  color?: string;
  dashed?: boolean;
  /** The fact's source sentence. */
  href?: string;
  /** Bend of the line (echarts' curveness): 0 straight. See bendAroundBoxes. */
  curveness?: number;
}

export interface GraphData {
  nodes: GraphNode[];
  links: GraphLink[];
  categories: { name: string; color?: string }[];
}

/**
 * Where the nodes go in the picture, in percent of the box (so the live chart, drawn in a
 * box of the same aspect ratio, matches the server's picture): a few nodes get a smaller
 * area in the middle instead of being stretched to the corners.
 */
function viewBox(nodes: number, legend: boolean) {
  const share = Math.min(1, 0.3 + 0.11 * Math.sqrt(nodes));
  const top = legend ? 10 : 4;
  const width = share * 92;
  const height = share * (100 - top - 5);
  return { left: (100 - width) / 2, top: top + (100 - top - 5 - height) / 2, width, height };
}

/**
 * echarts maps the nodes' extent onto its box without keeping proportions, and nodes and
 * labels are distorted unless both have the same aspect ratio: the positions are
 * stretched (never squeezed) to the box's proportions.
 */
function fitPositions<T extends { x: number; y: number }>(nodes: T[], aspect: number): T[] {
  if (nodes.length < 2) return nodes;
  const xs = nodes.map((n) => n.x);
  const ys = nodes.map((n) => n.y);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const w = Math.max(...xs) - minX || 1;
  const h = Math.max(...ys) - minY || 1;
  const sx = w / h < aspect ? (aspect * h) / w : 1;
  const sy = w / h > aspect ? w / (aspect * h) : 1;
  return nodes.map((n) => ({ ...n, x: (n.x - minX) * sx, y: (n.y - minY) * sy }));
}

/** Links as echarts reads them: a stronger link (strength 0..1) is wider and more opaque. */
function linkData(links: GraphLink[], opacity: { weakest: number; range: number }) {
  return links.map((l) => ({
    id: l.id,
    source: l.source,
    target: l.target,
    value: l.label ?? "",
    lineStyle: {
      width: l.strength !== undefined ? 1 + l.strength * 4 : undefined,
      opacity: l.strength !== undefined ? opacity.weakest + l.strength * opacity.range : undefined,
      color: l.color,
      type: l.dashed ? "dashed" : undefined,
      curveness: l.curveness || undefined,
    },
  }));
}

const pct = (n: number) => `${Math.round(n * 10) / 10}%`;

/**
 * Above this many nodes the browser draws a graph with BigGraph (one canvas, links in one
 * stroke) instead of echarts, which paints each node and link as an element (decision 028).
 */
export const BIG_GRAPH = 500;

/**
 * The series of a node-link graph drawn plain (graphOption's big form): what the server's
 * picture (graph-svg.server.ts) and the browser's canvas (big-graph.client.ts) read of it.
 */
export interface PlainGraphSeries {
  left: string;
  top: string;
  width: string;
  height: string;
  categories: { name: string; itemStyle: { color: string } }[];
  lineStyle: { color: string; opacity: number; width: number };
  data: {
    id: string;
    name: string;
    x: number;
    y: number;
    category: number;
    symbolSize: number | number[];
    itemStyle?: { color?: string };
    label?: { show?: boolean; fontWeight?: string };
    value?: string;
  }[];
  links: {
    source: string;
    target: string;
    lineStyle?: { color?: string; width?: number; opacity?: number };
  }[];
}

/** A node-link graph drawn plain (circles, positions given) with more than `nodes` nodes. */
export function isPlainGraphOver(option: ChartOption, nodes: number): boolean {
  const series = (
    option.series as { type?: string; layout?: string; data?: { symbol?: string }[] }[] | undefined
  )?.[0];
  return (
    series?.type === "graph" &&
    series.layout === "none" &&
    (series.data?.length ?? 0) > nodes &&
    series.data!.every((d) => d.symbol === "circle")
  );
}

/** One drawn on a canvas of its own in the browser (more than BIG_GRAPH nodes). */
export const isBigGraph = (option: ChartOption) => isPlainGraphOver(option, BIG_GRAPH);

export const LABEL_ALL_NODES = 150;
const LABEL_ALL_EDGES = 60;

/**
 * A node-link graph with positions fixed by the server (layout "none"): the server picture
 * and the live one are the same, and thousands of nodes stay responsive (no force
 * simulation in the browser). Nodes can be dragged, the view zoomed and panned.
 */
export function graphOption(
  g: GraphData,
  size: { width: number; height: number },
  opts: { directed?: boolean; legend?: boolean; edgeLabels?: boolean } = {},
): ChartOption {
  const big = g.nodes.length > LABEL_ALL_NODES;
  const legend = opts.legend !== false && g.categories.length > 0;
  const box = viewBox(g.nodes.length, legend);
  const nodes = fitPositions(g.nodes, (box.width * size.width) / (box.height * size.height));
  const edgeLabels = opts.edgeLabels ?? g.links.length <= LABEL_ALL_EDGES;
  const categoryIndex = new Map(g.categories.map((c, i) => [c.name, i]));
  const symbolOf = (shape: GraphNode["shape"]) =>
    shape === "rect"
      ? "rect"
      : shape === "roundRect"
        ? "roundRect"
        : shape === "diamond"
          ? "diamond"
          : "circle";
  return {
    ...chartBase,
    tooltip: { confine: true },
    legend: !legend
      ? undefined
      : {
          type: "scroll",
          top: 6,
          left: 8,
          right: 8,
          data: g.categories.map((c) => c.name),
          itemGap: 14,
          textStyle: { color: INK.light.text },
        },
    series: [
      {
        type: "graph",
        layout: "none",
        roam: true,
        draggable: true,
        scaleLimit: { min: 0.1, max: 12 },
        // echarts stretches the nodes over the whole box: a few nodes get a smaller box in the middle.
        left: pct(box.left),
        top: pct(box.top),
        width: pct(box.width),
        height: pct(box.height),
        categories: g.categories.map((c) => ({
          name: c.name,
          itemStyle: { color: colorFor(c.name, c.color) },
        })),
        // Arrows and curves cost ten times the drawing time of a big graph (and little is
        // read from them at that size): big graphs get straight lines.
        edgeSymbol: opts.directed === false || big ? ["none", "none"] : ["none", "arrow"],
        edgeSymbolSize: [0, 7],
        emphasis: { focus: big ? "none" : "adjacency", lineStyle: { width: 3 } },
        lineStyle: {
          color: INK.light.edge,
          opacity: big ? 0.45 : 0.8,
          width: big ? 0.8 : 1.2,
          curveness: big ? 0 : 0.08,
        },
        label: { show: !big, position: "right", color: INK.light.text, fontSize: 12 },
        edgeLabel: { show: edgeLabels, formatter: "{c}", fontSize: 11, color: INK.light.edgeLabel },
        data: nodes.map((n) => ({
          id: n.id,
          name: n.name,
          x: n.x,
          y: n.y,
          category: categoryIndex.get(n.category) ?? 0,
          symbol: symbolOf(n.shape),
          symbolSize: n.width && n.height ? [n.width, n.height] : (n.size ?? (big ? 6 : 18)),
          itemStyle: n.color ? { color: n.color } : undefined,
          label:
            n.shape && n.shape !== "circle"
              ? {
                  show: true,
                  position: "inside",
                  color: "#fff",
                  fontSize: 13,
                  width: (n.width ?? 100) - 12,
                  overflow: "break",
                }
              : n.important
                ? { show: true, fontWeight: "bold", fontSize: 13 }
                : undefined,
          value: n.note,
        })),
        links: linkData(g.links, { weakest: 0.35, range: 0.6 }),
      },
    ],
  };
}

export interface BoxNode {
  id: string;
  name: string;
  /** Centre and size from the server's layered layout, in pixels. */
  x: number;
  y: number;
  width: number;
  height: number;
  shape: "rect" | "roundRect" | "diamond";
  color: string;
  category: string;
  /** Bold border: the event in the centre. */
  focus?: boolean;
}

/** Layouts bigger than this are drawn smaller (canvases of tens of thousands of pixels fail). */
const MAX_BOX_CANVAS = 4000;

/**
 * A layered diagram (flow chart, event graph) drawn at the layout's own scale: the view
 * maps layout coordinates 1:1 to pixels (scaled down only for very large layouts), so the
 * boxes the layout spaced never overlap. Returns the picture's size with the option.
 */
export function boxGraphOption(
  g: { nodes: BoxNode[]; links: GraphLink[]; categories: { name: string; color?: string }[] },
  layout: { width: number; height: number },
  opts: { legend?: boolean; labelsInGap?: boolean } = {},
): { option: ChartOption; width: number; height: number } {
  const legendSpace = opts.legend && g.categories.length ? 36 : 0;
  const scale = Math.min(
    1,
    MAX_BOX_CANVAS / Math.max(layout.width, 1),
    MAX_BOX_CANVAS / Math.max(layout.height, 1),
  );
  const width = Math.max(320, Math.round(layout.width * scale));
  const height = Math.max(160, Math.round(layout.height * scale)) + legendSpace;
  const xs = g.nodes.length ? g.nodes.map((n) => n.x) : [0];
  const ys = g.nodes.length ? g.nodes.map((n) => n.y) : [0];
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const spanX = Math.max(...xs) - minX;
  const spanY = Math.max(...ys) - minY;
  // echarts fits the nodes' centres into this rect keeping their aspect ratio; giving it the
  // centres' own extent (echarts widens an empty extent to 2) keeps the mapping 1:1.
  const offsetX = (width - layout.width * scale) / 2;
  const view = {
    left: (spanX === 0 ? minX - 1 : minX) * scale + offsetX,
    top: (spanY === 0 ? minY - 1 : minY) * scale + legendSpace,
    width: (spanX === 0 ? 2 : spanX) * scale,
    height: (spanY === 0 ? 2 : spanY) * scale,
  };
  const categoryIndex = new Map(g.categories.map((c, i) => [c.name, i]));
  const fontSize = Math.max(9, Math.round(13 * scale));
  const option: ChartOption = {
    ...chartBase,
    tooltip: { confine: true },
    legend: legendSpace
      ? {
          type: "scroll",
          top: 6,
          left: 8,
          right: 8,
          data: g.categories.map((c) => c.name),
          textStyle: { color: INK.light.text },
        }
      : undefined,
    series: [
      {
        type: "graph",
        layout: "none",
        roam: true,
        draggable: true,
        nodeScaleRatio: 1,
        scaleLimit: { min: 0.1, max: 6 },
        ...view,
        categories: g.categories.map((c) => ({
          name: c.name,
          itemStyle: { color: colorFor(c.name, c.color) },
        })),
        // labelsInGap: an invisible start symbol, so echarts starts the line (as it ends it,
        // for the arrow) about at the box's edge and the label at its middle sits in the gap
        // between the boxes, not on the source box.
        edgeSymbol: [opts.labelsInGap ? "circle" : "none", "arrow"],
        edgeSymbolSize: [0, 9 * scale + 3],
        lineStyle: { color: INK.light.boxEdge, width: 1.5, opacity: 0.9, curveness: 0 },
        edgeLabel: {
          show: true,
          formatter: "{c}",
          fontSize: Math.max(9, Math.round(12 * scale)),
          color: INK.light.edgeLabel,
          backgroundColor: INK.light.surface,
          padding: [1, 3],
        },
        emphasis: { focus: "adjacency", lineStyle: { width: 3 } },
        label: { show: true, position: "inside", color: "#fff", fontSize, overflow: "truncate" },
        data: g.nodes.map((n) => ({
          id: n.id,
          name: n.name,
          x: n.x,
          y: n.y,
          category: categoryIndex.get(n.category) ?? 0,
          symbol: n.shape,
          symbolSize: [n.width * scale, n.height * scale],
          itemStyle: {
            color: n.color,
            borderColor: n.focus ? INK.light.focus : INK.light.surface,
            borderWidth: n.focus ? 3 : 1,
          },
          label: { width: (n.shape === "diamond" ? n.width * 0.6 : n.width - 12) * scale },
        })),
        links: linkData(g.links, { weakest: 0.45, range: 0.5 }),
      },
    ],
  };
  return { option, width, height };
}

/** A link label's box in layout pixels: CJK characters a font size wide, others about half. */
function labelSize(label: string, fontSize = 12) {
  const chars = [...label].reduce((w, c) => w + (c.charCodeAt(0) > 0x2e80 ? 1 : 0.58), 0);
  return { width: chars * fontSize + 8, height: fontSize + 6 };
}

/** Midpoint offsets tried, in layout pixels, nearest first. */
const BENDS = [34, 48, 64, 84, 110, 140];

/**
 * Links of a layered diagram bent around the boxes in their way. A straight link from one
 * column to a column beyond the next runs through the boxes between them, and its label
 * (drawn at its middle) lands on one of them. Such a link gets the smallest bend (echarts'
 * curveness: the curve's middle moves by curveness × length / 2 to the left of its
 * direction) whose line misses every box but its own two ends and whose label misses every
 * box; a link already clear stays straight. Among bends that all hit something, the one
 * hitting least. Labels are placed as echarts draws them with boxGraphOption's
 * `labelsInGap` (both ends pulled in towards the boxes' edges).
 */
export function bendAroundBoxes(nodes: BoxNode[], links: GraphLink[]): GraphLink[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const inside = (n: BoxNode, x: number, y: number, padX: number, padY: number) =>
    Math.abs(x - n.x) < n.width / 2 + padX && Math.abs(y - n.y) < n.height / 2 + padY;
  return links.map((l) => {
    const a = byId.get(l.source);
    const b = byId.get(l.target);
    if (!a || !b || a === b) return l;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const length = Math.hypot(dx, dy);
    if (length === 0) return l;
    const label = labelSize(l.label ?? "");
    // The curve's points for a curveness (echarts' quadratic: control = middle + c·(dy, −dx)).
    const hits = (c: number) => {
      const cx = (a.x + b.x) / 2 + dy * c;
      const cy = (a.y + b.y) / 2 - dx * c;
      const at = (t: number) => [
        (1 - t) * (1 - t) * a.x + 2 * (1 - t) * t * cx + t * t * b.x,
        (1 - t) * (1 - t) * a.y + 2 * (1 - t) * t * cy + t * t * b.y,
      ];
      let count = 0;
      for (const n of nodes) {
        if (n === a || n === b) continue;
        for (let t = 0.02; t < 1; t += 0.02) {
          const [x, y] = at(t);
          if (inside(n, x, y, 2, 2)) {
            count++;
            break;
          }
        }
      }
      if (l.label) {
        // echarts pulls both ends in by a quarter of the box's width plus height (its
        // symbol-size average, halved), and draws the label at the middle of what is left.
        const pull = (n: BoxNode) => (n.width + n.height) / 4 / length;
        const [mx, my] =
          c === 0
            ? [
                a.x + dx * (0.5 + (pull(a) - pull(b)) / 2),
                a.y + dy * (0.5 + (pull(a) - pull(b)) / 2),
              ]
            : at(0.5);
        for (const n of nodes) if (inside(n, mx, my, label.width / 2, label.height / 2)) count++;
      }
      return count;
    };
    if (hits(0) === 0) return l;
    let best = { curveness: 0, count: Infinity };
    for (const d of BENDS) {
      for (const side of [1, -1]) {
        const curveness = Math.round(((side * 2 * d) / length) * 1000) / 1000;
        const count = hits(curveness);
        if (count === 0) return { ...l, curveness };
        if (count < best.count) best = { curveness, count };
      }
    }
    return { ...l, curveness: best.curveness };
  });
}
