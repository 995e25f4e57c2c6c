import type { RunKind } from "@contract/insight";
import type { Request, Response } from "express";
import type { PlatformContext } from "../../context.js";
import { followJobEvents } from "../../jobs/follow.js";
import { registerJobKind } from "../../jobs/kinds.js";
import { enqueueJobSync } from "../../jobs/worker.js";
import { executeRun, runView } from "./models.js";

/**
 * Model runs on the job runner: one job kind per run kind (so job lists say what ran), the
 * same handler. Resumable: a run writes nothing until its end, so starting it again after a
 * restart is safe.
 */
export const RUN_JOB_KINDS: Record<RunKind, string> = {
  evaluation: "model-evaluation",
  training: "model-training",
};

const runHandler = async (
  job: { ctx: PlatformContext; params: { run_id: number } } & Parameters<typeof executeRun>[2],
) => {
  await executeRun(job.ctx, job.params.run_id, job);
  return { run_id: job.params.run_id };
};

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

export function enqueueModelRun(
  ctx: PlatformContext,
  run: { id: number; kind: RunKind; graphId: number | null },
  userId: number | null,
): number {
  return enqueueJobSync(ctx, {
    kind: RUN_JOB_KINDS[run.kind],
    graphId: run.graphId,
    params: { run_id: run.id },
    userId,
  });
}

const FINISHED = new Set(["succeeded", "failed", "cancelled"]);

/**
 * Server-sent events of one run (see followJobEvents): `progress` ({status, progress,
 * message, error}) when it changes, `log` for each new log line of its job, then `done`.
 * `after_log` is the newest log id the page already shows.
 */
export function followRun(
  ctx: PlatformContext,
  modelId: number,
  runId: number,
  req: Request,
  res: Response,
) {
  const first = runView(ctx, modelId, runId);
  return followJobEvents(ctx, req, res, {
    jobId: first.job_id,
    afterLog: req.query.after_log,
    look: () => {
      const run = runView(ctx, modelId, runId);
      const snapshot = {
        id: run.id,
        status: run.status,
        progress: run.progress,
        message: run.message,
        error: run.error,
      };
      // The run's outcome is written just before its job's last log line: wait for both.
      const finished =
        FINISHED.has(run.status) && (run.job_status === null || FINISHED.has(run.job_status));
      return { jobId: run.job_id, snapshot, finished };
    },
  });
}
