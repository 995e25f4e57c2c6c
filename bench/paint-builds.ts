/**
 * What bench/paint-pair.ts, paint-work.ts and paint-shots.ts share: two builds of the console
 * side by side (this checkout's and the one in a `before` directory, each serving its own
 * public/), a signed-in session of each, and their arguments.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "@playwright/test";
import { BENCH_ADMIN_PASSWORD, startBuiltServer } from "./built-server.js";
import { PAINT_PAGES, signIn } from "./paint-probe.js";

/** `<before dir> [/page …] [--runs N]`: the other build, the pages, the runs per page. */
export function pairArgs(defaultRuns: number) {
  const args = process.argv.slice(2);
  const runsAt = args.indexOf("--runs");
  const named = args.slice(1).filter((a) => a.startsWith("/"));
  return {
    beforeDir: path.resolve(args[0] ?? ""),
    runs: runsAt > 0 ? Number(args[runsAt + 1]) : defaultRuns,
    pages: named.length ? named : PAINT_PAGES,
  };
}

/** This checkout's build on `port`, the one in `beforeDir` on `port + 1`; `stop` ends both. */
export async function startBuilds(beforeDir: string, port: number, prefix: string) {
  const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  const after = await startBuiltServer(port, dirs[0]);
  const prev = process.cwd();
  process.chdir(beforeDir);
  const before = await startBuiltServer(port + 1, dirs[1]).finally(() => process.chdir(prev));
  return {
    after,
    before,
    dirs,
    stop() {
      after.child.kill();
      before.child.kill();
      for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    },
  };
}

/** A signed-in admin session of the console at `origin` (a storage state for new contexts). */
export async function sessionOf(browser: Browser, origin: string) {
  const context = await browser.newContext({ locale: "zh-CN", baseURL: origin });
  await signIn(context, BENCH_ADMIN_PASSWORD);
  const state = await context.storageState();
  await context.close();
  return state;
}
