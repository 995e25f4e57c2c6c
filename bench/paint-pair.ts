/**
 * First paint of two builds of the console in the same rounds (issue 25, decision 039):
 * `npx tsx bench/paint-pair.ts BEFORE_DIR [--runs 7] [--latency ms] [page…]`.
 *
 * BEFORE_DIR holds another build of the console (a copy of `build/` and `public/`, and a
 * `node_modules` link), served from there; this tree's build is "after". Each round loads the
 * bare app's users page, then the page from both consoles in alternating order, each load in a
 * fresh context at 4× CPU (the probe of bench/paint.ts). Prints the medians and each console's
 * Δ against the bare app of the same rounds, and each console's median time to hydration (its
 * `<html data-hydrated>`). `--latency ms` adds that much to every round trip of every load
 * (the bare app's too). `--from-site` starts every load from a page of another site
 * (bench/paint-probe.ts' `startPage`) instead of a blank tab. BENCH_PORT=n: after on n,
 * before on n + 1, the bare app on n + 2.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/helpers/chromium";
import { ensureBareAppBuild, startBareApp } from "./bare-app/start.js";
import { pairArgs, sessionOf, startBuilds } from "./paint-builds.js";
import { median, paintTimes, startPage } from "./paint-probe.js";
import { loadAverage } from "./store.js";

const { beforeDir, runs: RUNS, pages: PAGES } = pairArgs(7);
const latencyAt = process.argv.indexOf("--latency");
const LATENCY_MS = latencyAt > 0 ? Number(process.argv[latencyAt + 1]) : 0;
const FROM_SITE = process.argv.includes("--from-site");
const base = Number(process.env.BENCH_PORT) || 3440;

async function main() {
  if (!fs.existsSync(path.join(beforeDir, "build", "server.js")))
    throw new Error("BEFORE_DIR has no build/server.js");
  ensureBareAppBuild();
  const builds = await startBuilds(beforeDir, base, "bench-pair-");
  const { after, before } = builds;
  const bare = await startBareApp(builds.dirs[0], base + 2);
  const browser = await chromium.launch(chromiumLaunchOptions);
  const start = FROM_SITE ? await startPage() : null;
  try {
    const consoles = { after: after.origin, before: before.origin };
    const states = {
      after: await sessionOf(browser, after.origin),
      before: await sessionOf(browser, before.origin),
    };
    const load = async (origin: string, state: object | null, url: string) => {
      const context = await browser.newContext({
        locale: "zh-CN",
        baseURL: origin,
        ...(state ? { storageState: state as never } : {}),
      });
      try {
        return await paintTimes(context, url, {
          marksHydration: origin !== "",
          latencyMs: LATENCY_MS,
          from: start?.url,
        });
      } finally {
        await context.close();
      }
    };
    const bareUrl = `http://127.0.0.1:${base + 2}/users`;
    for (const p of PAGES)
      for (const k of ["after", "before"] as const)
        await load(consoles[k], p === "/login" ? null : states[k], p);
    console.log(
      `First paint at 4× CPU${FROM_SITE ? ", each load from a page of another site" : ""}${LATENCY_MS ? `, ${LATENCY_MS} ms added to each round trip` : ""}, median of ${RUNS} cold loads per build, both builds and the bare app in the same rounds (Chromium ${browser.version()}, load ${loadAverage()})`,
    );
    console.log(
      "| page | bare app FCP/LCP | before FCP/LCP (Δ) | after FCP/LCP (Δ) | hydrated before/after |",
    );
    console.log("|---|---|---|---|---|");
    for (const p of PAGES) {
      const f = { bare: [[], []], before: [[], [], []], after: [[], [], []] } as Record<
        string,
        number[][]
      >;
      for (let i = 0; i < RUNS; i++) {
        const b = await load("", null, bareUrl);
        f.bare[0].push(b.fcp);
        f.bare[1].push(b.lcp);
        const order = i % 2 ? (["before", "after"] as const) : (["after", "before"] as const);
        for (const k of order) {
          const t = await load(consoles[k], p === "/login" ? null : states[k], p);
          f[k][0].push(t.fcp);
          f[k][1].push(t.lcp);
          f[k][2].push(t.hydrated);
        }
      }
      const [bf, bl] = f.bare.map(median);
      const cell = (k: string) => {
        const [fc, lc] = f[k].slice(0, 2).map(median);
        const d = (x: number, ref: number) => `${x >= ref ? "+" : ""}${(x - ref).toFixed(0)}`;
        return `${fc.toFixed(0)}/${lc.toFixed(0)} (${d(fc, bf)}/${d(lc, bl)})`;
      };
      console.log(
        `| \`${p}\` | ${bf.toFixed(0)}/${bl.toFixed(0)} | ${cell("before")} | ${cell("after")} | ${median(f.before[2]).toFixed(0)}/${median(f.after[2]).toFixed(0)} |`,
      );
    }
    console.log(`load average at the end: ${loadAverage()}`);
  } finally {
    await browser.close();
    start?.close();
    bare.kill();
    builds.stop();
  }
}

await main();
