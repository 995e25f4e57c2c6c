import type { PrecisionCount, ReviewRound, RunKind } from "@contract/insight";
import type { AuthUser } from "../../auth/context.js";
import type { PlatformContext } from "../../context.js";
import type { Db, Tx } from "../../db/store.js";
import { HttpError, badRequest, notFound } from "../../http/errors.js";
import { wakeJobWorker } from "../../jobs/worker.js";
import { graphVerdicts, trainingKnowledge, type Knowledge } from "../../kg/knowledge.js";
import type { Verdict } from "../../kg/relation-patterns.js";
import { parseJson } from "../../kg/ontology.js";
import { graphRow } from "../../kg/store/graphs.js";
import { graphBeingWritten } from "../../kg/shapes.js";
import {
  JobCancelledError,
  JobFailedError,
  JobLostError,
  WorkerStoppedError,
  type JobContext,
} from "../../jobs/kinds.js";
import {
  classOrder,
  evaluateArticle,
  learnFilter,
  type Learned,
  splitArticles,
} from "./evaluate.js";
import { computeMetrics, metricsSummary, round4, type Metrics, type Outcome } from "./metrics.js";
import {
  activeRunOf,
  endRun,
  insertRun,
  markRunRunning,
  markRunSucceeded,
  modelById,
  runById,
  runOfModel,
  saveEvaluation,
  setModelReady,
  setModelStatus,
  setRunJob,
  versionsOfName,
  type ModelRow,
  type RunRow,
} from "./store/models.js";

export type { ModelRow, RunRow, RunView } from "./store/models.js";

/**
 * Model runs: an evaluation run measures a model on its graph's held-out articles; a training
 * run first learns the model's filter from the other articles, then evaluates. Each run is a
 * job (jobs.ts); this module owns what a run does and what it leaves behind.
 */

export const MODEL_NOT_FOUND = "模型不存在";
export const RUN_NOT_FOUND = "运行记录不存在";

/**
 * What a run needs of its job: report progress and log lines, yield (where a cancel lands),
 * and write its outcome with the job's in one fenced transaction.
 */
export type RunReporter = Pick<
  JobContext,
  "progress" | "log" | "checkpoint" | "transaction" | "complete"
>;

/** The review round as the evaluation page shows it: its verdicts, and precision per type without and with them. */
function reviewRound(
  since: string | null,
  verdicts: Verdict[],
  before: Metrics,
  after: Metrics,
): ReviewRound {
  const count = (m: Metrics, label: string): PrecisionCount => {
    const c = m.per_class.find((x) => x.label === label);
    const predicted = c ? c.tp + c.fp : 0;
    return { predicted, right: c?.tp ?? 0, precision: predicted ? round4(c!.tp / predicted) : 0 };
  };
  const labels = [...new Set([...before.per_class, ...after.per_class].map((c) => c.label))];
  return {
    since,
    verdicts: verdicts.length,
    accepted: verdicts.filter((v) => v.accepted).length,
    rejected: verdicts.filter((v) => !v.accepted).length,
    per_type: labels
      .map((label) => ({ label, before: count(before, label), after: count(after, label) }))
      .filter((t) => t.before.predicted + t.after.predicted > 0),
  };
}

/** The run log's line on what the knowledge learnt from the training articles. */
function learntSummary(type: ModelRow["type"], k: Knowledge): string {
  if (type === "relation") {
    const patterns = [...k.relations.byKey.values()].reduce((n, list) => n + list.length, 0);
    return `关系模式由训练集学习：训练句中候选实体对 ${k.relations.candidates} 个，其中陈述关系 ${k.relations.positives} 个，得到模式 ${patterns} 个`;
  }
  if (type === "event")
    return `事件模型由训练集学习：${k.events.argumentClasses.size} 类事件的论元类型；触发词 ${k.events.examples} 处，其中报道事件 ${k.events.reports} 处`;
  return `训练文章 ${k.learntFrom} 篇`;
}

export async function requireModel(ctx: PlatformContext, id: number | null): Promise<ModelRow> {
  const m = id === null ? undefined : await modelById(ctx.store.db, id);
  if (!m) throw notFound(MODEL_NOT_FOUND);
  return m;
}

export async function requireRun(
  ctx: PlatformContext,
  modelId: number,
  runId: number | null,
): Promise<RunRow> {
  const r = runId === null ? undefined : await runOfModel(ctx.store.db, modelId, runId);
  if (!r) throw notFound(RUN_NOT_FOUND);
  return r;
}

export function activeRun(ctx: PlatformContext, modelId: number): Promise<RunRow | undefined> {
  return activeRunOf(ctx.store.db, modelId);
}

export interface RunRequest {
  kind?: unknown;
  holdout?: unknown;
}

/** Checks a run request against the model; the run's parameters, or a 400/409 saying what is wrong. */
export async function checkRunRequest(
  ctx: PlatformContext,
  model: ModelRow,
  body: RunRequest,
): Promise<{ kind: RunKind; holdout: number }> {
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
  const running = await activeRun(ctx, model.id);
  if (running)
    throw new HttpError(
      409,
      `模型已有运行中的任务（#${running.id}），请等它结束后再运行`,
      "model_busy",
      { run: running.id },
    );
  return { kind, holdout };
}

/** Queues the run's job in the transaction it is given; the job's id. */
export type RunEnqueuer = (runId: number, tx: Tx) => Promise<number>;

/**
 * Records a queued run and hands it to `enqueue` (which queues its job and returns its id),
 * in the caller's write transaction `tx`: a run is never left without its job.
 */
export async function createRunIn(
  tx: Tx,
  model: ModelRow,
  params: { kind: RunKind; holdout: number },
  user: Pick<AuthUser, "id" | "username">,
  enqueue: RunEnqueuer,
): Promise<RunRow> {
  const runId = await insertRun(tx, {
    modelId: model.id,
    kind: params.kind,
    graphId: model.graph_id,
    holdout: params.holdout,
    userId: user.id,
    username: user.username,
  });
  await setModelStatus(tx, model.id, params.kind === "training" ? "training" : "evaluating");
  await setRunJob(tx, runId, await enqueue(runId, tx));
  return (await runById(tx, runId))!;
}

/** createRunIn in a write transaction of its own; the worker is woken once it has committed. */
export async function createRun(
  ctx: PlatformContext,
  model: ModelRow,
  params: { kind: RunKind; holdout: number },
  user: AuthUser,
  enqueue: RunEnqueuer,
): Promise<RunRow> {
  const run = await ctx.store.write((tx) => createRunIn(tx, model, params, user, enqueue));
  wakeJobWorker(ctx);
  return run;
}

/**
 * Does the run: learns (training), evaluates, and writes the evaluation, the model's new
 * metrics (and what it learned), the run's outcome and the job's in one transaction at the
 * end (job.complete: fenced, so a run whose job was taken over writes nothing), so a run cut
 * short leaves the model as it was. Safe to start again from the beginning.
 */
export async function executeRun(
  ctx: PlatformContext,
  runId: number,
  report: RunReporter,
): Promise<{ run_id: number }> {
  const run = await runById(ctx.store.db, runId);
  if (!run) throw new Error(`${RUN_NOT_FOUND}（#${runId}）`);
  await report.transaction(async (tx) => {
    await markRunRunning(tx, runId);
    await setModelStatus(tx, run.model_id, run.kind === "training" ? "training" : "evaluating");
  });
  try {
    const model = await requireModel(ctx, run.model_id);
    const graphId = model.graph_id;
    if (graphId === null) throw new JobFailedError("模型没有关联知识图谱");
    const row = await graphRow(ctx.store.db, graphId);
    if (!row) throw new JobFailedError(`知识图谱 #${graphId} 不存在`);
    // A graph a job is writing in batches is read whole or not at all (decision 033).
    if (row.writing_job !== null)
      throw new JobFailedError(graphBeingWritten(row.writing_job).message);
    const graph = row.name;
    const { train, test } = await splitArticles(ctx, graphId, run.holdout);
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
    // Reviewers' verdicts teach relation models (those on held-out sentences excepted); the
    // ones given since the model's previous training run are the last review round, whose
    // effect the evaluation shows (held-out precision without and with them).
    const inTraining = new Set(train);
    const verdicts =
      model.type === "relation"
        ? (await graphVerdicts(ctx, graphId)).filter(
            (v) => v.articleId === null || inTraining.has(v.articleId),
          )
        : [];
    const since = parseJson<Learned>(model.learned, {}).trained_at ?? null;
    const round = verdicts.filter((v) => since === null || (v.at !== null && v.at > since));
    const knowledge = await trainingKnowledge(ctx, graphId, train, verdicts);
    const beforeRound = round.length
      ? await trainingKnowledge(
          ctx,
          graphId,
          train,
          verdicts.filter((v) => !round.includes(v)),
        )
      : null;
    await report.log(
      "info",
      `词典仅由训练集构建：实体 ${knowledge.dictionary.ids.length} 个（测试集文章不参与构建）`,
    );
    await report.log("info", learntSummary(model.type, knowledge));
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
        const r = await evaluateArticle(ctx, graphId, model.type, id, knowledge);
        judged.push(...r.judged);
        await step(`训练：文章 #${id}`);
      }
      // Relations and events learn in the knowledge (patterns, report classifier); entity
      // recognition, a dictionary lookup, learns which names to drop.
      const suppress = model.type === "ner" ? learnFilter(judged) : [];
      learned = {
        suppress,
        trained_articles: train.length,
        trained_at: new Date().toISOString(),
      };
      const right = judged.filter((j) => j.correct).length;
      await report.log("info", `训练集预测 ${judged.length} 个，正确 ${right} 个`);
      if (model.type === "ner")
        await report.log(
          suppress.length ? "warn" : "info",
          suppress.length
            ? `学习到 ${suppress.length} 个不可靠的实体名称，评估时将其过滤：${suppress.slice(0, 20).join("、")}${suppress.length > 20 ? "…" : ""}`
            : "没有需要过滤的实体名称",
        );
    }

    const outcomes: Outcome[] = [];
    const outcomesBefore: Outcome[] = [];
    for (const id of test) {
      const r = await evaluateArticle(ctx, graphId, model.type, id, knowledge, learned);
      outcomes.push(...r.outcomes);
      if (beforeRound)
        outcomesBefore.push(
          ...(await evaluateArticle(ctx, graphId, model.type, id, beforeRound, learned)).outcomes,
        );
      const gold = r.outcomes.filter((o) => o.gold !== null).length;
      const predicted = r.outcomes.filter((o) => o.predicted !== null).length;
      const right = r.outcomes.filter((o) => o.gold !== null && o.gold === o.predicted).length;
      await report.log("info", `评估：文章 #${id}，标注 ${gold}，预测 ${predicted}，正确 ${right}`);
      await step(`评估：文章 #${id}`);
    }
    const order = await classOrder(ctx, graphId, model.type);
    const metrics = computeMetrics(outcomes, order);
    const review =
      model.type === "relation"
        ? reviewRound(
            since,
            round.map((v) => v.verdict),
            beforeRound ? computeMetrics(outcomesBefore, order) : metrics,
            metrics,
          )
        : null;
    if (review) {
      await report.log(
        "info",
        `上一轮审核：裁定 ${review.verdicts} 条（采纳 ${review.accepted}，驳回 ${review.rejected}）`,
      );
      if (review.verdicts)
        for (const t of review.per_type)
          await report.log(
            "info",
            `关系类型 ${t.label}：审核前精确率 ${t.before.precision.toFixed(4)}（${t.before.right}/${t.before.predicted}），审核后 ${t.after.precision.toFixed(4)}（${t.after.right}/${t.after.predicted}）`,
          );
    }
    for (const c of metrics.per_class) {
      await report.log(
        "info",
        `类别 ${c.label}：P ${c.precision.toFixed(4)}，R ${c.recall.toFixed(4)}，F1 ${c.f1.toFixed(4)}（标注 ${c.support}）`,
      );
    }

    return await report.complete(async (tx) => {
      await saveEvaluation(tx, {
        run_id: runId,
        model_id: model.id,
        graph_id: graphId,
        articles: test.length,
        gold: metrics.gold,
        predicted: metrics.predicted,
        tp: metrics.tp,
        precision: metrics.precision,
        recall: metrics.recall,
        f1: metrics.f1,
        macro_f1: metrics.macro_f1,
        per_class: JSON.stringify(metrics.per_class),
        confusion: JSON.stringify(metrics.confusion),
        review: review ? JSON.stringify(review) : "",
      });
      await setModelReady(tx, model.id, {
        precision: metrics.precision,
        recall: metrics.recall,
        f1: metrics.f1,
        metrics: metricsSummary(metrics),
        learned: JSON.stringify(learned),
        version: run.kind === "training" ? await nextVersion(tx, model) : model.version,
      });
      await markRunSucceeded(tx, runId);
      await report.progress(100, "完成");
      await report.log(
        "info",
        `评估完成：${metricsSummary(metrics)}，宏平均 F1 ${(metrics.macro_f1 * 100).toFixed(1)}%`,
      );
      return { run_id: runId };
    });
  } catch (e) {
    // The worker stopping (shutdown) is not an outcome: the job stays running and is resumed
    // after the restart. A job taken over by another worker is that worker's to end.
    if (e instanceof WorkerStoppedError || e instanceof JobLostError) throw e;
    const cancelled = e instanceof JobCancelledError;
    const message = e instanceof HttpError ? e.detail : e instanceof Error ? e.message : String(e);
    if (!cancelled) await report.log("error", `运行失败：${message}`);
    // Fenced too: a run whose job was taken over meanwhile leaves the run to its new worker.
    await report.transaction((tx) =>
      endRun(tx, runId, cancelled ? "cancelled" : "failed", cancelled ? "" : message),
    );
    throw e;
  }
}

/**
 * Ends a run that did not succeed (failed, cancelled, or lost with its job) and puts its
 * model back: ready if it has metrics from an earlier run, else failed or new.
 */
export async function finishRun(
  ctx: PlatformContext,
  runId: number,
  status: "failed" | "cancelled",
  error: string,
) {
  await ctx.store.write((tx) => endRun(tx, runId, status, error));
}

/** The next minor version not taken by another model of the same name: 1.2.3 → 1.3.0. */
async function nextVersion(db: Db, model: ModelRow): Promise<string> {
  const [major, minor] = model.version.split(".").map(Number);
  const taken = new Set(await versionsOfName(db, model.name, model.id));
  for (let m = (minor || 0) + 1; ; m++) {
    const v = `${major || 0}.${m}.0`;
    if (!taken.has(v)) return v;
  }
}
