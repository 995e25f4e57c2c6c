/**
 * Benchmark of a graph build from 100,000 triples (a CSV file of data/files), run as a job
 * of the job runner, then an incremental update of 10,000 rows (dry run and apply).
 * Not a test: it prints figures (copied into docs/performance.md, "Graph build").
 *
 *   npx tsx bench/graph-build.ts
 *   TRIPLES=300000 npx tsx bench/graph-build.ts
 *   PHASES=1 npx tsx bench/graph-build.ts     # also the build log, one line per phase
 *
 * Reported: wall and CPU time and triples per second of each job (CPU time stays meaningful
 * when other work shares the machine), peak RSS of the process, and
 * the event-loop delay while the jobs run (the longest time an HTTP request would wait).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { BUILD, PLAN, UPDATE } from "../platform/admin/graph-admin/job-kinds.js";
import type { PlatformContext } from "../platform/context.js";
import type { Job } from "@contract/graph-admin";
import { getJob, jobLogs } from "../platform/jobs/store.js";
import { enqueueJob } from "../platform/jobs/worker.js";
import { assignOntology, ensureBuiltinOntologies } from "../platform/kg/ontology.js";
import { prng } from "../platform/kg/prng.js";
import { benchDir, benchPlatform } from "./store.js";
import { sqliteHandle } from "../tests/helpers/sql.js";

const TOTAL = Number(process.env.TRIPLES || 100_000);
const UPDATE_ROWS = Number(process.env.UPDATE_ROWS || 10_000);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/**
 * Triples that fit the military ontology: about one entity per five rows (its 类型 row),
 * the rest relations whose subject and object classes match the relation type.
 */
function tripleCsv(total: number, seed = 7): string {
  const rnd = prng(seed);
  const kinds = [
    { cls: "军队", prefix: "部队", share: 0.1 },
    { cls: "军工企业", prefix: "企业", share: 0.05 },
    { cls: "舰艇", prefix: "舰", share: 0.25 },
    { cls: "飞机", prefix: "机", share: 0.25 },
    { cls: "城市", prefix: "城", share: 0.1 },
    { cls: "军事基地", prefix: "基地", share: 0.1 },
    { cls: "人物", prefix: "人", share: 0.15 },
  ];
  const entityCount = Math.round(total / 5);
  const names: Record<string, string[]> = {};
  const lines = ["subject,predicate,object,confidence"];
  for (const k of kinds) {
    names[k.cls] = [];
    const n = Math.max(1, Math.round(entityCount * k.share));
    for (let i = 0; i < n; i++) {
      const name = `${k.prefix}${i}`;
      names[k.cls].push(name);
      lines.push(`${name},类型,${k.cls},`);
    }
  }
  const weapons = [...names["舰艇"], ...names["飞机"]];
  const places = [...names["城市"], ...names["军事基地"]];
  const rules: [string[], string, string[]][] = [
    [names["军队"], "装备", weapons],
    [weapons, "部署于", places],
    [names["军工企业"], "研制", weapons],
    [names["人物"], "任职于", names["军队"]],
    [names["人物"], "指挥", names["军队"]],
    [names["城市"], "位于", names["城市"]],
  ];
  const seen = new Set<string>();
  while (lines.length - 1 < total) {
    const [subjects, predicate, objects] = rnd.pick(rules);
    const s = rnd.pick(subjects);
    const o = rnd.pick(objects);
    const key = `${s}|${predicate}|${o}`;
    if (s === o || seen.has(key)) continue;
    seen.add(key);
    lines.push(`${s},${predicate},${o},${(0.5 + rnd.next() / 2).toFixed(2)}`);
  }
  return lines.join("\n") + "\n";
}

/** An update: new relations, changed confidences and deletions of existing ones. */
function updateCsv(base: string, rows: number): string {
  const relations = base
    .split("\n")
    .filter((l) => l && !l.includes(",类型,") && !l.startsWith("subject"));
  const lines = ["subject,predicate,object,confidence,op"];
  for (let i = 0; i < rows; i++) {
    const [s, p, o] = relations[(i * 7919) % relations.length].split(",");
    if (i % 3 === 0)
      lines.push(
        `新舰${i},类型,舰艇,,`,
        `${s.startsWith("部队") ? s : "部队0"},装备,新舰${i},0.7,`,
      );
    else if (i % 3 === 1) lines.push(`${s},${p},${o},0.42,`);
    else lines.push(`${s},${p},${o},,delete`);
  }
  return lines.join("\n") + "\n";
}

function storeFile(ctx: PlatformContext, name: string, content: string): number {
  const uuid = crypto.randomUUID();
  const file = path.join(ctx.settings.dataDir, "files", uuid);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return Number(
    sqliteHandle(ctx)
      .prepare(
        "INSERT INTO data_files (uuid, name, filename, size, mime, sha256) VALUES (?, ?, ?, ?, 'text/csv', ?)",
      )
      .run(
        uuid,
        name,
        name,
        Buffer.byteLength(content),
        crypto.createHash("sha256").update(content).digest("hex"),
      ).lastInsertRowid,
  );
}

async function runJob(ctx: PlatformContext, kind: string, graphId: number, params: unknown) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  delay.enable();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const id = await enqueueJob(ctx, { kind, graphId, params });
  let job: Job;
  for (;;) {
    job = (await getJob(ctx.store.db, id))!;
    if (["succeeded", "failed", "cancelled"].includes(job.status)) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  delay.disable();
  clearInterval(sampler);
  if (job.status !== "succeeded") throw new Error(`${kind} ${job.status}: ${job.error}`);
  return { job, ms, cpuMs, peak, delayP99: delay.percentile(99) / 1e6, delayMax: delay.max / 1e6 };
}

const dataDir = benchDir("graph-build-bench");
const platform = await benchPlatform(dataDir);
const ctx = platform.ctx;
try {
  const { military } = await ensureBuiltinOntologies(ctx);
  const graphId = Number(
    sqliteHandle(ctx)
      .prepare("INSERT INTO graphs (name, domain) VALUES ('构建基准图谱', 'military')")
      .run().lastInsertRowid,
  );
  await assignOntology(ctx, graphId, military);

  const csv = tripleCsv(TOTAL);
  const fileId = storeFile(ctx, "bench.csv", csv);
  const sources = { file_ids: [fileId], source_ids: [], triple_graph_ids: [], all_triples: false };
  const rssBefore = process.memoryUsage().rss;
  const build = await runJob(ctx, BUILD, graphId, { sources, skip_bad_rows: false });
  const written = (
    build.job.result as { written: { entities: { added: number }; relations: { added: number } } }
  ).written;

  const updateFile = storeFile(ctx, "update.csv", updateCsv(csv, UPDATE_ROWS));
  const updateSources = {
    file_ids: [updateFile],
    source_ids: [],
    triple_graph_ids: [],
    all_triples: false,
  };
  const plan = await runJob(ctx, PLAN, graphId, { sources: updateSources });
  const summary = (
    plan.job.result as {
      report: { summary: { rows: number; entities: object; relations: object } };
    }
  ).report.summary;
  const apply = await runJob(ctx, UPDATE, graphId, {
    plan_job_id: plan.job.id,
    skip_bad_rows: false,
  });

  // PHASES=1 prints the build's log: the time of each phase (read, check, write).
  if (process.env.PHASES) {
    for (const l of (await jobLogs(ctx.store.db, build.job.id, 1, 100)).results.reverse())
      console.log(l.at.slice(11, 23), l.message);
  }
  const row = (label: string, r: Awaited<ReturnType<typeof runJob>>, rows: number) =>
    `| ${label} | ${rows.toLocaleString("en-US")} | ${(r.ms / 1000).toFixed(2)} s | ${Math.round((rows / r.ms) * 1000).toLocaleString("en-US")} | ${(r.cpuMs / 1000).toFixed(2)} s | ${Math.round((rows / r.cpuMs) * 1000).toLocaleString("en-US")} | ${mb(r.peak)} | ${r.delayP99.toFixed(0)} ms / ${r.delayMax.toFixed(0)} ms |`;
  console.log(
    `CSV ${mb(Buffer.byteLength(csv))}, ${TOTAL.toLocaleString("en-US")} rows; RSS before the build ${mb(rssBefore)}`,
  );
  console.log(
    `built: ${written.entities.added.toLocaleString("en-US")} entities, ${written.relations.added.toLocaleString("en-US")} relations`,
  );
  console.log(`update plan: ${JSON.stringify(summary)}`);
  console.log("");
  console.log(
    "| job | rows | wall time | triples/s (wall) | CPU time | triples per CPU-second | peak RSS | event-loop delay p99 / max |",
  );
  console.log("|---|---|---|---|---|---|---|---|");
  console.log(row("build (graph.build)", build, TOTAL));
  console.log(row("update dry run (graph.plan)", plan, summary.rows));
  console.log(row("update apply (graph.update, one transaction)", apply, summary.rows));
  console.log(
    `node ${process.version}, ${os.cpus()[0]?.model ?? "cpu"} x${os.cpus().length}, load average ${os.loadavg()[0].toFixed(1)}`,
  );
} finally {
  await platform.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
