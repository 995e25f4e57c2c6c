import type { Router } from "express";
import type { PlatformContext } from "../context.js";
import { mountGraphAdmin } from "./graph-admin.js";
import { mountInsight } from "./insight.js";

/** Graph administration (ontology, builds, jobs) and insight (models, statistics, feedback, retrieval logs). */
export async function mountAdmin(router: Router, ctx: PlatformContext) {
  mountGraphAdmin(router, ctx);
  await mountInsight(router, ctx);
}
