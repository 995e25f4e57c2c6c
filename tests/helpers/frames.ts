import type { Locator, Page } from "@playwright/test";

/**
 * Frame times of a live graph chart while a person drags it (issue 23 item 5), shared by the
 * benchmark (bench/graph-frames.ts) and the e2e test (tests/e2e/kg-frames.spec.ts): the
 * deltas between requestAnimationFrame callbacks during a gesture, and the long tasks
 * (> 50 ms on the main thread) the browser reports meanwhile.
 */
export interface FrameStats {
  frames: number;
  p50: number;
  p95: number;
  max: number;
  /** Long tasks and their total time. */
  longTasks: number;
  longTaskMs: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;
const round = (n: number) => Math.round(n * 10) / 10;

/** The statistics of a list of frame deltas and long-task durations, in ms. */
export function frameStats(deltas: number[], longTasks: number[]): FrameStats {
  const sorted = [...deltas].sort((a, b) => a - b);
  return {
    frames: deltas.length,
    p50: round(quantile(sorted, 0.5)),
    p95: round(quantile(sorted, 0.95)),
    max: round(sorted.at(-1) ?? NaN),
    longTasks: longTasks.length,
    longTaskMs: round(longTasks.reduce((a, b) => a + b, 0)),
  };
}

// The recorder, as a string: a function handed to page.evaluate would carry the helpers a
// TypeScript loader (tsx) adds to it, which the page does not have.
const START = `(() => {
  const rec = { deltas: [], long: [], last: null, on: true };
  window.__frames = rec;
  const tick = (t) => {
    if (!rec.on) return;
    if (rec.last !== null) rec.deltas.push(t - rec.last);
    rec.last = t;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  try {
    rec.observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) rec.long.push(e.duration);
    });
    rec.observer.observe({ type: "longtask" });
  } catch {}
})()`;
const STOP = `(() => {
  const rec = window.__frames;
  rec.on = false;
  rec.observer && rec.observer.disconnect();
  return { deltas: rec.deltas, long: rec.long };
})()`;

/** Frame times while `gesture` runs. */
export async function measureFrames(page: Page, gesture: () => Promise<void>): Promise<FrameStats> {
  await page.evaluate(START);
  await gesture();
  const { deltas, long } = (await page.evaluate(STOP)) as { deltas: number[]; long: number[] };
  return frameStats(deltas, long);
}

/**
 * Where the biggest node of a graph chart's server picture is, in page pixels (the centre of
 * a relation graph): read from the SVG the server drew (its circles, in its viewBox) and
 * mapped onto the chart's box, as the live chart draws the same positions. Call it before
 * the chart goes live (the SVG is shown until then).
 */
export async function biggestNode(chart: Locator): Promise<{ x: number; y: number }> {
  const src = (await chart.locator("img.chart-svg").first().getAttribute("src")) ?? "";
  const svg = decodeURIComponent(src.slice(src.indexOf(",") + 1));
  const view = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
  if (!view) throw new Error("no viewBox in the chart's SVG");
  let best = { x: 0, y: 0, r: -1 };
  for (const m of svg.matchAll(/<circle cx="([\d.-]+)" cy="([\d.-]+)" r="([\d.]+)"/g)) {
    const r = Number(m[3]);
    if (r > best.r) best = { x: Number(m[1]), y: Number(m[2]), r };
  }
  if (best.r < 0) throw new Error("no node in the chart's SVG");
  const box = (await chart.boundingBox())!;
  const scale = Math.min(box.width / Number(view[1]), box.height / Number(view[2]));
  const dx = (box.width - Number(view[1]) * scale) / 2;
  const dy = (box.height - Number(view[2]) * scale) / 2;
  return { x: box.x + dx + best.x * scale, y: box.y + dy + best.y * scale };
}

/**
 * A drag as a hand makes it: press at `from`, move round a circle of `radius` px at about 60
 * pointer events a second for `ms`, release. On a node it drags the node; elsewhere it pans.
 */
export async function dragAround(
  page: Page,
  from: { x: number; y: number },
  ms: number,
  radius = 80,
): Promise<{ x: number; y: number }> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  const start = Date.now();
  let at = from;
  while (Date.now() - start < ms) {
    const a = ((Date.now() - start) / 1000) * 2 * Math.PI;
    at = { x: from.x + radius * Math.sin(a), y: from.y - radius + radius * Math.cos(a) };
    await page.mouse.move(at.x, at.y);
    await new Promise((r) => setTimeout(r, 16));
  }
  await page.mouse.up();
  return at;
}

/** Wheel zooms in and out over `at` for `ms`, about 20 a second. */
export async function wheelAround(page: Page, at: { x: number; y: number }, ms: number) {
  await page.mouse.move(at.x, at.y);
  const start = Date.now();
  for (let i = 0; Date.now() - start < ms; i++) {
    await page.mouse.wheel(0, i % 20 < 10 ? -120 : 120);
    await new Promise((r) => setTimeout(r, 50));
  }
}
