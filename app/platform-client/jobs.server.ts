import type { Job, JobWithLogs } from "@contract/graph-admin";
import type { Paged } from "@contract/kg";
import type { PlatformClient, Query } from "./client.server";

/** The jobs of the platform (docs/api.md, "Graph administration and jobs"): lists, one job, cancel, its live events. */
export const jobsApi = {
  list: (api: PlatformClient, query: Query) => api.get<Paged<Job>>("/jobs/", query),
  /** One job with a page of its log (newest first). */
  job: (api: PlatformClient, id: number, query?: Query) =>
    api.get<JobWithLogs>(`/jobs/${id}/`, query),
  cancel: (api: PlatformClient, id: number) => api.post(`/jobs/${id}/cancel/`, {}),
  /** The job's progress as server-sent events (a stream: the raw answer). */
  events: (api: PlatformClient, id: number) =>
    api.raw("GET", `/jobs/${id}/events/`, { query: new URLSearchParams() }),
};
