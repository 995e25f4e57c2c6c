/**
 * First paint against a bare page (issue 25): `npx tsx bench/paint.ts [--runs 5]`.
 *
 * The console's pages and the bare reference app's users page (bench/bare-app/: the card's
 * stack, MantineProvider and Mantine's stylesheet, the same 10 users as a plain table) loaded in
 * the same Chromium in the same run, alternately, each load in a fresh context (cold cache),
 * with the CPU slowed down 4×, in two ways: from a page of another site, as a person comes to
 * the console from a link, a bookmark or the address bar (the goal's figures, decision 045), and
 * from a new tab's `about:blank` (a breakdown: that renderer is reused for the page unless a
 * header such as COOP asks for a fresh one). Prints each page's median first contentful paint
 * and largest contentful paint beside the bare app's medians from the same rounds, and the
 * goal: both within 300 ms of the bare app's. Needs a build (`node scripts/ensure-build.mjs`);
 * builds the bare app when missing. BENCH_JSON=file writes the figures; BENCH_PORT=n puts the console on
 * port n and the bare app on n + 1.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/helpers/chromium";
import { ensureBareAppBuild, startBareApp } from "./bare-app/start.js";
import { BENCH_ADMIN_PASSWORD, freePort, startBuiltServer } from "./built-server.js";
import { median, PAINT_PAGES, paintTimes, signIn, startPage } from "./paint-probe.js";
import { loadAverage, writeBenchJson } from "./store.js";

const runsAt = process.argv.indexOf("--runs");
const RUNS = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 5;
const GOAL_MS = 300;

const ms = (x: number) => `${x.toFixed(0)}`;

async function main() {
  ensureBareAppBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-paint-"));
  // BENCH_PORT=n: the console on n and the bare app on n + 1 (a port range of one's own).
  const base = Number(process.env.BENCH_PORT) || 0;
  const { child, origin } = await startBuiltServer(base || (await freePort()), dataDir);
  const barePort = base ? base + 1 : await freePort();
  const bare = await startBareApp(dataDir, barePort);
  const bareUrl = `http://127.0.0.1:${barePort}/users`;
  const browser = await chromium.launch(chromiumLaunchOptions);
  const start = await startPage();
  try {
    const signedIn = await browser.newContext({ locale: "zh-CN", baseURL: origin });
    await signIn(signedIn, BENCH_ADMIN_PASSWORD);
    const state = await signedIn.storageState();
    const load = async (url: string, withSession: boolean, from = start.url) => {
      const context = await browser.newContext({
        locale: "zh-CN",
        baseURL: origin,
        ...(withSession ? { storageState: state } : {}),
      });
      try {
        return await paintTimes(context, url, { marksHydration: url !== bareUrl, from });
      } finally {
        await context.close();
      }
    };
    // Warm both servers' caches once (a running server has served its pages before).
    for (const p of PAINT_PAGES) await load(p, p !== "/login");
    await load(bareUrl, false);

    const modes = [
      { name: "from a page of another site (the goal)", from: start.url, goal: true },
      { name: "from a new tab's about:blank (breakdown)", from: "", goal: false },
    ];
    const figures: Record<string, unknown>[] = [];
    const rows: Record<string, string[]> = {};
    for (const p of PAINT_PAGES) {
      const own = modes.map(() => ({ fcp: [] as number[], lcp: [] as number[] }));
      const ref = modes.map(() => ({ fcp: [] as number[], lcp: [] as number[] }));
      for (let i = 0; i < RUNS; i++)
        for (const [m, mode] of modes.entries()) {
          const b = await load(bareUrl, false, mode.from);
          ref[m].fcp.push(b.fcp);
          ref[m].lcp.push(b.lcp);
          const t = await load(p, p !== "/login", mode.from);
          own[m].fcp.push(t.fcp);
          own[m].lcp.push(t.lcp);
        }
      for (const [m, mode] of modes.entries()) {
        const row = {
          page: p,
          from: mode.from ? "another site" : "about:blank",
          fcp: median(own[m].fcp),
          bareFcp: median(ref[m].fcp),
          lcp: median(own[m].lcp),
          bareLcp: median(ref[m].lcp),
        };
        const dFcp = row.fcp - row.bareFcp;
        const dLcp = row.lcp - row.bareLcp;
        const met = dFcp <= GOAL_MS && dLcp <= GOAL_MS;
        figures.push({ ...row, ...(mode.goal ? { met } : {}) });
        const sign = (d: number) => `${d >= 0 ? "+" : ""}${ms(d)}`;
        (rows[mode.name] ??= []).push(
          `| \`${p}\` | ${ms(row.fcp)} | ${ms(row.bareFcp)} | ${sign(dFcp)} | ${ms(row.lcp)} | ${ms(row.bareLcp)} | ${sign(dLcp)} |${mode.goal ? ` ${met ? "✓" : "✗"} |` : ""}`,
        );
      }
    }
    console.log(
      `First paint at 4× CPU slowdown, median of ${RUNS} cold loads, against the bare app in the same rounds (Chromium ${browser.version()}, load ${loadAverage()})`,
    );
    for (const mode of modes) {
      console.log(`\nEach load ${mode.name}:\n`);
      console.log(
        `| page | FCP ms | bare app FCP | Δ | LCP ms | bare app LCP | Δ |${mode.goal ? " goal (both Δ ≤ 300 ms) |" : ""}`,
      );
      console.log(`|---|---:|---:|---:|---:|---:|---:|${mode.goal ? "---|" : ""}`);
      for (const line of rows[mode.name]) console.log(line);
    }
    console.log(`load average at the end: ${loadAverage()}`);
    writeBenchJson({ paint: figures, runs: RUNS, chromium: browser.version() });
  } finally {
    await browser.close();
    start.close();
    bare.kill();
    child.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
