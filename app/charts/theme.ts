/**
 * What every chart shares. Options are pure data (no functions), so the same object is
 * rendered to SVG on the server and handed to the browser in loader data, where echarts
 * takes over the same container. Text from the store goes in as plain strings: echarts
 * escapes it in SVG output and in its default tooltips.
 */

import type { ColorScheme } from "~/utils/color-scheme";

export type { ColorScheme };
export type ChartOption = Record<string, unknown>;

/** What a loader returns for one chart: the option, and its server-rendered SVG (null on client navigations). */
export interface ChartSpec {
  option: ChartOption;
  svg: string | null;
  /** The colour scheme `svg` is drawn in (light when not said). */
  scheme?: ColorScheme;
  width: number;
  height: number;
  /**
   * The same data drawn for a narrow box (a phone): shown instead when the chart's figure is
   * under NARROW_CHART px wide (a container query without JavaScript, the live chart's width with it).
   */
  narrow?: ChartSpec;
}

/** Below this width a chart with a `narrow` drawing shows that one (app/styles/charts.css too). */
export const NARROW_CHART = 480;

export const PALETTE = [
  "#6085f2",
  "#f08c00",
  "#37b24d",
  "#e8590c",
  "#7048e8",
  "#1098ad",
  "#d6336c",
  "#74b816",
  "#ae3ec9",
  "#f59f00",
  "#4263eb",
  "#0ca678",
];

/**
 * The page's fonts. Names in single quotes: echarts writes the list into a double-quoted
 * style attribute of the server's SVG, where a double quote would end the attribute.
 */
const FONT =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Zen Hei', sans-serif";

/** Every option starts here: no animation (the server's picture is the first frame), one font, one palette. */
export const chartBase = { animation: false, textStyle: { fontFamily: FONT }, color: PALETTE };

/**
 * The neutral colours of a chart by role, for each colour scheme. Options are built with the
 * light ones (`INK.light`); `themeChart` swaps each for its dark twin. Text roles pass 4.5:1
 * and the lines that carry meaning (graph links, box outlines) 3:1 on every background of
 * their scheme (CHART_BACKGROUNDS); the grid and the axis line are quieter guides.
 * Light values are unique, so a colour's role is known from its value.
 */
export const INK = {
  light: {
    /** Node and category labels, the legend. */
    text: "#333333",
    /** Axis labels, bar values. */
    axisLabel: "#555b63",
    /** Axis names. */
    axisName: "#5f6770",
    axisLine: "#c6ccd8",
    grid: "#eef0f4",
    /** Graph links and their arrows. */
    edge: "#66738a",
    edgeLabel: "#3f4a5c",
    boxEdge: "#6f7d93",
    /** Behind text drawn over lines (edge labels) and between touching boxes. */
    surface: "#ffffff",
    /** The outline of the box in focus. */
    focus: "#1f2d3d",
  },
  dark: {
    text: "#e3e8ef",
    axisLabel: "#c3cad4",
    axisName: "#a3adb9",
    axisLine: "#566376",
    grid: "#2c3643",
    edge: "#8593a8",
    edgeLabel: "#b4bfcc",
    boxEdge: "#8d9ab0",
    surface: "#18202a",
    focus: "#f1f3f5",
  },
} as const satisfies Record<ColorScheme, Record<string, string>>;

export type ChartInk = (typeof INK)[ColorScheme];

/**
 * What a chart is drawn on in each scheme (decision 011): the page, cards and panels
 * (app/styles/app.css `--kg-page`, `--kg-surface`, `--kg-surface-2`; Mantine's dark body).
 * The server's SVG has no background of its own.
 */
export const CHART_BACKGROUNDS: Record<ColorScheme, string[]> = {
  light: ["#ffffff", "#f5f7fb", "#f8f9fb"],
  dark: ["#10161d", "#18202a", "#1e2733", "#242424"],
};

/** Minimum contrast (WCAG 2.1: 1.4.3 text, 1.4.11 graphical objects). */
export const TEXT_CONTRAST = 4.5;
export const GRAPHIC_CONTRAST = 3;

type Rgb = [number, number, number];

export function parseColor(color: string): Rgb | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m) return null;
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join("") : m[1];
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) =>
  "#" +
  rgb
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("");

/** WCAG relative luminance of an sRGB colour. */
export function luminance(color: string): number {
  const rgb = parseColor(color);
  if (!rgb) return 0;
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

/** `color` drawn at `opacity` over `background`. */
export function blend(color: string, background: string, opacity: number): string {
  const c = parseColor(color);
  const b = parseColor(background);
  if (!c || !b) return color;
  return toHex(c.map((v, i) => v * opacity + b[i] * (1 - opacity)) as Rgb);
}

/** The lowest contrast of a colour against the backgrounds of a scheme. */
export const worstContrast = (color: string, scheme: ColorScheme) =>
  Math.min(...CHART_BACKGROUNDS[scheme].map((bg) => contrast(color, bg)));

/**
 * A palette or data colour as drawn in a scheme: kept when it stands out 3:1 from every
 * background of the scheme, else mixed towards white (dark) or black (light) in small steps
 * until it does, so a type keeps its hue in both schemes.
 */
export function fillFor(color: string, scheme: ColorScheme): string {
  const key = `${scheme} ${color}`;
  let fill = fills.get(key);
  if (fill === undefined) {
    // A chart's colours are few (palette, types); forget them all if data brings many.
    if (fills.size >= 2000) fills.clear();
    fills.set(key, (fill = blendUntilVisible(color, scheme)));
  }
  return fill;
}
const fills = new Map<string, string>();

function blendUntilVisible(color: string, scheme: ColorScheme): string {
  if (!parseColor(color)) return color;
  const toward = scheme === "dark" ? "#ffffff" : "#000000";
  for (let t = 0; t <= 1; t += 0.04) {
    const c = blend(toward, color, t);
    if (worstContrast(c, scheme) >= GRAPHIC_CONTRAST) return c;
  }
  return toward;
}

/**
 * Text drawn on a fill (the labels inside boxes): white when it passes 4.5:1 on the fill (the
 * boxes' usual look), else black. One of them always passes (the worst case, a fill of
 * luminance 0.18, gives black 4.58:1).
 */
export function textOn(fill: string): string {
  return contrast("#ffffff", fill) >= TEXT_CONTRAST ? "#ffffff" : "#000000";
}

/** A stable colour per name, so a type keeps its colour across pages. */
export function colorFor(name: string | null | undefined, given?: string | null): string {
  if (given) return given;
  if (!name) return "#868e96";
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.codePointAt(0)!) >>> 0;
  return PALETTE[h % PALETTE.length];
}

/** The value axis' grid lines. */
export const splitLine = { lineStyle: { color: INK.light.grid } };

const NEUTRALS: Record<ColorScheme, Map<string, string>> = {
  light: new Map(Object.values(INK.light).map((c) => [c, c])),
  dark: new Map(
    (Object.keys(INK.light) as (keyof ChartInk)[]).map((k) => [INK.light[k], INK.dark[k]]),
  ),
};

type Node = Record<string, unknown>;
const isObject = (v: unknown): v is Node =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The option as drawn in a scheme, by the server's SVG and the browser's echarts alike: the
 * neutral colours by role (INK), every other colour (palette, types, data) through fillFor,
 * labels inside a box in textOn of the box's colour, and the chrome echarts draws by itself
 * (legend, tooltip) in the scheme's ink. Options stay scheme-free data; the light scheme
 * applies the same contrast rules.
 */
export function themeChart(option: ChartOption, scheme: ColorScheme): ChartOption {
  const ink = INK[scheme];
  const neutrals = NEUTRALS[scheme];
  // Only strings under a colour key (color, borderColor, backgroundColor...) are colours:
  // a node named "#fff" stays a name. A fill (`itemStyle.color`, the palette) is always data,
  // even when it happens to equal a neutral (a type coloured white is not the card's white).
  type Kind = "none" | "color" | "fill";
  const walk = (v: unknown, kind: Kind, fills = false): unknown => {
    if (typeof v === "string") {
      if (kind === "none" || !parseColor(v)) return v;
      return (kind === "color" && neutrals.get(v.toLowerCase())) || fillFor(v, scheme);
    }
    if (Array.isArray(v)) return v.map((x) => walk(x, kind, fills));
    if (!isObject(v)) return v;
    const out: Node = {};
    for (const [k, x] of Object.entries(v)) {
      const colorKey = /color$/i.test(k);
      out[k] = walk(
        x,
        !colorKey ? "none" : k === "color" && fills ? "fill" : "color",
        k === "itemStyle",
      );
    }
    return out;
  };
  const themed = walk(option, "none", true) as Node;
  // What echarts draws in its own greys unless told: axis labels and names, axis lines, grid.
  for (const key of ["xAxis", "yAxis"]) {
    const axes = themed[key];
    if (!axes) continue;
    const withInk = (a: Node): Node => ({
      ...a,
      axisLabel: { color: ink.axisLabel, ...(a.axisLabel as Node | undefined) },
      nameTextStyle: { color: ink.axisName, ...(a.nameTextStyle as Node | undefined) },
      axisLine: {
        ...(a.axisLine as Node | undefined),
        lineStyle: {
          color: ink.axisLine,
          ...((a.axisLine as Node | undefined)?.lineStyle as Node),
        },
      },
      splitLine: {
        ...(a.splitLine as Node | undefined),
        lineStyle: { color: ink.grid, ...((a.splitLine as Node | undefined)?.lineStyle as Node) },
      },
    });
    themed[key] = Array.isArray(axes) ? (axes as Node[]).map(withInk) : withInk(axes as Node);
  }
  const legend = themed.legend as Node | undefined;
  if (legend) {
    themed.legend = {
      ...legend,
      textStyle: { ...(legend.textStyle as Node), color: ink.text },
      inactiveColor: ink.axisLine,
      pageIconColor: ink.axisLabel,
      pageIconInactiveColor: ink.axisLine,
      pageTextStyle: { color: ink.axisLabel },
    };
  }
  if (themed.tooltip) {
    themed.tooltip = {
      ...(themed.tooltip as Node),
      backgroundColor: ink.surface,
      borderColor: ink.axisLine,
      textStyle: { color: ink.text },
    };
  }
  for (const s of (themed.series as Node[] | undefined) ?? []) {
    if (s.type !== "graph") continue;
    const categories = (s.categories as { itemStyle: { color: string } }[] | undefined) ?? [];
    const seriesLabel = s.label as Node | undefined;
    s.data = (s.data as Node[]).map((d) => {
      const label = { ...seriesLabel, ...(d.label as Node | undefined) };
      if (label.position !== "inside") return d;
      const fill =
        ((d.itemStyle as Node | undefined)?.color as string | undefined) ??
        categories[d.category as number]?.itemStyle.color ??
        PALETTE[0];
      return { ...d, label: { ...(d.label as Node | undefined), color: textOn(fill) } };
    });
  }
  return themed;
}
