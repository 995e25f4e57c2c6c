import type { Request, Response } from "express";
import type { PlatformContext } from "../../context.js";
import { enqueueJob, jobLogsAfter, registerJobKind } from "../../jobs/runner.js";
import { executeRun, runView, type RunKind } from "./models.js";

/**
 * Model runs on the job runner: one job kind per run kind (so job lists say what ran), the
 * same handler. Resumable: a run writes nothing until its end, so starting it again after a
 * restart is safe.
 */
export const RUN_JOB_KINDS: Record<RunKind, string> = { evaluation: "model-evaluation", training: "model-training" };

const runHandler = async (job: { ctx: PlatformContext; params: { run_id: number } } & Parameters<typeof executeRun>[2]) => {
  await executeRun(job.ctx, job.params.run_id, job);
  return { run_id: job.params.run_id };
};

registerJobKind(RUN_JOB_KINDS.evaluation, runHandler, { resumable: true, permission: "kg__model__update", label: "模型评估" });
registerJobKind(RUN_JOB_KINDS.training, runHandler, { resumable: true, permission: "kg__model__update", label: "模型训练" });

export function enqueueModelRun(
  ctx: PlatformContext,
  run: { id: number; kind: RunKind; graphId: number | null },
  userId: number | null,
): number {
  return enqueueJob(ctx, { kind: RUN_JOB_KINDS[run.kind], graphId: run.graphId, params: { run_id: run.id }, userId });
}

const FINISHED = new Set(["succeeded", "failed", "cancelled"]);
/** How often a follower looks at the store: the job may run in another process. */
const FOLLOW_MS = 400;
const KEEPALIVE_MS = 15_000;

/**
 * Server-sent events of one run: `progress` ({status, progress, message, error}) when it
 * changes, `log` for each new log line of its job, then `done` and the end of the stream.
 * `after_log` is the newest log id the page already shows.
 */
export function followRun(ctx: PlatformContext, modelId: number, runId: number, req: Request, res: Response) {
  const first = runView(ctx, modelId, runId);
  res.status(200);
  res.setHeader("Content-Type", "text/event-stream; charset=utf-8");
  res.setHeader("Cache-Control", "no-cache, no-transform");
  res.setHeader("X-Accel-Buffering", "no");
  res.flushHeaders();
  const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const after = typeof req.query.after_log === "string" && /^\d+$/.test(req.query.after_log) ? Number(req.query.after_log) : null;
  let lastLog =
    after ?? ((ctx.db.prepare("SELECT max(id) FROM job_logs WHERE job_id = ?").pluck().get(first.job_id ?? -1) as number | null) ?? 0);
  let lastKey = "";
  let lastWrite = Date.now();
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  const stop = () => {
    closed = true;
    if (timer) clearTimeout(timer);
  };
  req.on("close", stop);

  const step = () => {
    if (closed) return;
    try {
      const run = runView(ctx, modelId, runId);
      if (run.job_id !== null) {
        for (const line of jobLogsAfter(ctx, run.job_id, lastLog)) {
          send("log", line);
          lastLog = line.id;
          lastWrite = Date.now();
        }
      }
      const snap = { id: run.id, status: run.status, progress: run.progress, message: run.message, error: run.error };
      const key = JSON.stringify(snap);
      if (key !== lastKey) {
        send("progress", snap);
        lastKey = key;
        lastWrite = Date.now();
      }
      // The run's outcome is written just before its job's last log line: wait for both.
      if (FINISHED.has(run.status) && (run.job_status === null || FINISHED.has(run.job_status))) {
        send("done", snap);
        stop();
        res.end();
        return;
      }
      if (Date.now() - lastWrite > KEEPALIVE_MS) {
        res.write(": keep-alive\n\n");
        lastWrite = Date.now();
      }
    } catch {
      // The run was deleted or the store closed (shutdown): end the stream.
      stop();
      res.end();
      return;
    }
    timer = setTimeout(step, FOLLOW_MS);
  };
  step();
}
