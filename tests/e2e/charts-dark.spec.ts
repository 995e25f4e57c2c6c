import type { Page } from "@playwright/test";
import { DEMO } from "../app/kg-fixtures";
import { CHART_BACKGROUNDS, blend, contrast, parseColor } from "../../app/charts/theme";
import { expect as baseExpect, chooseScheme, hasJs, loginByRequest, shot, test } from "./fixtures";
import { firstId } from "./pages";
import { goLive } from "./live-chart";

/**
 * Issue 12: charts and graphs in dark mode. axe's color-contrast does not look inside the
 * chart pictures (an SVG `<img>`, a canvas), so this reads the server's SVG of every chart
 * page as the document brings it and computes the contrast of each text itself: 4.5:1
 * against the background the chart is drawn on, or, for a label inside a box, on the box.
 */

/** The server may be drawing a big graph for another test: wait longer than the default. */
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const PUBLIC_CHARTS = () => [
  `/?id=${DEMO.military}`,
  `/hotevent?id=${DEMO.military}`,
  `/hotevent/${DEMO.event}?id=${DEMO.military}`,
  `/hotentity?id=${DEMO.military}`,
  `/relation/${DEMO.hub}?id=${DEMO.military}`,
  `/${DEMO.military}/entity/${DEMO.hub}`,
  `/${DEMO.military}/egraph`,
  `/eeg?id=${DEMO.military}`,
  `/${DEMO.military}/flowchart`,
];
const ADMIN_CHARTS = () => [
  "/log/index",
  "/count",
  `/count/entity?graph=${DEMO.military}`,
  `/count/keyword?graph=${DEMO.military}`,
  `/count/verb?graph=${DEMO.military}`,
  `/model/evaluation/${firstId("SELECT id FROM kg_model_evaluations ORDER BY id")}`,
];

/** The server's chart pictures in a document: the SVGs of its `<img class="chart-svg">`. */
function chartSvgs(html: string): string[] {
  const unescape = (s: string) =>
    s.replace(/&(amp|quot|#39|lt|gt);/g, (_, e: string) =>
      e === "amp" ? "&" : e === "quot" ? '"' : e === "#39" ? "'" : e === "lt" ? "<" : ">",
    );
  // Both pictures of a chart that has a narrow (phone) drawing besides its wide one.
  return [...html.matchAll(/<img[^>]*class="chart-svg(?: wide| narrow)?"[^>]*>/g)].map((m) => {
    const src = unescape(/src="([^"]*)"/.exec(m[0])![1]);
    return decodeURIComponent(src.slice(src.indexOf(",") + 1));
  });
}

type Box = { fill: string; x0: number; y0: number; x1: number; y1: number };

/** A transform as a 2×3 matrix (translate and matrix, the two echarts writes). */
function matrixOf(transform: string | undefined): number[] {
  const t = /translate\(([-\d.e]+)[ ,]+([-\d.e]+)\)/.exec(transform ?? "");
  if (t) return [1, 0, 0, 1, +t[1], +t[2]];
  const m = /matrix\(([^)]*)\)/.exec(transform ?? "");
  return m ? m[1].split(/[ ,]+/).map(Number) : [1, 0, 0, 1, 0, 0];
}

/** The extent of a shape's path (M, L, l, H, V and arcs' end points: what echarts writes for boxes). */
function boxOf(d: string, transform: string | undefined): Omit<Box, "fill"> | null {
  const [a, b, c, dd, e, f] = matrixOf(transform);
  let x = 0;
  let y = 0;
  const pts: [number, number][] = [];
  for (const [, cmd, args] of d.matchAll(/([MLmlAaHhVv])([^MLmlAaHhVvZz]*)/g)) {
    const n = args.trim().split(/[ ,]+/).filter(Boolean).map(Number);
    if (cmd === "M" || cmd === "L") [x, y] = [n[0], n[1]];
    else if (cmd === "m" || cmd === "l") [x, y] = [x + n[0], y + n[1]];
    else if (cmd === "A") [x, y] = [n[5], n[6]];
    else if (cmd === "a") [x, y] = [x + n[5], y + n[6]];
    else if (cmd === "H") x = n[0];
    else if (cmd === "h") x += n[0];
    else if (cmd === "V") y = n[0];
    else if (cmd === "v") y += n[0];
    pts.push([a * x + c * y + e, b * x + dd * y + f]);
  }
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  if (pts.length < 3 || Math.min(...xs) === Math.max(...xs) || Math.min(...ys) === Math.max(...ys))
    return null;
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

/** Each text of an SVG below 4.5:1 on what it is drawn on (a box under it, else the page). */
function unreadable(svg: string, backgrounds: string[]): string[] {
  const found: string[] = [];
  const boxes: Box[] = [];
  const groupFill: string[] = [];
  for (const m of svg.matchAll(/<(\/?)(g|path|text)\b([^>]*)>([^<]*)/g)) {
    const [, close, tag, raw, after] = m;
    const attr = (k: string) => new RegExp(`\\s${k}="([^"]*)"`).exec(raw)?.[1];
    if (tag === "g") {
      if (close) groupFill.pop();
      else if (!raw.endsWith("/")) groupFill.push(attr("fill") ?? groupFill.at(-1) ?? "");
      continue;
    }
    if (close) continue;
    const fill = attr("fill") ?? groupFill.at(-1);
    if (tag === "path") {
      // Washes (an area under a line, fill-opacity 0.12) are not what text sits on.
      const box =
        fill &&
        parseColor(fill) &&
        Number(attr("fill-opacity") ?? 1) >= 0.8 &&
        boxOf(attr("d") ?? "", attr("transform"));
      if (box && fill) boxes.push({ fill, ...box });
      continue;
    }
    if (!fill || !parseColor(fill) || !after.trim()) continue;
    const [, , , , x, y] = matrixOf(attr("transform"));
    const at = { x: x + Number(attr("x") ?? 0), y: y + Number(attr("y") ?? 0) };
    const under = [...boxes]
      .reverse()
      .find((b) => at.x > b.x0 && at.x < b.x1 && at.y > b.y0 && at.y < b.y1);
    const opacity = Number(attr("fill-opacity") ?? 1);
    const on = under ? [under.fill] : backgrounds;
    const worst = Math.min(...on.map((bg) => contrast(blend(fill, bg, opacity), bg)));
    if (worst < 4.5)
      found.push(`"${after.trim()}" ${fill} on ${on.join("/")}: ${worst.toFixed(2)}`);
  }
  return found;
}

/** The ranking rows' sparklines (inline SVG) whose line is below 3:1 on the dark backgrounds. */
function faintSparklines(html: string): string[] {
  return [...html.matchAll(/<svg class="sparkline"[\s\S]*?<polyline[^>]*stroke="([^"]+)"/g)]
    .map((m) => m[1])
    .filter((c) => Math.min(...CHART_BACKGROUNDS.dark.map((bg) => contrast(c, bg))) < 3)
    .map((c) => `sparkline ${c}`);
}

/** Every chart page in dark: each server picture's text passes; with JavaScript the live chart is drawn dark. */
async function checkPages(page: Page, paths: string[], js: boolean) {
  const found: string[] = [];
  let pictures = 0;
  for (const path of paths) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBeLessThan(400);
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
    const html = await res!.text();
    const svgs = chartSvgs(html);
    for (const f of faintSparklines(html)) found.push(`${path} ${f}`);
    expect(svgs.length, `${path} has charts`).toBeGreaterThan(0);
    pictures += svgs.length;
    for (const svg of svgs)
      for (const f of unreadable(svg, CHART_BACKGROUNDS.dark)) found.push(`${path} ${f}`);
    // The chart sits on one of the dark backgrounds the colours were chosen for.
    const behind = await page
      .locator(".chart")
      .first()
      .evaluate((el) => {
        for (let e: Element | null = el; e; e = e.parentElement) {
          const bg = getComputedStyle(e).backgroundColor;
          if (bg && bg !== "rgba(0, 0, 0, 0)" && bg !== "transparent") return bg;
        }
        return "";
      });
    const rgb = behind.match(/\d+/g)!.slice(0, 3).map(Number);
    const hex = "#" + rgb.map((v) => v.toString(16).padStart(2, "0")).join("");
    expect(CHART_BACKGROUNDS.dark, `${path}: chart on ${hex}`).toContain(hex);
    if (js) {
      const charts = page.locator(".chart");
      for (let i = 0; i < (await charts.count()); i++)
        await expect(charts.nth(i)).toHaveAttribute("data-scheme", "dark");
    }
  }
  expect(found).toEqual([]);
  return pictures;
}

test.describe("charts in dark mode", () => {
  test("graph chart pages draw readable charts in dark", async ({ adminPage: page }, testInfo) => {
    await chooseScheme(page, "深色");
    expect(await checkPages(page, PUBLIC_CHARTS(), hasJs(testInfo))).toBeGreaterThan(8);
  });

  test("admin chart pages draw readable charts in dark", async ({ adminPage: page }, testInfo) => {
    await chooseScheme(page, "深色");
    expect(await checkPages(page, ADMIN_CHARTS(), hasJs(testInfo))).toBeGreaterThan(5);
  });

  test('with "auto" and a dark system, the live chart is drawn dark @js-only', async ({
    browser,
    baseURL,
    admin,
  }) => {
    // "auto" follows the system: the server draws what the client hint says (or light without
    // it); Mantine's script sets the system's scheme, and the live chart draws in it.
    const context = await browser.newContext({ baseURL, locale: "zh-CN", colorScheme: "dark" });
    const page = await context.newPage();
    await loginByRequest(page, admin);
    await page.goto(`/?id=${DEMO.military}`);
    await page.waitForSelector("html[data-hydrated]", { state: "attached" });
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
    const chart = page.locator(".chart").first();
    await goLive(chart);
    await expect(chart).toHaveAttribute("data-scheme", "dark");
    await context.close();
  });

  test("screens: charts light and dark, desktop and phone", async ({
    adminPage: page,
  }, testInfo) => {
    const pages: [string, string][] = [
      ["home", `/?id=${DEMO.military}`],
      ["relation", `/relation/${DEMO.hub}?id=${DEMO.military}`],
      ["flowchart", `/${DEMO.military}/flowchart`],
      ["hotevent", `/hotevent?id=${DEMO.military}`],
    ];
    for (const scheme of ["浅色", "深色"] as const) {
      await chooseScheme(page, scheme);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        for (const [name, path] of pages) {
          await page.goto(path);
          if (hasJs(testInfo)) await goLive(page.locator(".chart").first());
          await shot(
            page,
            testInfo,
            `charts-${scheme === "深色" ? "dark" : "light"}-${width}-${name}`,
          );
        }
      }
    }
  });
});
