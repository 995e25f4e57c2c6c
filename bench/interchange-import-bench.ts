/**
 * Interchange import benchmark: `npm run bench:interchange-import` (STATEMENTS=100000 to shrink it).
 *
 * Writes a synthetic N-Triples document (1,000,000 statements by default: entities of the
 * military ontology's classes with rdf:type and rdfs:label, relations of its relation types
 * within their domain and range), uploads it through the real HTTP API in files of at most
 * 19 MB (the upload limit is 20 MB a file; each file reads on its own, so an entity's IRI ends
 * in its name and every file names it the same), then runs the incremental update of an empty
 * graph: the dry run (POST …/update/dry-run/) and the apply (POST …/update/), each a job of
 * the platform running in this process. Prints statements per second of each and the RSS
 * peak. Goal (issue 14): recorded in docs/performance.md, "Interchange: import".
 */
import fs from "node:fs";
import os from "node:os";
import { getJob } from "../platform/jobs/store.js";
import { authHeaders, userWithToken } from "../tests/helpers/platform.js";
import { benchDir, benchPlatform, loadAverage, serveBench } from "./store.js";
import { sqliteHandle } from "../tests/helpers/sql.js";
import { graphDocument, militaryBenchGraph } from "./military-graph.js";

const STATEMENTS = Number(process.env.STATEMENTS ?? 1_000_000);
const FILE_BYTES = 19 * 1024 * 1024;

const dataDir = benchDir("interchange-import-bench");
const platform = await benchPlatform(dataDir);
const ctx = platform.ctx;
const mb = (bytes: number) => bytes / 1e6;

const GRAPH = 900;

async function finished(id: number) {
  for (;;) {
    const job = (await getJob(ctx.store.db, id))!;
    if (["succeeded", "failed", "cancelled"].includes(job.status)) return job;
    await new Promise((r) => setTimeout(r, 100));
  }
}

try {
  console.log(`load before: ${loadAverage()} (${os.cpus().length} cores)`);
  const ontologyId = await militaryBenchGraph(ctx, GRAPH, "导入基准");
  const began = performance.now();
  // Every entity typed and labelled, then relations; lines never split across files.
  const { files, entities, relations } = await graphDocument(ctx, GRAPH, ontologyId, STATEMENTS, {
    fileBytes: FILE_BYTES,
    seed: 42,
  });
  const total = files.reduce((n, f) => n + Buffer.byteLength(f), 0);
  console.log(
    `${STATEMENTS.toLocaleString()} statements (${entities.toLocaleString()} entities, ${relations.toLocaleString()} relations) in ${files.length} file(s), ${mb(total).toFixed(0)} MB, written in ${((performance.now() - began) / 1000).toFixed(1)} s`,
  );

  const { server, api } = await serveBench(platform.router);
  const user = userWithToken(ctx, `bench-${Date.now()}`, ["admin"]);

  const fileIds: number[] = [];
  for (const [i, text] of files.entries()) {
    const form = new FormData();
    form.append("name", `bench-${i}.nt`);
    form.append("file", new File([text], `bench-${i}.nt`, { type: "application/n-triples" }));
    const res = await fetch(`${api}/data/files/`, {
      method: "POST",
      headers: authHeaders(user, false),
      body: form,
    });
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
    fileIds.push((await res.json()).id);
  }
  files.length = 0;
  (globalThis as { gc?: () => void }).gc?.();

  const post = async (p: string, body: unknown) => {
    const res = await fetch(`${api}${p}`, {
      method: "POST",
      headers: { ...authHeaders(user), "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (res.status !== 202) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return (await res.json()).job_id as number;
  };
  const timed = async (label: string, start: () => Promise<number>) => {
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const t0 = performance.now();
    const job = await finished(await start());
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    if (job.status !== "succeeded") throw new Error(`${label}: ${job.status} ${job.error}`);
    console.log(
      `${label}: ${seconds.toFixed(1)} s, ${Math.round(STATEMENTS / seconds).toLocaleString()} statements/s, RSS ${mb(before).toFixed(0)} → peak ${mb(peak).toFixed(0)} MB`,
    );
    return { job, seconds, peak: mb(peak), growth: mb(peak - before) };
  };

  const dry = await timed("dry run", () =>
    post(`/graphadmin/graphs/${GRAPH}/update/dry-run/`, { file_ids: fileIds }),
  );
  const summary = (
    dry.job.result as {
      report: {
        summary: { bad_rows: number; entities: { added: number }; relations: { added: number } };
      };
    }
  ).report.summary;
  console.log(
    `planned: ${summary.entities.added.toLocaleString()} entities, ${summary.relations.added.toLocaleString()} relations, ${summary.bad_rows} bad rows`,
  );
  const applied = await timed("apply", () =>
    post(`/graphadmin/graphs/${GRAPH}/update/`, { plan_job_id: dry.job.id }),
  );
  const stored = sqliteHandle(ctx)
    .prepare("SELECT count(*) FROM kg_relations WHERE graph_id = ?")
    .pluck()
    .get(GRAPH) as number;

  console.log("");
  console.log(
    `| N-Triples import | statements | files | time | statements/s | RSS peak (growth) |`,
  );
  console.log(`|---|---:|---:|---:|---:|---:|`);
  for (const [label, r] of [
    ["dry run", dry],
    ["apply (reads and plans again, then one transaction)", applied],
  ] as const) {
    console.log(
      `| ${label} | ${STATEMENTS.toLocaleString()} | ${fileIds.length} | ${r.seconds.toFixed(1)} s | ${Math.round(STATEMENTS / r.seconds).toLocaleString()} | ${r.peak.toFixed(0)} MB (+${r.growth.toFixed(0)} MB) |`,
    );
  }
  console.log(`stored relations: ${stored.toLocaleString()}; load after: ${loadAverage()}`);
  server.close();
} finally {
  await platform.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
