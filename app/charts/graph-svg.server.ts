import type { PlainGraphSeries } from "./graph-options";
import { INK, type ChartOption, type ColorScheme } from "./theme";

/**
 * The server picture of a big node-link graph, written directly: echarts' SVG renderer
 * takes seconds of a busy server for 2,000 nodes and links (a blocked event loop for every
 * other request), this takes milliseconds. It reads the same option the browser draws
 * (positions, box, colours, sizes, labels) and maps positions the way echarts' graph view
 * does (the nodes' extent onto the series box), so the static and live pictures agree.
 * Every text is escaped here.
 */

interface GraphSeries extends PlainGraphSeries {
  /** The extent the positions map from, when only some of the nodes are drawn (capDrawing). */
  extent?: { minX: number; minY: number; spanX: number; spanY: number };
}

const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

const percent = (value: string, of: number) => (parseFloat(value) / 100) * of;
const num = (n: number) => Math.round(n * 10) / 10;

function extentOf(data: { x: number; y: number }[]) {
  const xs = data.map((d) => d.x);
  const ys = data.map((d) => d.y);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  return { minX, minY, spanX: Math.max(...xs) - minX || 1, spanY: Math.max(...ys) - minY || 1 };
}

/**
 * A graph option drawing only the nodes `keep` (and the links between them) where the whole
 * graph puts them: the server's picture of a capped big graph (relation-graph.server.ts),
 * whose nodes stay where the live chart, drawing them all, shows them.
 */
export function capDrawing(option: ChartOption, keep: Set<string>): ChartOption {
  const s = (option.series as GraphSeries[])[0];
  return {
    ...option,
    series: [
      {
        ...s,
        extent: extentOf(s.data),
        data: s.data.filter((d) => keep.has(d.id)),
        links: s.links.filter((l) => keep.has(l.source) && keep.has(l.target)),
      },
    ],
  };
}

export function renderGraphSvg(
  option: ChartOption,
  width: number,
  height: number,
  scheme: ColorScheme = "light",
): string {
  const ink = INK[scheme];
  const s = (option.series as GraphSeries[])[0];
  const ids = new Map<string, number>();
  s.data.forEach((d, i) => ids.set(d.id, i));
  const { minX, minY, spanX, spanY } = s.extent ?? extentOf(s.data);
  const box = {
    x: percent(s.left, width),
    y: percent(s.top, height),
    w: percent(s.width, width),
    h: percent(s.height, height),
  };
  const px = s.data.map((d) => ({
    x: num(box.x + ((d.x - minX) / spanX) * box.w),
    y: num(box.y + ((d.y - minY) / spanY) * box.h),
  }));
  const colorOf = (i: number) =>
    s.data[i].itemStyle?.color ?? s.categories[s.data[i].category]?.itemStyle.color ?? "#6085f2";

  const out: string[] = [
    `<svg width="100%" height="100%" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" font-family="sans-serif">`,
    `<g stroke="${escapeXml(s.lineStyle.color)}" stroke-opacity="${s.lineStyle.opacity}" stroke-width="${s.lineStyle.width}">`,
  ];
  for (const l of s.links) {
    const a = ids.get(l.source);
    const b = ids.get(l.target);
    if (a === undefined || b === undefined) continue;
    out.push(`<line x1="${px[a].x}" y1="${px[a].y}" x2="${px[b].x}" y2="${px[b].y}"/>`);
  }
  out.push("</g><g>");
  s.data.forEach((d, i) => {
    const size = Array.isArray(d.symbolSize) ? d.symbolSize[0] : d.symbolSize;
    out.push(
      `<circle cx="${px[i].x}" cy="${px[i].y}" r="${num(size / 2)}" fill="${escapeXml(colorOf(i))}"/>`,
    );
  });
  out.push(
    `</g><g font-size="13" fill="${ink.text}" font-weight="bold" dominant-baseline="central">`,
  );
  s.data.forEach((d, i) => {
    if (!d.label?.show) return;
    const size = Array.isArray(d.symbolSize) ? d.symbolSize[0] : d.symbolSize;
    out.push(
      `<text x="${num(px[i].x + size / 2 + 5)}" y="${px[i].y}" stroke="${ink.surface}" stroke-width="3" paint-order="stroke">${escapeXml(
        d.name,
      )}</text>`,
    );
  });
  out.push(`</g><g font-size="12" fill="${ink.text}" dominant-baseline="central">`);
  // The legend, in a row at the top left, as echarts lays it out.
  let x = 12;
  for (const c of s.categories) {
    out.push(
      `<rect x="${x}" y="9" width="25" height="14" rx="3" fill="${escapeXml(c.itemStyle.color)}"/>`,
    );
    out.push(`<text x="${x + 30}" y="16">${escapeXml(c.name)}</text>`);
    x += 30 + [...c.name].reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2e80 ? 12 : 7), 0) + 14;
  }
  out.push("</g></svg>");
  return out.join("");
}
