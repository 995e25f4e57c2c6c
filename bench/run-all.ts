/**
 * `npm run bench`: the benchmarks one after another, each in a process of its own, then how
 * each went. Not a test: each prints its own figures, and this script only fails when one of
 * them failed to run.
 *
 *   npm run bench                      # short runs (small data, few seconds): does everything still run?
 *   npm run bench -- --full            # each with its own defaults: the figures of record (long)
 *   npm run bench -- --only pages,bundles
 *
 * Short runs are no figures to record (docs/performance.md keeps the full runs'). Left out
 * unless named with --only: `kg` (it writes its figures into docs/performance.md, so it runs
 * with --full only) and `pg-search` (it starts a PostgreSQL cluster, needs initdb).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

interface Bench {
  name: string;
  script: string;
  /** Arguments and environment of the short run; null: no short run (see `kg`). */
  short: { args?: string[]; env?: Record<string, string> } | null;
  /** Environment every run needs. */
  env?: Record<string, string>;
  /** Runs only when named with --only. */
  onRequest?: boolean;
}

const BENCHES: Bench[] = [
  {
    name: "triples",
    script: "triples-bench.ts",
    short: { env: { TRIPLES: "50000", REQUESTS: "20" } },
  },
  {
    name: "graph-build",
    script: "graph-build.ts",
    short: { env: { TRIPLES: "10000", UPDATE_ROWS: "1000" } },
  },
  { name: "interchange", script: "interchange-bench.ts", short: { env: { RELATIONS: "50000" } } },
  {
    name: "interchange-import",
    script: "interchange-import-bench.ts",
    short: { env: { STATEMENTS: "50000" } },
  },
  { name: "apply", script: "apply-bench.ts", short: { env: { STATEMENTS: "20000" } } },
  {
    name: "mixed-load",
    script: "mixed-load.ts",
    short: { args: ["--seconds", "3", "--writers", "4"] },
  },
  {
    name: "table-ssr",
    script: "table-ssr.ts",
    env: { NODE_ENV: "production" },
    short: { args: ["--seconds", "1"] },
  },
  { name: "bundles", script: "bundles.ts", short: { args: ["--runs", "1"] } },
  { name: "paint", script: "paint.ts", short: { args: ["--runs", "1"] } },
  {
    name: "pages",
    script: "pages.ts",
    short: { args: ["--quick", "--rounds-only", "--rounds", "1", "--seconds", "3"] },
  },
  { name: "kg", script: "kg-bench.ts", short: null, onRequest: true },
  {
    name: "explore",
    script: "explore-bench.ts",
    short: { env: { RELATIONS: "50000", PATH_SAMPLES: "20", EXPAND_SAMPLES: "50" } },
  },
  {
    name: "pg-search",
    script: "pg-search-bench.ts",
    short: { env: { TRIPLES: "50000", REQUESTS: "20" } },
    onRequest: true,
  },
];

const full = process.argv.includes("--full");
const onlyAt = process.argv.indexOf("--only");
const only = onlyAt > 0 ? new Set(process.argv[onlyAt + 1]?.split(",")) : null;
const unknown = [...(only ?? [])].filter((n) => !BENCHES.some((b) => b.name === n));
if (unknown.length) {
  console.error(
    `--only: no benchmark ${unknown.join(", ")} (${BENCHES.map((b) => b.name).join(", ")})`,
  );
  process.exit(2);
}
const chosen = BENCHES.filter((b) =>
  only ? only.has(b.name) : !b.onRequest && (full || b.short !== null),
);

// The console's production build, which table-ssr, bundles and paint measure (pages builds its own).
if (chosen.some((b) => ["table-ssr", "bundles", "paint"].includes(b.name))) {
  spawnSync("node", ["scripts/ensure-build.mjs"], { cwd: root, stdio: "inherit" });
}

const results: { name: string; seconds: number; ok: boolean }[] = [];
for (const bench of chosen) {
  const run = full || !bench.short ? {} : bench.short;
  const label = `${bench.name} (${full || !bench.short ? "full" : "short"})`;
  console.log(`\n=== ${label}: tsx bench/${bench.script} ${(run.args ?? []).join(" ")}`);
  const start = Date.now();
  const child = spawnSync("npx", ["tsx", path.join("bench", bench.script), ...(run.args ?? [])], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...bench.env, ...run.env },
  });
  results.push({ name: label, seconds: (Date.now() - start) / 1000, ok: child.status === 0 });
}

console.log("\n=== benchmarks run");
for (const r of results)
  console.log(`${r.ok ? "✓" : "✗"} ${r.name.padEnd(32)} ${r.seconds.toFixed(0).padStart(5)} s`);
if (results.some((r) => !r.ok)) process.exit(1);
