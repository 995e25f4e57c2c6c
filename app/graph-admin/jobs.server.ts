import { eventStream } from "~/http/pass-through.server";
import { orPageError } from "~/http/page.server";
import type { PlatformClient, Query } from "~/platform-client/client.server";
import { graphAdminApi } from "~/platform-client/graph-admin.server";
import { jobsApi } from "~/platform-client/jobs.server";

/** The job page's platform calls (routes only wire, issue 24). */

/** One job with a page of its log; an unknown job is the page's 404. */
export const loadJob = (api: PlatformClient, id: number, query?: Query) =>
  orPageError(jobsApi.job(api, id, query));

export const cancelJob = (api: PlatformClient, id: number) => jobsApi.cancel(api, id);

// A job without a graph reaches the platform as graph "null", which it refuses (as it always did).

/** A finished dry run applied to its graph: a new job. */
export const applyPlan = (
  api: PlatformClient,
  graphId: number | null,
  body: Record<string, unknown>,
) => graphAdminApi.applyPlan(api, graphId as number, body);

/** A dry run run again with predicate mappings: a new job. */
export const replan = (
  api: PlatformClient,
  graphId: number | null,
  body: Record<string, unknown>,
) => graphAdminApi.updateDryRun(api, graphId as number, body);

/** The job's progress as server-sent events, passed through for the job page's EventSource. */
export const jobEvents = (api: PlatformClient, id: number) => eventStream(jobsApi.events(api, id));
