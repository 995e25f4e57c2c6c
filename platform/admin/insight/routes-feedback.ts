import type { FeedbackStatus } from "@contract/insight";
import type { Router } from "express";
import { requirePermission } from "../../auth/context.js";
import type { PlatformContext } from "../../context.js";
import { handle } from "../../http/errors.js";
import { pathId } from "../../kg/params.js";
import { feedback as feedbackDef, FEEDBACK_STATUS } from "../../resources/defs/insight.js";
import { requireRecord } from "../../resources/store.js";
import {
  changeFeedbackStatus,
  createFeedback,
  describeFact,
  recordExtraction,
  TRANSITIONS,
} from "./feedback.js";

/** Reporting a wrong fact and moving a report along its workflow (the list is the kg/feedback resource). */
export function mountFeedbackRoutes(router: Router, ctx: PlatformContext) {
  router.post(
    "/kg/feedback",
    handle(async (req, res) => {
      const user = requirePermission(res, "kg__feedback__create");
      res.status(201).json(await createFeedback(ctx, user, req.body));
    }),
  );

  router.post(
    "/kg/feedback/extraction",
    handle(async (req, res) => {
      requirePermission(res, "kg__feedback__create");
      res.status(201).json(await recordExtraction(ctx, req.body));
    }),
  );

  router.get(
    "/kg/feedback/fact",
    handle(async (req, res) => {
      requirePermission(res, "kg__feedback__create");
      res.json(await describeFact(ctx, req.query));
    }),
  );

  router.get(
    "/kg/feedback/:id/status",
    handle(async (req, res) => {
      requirePermission(res, "kg__feedback__read");
      const record = await requireRecord(ctx.store.db, feedbackDef, pathId(req.params.id) ?? -1);
      const allowed = TRANSITIONS[record.status as FeedbackStatus] ?? [];
      res.json({
        record,
        status: record.status,
        allowed: FEEDBACK_STATUS.filter((s) => allowed.includes(s.key as FeedbackStatus)),
      });
    }),
  );

  router.post(
    "/kg/feedback/:id/status",
    handle(async (req, res) => {
      const user = requirePermission(res, "kg__feedback__update");
      res.json(await changeFeedbackStatus(ctx, user, pathId(req.params.id) ?? -1, req.body));
    }),
  );
}
