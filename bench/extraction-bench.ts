/**
 * Extraction benchmark (issue 27): `npx tsx bench/extraction-bench.ts`.
 *
 * Starts the platform on a fresh store with the demo seed, as a newcomer does: the demo
 * models' training runs are queued by the seed and run by the job runner. Once they are done
 * it prints what the model evaluation pages show (held-out precision, recall and F1 per model
 * and per class, the split, the training run's time), how many held-out relations name two
 * entities the training articles know (the ceiling of relation recall: an entity only held-out
 * texts name is not in the dictionary), and the time of text analysis of a 5,000-character
 * text (the demo graph's knowledge learnt once, then 60 analyses). Not a test: it asserts
 * nothing; the figures are copied into docs/performance.md.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import type { Evaluation } from "../contract/insight.js";
import { splitArticles } from "../platform/admin/insight/evaluate.js";
import { analyzeText } from "../platform/kg/extract.js";
import { createPlatform } from "../platform/index.js";
import { benchDir } from "./store.js";

const MILITARY = 245;
const dataDir = benchDir("extraction-bench");
const loadBefore = os.loadavg()[0].toFixed(1);
const platform = await createPlatform({
  dataDir,
  dbFile: path.join(dataDir, "platform.sqlite"),
  adminPassword: "bench-admin-1",
  captcha: false,
  seed: "demo",
  tokenIdleSeconds: 3600,
  passwordMaxAgeDays: 0,
});
const ctx = platform.ctx;
const db = ctx.store.db;

interface ClassRow {
  label: string;
  support: number;
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
  f1: number;
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

// The seed's training runs, run by the job runner.
for (;;) {
  const { rows } = await sql<{
    n: number;
  }>`SELECT count(*) AS n FROM kg_model_runs WHERE status IN ('queued', 'running')`.execute(db);
  if (Number(rows[0].n) === 0) break;
  await new Promise((r) => setTimeout(r, 200));
}

const { rows: models } = await sql<{
  id: number;
  name: string;
  type: string;
  graph_id: number | null;
  holdout: number;
}>`SELECT id, name, type, graph_id, holdout FROM kg_models ORDER BY id`.execute(db);
const lines: string[] = [];
for (const m of models) {
  const { rows } = await sql<
    Pick<Evaluation, "articles" | "gold" | "predicted" | "tp" | "precision" | "recall" | "f1"> & {
      per_class: string;
      started_at: string;
      finished_at: string;
      status: string;
    }
  >`SELECT v.articles, v.gold, v.predicted, v.tp, v.precision, v.recall, v.f1, v.per_class,
        r.started_at, r.finished_at, r.status
      FROM kg_model_runs r LEFT JOIN kg_model_evaluations v ON v.run_id = r.id
      WHERE r.model_id = ${m.id} ORDER BY r.id DESC LIMIT 1`.execute(db);
  const ev = rows[0];
  if (!ev || ev.gold === null) {
    lines.push(
      `### ${m.name} (${m.type}, graph ${m.graph_id ?? "—"}): no evaluation (${ev?.status ?? "no run"})`,
    );
    continue;
  }
  const seconds = (Date.parse(ev.finished_at) - Date.parse(ev.started_at)) / 1000;
  const { train, test } = await splitArticles(ctx, m.graph_id!, m.holdout);
  lines.push(
    `### ${m.name} (${m.type}, graph ${m.graph_id})`,
    "",
    `Split: ${train.length} training articles, ${test.length} held-out (test share ${m.holdout} %); training run ${seconds.toFixed(1)} s.`,
    "",
    `| class | gold | predicted | right | precision | recall | F1 |`,
    `|---|---:|---:|---:|---:|---:|---:|`,
    ...(JSON.parse(ev.per_class) as ClassRow[]).map(
      (c) =>
        `| ${c.label} | ${c.support} | ${c.tp + c.fp} | ${c.tp} | ${pct(c.precision)} | ${pct(c.recall)} | ${pct(c.f1)} |`,
    ),
    `| **all (micro)** | ${ev.gold} | ${ev.predicted} | ${ev.tp} | **${pct(ev.precision)}** | **${pct(ev.recall)}** | **${pct(ev.f1)}** |`,
    "",
  );
  if (m.type === "relation") {
    const { rows: reach } = await sql<{ n: number; known: number }>`
      SELECT count(*) AS n,
        sum(CASE WHEN r.subject_id IN (SELECT entity_id FROM kg_entity_mentions WHERE article_id IN (${sql.join(train)}))
             AND r.object_id IN (SELECT entity_id FROM kg_entity_mentions WHERE article_id IN (${sql.join(train)}))
            THEN 1 ELSE 0 END) AS known
      FROM kg_relations r WHERE r.article_id IN (${sql.join(test)})`.execute(db);
    lines.push(
      `Held-out relations whose two ends a training article names (the recall ceiling): ${reach[0].known} of ${reach[0].n} (${pct(Number(reach[0].known) / Number(reach[0].n))}).`,
      "",
    );
  }
}

// 5,000 characters of the demo graph's articles, as kg-bench.ts builds its text.
const { rows: texts } = await sql<{
  content: string;
}>`SELECT content FROM kg_articles WHERE graph_id = ${MILITARY} ORDER BY id LIMIT 40`.execute(db);
let text = "";
for (let i = 0; text.length < 5000; i++)
  text += texts[i % texts.length].content + "由于双方在边境地区举行演习，导致局势紧张。";
text = text.slice(0, 5000);
let began = performance.now();
const first = await analyzeText(ctx, MILITARY, text);
const firstMs = performance.now() - began;
const times: number[] = [];
const cpu: number[] = [];
for (let i = 0; i < 60; i++) {
  began = performance.now();
  const cpuBefore = process.cpuUsage();
  await analyzeText(ctx, MILITARY, text);
  const used = process.cpuUsage(cpuBefore);
  cpu.push((used.user + used.system) / 1000);
  times.push(performance.now() - began);
}
const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))].toFixed(1);
const at = (q: number) => quantile(times, q);
lines.push(
  `### Text analysis of 5,000 characters (graph ${MILITARY})`,
  "",
  `First analysis (the graph's dictionary and patterns learnt): ${firstMs.toFixed(1)} ms; then 60 analyses: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${Math.max(...times).toFixed(1)} ms. ` +
    `CPU time (stays meaningful when other work shares the machine): p50 ${quantile(cpu, 0.5)} ms, p95 ${quantile(cpu, 0.95)} ms. ` +
    `${first.entities.length} entities, ${first.events.length} events, ${first.relations.length} relations found.`,
);

await platform.close();
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(
  `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version} (load average ${loadBefore} before, ${os.loadavg()[0].toFixed(1)} after).\n`,
);
console.log(lines.join("\n"));
