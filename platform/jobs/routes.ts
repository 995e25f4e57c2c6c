import type { Request, Response, Router } from "express";
import { requireUser } from "../auth/context.js";
import type { PlatformContext } from "../context.js";
import { HttpError, badRequest, forbidden, handle } from "../http/errors.js";
import { intParam, pageParams, pathId, stringParam } from "../kg/params.js";
import { followJobEvents } from "./follow.js";
import { mayAccessJob, visibleKinds } from "./access.js";
import { JOB_STATUSES, cancelJob, getJob, jobLogs, listJobs } from "./store.js";
import type { Job, JobSnapshot, JobStatus } from "@contract/graph-admin";

const FINISHED: JobStatus[] = ["succeeded", "failed", "cancelled"];

async function requireJob(
  ctx: PlatformContext,
  res: Response,
  rawId: string | undefined,
): Promise<Job> {
  const user = requireUser(res);
  const id = pathId(rawId);
  const job = id === null ? null : await getJob(ctx.store.db, id);
  if (!job) throw new HttpError(404, "任务不存在", "not_found");
  if (!mayAccessJob(user, job)) throw forbidden();
  return job;
}

/** The job API (docs/api.md, "Graph administration and jobs"). */
export function mountJobs(router: Router, ctx: PlatformContext) {
  router.get(
    "/jobs",
    handle(async (req, res) => {
      const user = requireUser(res);
      const status = stringParam(req.query, "status");
      if (status !== undefined && !JOB_STATUSES.includes(status as JobStatus)) {
        throw badRequest(`参数 status 必须是 ${JOB_STATUSES.join("、")} 之一`);
      }
      const graphId =
        req.query.graph_id === undefined
          ? undefined
          : intParam(req.query, "graph_id", { min: 1, max: 1e15, fallback: 0 });
      res.json(
        await listJobs(ctx.store.db, {
          kind: stringParam(req.query, "kind")?.split(",").filter(Boolean),
          status: status as JobStatus | undefined,
          graphId,
          visibleKinds: visibleKinds(user),
          orCreatedBy: user.id,
          ...pageParams(req.query),
        }),
      );
    }),
  );

  router.get(
    "/jobs/:id",
    handle(async (req, res) => {
      const job = await requireJob(ctx, res, req.params.id);
      const logPage = intParam(req.query, "log_page", { min: 1, max: 1_000_000, fallback: 1 });
      const logPageSize = intParam(req.query, "log_page_size", { min: 1, max: 100, fallback: 20 });
      res.json({ ...job, logs: await jobLogs(ctx.store.db, job.id, logPage, logPageSize) });
    }),
  );

  router.post(
    "/jobs/:id/cancel",
    handle(async (req, res) => {
      const user = requireUser(res);
      const job = await requireJob(ctx, res, req.params.id);
      res.json(await cancelJob(ctx.store, job.id, user.username));
    }),
  );

  router.get(
    "/jobs/:id/events",
    handle(async (req, res) => {
      const job = await requireJob(ctx, res, req.params.id);
      await followJob(ctx, job, req.query.after_log, res, req);
    }),
  );
}

const snapshot = (j: Job): JobSnapshot => ({
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

/** Server-sent events of one job (see followJobEvents); a job deleted meanwhile ends as failed. */
function followJob(
  ctx: PlatformContext,
  first: Job,
  afterLog: unknown,
  res: Response,
  req: Request,
) {
  return followJobEvents(ctx, req, res, {
    jobId: first.id,
    afterLog,
    look: async () => {
      const job = await getJob(ctx.store.db, first.id);
      if (!job) return { gone: { id: first.id, status: "failed", error: "任务不存在" } };
      return { jobId: job.id, snapshot: snapshot(job), finished: FINISHED.includes(job.status) };
    },
  });
}
