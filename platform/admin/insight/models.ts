import type { Evaluation, ModelType, RunKind, RunStatus } from "@contract/insight";
import type { AuthUser } from "../../auth/context.js";
import type { PlatformContext } from "../../context.js";
import { countRows } from "../../db/rows.js";
import { HttpError, badRequest, notFound } from "../../http/errors.js";
import { trainingKnowledge } from "../../kg/extract.js";
import { parseJson } from "../../kg/ontology.js";
import { models as modelDef } from "../../resources/defs/insight.js";
import {
  JobCancelledError,
  JobFailedError,
  JobLostError,
  WorkerStoppedError,
  type JobContext,
} from "../../jobs/kinds.js";
import { requireRecord } from "../../resources/store.js";
import {
  classOrder,
  evaluateArticle,
  learnFilter,
  type Learned,
  splitArticles,
} from "./evaluate.js";
import { computeMetrics, metricsSummary, type Outcome } from "./metrics.js";

/**
 * Model runs: an evaluation run measures a model on its graph's held-out articles; a training
 * run first learns the model's filter from the other articles, then evaluates. Each run is a
 * job (jobs.ts); this module owns what a run does and what it leaves behind.
 */

export const MODEL_NOT_FOUND = "模型不存在";
export const RUN_NOT_FOUND = "运行记录不存在";

/** What a run needs of its job: report progress and log lines, and yield (where a cancel lands). */
export type RunReporter = Pick<JobContext, "progress" | "log" | "checkpoint" | "transaction">;

export interface ModelRow {
  id: number;
  name: string;
  version: string;
  type: ModelType;
  graph_id: number | null;
  status: string;
  holdout: number;
  learned: string;
  precision: number | null;
  recall: number | null;
  f1: number | null;
}

export interface RunRow {
  id: number;
  model_id: number;
  kind: RunKind;
  status: RunStatus;
  job_id: number | null;
  graph_id: number | null;
  holdout: number;
  user_id: number | null;
  username: string;
  error: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

const KEY_NAMES: Record<ModelType, string> = {
  ner: "实体名称",
  event: "触发词",
  relation: "关系类型",
};
const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ','now')";

export function requireModel(ctx: PlatformContext, id: number | null): ModelRow {
  const m =
    id === null
      ? undefined
      : (ctx.db.prepare("SELECT * FROM kg_models WHERE id = ?").get(id) as ModelRow | undefined);
  if (!m) throw notFound(MODEL_NOT_FOUND);
  return m;
}

export function requireRun(ctx: PlatformContext, modelId: number, runId: number | null): RunRow {
  const r =
    runId === null
      ? undefined
      : (ctx.db
          .prepare("SELECT * FROM kg_model_runs WHERE id = ? AND model_id = ?")
          .get(runId, modelId) as RunRow | undefined);
  if (!r) throw notFound(RUN_NOT_FOUND);
  return r;
}

export function activeRun(ctx: PlatformContext, modelId: number): RunRow | undefined {
  return ctx.db
    .prepare(
      "SELECT * FROM kg_model_runs WHERE model_id = ? AND status IN ('queued', 'running') ORDER BY id DESC LIMIT 1",
    )
    .get(modelId) as RunRow | undefined;
}

export interface RunRequest {
  kind?: unknown;
  holdout?: unknown;
}

/** Checks a run request against the model; the run's parameters, or a 400/409 saying what is wrong. */
export function checkRunRequest(
  ctx: PlatformContext,
  model: ModelRow,
  body: RunRequest,
): { kind: RunKind; holdout: number } {
  const kind = body.kind ?? "evaluation";
  if (kind !== "evaluation" && kind !== "training")
    throw badRequest("运行类型必须是 evaluation（评估）或 training（训练）");
  const rawHoldout = body.holdout ?? model.holdout;
  const holdout =
    typeof rawHoldout === "string" && rawHoldout.trim() !== "" ? Number(rawHoldout) : rawHoldout;
  if (typeof holdout !== "number" || !Number.isInteger(holdout) || holdout < 5 || holdout > 50) {
    throw badRequest("测试集比例必须是5到50之间的整数");
  }
  if (model.graph_id === null) throw badRequest("模型没有关联知识图谱，无法运行");
  const running = activeRun(ctx, model.id);
  if (running)
    throw new HttpError(
      409,
      `模型已有运行中的任务（#${running.id}），请等它结束后再运行`,
      "model_busy",
      { run: running.id },
    );
  return { kind, holdout };
}

/**
 * Records a queued run and hands it to `enqueue` (which starts the job and returns its id),
 * in one transaction: a run is never left without its job.
 */
export function createRun(
  ctx: PlatformContext,
  model: ModelRow,
  params: { kind: RunKind; holdout: number },
  user: AuthUser,
  enqueue: (runId: number) => number,
): RunRow {
  return ctx.db.transaction(() => {
    const runId = Number(
      ctx.db
        .prepare(
          "INSERT INTO kg_model_runs (model_id, kind, graph_id, holdout, user_id, username) VALUES (?, ?, ?, ?, ?, ?)",
        )
        .run(model.id, params.kind, model.graph_id, params.holdout, user.id, user.username)
        .lastInsertRowid,
    );
    ctx.db
      .prepare("UPDATE kg_models SET status = ? WHERE id = ?")
      .run(params.kind === "training" ? "training" : "evaluating", model.id);
    const jobId = enqueue(runId);
    ctx.db.prepare("UPDATE kg_model_runs SET job_id = ? WHERE id = ?").run(jobId, runId);
    return ctx.db.prepare("SELECT * FROM kg_model_runs WHERE id = ?").get(runId) as RunRow;
  })();
}

/**
 * Does the run: learns (training), evaluates, and writes the evaluation, the model's new
 * metrics (and what it learned) and the run's outcome in one transaction at the end, so a
 * run cut short leaves the model as it was. Safe to start again from the beginning.
 */
export async function executeRun(
  ctx: PlatformContext,
  runId: number,
  report: RunReporter,
): Promise<void> {
  const db = ctx.db;
  const run = db.prepare("SELECT * FROM kg_model_runs WHERE id = ?").get(runId) as
    RunRow | undefined;
  if (!run) throw new Error(`${RUN_NOT_FOUND}（#${runId}）`);
  db.transaction(() => {
    db.prepare(
      `UPDATE kg_model_runs SET status = 'running', started_at = ${NOW}, error = '' WHERE id = ?`,
    ).run(runId);
    db.prepare("UPDATE kg_models SET status = ? WHERE id = ?").run(
      run.kind === "training" ? "training" : "evaluating",
      run.model_id,
    );
  })();
  try {
    const model = requireModel(ctx, run.model_id);
    const graphId = model.graph_id;
    if (graphId === null) throw new JobFailedError("模型没有关联知识图谱");
    const graph = db.prepare("SELECT name FROM graphs WHERE id = ?").pluck().get(graphId) as
      string | undefined;
    if (!graph) throw new JobFailedError(`知识图谱 #${graphId} 不存在`);
    const { train, test } = splitArticles(ctx, graphId, run.holdout);
    await report.log(
      "info",
      `模型 ${model.name} ${model.version}（${model.type}），知识图谱「${graph}」`,
    );
    await report.log(
      "info",
      `数据划分：训练集 ${train.length} 篇，测试集 ${test.length} 篇（测试集比例 ${run.holdout}%）`,
    );
    if (test.length === 0) throw new JobFailedError("测试集为空：知识图谱中没有可用于评估的文章");
    // The dictionary (entities, known relations) is built from the training articles only.
    const knowledge = await trainingKnowledge(ctx, graphId, train);
    await report.log(
      "info",
      `词典仅由训练集构建：实体 ${knowledge.dictionary.ids.length} 个（测试集文章不参与构建）`,
    );
    const steps = (run.kind === "training" ? train.length : 0) + test.length;
    let done = 0;
    const step = async (message: string) => {
      done++;
      await report.progress(Math.min(99, Math.round((done / steps) * 100)), message);
      await report.checkpoint();
    };

    let learned = parseJson<Learned>(model.learned, {});
    if (run.kind === "training") {
      const judged = [];
      for (const id of train) {
        const r = evaluateArticle(ctx, graphId, model.type, id, knowledge);
        judged.push(...r.judged);
        await step(`训练：文章 #${id}`);
      }
      const suppress = learnFilter(judged);
      learned = { suppress, trained_articles: train.length, trained_at: new Date().toISOString() };
      const right = judged.filter((j) => j.correct).length;
      await report.log("info", `训练集预测 ${judged.length} 个，正确 ${right} 个`);
      await report.log(
        suppress.length ? "warn" : "info",
        suppress.length
          ? `学习到 ${suppress.length} 个不可靠的${KEY_NAMES[model.type]}，评估时将其过滤：${suppress.slice(0, 20).join("、")}${suppress.length > 20 ? "…" : ""}`
          : `没有需要过滤的${KEY_NAMES[model.type]}`,
      );
    }

    const outcomes: Outcome[] = [];
    for (const id of test) {
      const r = evaluateArticle(ctx, graphId, model.type, id, knowledge, learned);
      outcomes.push(...r.outcomes);
      const gold = r.outcomes.filter((o) => o.gold !== null).length;
      const predicted = r.outcomes.filter((o) => o.predicted !== null).length;
      const right = r.outcomes.filter((o) => o.gold !== null && o.gold === o.predicted).length;
      await report.log("info", `评估：文章 #${id}，标注 ${gold}，预测 ${predicted}，正确 ${right}`);
      await step(`评估：文章 #${id}`);
    }
    const metrics = computeMetrics(outcomes, classOrder(ctx, graphId, model.type));
    for (const c of metrics.per_class) {
      await report.log(
        "info",
        `类别 ${c.label}：P ${c.precision.toFixed(4)}，R ${c.recall.toFixed(4)}，F1 ${c.f1.toFixed(4)}（标注 ${c.support}）`,
      );
    }

    await report.transaction(() => {
      db.prepare(
        `INSERT INTO kg_model_evaluations (run_id, model_id, graph_id, articles, gold, predicted, tp, precision, recall, f1, macro_f1, per_class, confusion)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (run_id) DO UPDATE SET articles = excluded.articles, gold = excluded.gold, predicted = excluded.predicted,
           tp = excluded.tp, precision = excluded.precision, recall = excluded.recall, f1 = excluded.f1,
           macro_f1 = excluded.macro_f1, per_class = excluded.per_class, confusion = excluded.confusion`,
      ).run(
        runId,
        model.id,
        graphId,
        test.length,
        metrics.gold,
        metrics.predicted,
        metrics.tp,
        metrics.precision,
        metrics.recall,
        metrics.f1,
        metrics.macro_f1,
        JSON.stringify(metrics.per_class),
        JSON.stringify(metrics.confusion),
      );
      const version = run.kind === "training" ? nextVersion(ctx, model) : model.version;
      db.prepare(
        `UPDATE kg_models SET status = 'ready', precision = ?, recall = ?, f1 = ?, metrics = ?, learned = ?, version = ?,
                last_run_at = ${NOW} WHERE id = ?`,
      ).run(
        metrics.precision,
        metrics.recall,
        metrics.f1,
        metricsSummary(metrics),
        JSON.stringify(learned),
        version,
        model.id,
      );
      db.prepare(
        `UPDATE kg_model_runs SET status = 'succeeded', finished_at = ${NOW} WHERE id = ?`,
      ).run(runId);
    });
    await report.progress(100, "完成");
    await report.log(
      "info",
      `评估完成：${metricsSummary(metrics)}，宏平均 F1 ${(metrics.macro_f1 * 100).toFixed(1)}%`,
    );
  } catch (e) {
    // The worker stopping (shutdown) is not an outcome: the job stays running and is resumed
    // after the restart. A job taken over by another worker is that worker's to end.
    if (e instanceof WorkerStoppedError || e instanceof JobLostError) throw e;
    const cancelled = e instanceof JobCancelledError;
    const message = e instanceof HttpError ? e.detail : e instanceof Error ? e.message : String(e);
    if (!cancelled) await report.log("error", `运行失败：${message}`);
    finishRun(ctx, runId, cancelled ? "cancelled" : "failed", cancelled ? "" : message);
    throw e;
  }
}

/**
 * Ends a run that did not succeed (failed, cancelled, or lost with its job) and puts its
 * model back: ready if it has metrics from an earlier run, else failed or new.
 */
export function finishRun(
  ctx: PlatformContext,
  runId: number,
  status: "failed" | "cancelled",
  error: string,
) {
  const db = ctx.db;
  db.transaction(() => {
    const run = db.prepare("SELECT model_id FROM kg_model_runs WHERE id = ?").get(runId) as
      { model_id: number } | undefined;
    if (!run) return;
    db.prepare(
      `UPDATE kg_model_runs SET status = ?, error = ?, finished_at = ${NOW} WHERE id = ?`,
    ).run(status, error, runId);
    db.prepare(
      `UPDATE kg_models SET status = CASE WHEN f1 IS NOT NULL THEN 'ready' WHEN ? = 'failed' THEN 'failed' ELSE 'new' END,
              last_run_at = ${NOW} WHERE id = ?`,
    ).run(status, run.model_id);
  })();
}

/** The next minor version not taken by another model of the same name: 1.2.3 → 1.3.0. */
function nextVersion(ctx: PlatformContext, model: ModelRow): string {
  const [major, minor] = model.version.split(".").map(Number);
  const taken = new Set(
    ctx.db
      .prepare("SELECT version FROM kg_models WHERE name = ? AND id <> ?")
      .pluck()
      .all(model.name, model.id) as string[],
  );
  for (let m = (minor || 0) + 1; ; m++) {
    const v = `${major || 0}.${m}.0`;
    if (!taken.has(v)) return v;
  }
}

/** The stored evaluation: per class and confusion as JSON text. */
type EvaluationRow = Omit<Evaluation, "run" | "per_class" | "confusion"> & {
  per_class: string;
  confusion: string;
};

/** A model's evaluation (of the given run, or its latest), with the F1 history of its runs. */
export async function modelEvaluation(ctx: PlatformContext, modelId: number, runId: number | null) {
  const model = await requireRecord(ctx.store.db, modelDef, modelId);
  const db = ctx.db;
  const row = (
    runId !== null
      ? db
          .prepare("SELECT * FROM kg_model_evaluations WHERE model_id = ? AND run_id = ?")
          .get(modelId, runId)
      : db
          .prepare("SELECT * FROM kg_model_evaluations WHERE model_id = ? ORDER BY id DESC LIMIT 1")
          .get(modelId)
  ) as EvaluationRow | undefined;
  if (runId !== null && !row) throw notFound("该运行没有评估结果");
  const history = db
    .prepare(
      `SELECT v.run_id, r.kind, v.created_at, v.precision, v.recall, v.f1 FROM kg_model_evaluations v
         JOIN kg_model_runs r ON r.id = v.run_id WHERE v.model_id = ? ORDER BY v.id`,
    )
    .all(modelId);
  const run = row
    ? db
        .prepare(
          "SELECT id, kind, username, created_at, finished_at, holdout FROM kg_model_runs WHERE id = ?",
        )
        .get(row.run_id)
    : null;
  return {
    model,
    evaluation: row
      ? {
          ...row,
          run,
          per_class: parseJson(row.per_class, []),
          confusion: parseJson(row.confusion, { labels: [], matrix: [] }),
        }
      : null,
    history,
  };
}

/**
 * Runs whose job ended without the run hearing of it (a crash mid-run, a restart that gave
 * up on it) are settled from their job, so a model never stays "training" for ever.
 */
export function settleLostRuns(ctx: PlatformContext, modelId?: number) {
  const rows = ctx.db
    .prepare(
      `SELECT r.id, j.id AS job, j.status AS job_status, j.error FROM kg_model_runs r LEFT JOIN jobs j ON j.id = r.job_id
        WHERE r.status IN ('queued', 'running') ${modelId === undefined ? "" : "AND r.model_id = ?"}
          AND (j.id IS NULL OR j.status IN ('succeeded', 'failed', 'cancelled'))`,
    )
    .all(...(modelId === undefined ? [] : [modelId])) as {
    id: number;
    job: number | null;
    job_status: string | null;
    error: string | null;
  }[];
  for (const r of rows) {
    if (r.job_status === "cancelled") finishRun(ctx, r.id, "cancelled", "");
    else
      finishRun(
        ctx,
        r.id,
        "failed",
        r.error || (r.job === null ? "运行任务丢失" : "任务结束时运行未完成"),
      );
  }
}

const RUN_SELECT = `SELECT r.*, coalesce(j.progress, 0) AS progress, coalesce(j.message, '') AS message, j.status AS job_status,
       e.precision, e.recall, e.f1, e.macro_f1
  FROM kg_model_runs r LEFT JOIN jobs j ON j.id = r.job_id LEFT JOIN kg_model_evaluations e ON e.run_id = r.id`;

export type RunView = RunRow & {
  progress: number;
  job_status: string | null;
  message: string;
  precision: number | null;
  recall: number | null;
  f1: number | null;
  macro_f1: number | null;
};

/** A model's runs, newest first, with their job's progress and their evaluation's scores. */
export function listRuns(ctx: PlatformContext, modelId: number, page: number, pageSize: number) {
  requireModel(ctx, modelId);
  settleLostRuns(ctx, modelId);
  const count = countRows(ctx.db, "kg_model_runs", "model_id", modelId);
  const results = ctx.db
    .prepare(`${RUN_SELECT} WHERE r.model_id = ? ORDER BY r.id DESC LIMIT ? OFFSET ?`)
    .all(modelId, pageSize, (page - 1) * pageSize) as RunView[];
  return { results, count };
}

export function runView(ctx: PlatformContext, modelId: number, runId: number | null): RunView {
  requireModel(ctx, modelId);
  settleLostRuns(ctx, modelId);
  requireRun(ctx, modelId, runId);
  return ctx.db.prepare(`${RUN_SELECT} WHERE r.id = ?`).get(runId) as RunView;
}
