import type { RunKind } from "@contract/insight";
import type { Request, Response } from "express";
import type { PlatformContext } from "../../context.js";
import type { Tx } from "../../db/store.js";
import { followJobEvents } from "../../jobs/follow.js";
import { registerJobKind } from "../../jobs/kinds.js";
import { enqueueJob } from "../../jobs/worker.js";
import { executeRun } from "./models.js";
import { runView } from "./model-runs.js";

/**
 * Model runs on the job runner: one job kind per run kind (so job lists say what ran), the
 * same handler. Resumable: a run writes nothing until its end, so starting it again after a
 * restart is safe.
 */
export const RUN_JOB_KINDS: Record<RunKind, string> = {
  evaluation: "model-evaluation",
  training: "model-training",
};

const runHandler = (
  job: { ctx: PlatformContext; params: { run_id: number } } & Parameters<typeof executeRun>[2],
) => executeRun(job.ctx, job.params.run_id, job);

registerJobKind(RUN_JOB_KINDS.evaluation, runHandler, {
  resumable: true,
  permission: "kg__model__update",
  label: "模型评估",
});
registerJobKind(RUN_JOB_KINDS.training, runHandler, {
  resumable: true,
  permission: "kg__model__update",
  label: "模型训练",
});

/** Queues the run's job in the run's transaction `tx`; the job's id. */
export function enqueueModelRun(
  ctx: PlatformContext,
  run: { id: number; kind: RunKind; graphId: number | null },
  userId: number | null,
  tx: Tx,
): Promise<number> {
  return enqueueJob(
    ctx,
    { kind: RUN_JOB_KINDS[run.kind], graphId: run.graphId, params: { run_id: run.id }, userId },
    tx,
  );
}

const FINISHED = new Set(["succeeded", "failed", "cancelled"]);

/**
 * Server-sent events of one run (see followJobEvents): `progress` ({status, progress,
 * message, error}) when it changes, `log` for each new log line of its job, then `done`.
 * `after_log` is the newest log id the page already shows.
 */
export async function followRun(
  ctx: PlatformContext,
  modelId: number,
  runId: number,
  req: Request,
  res: Response,
) {
  const first = await runView(ctx, modelId, runId);
  return followJobEvents(ctx, req, res, {
    jobId: first.job_id,
    afterLog: req.query.after_log,
    look: async () => {
      const run = await runView(ctx, modelId, runId);
      const snapshot = {
        id: run.id,
        status: run.status,
        progress: run.progress,
        message: run.message,
        error: run.error,
      };
      // A run's success is written with its job's; a failure just before it: wait for both.
      const finished =
        FINISHED.has(run.status) && (run.job_status === null || FINISHED.has(run.job_status));
      return { jobId: run.job_id, snapshot, finished };
    },
  });
}
