import type { Response, Router } from "express";
import { requireUser } from "../auth/context.js";
import type { PlatformContext } from "../context.js";
import { HttpError, badRequest, forbidden, handle } from "../http/errors.js";
import { intParam, pathId, stringParam } from "../kg/params.js";
import {
  JOB_STATUSES,
  cancelJob,
  getJob,
  jobLogs,
  jobLogsAfter,
  listJobs,
  mayAccessJob,
  visibleKinds,
  type Job,
  type JobStatus,
} from "./runner.js";

const FINISHED: JobStatus[] = ["succeeded", "failed", "cancelled"];
/** How often a follower looks at the store (jobs may run in another process). */
const FOLLOW_MS = 400;
const KEEPALIVE_MS = 15_000;

function requireJob(ctx: PlatformContext, res: Response, rawId: string | undefined): Job {
  const user = requireUser(res);
  const id = pathId(rawId);
  const job = id === null ? null : getJob(ctx, id);
  if (!job) throw new HttpError(404, "任务不存在", "not_found");
  if (!mayAccessJob(user, job)) throw forbidden();
  return job;
}

/** The job API (docs/api.md, "Graph administration and jobs"). */
export function mountJobs(router: Router, ctx: PlatformContext) {
  router.get(
    "/jobs",
    handle((req, res) => {
      const user = requireUser(res);
      const status = stringParam(req.query, "status");
      if (status !== undefined && !JOB_STATUSES.includes(status as JobStatus)) {
        throw badRequest(`参数 status 必须是 ${JOB_STATUSES.join("、")} 之一`);
      }
      const graphId = req.query.graph_id === undefined ? undefined : intParam(req.query, "graph_id", { min: 1, max: 1e15, fallback: 0 });
      res.json(
        listJobs(ctx, {
          kind: stringParam(req.query, "kind")?.split(",").filter(Boolean),
          status: status as JobStatus | undefined,
          graphId,
          visibleKinds: visibleKinds(user),
          orCreatedBy: user.id,
          page: intParam(req.query, "page", { min: 1, max: 1_000_000, fallback: 1 }),
          pageSize: intParam(req.query, req.query.page_size !== undefined ? "page_size" : "limit", { min: 1, max: 100, fallback: 10 }),
        }),
      );
    }),
  );

  router.get(
    "/jobs/:id",
    handle((req, res) => {
      const job = requireJob(ctx, res, req.params.id);
      const logPage = intParam(req.query, "log_page", { min: 1, max: 1_000_000, fallback: 1 });
      const logPageSize = intParam(req.query, "log_page_size", { min: 1, max: 100, fallback: 20 });
      res.json({ ...job, logs: jobLogs(ctx, job.id, logPage, logPageSize) });
    }),
  );

  router.post(
    "/jobs/:id/cancel",
    handle((req, res) => {
      const user = requireUser(res);
      const job = requireJob(ctx, res, req.params.id);
      res.json(cancelJob(ctx, job.id, user.username));
    }),
  );

  router.get(
    "/jobs/:id/events",
    handle((req, res) => {
      const job = requireJob(ctx, res, req.params.id);
      followJob(ctx, job, req.query.after_log, res, req);
    }),
  );
}

const snapshot = (j: Job) => ({
  id: j.id,
  kind: j.kind,
  status: j.status,
  progress: j.progress,
  message: j.message,
  error: j.error,
  started_at: j.started_at,
  finished_at: j.finished_at,
  cancel_requested: j.cancel_requested,
});

/**
 * Server-sent events of one job: `progress` whenever status, progress or message change,
 * `log` for each new log line, then `done` (the final state) and the stream ends.
 */
function followJob(
  ctx: PlatformContext,
  first: Job,
  afterLogRaw: unknown,
  res: Response,
  req: { on(event: "close", fn: () => void): void },
) {
  res.status(200);
  res.setHeader("Content-Type", "text/event-stream; charset=utf-8");
  res.setHeader("Cache-Control", "no-cache, no-transform");
  res.setHeader("Connection", "keep-alive");
  res.setHeader("X-Accel-Buffering", "no");
  res.flushHeaders();

  const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  let lastLog = typeof afterLogRaw === "string" && /^\d+$/.test(afterLogRaw) ? Number(afterLogRaw) : Number.MAX_SAFE_INTEGER;
  if (lastLog === Number.MAX_SAFE_INTEGER) {
    // A new follower gets the log from now on; the page already shows what came before.
    lastLog = (ctx.db.prepare("SELECT max(id) FROM job_logs WHERE job_id = ?").pluck().get(first.id) as number | null) ?? 0;
  }
  let lastKey = "";
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let lastWrite = Date.now();

  const finish = () => {
    closed = true;
    if (timer) clearTimeout(timer);
  };
  req.on("close", finish);

  const step = () => {
    if (closed) return;
    try {
      const job = getJob(ctx, first.id);
      if (!job) {
        send("done", { id: first.id, status: "failed", error: "任务不存在" });
        finish();
        res.end();
        return;
      }
      for (const line of jobLogsAfter(ctx, job.id, lastLog)) {
        send("log", line);
        lastLog = line.id;
        lastWrite = Date.now();
      }
      const snap = snapshot(job);
      const key = JSON.stringify(snap);
      if (key !== lastKey) {
        send("progress", snap);
        lastKey = key;
        lastWrite = Date.now();
      }
      if (FINISHED.includes(job.status)) {
        send("done", snap);
        finish();
        res.end();
        return;
      }
      if (Date.now() - lastWrite > KEEPALIVE_MS) {
        res.write(": keep-alive\n\n");
        lastWrite = Date.now();
      }
    } catch {
      // The store closed under us (shutdown): end the stream, the client reconnects.
      finish();
      res.end();
      return;
    }
    timer = setTimeout(step, FOLLOW_MS);
  };
  step();
}
