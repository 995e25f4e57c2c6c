/**
 * Where a dry run's memory goes (issue 26 item 4): `node --expose-gc --import tsx bench/plan-memory.ts`
 * (STATEMENTS=200000 to shrink it). Uploads a synthetic N-Triples document as data files, then
 * calls the planning functions directly (readSourceRows, planRows), printing the live heap
 * (after a full collection) and the RSS at each stage, and the RSS peak of the whole run.
 */
import fs from "node:fs";
import crypto from "node:crypto";
import { keepNewFile } from "../platform/files/store.js";
import { benchDir, benchPlatform } from "./store.js";
import { sqliteHandle } from "../tests/helpers/sql.js";
import { graphDocument, militaryBenchGraph } from "./military-graph.js";
import { readSourceRows } from "../platform/admin/graph-admin/sources.js";
import { planRows } from "../platform/admin/graph-admin/plan.js";

const STATEMENTS = Number(process.env.STATEMENTS ?? 1_000_000);
const GRAPH = 900;
const dataDir = benchDir("plan-memory");
const platform = await benchPlatform(dataDir);
const ctx = platform.ctx;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const mb = (b: number) => `${(b / 1e6).toFixed(0)} MB`;
let peak = 0;
/** The event loop's longest stalls (a timer every 20 ms that came late), with the stage they fell in. */
let where = "start";
let last = performance.now();
const stalls: [number, string][] = [];
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
  const now = performance.now();
  if (now - last > 120) stalls.push([now - last - 20, where]);
  last = now;
}, 20);
const stage = (label: string) => {
  gc();
  const m = process.memoryUsage();
  peak = Math.max(peak, m.rss);
  console.log(
    `${label.padEnd(28)} heap ${mb(m.heapUsed).padStart(7)}  external ${mb(m.external + m.arrayBuffers).padStart(7)}  rss ${mb(m.rss).padStart(7)}  (peak ${mb(peak)})`,
  );
};

try {
  const ontologyId = await militaryBenchGraph(ctx, GRAPH, "m");
  const doc = await graphDocument(ctx, GRAPH, ontologyId, STATEMENTS, { seed: 42 });
  const fileIds: number[] = [];
  for (const [i, text] of doc.files.entries()) {
    const uuid = crypto.randomUUID();
    const content = Buffer.from(text);
    await keepNewFile(ctx, uuid, content, async () => {
      const r = sqliteHandle(ctx)
        .prepare(
          "INSERT INTO data_files (name, uuid, filename, size, mime, sha256, uploaded_by) VALUES (?, ?, ?, ?, 'application/n-triples', '', 'bench')",
        )
        .run(`bench-${i}.nt`, uuid, `bench-${i}.nt`, content.length);
      fileIds.push(Number(r.lastInsertRowid));
    });
  }
  doc.files.length = 0;
  stage("baseline (files uploaded)");
  peak = process.memoryUsage().rss;
  const t0 = performance.now();
  const sources = { file_ids: fileIds, source_ids: [], triple_graph_ids: [], all_triples: false };
  where = "reading";
  const rows = await readSourceRows(ctx, sources, {
    rdf: { graphId: GRAPH, predicateMap: {} },
    onNote: (note) => (where = `after ${note}`),
  });
  where = "planning";
  const t1 = performance.now();
  stage(`rows read (${rows.length})`);
  const plan = await planRows(ctx, { graphId: GRAPH, rows, baseline: "graph" });
  const t2 = performance.now();
  where = "planned";
  stage("planned");
  console.log(
    `read ${((t1 - t0) / 1000).toFixed(1)} s, plan ${((t2 - t1) / 1000).toFixed(1)} s; ${plan.report.summary.entities.added} entities, ${plan.report.summary.relations.added} relations, ${plan.report.summary.bad_rows} bad`,
  );
  rows.length = 0;
  stage("rows dropped (plan kept)");
} finally {
  clearInterval(sampler);
  console.log(`RSS peak ${mb(peak)}`);
  stalls.sort((a, b) => b[0] - a[0]);
  console.log(
    `longest event-loop stalls: ${
      stalls
        .slice(0, 8)
        .map(([ms, at]) => `${ms.toFixed(0)} ms (${at})`)
        .join("; ") || "none over 100 ms"
    }`,
  );
  await platform.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
