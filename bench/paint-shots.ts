/**
 * Screenshots of two builds side by side (decision 039: nothing a user sees changes):
 * `npx tsx bench/paint-shots.ts BEFORE_DIR OUT_DIR [page…]`: each page from this tree's build and
 * BEFORE_DIR's (as bench/paint-pair.ts serves them) at 1280 px light, 390 px and 1280 px dark,
 * written to OUT_DIR and compared byte for byte. BENCH_PORT=n: after on n, before on n + 1.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/helpers/chromium";
import { sessionOf, startBuilds } from "./paint-builds.js";

const [beforeArg, outArg, ...named] = process.argv.slice(2);
const beforeDir = path.resolve(beforeArg ?? "");
const out = path.resolve(outArg ?? "paint-shots");
const PAGES = named.length
  ? named
  : ["/login", "/backend/setting/users", "/245/articles", "/245/flowchart"];
const base = Number(process.env.BENCH_PORT) || 3450;
const VIEWS = [
  { name: "1280", width: 1280, scheme: "light" as const },
  { name: "390", width: 390, scheme: "light" as const },
  { name: "1280-dark", width: 1280, scheme: "dark" as const },
];

async function main() {
  fs.mkdirSync(out, { recursive: true });
  const builds = await startBuilds(beforeDir, base, "bench-shots-");
  const { after, before } = builds;
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    for (const [label, origin] of [
      ["after", after.origin],
      ["before", before.origin],
    ] as const) {
      const state = await sessionOf(browser, origin);
      for (const view of VIEWS)
        for (const p of PAGES) {
          const context = await browser.newContext({
            locale: "zh-CN",
            baseURL: origin,
            colorScheme: view.scheme,
            viewport: { width: view.width, height: 900 },
            ...(p === "/login" ? {} : { storageState: state }),
          });
          const page = await context.newPage();
          await page.goto(p, { waitUntil: "networkidle" });
          await page.waitForSelector("html[data-hydrated]", { state: "attached" });
          const file = `${p.replace(/[/?=]+/g, "_")}-${view.name}-${label}.png`;
          await page.screenshot({ path: path.join(out, file), fullPage: true });
          await context.close();
        }
    }
    for (const view of VIEWS)
      for (const p of PAGES) {
        const f = (l: string) =>
          path.join(out, `${p.replace(/[/?=]+/g, "_")}-${view.name}-${l}.png`);
        const same = fs.readFileSync(f("after")).equals(fs.readFileSync(f("before")));
        console.log(`${p} ${view.name}: ${same ? "identical" : "differs"}`);
      }
  } finally {
    await browser.close();
    builds.stop();
  }
}

await main();
