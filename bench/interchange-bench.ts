/**
 * Interchange export benchmark: `npm run bench:interchange` (RELATIONS=200000 to shrink it).
 *
 * Generates a synthetic graph (1,000,000 relations and 100,000 entities by default,
 * platform/kg/generate.ts) into a fresh store in a temp folder, then downloads it through the
 * real HTTP endpoint (GET /api/kg/graphs/{id}/export/) as N-Triples and as GraphML, and
 * prints throughput and memory. The platform runs in this process (express on a loopback
 * port), the download is read by fetch in the same process and thrown away as it arrives;
 * RSS is sampled every 50 ms during each download, and its growth is counted from the RSS
 * just before the download (after the generation, whose own memory is not the export's).
 * Goals (issue 14): ≥ 50,000 triples/s, RSS growth < 150 MB.
 * BENCH_ENGINE=postgres runs it on PostgreSQL (bench/store.ts).
 */
import fs from "node:fs";
import os from "node:os";
import { sql } from "kysely";
import { generateGraph } from "../platform/kg/generate.js";
import {
  benchDatabase,
  benchDir,
  benchPlatform,
  benchUser,
  loadAverage,
  serveBench,
  writeBenchJson,
  BENCH_GRAPH as GRAPH,
  benchGraphSize,
} from "./store.js";
import { sqliteHandle } from "../tests/helpers/sql.js";

const { relations: RELATIONS, entities: ENTITIES } = benchGraphSize();

const dataDir = benchDir("interchange-bench");
const database = await benchDatabase("interchange_bench");
const platform = await benchPlatform(dataDir, database.databaseUrl);
const ctx = platform.ctx;
const mb = (bytes: number) => bytes / 1e6;

try {
  console.log(`load before: ${loadAverage()} (${os.cpus().length} cores)`);
  console.log(database.describe);
  console.log(
    `generating ${RELATIONS.toLocaleString()} relations, ${ENTITIES.toLocaleString()} entities …`,
  );
  const generated = await generateGraph(ctx, GRAPH, { entities: ENTITIES, relations: RELATIONS });
  console.log(
    `generated in ${(generated.ms / 1000).toFixed(1)} s: ${generated.articles.toLocaleString()} articles`,
  );
  if (database.engine === "postgres") {
    await sql`VACUUM ANALYZE`.execute(ctx.store.db);
    await sql`CHECKPOINT`.execute(ctx.store.db);
  } else sqliteHandle(ctx).pragma("wal_checkpoint(TRUNCATE)");

  const { server, api } = await serveBench(platform.router);
  const user = await benchUser(ctx, `bench-${Date.now()}`, ["kg__graph__read"]);

  const results: Record<
    string,
    { seconds: number; bytes: number; lines: number; rssGrowth: number }
  > = {};
  for (const format of ["nt", "graphml"] as const) {
    (globalThis as { gc?: () => void }).gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const began = performance.now();
    const res = await fetch(`${api}/kg/graphs/${GRAPH}/export/?format=${format}`, {
      headers: user.headers,
    });
    if (res.status !== 200 || !res.body)
      throw new Error(`${format}: ${res.status} ${await res.text()}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    }
    const seconds = (performance.now() - began) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    results[format] = { seconds, bytes, lines, rssGrowth: mb(peak - before) };
    console.log(
      `${format}: ${seconds.toFixed(1)} s, ${mb(bytes).toFixed(0)} MB, ${lines.toLocaleString()} lines, RSS ${mb(before).toFixed(0)} → peak ${mb(peak).toFixed(0)} MB (+${mb(peak - before).toFixed(0)} MB)`,
    );
  }

  const triples = results.nt.lines;
  const nt = results.nt;
  const gml = results.graphml;
  console.log("");
  console.log(`| export | relations | triples | time | triples/s | MB/s | RSS growth (peak) |`);
  console.log(`|---|---:|---:|---:|---:|---:|---:|`);
  console.log(
    `| N-Triples | ${RELATIONS.toLocaleString()} | ${triples.toLocaleString()} | ${nt.seconds.toFixed(1)} s | ${Math.round(triples / nt.seconds).toLocaleString()} | ${(mb(nt.bytes) / nt.seconds).toFixed(1)} | ${nt.rssGrowth.toFixed(0)} MB |`,
  );
  console.log(
    `| GraphML | ${RELATIONS.toLocaleString()} | (the same graph: ${triples.toLocaleString()}) | ${gml.seconds.toFixed(1)} s | ${Math.round(triples / gml.seconds).toLocaleString()} | ${(mb(gml.bytes) / gml.seconds).toFixed(1)} | ${gml.rssGrowth.toFixed(0)} MB |`,
  );
  console.log(`goals: ≥ 50,000 triples/s, RSS growth < 150 MB; load after: ${loadAverage()}`);
  writeBenchJson({
    describe: database.describe,
    relations: RELATIONS,
    generateSeconds: generated.ms / 1000,
    triples,
    formats: Object.fromEntries(
      Object.entries(results).map(([format, r]) => [
        format,
        { seconds: r.seconds, triplesPerSecond: triples / r.seconds, rssGrowthMB: r.rssGrowth },
      ]),
    ),
  });
  server.close();
} finally {
  await platform.close();
  await database.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
