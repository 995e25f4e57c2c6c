/**
 * Exploration benchmark (issue 23): `RELATIONS=100000 npx tsx bench/explore-bench.ts`.
 *
 * Generates the synthetic graph of bench/kg-bench.ts (1,000,000 relations and 100,000 entities
 * by default; RELATIONS to shrink it) in a fresh store, then measures, through the real HTTP
 * API, the server time of path searches up to 4 hops (…/paths/, the 3 shortest) between
 * entity pairs and of expansions (…/expand/): a node's first batch of 25 neighbours over all
 * its relation types, and the next batch of its largest group ("+N more"). Prints p50/p95
 * against the goals (paths ≤ 100 ms p95, an expansion ≤ 50 ms p95). With KG_BENCH_DIR=dir the
 * store is kept (and shared with kg-bench.ts); BENCH_ENGINE=postgres runs it on PostgreSQL;
 * BENCH_JSON=file writes the figures. A SQLite run at 1,000,000 relations or more writes its
 * section of docs/performance.md.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import type { Expansion } from "../contract/explore.js";
import type { PathSearch } from "../contract/kg.js";
import { generateGraph } from "../platform/kg/generate.js";
import { prng } from "../platform/kg/prng.js";
import { rows as sqlRows } from "../tests/helpers/sql.js";
import {
  benchDatabase,
  benchDir,
  benchPlatform,
  benchUser,
  loadAverage,
  serveTimedBench,
  writeBenchJson,
  BENCH_GRAPH as GRAPH,
  benchGraphSize,
} from "./store.js";

const { relations: RELATIONS, entities: ENTITIES } = benchGraphSize();
const PATH_SAMPLES = Number(process.env.PATH_SAMPLES ?? 100);
const EXPAND_SAMPLES = Number(process.env.EXPAND_SAMPLES ?? 300);

const database = await benchDatabase("explore_bench");
const postgres = database.engine === "postgres";
const keepDir = postgres ? undefined : process.env.KG_BENCH_DIR;
const dataDir = benchDir("explore-bench", keepDir);
const reportFile = path.join(dataDir, "generated.json");
const platform = await benchPlatform(dataDir, database.databaseUrl);
const ctx = platform.ctx;
const kept = fs.existsSync(reportFile)
  ? (JSON.parse(fs.readFileSync(reportFile, "utf8")) as { relations: number })
  : null;
if (kept?.relations === RELATIONS) console.log(`using the store kept in ${dataDir}`);
else {
  console.log(`generating ${RELATIONS.toLocaleString()} relations …`);
  const report = await generateGraph(ctx, GRAPH, { entities: ENTITIES, relations: RELATIONS });
  if (keepDir) fs.writeFileSync(reportFile, JSON.stringify(report));
  if (postgres) await sql`VACUUM ANALYZE`.execute(ctx.store.db);
}

const { server, api, serverTimes } = await serveTimedBench(platform.router);
const user = await benchUser(ctx, `explore-bench-${Date.now()}`, []);
let requestId = 0;
/** A GET through HTTP: its answer and the server's time for it. */
async function timed<T>(pathname: string): Promise<{ body: T; ms: number }> {
  const id = String(++requestId);
  const res = await fetch(`${api}${pathname}`, { headers: { ...user.headers, "x-bench-id": id } });
  if (res.status !== 200) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as T;
  return { body, ms: serverTimes.get(id)! };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const fmt = (n: number) => n.toFixed(1);
const rows: { name: string; p50: number; p95: number; max: number; goal: number; note: string }[] =
  [];
const record = (name: string, goal: number, note: string, times: number[]) => {
  const row = { name, p50: pct(times, 50), p95: pct(times, 95), max: Math.max(...times), goal };
  rows.push({ ...row, note });
  console.log(
    `${name}: p50 ${fmt(row.p50)} ms, p95 ${fmt(row.p95)} ms, max ${fmt(row.max)} ms ` +
      `(${times.length} requests; goal p95 ≤ ${goal} ms ${row.p95 <= goal ? "✓" : "✗"}) — ${note}`,
  );
};

// Entities as kg-bench.ts samples them: half from the hubs (the generator skews subjects to
// low indices), half at random; every request a different entity or pair (no cached answer).
const rng = prng(23);
const uuids = (
  await sqlRows<{ uuid: string }>(
    ctx,
    sql`SELECT uuid FROM kg_entities WHERE graph_id = ${GRAPH} ORDER BY id`,
  )
).map((r) => r.uuid);
const pick = (i: number) =>
  uuids[
    i % 2 === 0
      ? Math.floor(Math.pow(rng.next(), 3) * uuids.length)
      : Math.floor(rng.next() * uuids.length)
  ];
const sample = (n: number) => Array.from({ length: n }, (_, i) => pick(i));

// Warm the page cache as a running server's would be, with another sample of the same mix.
for (const u of sample(100)) await timed(`/kg/graphs/${GRAPH}/expand/?entity=${u}`);

const firsts: number[] = [];
const nexts: number[] = [];
for (const u of sample(EXPAND_SAMPLES)) {
  const first = await timed<Expansion>(`/kg/graphs/${GRAPH}/expand/?entity=${u}&limit=25`);
  firsts.push(first.ms);
  const big = [...first.body.groups].sort((a, b) => b.rest - a.rest)[0];
  if (big && big.rest > 0) {
    const next = await timed<Expansion>(
      `/kg/graphs/${GRAPH}/expand/?entity=${u}&type=${big.type_id}&direction=${big.direction}` +
        `&offset=${big.from + big.shown}&limit=25`,
    );
    nexts.push(next.ms);
  }
}
record("expansion, first batch of 25", 50, `${EXPAND_SAMPLES} entities, half hubs`, firsts);
if (nexts.length)
  record("expansion, next batch (+N more)", 50, "the largest group's next 25", nexts);

const found = { some: 0, none: 0, stopped: 0 };
const pathTimes: number[] = [];
const starts = sample(PATH_SAMPLES);
const ends = sample(PATH_SAMPLES).reverse();
for (const [i, from] of starts.entries()) {
  const to = ends[i] === from ? uuids[(i * 7919) % uuids.length] : ends[i];
  const r = await timed<PathSearch>(`/kg/graphs/${GRAPH}/paths/?from=${from}&to=${to}&hops=4&k=3`);
  pathTimes.push(r.ms);
  if (r.body.stopped) found.stopped++;
  else if (r.body.paths.length) found.some++;
  else found.none++;
}
record(
  "path search, up to 4 hops, 3 shortest",
  100,
  `${PATH_SAMPLES} pairs: ${found.some} with paths, ${found.none} without, ${found.stopped} stopped at the budget`,
  pathTimes,
);

server.close();
await platform.close();
await database.stop();
writeBenchJson({ describe: database.describe, relations: RELATIONS, rows, paths: found });

if (!postgres && !process.env.BENCH_JSON && RELATIONS >= 1_000_000) {
  const section = `## Exploration: paths and expansions

Measured ${new Date().toISOString().slice(0, 10)} with \`npx tsx bench/explore-bench.ts\` on ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}
(load average ${loadAverage()} at the end), the graph of bench/kg-bench.ts (${RELATIONS.toLocaleString()} relations,
${ENTITIES.toLocaleString()} entities). Server time through the HTTP API, every request a different entity or pair.

| call | p50 ms | p95 ms | max ms | goal (p95) | |
|---|---:|---:|---:|---:|---|
${rows.map((r) => `| ${r.name} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.max)} | ≤ ${r.goal} ${r.p95 <= r.goal ? "✓" : "✗"} | ${r.note} |`).join("\n")}
`;
  const doc = path.resolve("docs/performance.md");
  const current = fs.existsSync(doc) ? fs.readFileSync(doc, "utf8") : "# Performance\n";
  const start = current.indexOf("## Exploration: paths and expansions");
  const next = start < 0 ? -1 : current.indexOf("\n## ", start + 1);
  const updated =
    start < 0
      ? `${current.trimEnd()}\n\n${section}`
      : `${current.slice(0, start)}${section}${next >= 0 ? current.slice(next) : ""}`;
  fs.writeFileSync(doc, updated.endsWith("\n") ? updated : `${updated}\n`);
  console.log(`written to ${path.relative(process.cwd(), doc)}`);
}
process.exit(0);
