import type { Router } from "express";
import type { PlatformContext } from "../context.js";
import { mountFeedbackRoutes } from "./insight/routes-feedback.js";
import { mountModelRoutes } from "./insight/routes-models.js";
import { mountStatisticsRoutes } from "./insight/routes-statistics.js";
import { settleLostRuns } from "./insight/model-runs.js";

/**
 * Insight: model runs and evaluations, retrieval, entity, verb and keyword statistics, and
 * the feedback workflow (docs/api.md, "Models, statistics, feedback and retrieval logs").
 * Models and feedback lists are generic resources (platform/resources/defs/insight.ts).
 */
export async function mountInsight(router: Router, ctx: PlatformContext) {
  // Runs whose job ended while no process was there to hear it (see settleLostRuns).
  await settleLostRuns(ctx);
  mountModelRoutes(router, ctx);
  mountStatisticsRoutes(router, ctx);
  mountFeedbackRoutes(router, ctx);
}
