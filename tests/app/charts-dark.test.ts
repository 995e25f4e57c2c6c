import { describe, expect, it } from "vitest";
import { boxGraphOption, graphOption, type GraphData } from "~/charts/graph-options";
import { renderChartSvg } from "~/charts/render.server";
import { barOption, trendOption } from "~/charts/series-options";
import {
  blend,
  CHART_BACKGROUNDS,
  contrast,
  GRAPHIC_CONTRAST,
  INK,
  PALETTE,
  parseColor,
  TEXT_CONTRAST,
  themeChart,
  type ChartOption,
  type ColorScheme,
} from "~/charts/theme";
import { classMetricsOption, columnsOption } from "~/insight/chart-options";

/**
 * Charts in both colour schemes (issue 12, decision 011): every text of the server's SVG
 * passes 4.5:1 and every mark 3:1 against each background the scheme draws charts on, with
 * the contrast computed from the SVG's own colours; labels inside boxes pass on their box.
 */

/** Colours a user of the console meets: the palette, the ontology's type colours, flow steps. */
const DATA_COLORS = [
  ...PALETTE,
  "#91cc75",
  "#fac858",
  "#73c0de",
  "#ee6666",
  "#5470c6",
  "#9a60b4",
  "#c23531",
  "#8c6d31",
  "#b6a2de",
  "#2f9e44",
  "#c92a2a",
  "#f08c00",
  "#4b70e0",
  "#868e96",
  "#000000",
  "#ffffff",
];

interface Drawn {
  tag: string;
  /** Not painted: a clip path's shape, a line's fill, a stroke of width 0. */
  noFill: boolean;
  noStroke: boolean;
  fill?: string;
  stroke?: string;
  opacity: { fill: number; stroke: number };
  text?: string;
}

/** The SVG's elements with their colours, inherited from their groups as SVG does. */
function drawnElements(svg: string): Drawn[] {
  const out: Drawn[] = [];
  const stack: Record<string, string>[] = [{}];
  let hidden = 0;
  const re = /<(\/?)([a-z]+)([^>]*?)(\/?)>([^<]*)/gi;
  for (const m of svg.matchAll(re)) {
    const [, close, tag, rawAttrs, selfClose, after] = m;
    if (close) {
      stack.pop();
      if (/^(clipPath|defs)$/.test(tag)) hidden--;
      continue;
    }
    if (/^(clipPath|defs)$/.test(tag) && !selfClose) hidden++;
    const attrs: Record<string, string> = { ...stack[stack.length - 1] };
    for (const a of rawAttrs.matchAll(/([a-z-]+)="([^"]*)"/gi)) attrs[a[1]] = a[2];
    // Only these are inherited; a shape's own opacity is not.
    const inherited = Object.fromEntries(
      Object.entries(attrs).filter(([k]) =>
        ["fill", "stroke", "fill-opacity", "stroke-opacity"].includes(k),
      ),
    );
    const op = (k: string) => parseFloat(attrs[k] ?? "1") * parseFloat(attrs.opacity ?? "1");
    out.push({
      tag,
      noFill: hidden > 0 || (tag === "path" && /^M[^A-Za-z]+L[^A-Za-z]+$/.test(attrs.d ?? "")),
      noStroke: hidden > 0 || attrs["stroke-width"] === "0",
      fill: attrs.fill,
      stroke: attrs.stroke,
      opacity: { fill: op("fill-opacity"), stroke: op("stroke-opacity") },
      text: tag === "text" ? after : undefined,
    });
    if (!selfClose && tag !== "svg") stack.push(inherited);
    else if (tag === "svg") stack.push({});
  }
  return out;
}

/** The lowest contrast of a colour drawn at an opacity, over every background of the scheme. */
const worst = (color: string, opacity: number, scheme: ColorScheme) =>
  Math.min(...CHART_BACKGROUNDS[scheme].map((bg) => contrast(blend(color, bg, opacity), bg)));

/** Guides that carry no meaning of their own: the grid, the axis line, the card's own colour. */
const quiet = (scheme: ColorScheme): string[] => [
  INK[scheme].grid,
  INK[scheme].axisLine,
  INK[scheme].surface,
];

function expectReadable(svg: string, scheme: ColorScheme, boxLabels: string[] = []) {
  const failures: string[] = [];
  for (const el of drawnElements(svg)) {
    if (el.tag === "text") {
      const text = el.text ?? "";
      if (!el.fill || !parseColor(el.fill) || !text.trim()) continue;
      // Labels inside boxes are drawn on the box, checked against it below.
      if (boxLabels.some((l) => l.startsWith(text.replace(/\.\.\.$/, "")))) continue;
      const c = worst(el.fill, el.opacity.fill, scheme);
      if (c < TEXT_CONTRAST) failures.push(`text "${text}" ${el.fill}: ${c.toFixed(2)}`);
      continue;
    }
    for (const [color, opacity] of [
      [el.noFill ? undefined : el.fill, el.opacity.fill],
      [el.noStroke ? undefined : el.stroke, el.opacity.stroke],
    ] as const) {
      // Washes (an area under a line) are decoration; the line above carries the values.
      if (!color || !parseColor(color) || opacity < 0.5) continue;
      if (quiet(scheme).includes(color.toLowerCase())) continue;
      const c = worst(color, opacity, scheme);
      if (c < GRAPHIC_CONTRAST) failures.push(`${el.tag} ${color}@${opacity}: ${c.toFixed(2)}`);
    }
  }
  expect([...new Set(failures)].join("\n")).toBe("");
}

/** Every label drawn inside a box passes on that box. */
function expectBoxLabelsReadable(option: ChartOption, scheme: ColorScheme) {
  const themed = themeChart(option, scheme);
  const series = (themed.series as Record<string, unknown>[])[0];
  const categories = series.categories as { itemStyle: { color: string } }[];
  const seriesLabel = series.label as { position?: string; color?: string } | undefined;
  let checked = 0;
  for (const d of series.data as {
    name: string;
    category: number;
    itemStyle?: { color?: string };
    label?: { position?: string; color?: string };
  }[]) {
    const label = { ...seriesLabel, ...d.label };
    if (label.position !== "inside") continue;
    const fill = d.itemStyle?.color ?? categories[d.category].itemStyle.color;
    expect(contrast(label.color!, fill), `${d.name} on ${fill}`).toBeGreaterThanOrEqual(
      TEXT_CONTRAST,
    );
    // And the box stands out from the page.
    expect(worst(fill, 1, scheme), `${d.name} box ${fill}`).toBeGreaterThanOrEqual(
      GRAPHIC_CONTRAST,
    );
    checked++;
  }
  return checked;
}

const periods = Array.from({ length: 14 }, (_, i) => `2024-12-${String(i + 1).padStart(2, "0")}`);
const lines = DATA_COLORS.slice(0, 6).map((color, i) => ({
  name: `线${i}`,
  values: periods.map((_, d) => (d * (i + 1)) % 7),
  color: i % 2 ? color : undefined,
}));
const bars = DATA_COLORS.map((color, i) => ({ name: `类型${i}`, value: 30 - i, color }));

function relationGraph(n: number): GraphData {
  const categories = DATA_COLORS.map((color, i) => ({ name: `类${i}`, color }));
  return {
    categories,
    nodes: Array.from({ length: n }, (_, i) => ({
      id: `n${i}`,
      name: `实体${i}`,
      category: categories[i % categories.length].name,
      x: Math.cos(i) * 100 + i,
      y: Math.sin(i) * 100,
      important: i === 0,
    })),
    links: Array.from({ length: n - 1 }, (_, i) => ({
      id: `l${i}`,
      source: `n${i}`,
      target: `n${i + 1}`,
      label: "关系",
    })),
  };
}

const flow = boxGraphOption(
  {
    categories: DATA_COLORS.map((color, i) => ({ name: `步骤${i}`, color })),
    nodes: DATA_COLORS.map((color, i) => ({
      id: `s${i}`,
      name: `步骤名${i}`,
      x: 80 + (i % 4) * 200,
      y: 40 + Math.floor(i / 4) * 90,
      width: 140,
      height: 44,
      shape: (["rect", "roundRect", "diamond"] as const)[i % 3],
      color,
      category: `步骤${i}`,
      focus: i === 0,
    })),
    links: DATA_COLORS.slice(1).map((_, i) => ({
      id: `t${i}`,
      source: `s${i}`,
      target: `s${i + 1}`,
      label: "是",
      strength: 1,
    })),
  },
  { width: 800, height: 600 },
  { legend: true, labelsInGap: true },
);

const CHARTS: [string, ChartOption, number, number, string[]][] = [
  ["trend", trendOption(periods, lines, { yName: "次数", area: true }), 900, 300, []],
  ["percent trend", trendOption(periods, lines.slice(0, 2), { percent: true }), 900, 300, []],
  ["bars", barOption(bars, { valueName: "次数" }), 600, 500, []],
  ["columns", columnsOption(bars), 900, 300, []],
  [
    "class metrics",
    classMetricsOption(
      [{ label: "人物", tp: 8, fp: 1, fn: 2, precision: 0.9, recall: 0.8, f1: 0.85, support: 10 }],
      { precision: "P", recall: "R", f1: "F1" },
    ),
    600,
    300,
    [],
  ],
  ["graph", graphOption(relationGraph(24), { width: 1200, height: 640 }), 1200, 640, []],
  ["big graph", graphOption(relationGraph(400), { width: 1200, height: 640 }), 1200, 640, []],
  ["flow", flow.option, flow.width, flow.height, DATA_COLORS.map((_, i) => `步骤名${i}`)],
];

describe("charts in both colour schemes", () => {
  for (const scheme of ["dark", "light"] as const) {
    for (const [name, option, width, height, boxLabels] of CHARTS) {
      it(`${scheme}: the ${name}'s text and marks stand out from the page`, () => {
        const svg = renderChartSvg(option, width, height, { scheme });
        expect(svg).toMatch(/<text/);
        expectReadable(svg, scheme, boxLabels);
      });
    }
    it(`${scheme}: labels inside boxes pass on their box`, () => {
      expect(expectBoxLabelsReadable(flow.option, scheme)).toBe(DATA_COLORS.length);
    });
  }

  it("draws dark and light differently from one option, which stays as built", () => {
    const option = barOption(bars);
    const copy = JSON.stringify(option);
    const dark = renderChartSvg(option, 600, 500, { scheme: "dark" });
    const light = renderChartSvg(option, 600, 500, { scheme: "light" });
    expect(JSON.stringify(option)).toBe(copy);
    expect(dark).not.toBe(light);
    expect(dark).toContain(`fill="${INK.dark.text}"`);
    expect(light).not.toContain(`fill="${INK.dark.text}"`);
  });

  it("themes colours only: a name that looks like a colour stays a name", () => {
    const themed = themeChart(barOption([{ name: "#ffffff", value: 1 }]), "dark");
    expect((themed.yAxis as { data: string[] }).data).toEqual(["#ffffff"]);
  });
});
