/**
 * Knowledge-graph benchmark: `npx tsx bench/kg-bench.ts [relations]`.
 *
 * Generates a synthetic graph (1,000,000 relations and 100,000 entities by default) in a
 * fresh store, then measures server time (request in → response finished, measured inside
 * the server) of the entity page, the relation graph, the hot rankings and text analysis
 * of a 5,000-character text, and writes the figures into docs/performance.md.
 * With KG_BENCH_DIR=dir the store is kept there and a rerun skips the generation (SQLite).
 * BENCH_ENGINE=postgres runs it on PostgreSQL (bench/store.ts); the document is only written
 * for a SQLite run without BENCH_JSON (bench/engines.ts collects both engines' figures).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { bumpGraphVersion } from "../platform/kg/cache.js";
import { generateGraph } from "../platform/kg/generate.js";
import { prng } from "../platform/kg/prng.js";
import { sql } from "kysely";
import {
  benchDatabase,
  benchDir,
  benchPlatform,
  benchUser,
  serveTimedBench,
  writeBenchJson,
  BENCH_GRAPH as GRAPH,
  benchGraphSize,
} from "./store.js";
import { rows as sqlRows, sqliteHandle, value } from "../tests/helpers/sql.js";

const { relations: RELATIONS, entities: ENTITIES } = benchGraphSize(
  Number(process.argv[2] ?? 1_000_000),
);
const SAMPLES = 300;

// KG_BENCH_DIR keeps the generated store between runs: a rerun only measures.
const database = await benchDatabase("kg_bench");
const postgres = database.engine === "postgres";
const keepDir = postgres ? undefined : process.env.KG_BENCH_DIR;
const dataDir = benchDir("kg-bench", keepDir);
const reportFile = path.join(dataDir, "generated.json");
const platform = await benchPlatform(dataDir, database.databaseUrl);
const ctx = platform.ctx;

const loadBefore = os.loadavg()[0].toFixed(1);
const heapBefore = process.memoryUsage().rss;
const kept = fs.existsSync(reportFile)
  ? (JSON.parse(fs.readFileSync(reportFile, "utf8")) as Awaited<
      ReturnType<typeof generateGraph>
    > & {
      load?: number;
    })
  : null;
console.log(
  kept?.relations === RELATIONS
    ? `using the store kept in ${dataDir}`
    : `generating ${RELATIONS.toLocaleString()} relations, ${ENTITIES.toLocaleString()} entities …`,
);
const report =
  kept?.relations === RELATIONS
    ? kept
    : {
        ...(await generateGraph(ctx, GRAPH, { entities: ENTITIES, relations: RELATIONS })),
        load: os.loadavg()[0],
      };
const rssGrowth =
  kept?.relations === RELATIONS ? null : (process.memoryUsage().rss - heapBefore) / 1e6;
if (keepDir) fs.writeFileSync(reportFile, JSON.stringify(report));
if (postgres) {
  // As a running server's database would be after the load: autovacuum's statistics and
  // visibility map, the load's dirty pages written out.
  await sql`VACUUM ANALYZE`.execute(ctx.store.db);
  await sql`CHECKPOINT`.execute(ctx.store.db);
} else sqliteHandle(ctx).pragma("wal_checkpoint(TRUNCATE)");
const dbBytes = postgres
  ? Number(await value(ctx, sql`SELECT pg_database_size(current_database()) AS n`))
  : fs.statSync(path.join(dataDir, "platform.sqlite")).size;
console.log(report);

const { server, api, serverTimes } = await serveTimedBench(platform.router);
const user = await benchUser(ctx, `bench-${Date.now()}`, []);

let requestId = 0;
async function timed(pathname: string, init: RequestInit = {}): Promise<number> {
  const id = String(++requestId);
  const res = await fetch(`${api}${pathname}`, {
    ...init,
    headers: {
      ...user.headers,
      ...(init.method === "POST" ? { "Content-Type": "application/json" } : {}),
      "x-bench-id": id,
      ...(init.headers ?? {}),
    },
  });
  if (res.status !== 200) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
  return serverTimes.get(id)!;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const stats = (xs: number[]) => ({ p50: pct(xs, 50), p95: pct(xs, 95), max: Math.max(...xs) });
const fmt = (n: number) => n.toFixed(1);

// A sample of entities: half from the hubs (the generator skews subjects to low indices), half at random.
const rng = prng(42);
const uuids = (
  await sqlRows<{ uuid: string }>(
    ctx,
    sql`SELECT uuid FROM kg_entities WHERE graph_id = ${GRAPH} ORDER BY id`,
  )
).map((r) => r.uuid);
const drawSample = () =>
  Array.from(
    { length: SAMPLES },
    (_, i) =>
      uuids[
        i % 2 === 0
          ? Math.floor(Math.pow(rng.next(), 3) * uuids.length)
          : Math.floor(rng.next() * uuids.length)
      ],
  );
const warmup = drawSample();
const sample = drawSample();
const hubDegree = Number(
  await value(
    ctx,
    sql`SELECT count(*) AS n FROM kg_relations
         WHERE subject_id = (SELECT id FROM kg_entities WHERE uuid = ${uuids[0]})`,
  ),
);

const rows: { name: string; p50: number; p95: number; max: number; goal: number; note: string }[] =
  [];
const measure = async (
  name: string,
  goal: number,
  note: string,
  paths: string[],
  init?: RequestInit,
) => {
  const times: number[] = [];
  for (const pth of paths) times.push(await timed(pth, init));
  const s = stats(times);
  rows.push({ name, ...s, goal, note });
  console.log(
    `${name}: p50 ${fmt(s.p50)} ms, p95 ${fmt(s.p95)} ms, max ${fmt(s.max)} ms (${paths.length} requests)`,
  );
};

// A running server's page cache is warm: warm it with another sample of the same mix, so the
// measured entities themselves have not been read before.
for (const u of warmup) await timed(`/kg/graphs/${GRAPH}/entities/${u}/`);

await measure(
  "实体页 entity page",
  50,
  `${SAMPLES} entities, half hubs (largest hub: ${hubDegree} outgoing relations)`,
  sample.map((u) => `/kg/graphs/${GRAPH}/entities/${u}/`),
);
await measure(
  "关系图 neighbours (depth 1, 50 nodes)",
  50,
  "distinct entities, no cached answers",
  sample.map((u) => `/kg/graphs/${GRAPH}/entities/${u}/neighbours/`),
);
await measure(
  "关系图 neighbours (depth 2, 200 nodes)",
  50,
  "distinct entities, no cached answers",
  sample
    .slice(0, 100)
    .map((u) => `/kg/graphs/${GRAPH}/entities/${u}/neighbours/?depth=2&limit=200`),
);
const bigLayout = await timed(
  `/kg/graphs/${GRAPH}/entities/${uuids[0]}/neighbours/?depth=2&limit=2000`,
);
const bigLayoutCached = await timed(
  `/kg/graphs/${GRAPH}/entities/${uuids[0]}/neighbours/?depth=2&limit=2000`,
);
console.log(
  `2,000-node relation graph with server layout: first ${fmt(bigLayout)} ms, cached ${fmt(bigLayoutCached)} ms`,
);

const hotPaths = [7, 30, 365].flatMap((days) => [
  `/kg/graphs/${GRAPH}/hot-events/?days=${days}&limit=10`,
  `/kg/graphs/${GRAPH}/hot-entities/?days=${days}&limit=10`,
]);
// Cold: a rollup rebuild makes the next request compute the ranking (refreshRollups warms
// the standard windows; this measures what that warming, or a non-standard window, costs).
const cold: Record<string, number> = {};
for (const pth of hotPaths) {
  await bumpGraphVersion(ctx.store.db, GRAPH, { rollups: true });
  cold[pth] = await timed(pth);
}
const coldLabel = (k: string) =>
  `${k.includes("hot-events") ? "events" : "entities"} ${k.match(/days=(\d+)/)![1]} d`;
console.log(
  "hot rankings computed (cache miss):",
  Object.entries(cold)
    .map(([k, v]) => `${coldLabel(k)} ${fmt(v)} ms`)
    .join(", "),
);
await measure(
  "热点排行 hot rankings",
  50,
  "7/30/365-day windows, events and entities; cached until the rollups are rebuilt",
  Array.from({ length: SAMPLES }, (_, i) => hotPaths[i % hotPaths.length]),
);
await bumpGraphVersion(ctx.store.db, GRAPH, { rollups: true });
const typed = await timed(
  `/kg/graphs/${GRAPH}/hot-entities/?days=365&type=${encodeURIComponent("武器装备")}`,
);

// 5,000 characters of news-like text naming graph entities.
const articles = (
  await sqlRows<{ content: string }>(
    ctx,
    sql`SELECT content FROM kg_articles WHERE graph_id = ${GRAPH} ORDER BY id LIMIT 40`,
  )
).map((r) => r.content);
let text = "";
for (let i = 0; text.length < 5000; i++) {
  text +=
    articles[i % articles.length] + "由于双方在边境地区举行演习，导致局势紧张。2024年5月12日，";
}
text = text.slice(0, 5000);
const extractInit = { method: "POST", body: JSON.stringify({ text }) };
const firstExtract = await timed(`/kg/graphs/${GRAPH}/extract/`, extractInit);
console.log(
  `text analysis, first request (builds the ${ENTITIES.toLocaleString()}-entity dictionary): ${fmt(firstExtract)} ms`,
);
await measure(
  "文本分析 5,000-character extraction",
  100,
  "dictionary built; entities, segmentation, events, causal pairs, known relations",
  Array.from({ length: 60 }, () => `/kg/graphs/${GRAPH}/extract/`),
  extractInit,
);

server.close();
await platform.close();
await database.stop();
if (!keepDir) fs.rmSync(dataDir, { recursive: true, force: true });

writeBenchJson({
  describe: database.describe,
  relations: report.relations,
  entities: report.entities,
  generateSeconds: report.ms / 1000,
  storeMB: dbBytes / 1e6,
  rows: rows.map(({ name, p50, p95, max, goal }) => ({ name, p50, p95, max, goal })),
  bigLayout: { first: bigLayout, cached: bigLayoutCached },
  hotCold: Object.fromEntries(Object.entries(cold).map(([k, v]) => [coldLabel(k), v])),
  firstExtract,
});
if (postgres || process.env.BENCH_JSON) process.exit(0);

const when = new Date().toISOString().slice(0, 10);
const section = `## Knowledge graphs

Measured ${when} with \`npx tsx bench/kg-bench.ts\` on ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}
(load average ${loadBefore} before the run, ${os.loadavg()[0].toFixed(1)} after${Number(loadBefore) > 3 ? ": other work shared the machine" : ""}).
Server time = from the request reaching the server to the response finishing, measured inside the server,
after warming the page cache with entity pages of another sample of the same mix.

Generated graph: ${report.relations.toLocaleString()} relations, ${report.entities.toLocaleString()} entities, ${report.articles.toLocaleString()} articles,
${report.events.toLocaleString()} events, ${report.eventRelations.toLocaleString()} event links, ${report.mentions.toLocaleString()} mentions;
generated in ${(report.ms / 1000).toFixed(1)} s (one transaction${report.load ? `, load average ${report.load.toFixed(1)} at its end` : ""}), store ${(dbBytes / 1e6).toFixed(0)} MB${rssGrowth === null ? "" : `, process RSS +${rssGrowth.toFixed(0)} MB while generating`}.

| call | p50 ms | p95 ms | max ms | goal (p95) | |
|---|---:|---:|---:|---:|---|
${rows.map((r) => `| ${r.name} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.max)} | ≤ ${r.goal} ${r.p95 <= r.goal ? "✓" : "✗"} | ${r.note} |`).join("\n")}

- Hot rankings are sums over the daily rollups (kg_entity_daily, kg_event_daily), cached until
  the rollups are rebuilt.
  Rebuilding the rollups (refreshRollups) computes the standard windows ahead. Computing one
  (cache miss): ${Object.entries(cold)
    .map(([k, v]) => `${coldLabel(k)} ${fmt(v)} ms`)
    .join(", ")}; entities of one class and its subclasses over 365 d: ${fmt(typed)} ms.
- A 2,000-node relation graph (depth 2 around the largest hub) with its ForceAtlas2 layout computed on the server:
  first request ${fmt(bigLayout)} ms, then ${fmt(bigLayoutCached)} ms from the cache.
- Text analysis: the first request of a graph builds its Aho–Corasick dictionary of names and aliases
  (${fmt(firstExtract)} ms here, ${ENTITIES.toLocaleString()} entities); it is kept until the graph's entities or ontology change.
`;

const doc = path.resolve("docs/performance.md");
const current = fs.existsSync(doc) ? fs.readFileSync(doc, "utf8") : "# Performance\n";
const start = current.indexOf("## Knowledge graphs");
let next = start < 0 ? -1 : current.indexOf("\n## ", start + 1);
if (next >= 0) next += 1;
const updated =
  start < 0
    ? `${current.trimEnd()}\n\n${section}`
    : `${current.slice(0, start)}${section}${next >= 0 ? `\n${current.slice(next)}` : ""}`;
fs.mkdirSync(path.dirname(doc), { recursive: true });
fs.writeFileSync(doc, updated.endsWith("\n") ? updated : `${updated}\n`);
console.log(`written to ${path.relative(process.cwd(), doc)}`);
