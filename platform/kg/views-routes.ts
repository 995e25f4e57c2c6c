import type { Router } from "express";
import { requireUser } from "../auth/context.js";
import type { PlatformContext } from "../context.js";
import { handle } from "../http/errors.js";
import { invalidParam } from "../http/params.js";
import { pathId, stringParam } from "./params.js";
import { createView, listViews, openView, removeView, updateView } from "./views.js";

/**
 * Saved views under /api/kg/views/ (docs/api.md "Saved views", decision 026): every call needs a
 * signed-in user; what each may see and change is decided in views.ts.
 */
export function mountViews(router: Router, ctx: PlatformContext) {
  router.get(
    "/kg/views/",
    handle(async (req, res) => {
      const user = requireUser(res);
      const raw = stringParam(req.query, "graph", 20);
      const graphId = raw === undefined ? undefined : pathId(raw);
      if (graphId === null) throw invalidParam("graph", "参数 graph 应为知识图谱的编号");
      res.json(await listViews(ctx, user, graphId));
    }),
  );
  router.post(
    "/kg/views/",
    handle(async (req, res) => {
      const user = requireUser(res);
      res.status(201).json(await createView(ctx, user, req.body));
    }),
  );
  router.get(
    "/kg/views/:id/",
    handle(async (req, res) => {
      res.json(await openView(ctx, requireUser(res), pathId(req.params.id)));
    }),
  );
  router.patch(
    "/kg/views/:id/",
    handle(async (req, res) => {
      res.json(await updateView(ctx, requireUser(res), pathId(req.params.id), req.body));
    }),
  );
  router.delete(
    "/kg/views/:id/",
    handle(async (req, res) => {
      await removeView(ctx, requireUser(res), pathId(req.params.id));
      res.status(204).end();
    }),
  );
}
