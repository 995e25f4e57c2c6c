import type { Router } from "express";
import type { PlatformContext } from "../context.js";
import { mountJobs } from "../jobs/routes.js";
// Registers the graph job kinds at load, before recoverJobs looks at interrupted jobs.
import "./graph-admin/jobs.js";
import { mountGraphRoutes, mountOntologyRoutes } from "./graph-admin/routes.js";

/**
 * Graph administration (docs/api.md, "Graph administration and jobs"): the job API,
 * ontology management, graph creation, builds, incremental updates and browsing.
 */
export function mountGraphAdmin(router: Router, ctx: PlatformContext) {
  mountJobs(router, ctx);
  mountOntologyRoutes(router, ctx);
  mountGraphRoutes(router, ctx);
}
