/**
 * The main thread's work before the largest paint, two builds (decision 039):
 * `npx tsx bench/paint-work.ts BEFORE_DIR [--runs 5] [page…]`.
 *
 * On a shared machine the paint's wall-clock times move by hundreds of ms between loads; the
 * renderer's CPU time does much less. Each load is traced (4× CPU, cold context, both builds
 * alternately, served as bench/paint-pair.ts serves them) and the medians printed: the main
 * thread's CPU time from navigation start to the largest contentful paint (trace events' thread
 * time, top-level tasks), how many layouts and paints it did by then, and FCP/LCP as the trace
 * has them. BENCH_PORT=n: after on n, before on n + 1.
 */
import { chromium, type Browser } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/helpers/chromium";
import { pairArgs, sessionOf, startBuilds } from "./paint-builds.js";
import { median } from "./paint-probe.js";
import { loadAverage } from "./store.js";

const { beforeDir, runs: RUNS, pages: PAGES } = pairArgs(5);
const base = Number(process.env.BENCH_PORT) || 3460;

interface Ev {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string };
  };
}

/** One traced load: main-thread CPU ms to LCP, layouts and paints by then, FCP and LCP. */
async function traced(browser: Browser, origin: string, state: object | null, url: string) {
  const context = await browser.newContext({
    locale: "zh-CN",
    baseURL: origin,
    ...(state ? { storageState: state as never } : {}),
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await browser.startTracing(page, {
    categories: ["toplevel", "devtools.timeline", "blink.user_timing", "loading"],
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await page.waitForTimeout(300);
  const events: Ev[] = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  await context.close();
  const nav = events.find(
    (e) =>
      e.name === "navigationStart" &&
      e.args?.data?.isLoadingMainFrame &&
      e.args.data.documentLoaderURL?.startsWith("http"),
  )!;
  const main = events.find(
    (e) => e.name === "thread_name" && e.args?.name === "CrRendererMain" && e.pid === nav.pid,
  )!;
  const lcp = events
    .filter((e) => e.name === "largestContentfulPaint::Candidate" && e.pid === nav.pid)
    .at(-1);
  const fcp = events.find((e) => e.name === "firstContentfulPaint" && e.pid === nav.pid);
  const end = lcp?.ts ?? nav.ts;
  const onMain = events.filter(
    (e) =>
      e.ph === "X" && e.pid === main.pid && e.tid === main.tid && e.ts >= nav.ts && e.ts <= end,
  );
  const cpu = onMain
    .filter((e) => e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask")
    .reduce((s, e) => s + (e.tdur ?? 0), 0);
  return {
    cpu: cpu / 1000,
    layouts: onMain.filter((e) => e.name === "Layout").length,
    paints: onMain.filter((e) => e.name === "PrePaint").length,
    fcp: fcp ? (fcp.ts - nav.ts) / 1000 : NaN,
    lcp: lcp ? (lcp.ts - nav.ts) / 1000 : NaN,
  };
}

async function main() {
  const builds = await startBuilds(beforeDir, base, "bench-work-");
  const { after, before } = builds;
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const origins = { after: after.origin, before: before.origin };
    const states = {
      after: await sessionOf(browser, after.origin),
      before: await sessionOf(browser, before.origin),
    };
    console.log(
      `Main thread to the largest paint, 4× CPU, median of ${RUNS} traced cold loads per build (load ${loadAverage()})`,
    );
    console.log(
      "| page | build | main-thread CPU to LCP ms | layouts | paints | FCP ms | LCP ms |",
    );
    console.log("|---|---|---:|---:|---:|---:|---:|");
    for (const p of PAGES) {
      const rows = {
        before: [] as Awaited<ReturnType<typeof traced>>[],
        after: [] as Awaited<ReturnType<typeof traced>>[],
      };
      for (const k of ["after", "before"] as const)
        await traced(browser, origins[k], p === "/login" ? null : states[k], p);
      for (let i = 0; i < RUNS; i++)
        for (const k of i % 2 ? (["before", "after"] as const) : (["after", "before"] as const))
          rows[k].push(await traced(browser, origins[k], p === "/login" ? null : states[k], p));
      for (const k of ["before", "after"] as const) {
        const m = (f: (r: (typeof rows.after)[number]) => number) =>
          median(rows[k].map(f)).toFixed(0);
        console.log(
          `| \`${p}\` | ${k} | ${m((r) => r.cpu)} | ${m((r) => r.layouts)} | ${m((r) => r.paints)} | ${m((r) => r.fcp)} | ${m((r) => r.lcp)} |`,
        );
      }
    }
    console.log(`load average at the end: ${loadAverage()}`);
  } finally {
    await browser.close();
    builds.stop();
  }
}

await main();
