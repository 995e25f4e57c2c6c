import type { ReviewRound } from "@contract/insight";
import type { PlatformContext } from "../../context.js";
import { notFound } from "../../http/errors.js";
import { parseJson } from "../../kg/ontology.js";
import { models as modelDef } from "../../resources/defs/insight.js";
import { requireRecord } from "../../resources/store.js";
import { finishRun, requireModel, requireRun } from "./models.js";
import {
  evaluationHistory,
  evaluationOf,
  lostRuns,
  runPage,
  runSummary,
  runViewById,
  type RunView,
} from "./store/models.js";

/**
 * A model's runs as they are read (insight, spec §2): its evaluation with the F1 history, its
 * runs page by page, one run — each after settling the runs whose job ended unheard.
 */

/** A model's evaluation (of the given run, or its latest), with the F1 history of its runs. */
export async function modelEvaluation(ctx: PlatformContext, modelId: number, runId: number | null) {
  const db = ctx.store.db;
  const model = await requireRecord(db, modelDef, modelId);
  const row = await evaluationOf(db, modelId, runId);
  if (runId !== null && !row) throw notFound("该运行没有评估结果");
  const history = await evaluationHistory(db, modelId);
  const run = row ? await runSummary(db, row.run_id) : null;
  return {
    model,
    evaluation: row
      ? {
          ...row,
          run,
          per_class: parseJson(row.per_class, []),
          confusion: parseJson(row.confusion, { labels: [], matrix: [] }),
          review: parseJson<ReviewRound | null>(row.review, null),
        }
      : null,
    history,
  };
}

/**
 * Runs whose job ended without the run hearing of it (a crash mid-run, a restart that gave
 * up on it) are settled from their job, so a model never stays "training" for ever.
 */
export async function settleLostRuns(ctx: PlatformContext, modelId?: number) {
  for (const r of await lostRuns(ctx.store.db, modelId)) {
    if (r.job_status === "cancelled") await finishRun(ctx, r.id, "cancelled", "");
    else
      await finishRun(
        ctx,
        r.id,
        "failed",
        r.error || (r.job === null ? "运行任务丢失" : "任务结束时运行未完成"),
      );
  }
}

/** A model's runs, newest first, with their job's progress and their evaluation's scores. */
export async function listRuns(
  ctx: PlatformContext,
  modelId: number,
  page: number,
  pageSize: number,
) {
  await requireModel(ctx, modelId);
  await settleLostRuns(ctx, modelId);
  return runPage(ctx.store.db, modelId, page, pageSize);
}

export async function runView(
  ctx: PlatformContext,
  modelId: number,
  runId: number | null,
): Promise<RunView> {
  await requireModel(ctx, modelId);
  await settleLostRuns(ctx, modelId);
  const run = await requireRun(ctx, modelId, runId);
  return (await runViewById(ctx.store.db, run.id))!;
}
