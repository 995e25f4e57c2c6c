import type { Router } from "express";
import { requirePermission } from "../../auth/context.js";
import type { PlatformContext } from "../../context.js";
import { HttpError, handle } from "../../http/errors.js";
import { cancelJob, jobLogs } from "../../jobs/store.js";
import { intParam, pageParams, pathId } from "../../kg/params.js";
import { enqueueModelRun, followRun } from "./jobs.js";
import { checkRunRequest, createRun, requireModel } from "./models.js";
import { listRuns, modelEvaluation, runView } from "./model-runs.js";

/** Model runs and evaluations, beside the generic kg/models resource (docs/api.md). */
export function mountModelRoutes(router: Router, ctx: PlatformContext) {
  const read = "kg__model__read";
  const update = "kg__model__update";

  router.post(
    "/kg/models/:id/runs",
    handle(async (req, res) => {
      const user = requirePermission(res, update);
      const model = await requireModel(ctx, pathId(req.params.id));
      const params = await checkRunRequest(ctx, model, req.body ?? {});
      const run = await createRun(ctx, model, params, user, (runId, tx) =>
        enqueueModelRun(
          ctx,
          { id: runId, kind: params.kind, graphId: model.graph_id },
          user.id,
          tx,
        ),
      );
      res.status(201).json(run);
    }),
  );

  router.get(
    "/kg/models/:id/runs",
    handle(async (req, res) => {
      requirePermission(res, read);
      const { page, pageSize } = pageParams(req.query);
      res.json(await listRuns(ctx, pathId(req.params.id) ?? -1, page, pageSize));
    }),
  );

  router.get(
    "/kg/models/:id/runs/:runId",
    handle(async (req, res) => {
      requirePermission(res, read);
      const run = await runView(ctx, pathId(req.params.id) ?? -1, pathId(req.params.runId));
      const page = intParam(req.query, "log_page", { min: 1, max: 1_000_000, fallback: 1 });
      const pageSize = intParam(req.query, "log_page_size", { min: 1, max: 100, fallback: 20 });
      const logs =
        run.job_id === null
          ? { results: [], count: 0, page, page_size: pageSize }
          : await jobLogs(ctx.store.db, run.job_id, page, pageSize);
      res.json({ ...run, logs });
    }),
  );

  router.get(
    "/kg/models/:id/runs/:runId/events",
    handle(async (req, res) => {
      requirePermission(res, read);
      await followRun(ctx, pathId(req.params.id) ?? -1, pathId(req.params.runId) ?? -1, req, res);
    }),
  );

  router.post(
    "/kg/models/:id/runs/:runId/cancel",
    handle(async (req, res) => {
      const user = requirePermission(res, update);
      const run = await runView(ctx, pathId(req.params.id) ?? -1, pathId(req.params.runId));
      if (run.job_id === null) throw new HttpError(400, "该运行没有可取消的任务", "job_finished");
      await cancelJob(ctx.store, run.job_id, user.username);
      res.json(await runView(ctx, run.model_id, run.id));
    }),
  );

  router.get(
    "/kg/models/:id/evaluation",
    handle(async (req, res) => {
      requirePermission(res, read);
      const runParam = req.query.run;
      const runId =
        runParam === undefined || runParam === "" ? null : (pathId(String(runParam)) ?? -1);
      const model = await requireModel(ctx, pathId(req.params.id));
      res.json(await modelEvaluation(ctx, model.id, runId));
    }),
  );
}
