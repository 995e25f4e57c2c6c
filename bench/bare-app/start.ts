/**
 * The bare reference app of issue 25 (this folder): built into bench/.bare-build/ with
 * BENCH_BARE_APP=1 (remix.config.js), served by server.mjs. Used by bench/pages.ts (throughput
 * and latency) and bench/paint.ts (first paint).
 */
import { execSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const BARE_APP_BUILD = path.join(root, "bench", ".bare-build");

/** Builds the bare reference app (bench/bare-app/) into bench/.bare-build/ when missing or older. */
export function ensureBareAppBuild() {
  const out = path.join(BARE_APP_BUILD, "index.js");
  const dir = path.join(root, "bench", "bare-app");
  const sources = Math.max(
    fs.statSync(path.join(root, "remix.config.js")).mtimeMs,
    fs.statSync(path.join(root, "bench", "bare-table.tsx")).mtimeMs,
    ...fs
      .readdirSync(dir, { recursive: true })
      .map((f) => fs.statSync(path.join(dir, String(f))).mtimeMs),
  );
  if (fs.existsSync(out) && fs.statSync(out).mtimeMs >= sources) return;
  console.log("building the bare reference app into bench/.bare-build/ …");
  execSync("npx remix build", {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, BENCH_BARE_APP: "1", NODE_ENV: "production" },
  });
}

/** The bare reference app's server on `port`, reading the users of `dataDir`'s store. */
export async function startBareApp(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(root, "bench", "bare-app", "server.mjs")], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (const deadline = Date.now() + 30_000; ;) {
    const ok = await fetch(`http://127.0.0.1:${port}/users`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error("bare app not ready");
    await new Promise((r) => setTimeout(r, 200));
  }
}
