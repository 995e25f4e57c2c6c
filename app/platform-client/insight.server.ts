import type {
  EntityDetailStats,
  EntityStats,
  EvaluationAnswer,
  FactDescription,
  FeedbackRecord,
  FeedbackWorkflow,
  KeywordStats,
  ModelRecord,
  Run,
  RunDetail,
  SearchStats,
  VerbStats,
} from "@contract/insight";
import type { Paged } from "@contract/kg";
import type { PlatformClient, Query } from "./client.server";

/**
 * The insight area of the platform API (docs/api.md): models and their runs, statistics and
 * their CSV exports, feedback. One typed function per call; errors are the client's.
 */

const model = (id: number) => `/kg/models/${id}`;
const S = "/kg/statistics";

/** A statistics export: the list's, or (an entity uuid) one entity's. */
export type StatisticsExport = "entities" | "keywords" | "verbs" | "searches" | { entity: string };

export const insightApi = {
  model: (api: PlatformClient, id: number) => api.get<ModelRecord>(`${model(id)}/`),
  runs: (api: PlatformClient, id: number, query: Query) =>
    api.get<Paged<Run>>(`${model(id)}/runs/`, query),
  run: (api: PlatformClient, id: number, runId: number, query: Query) =>
    api.get<RunDetail>(`${model(id)}/runs/${runId}/`, query),
  startRun: (api: PlatformClient, id: number, body: { kind: string; holdout?: number }) =>
    api.post<Run>(`${model(id)}/runs/`, body),
  cancelRun: (api: PlatformClient, id: number, runId: number) =>
    api.post(`${model(id)}/runs/${runId}/cancel/`, {}),
  /** A run's progress and log lines as server-sent events (a stream: the raw answer). */
  runEvents: (api: PlatformClient, id: number, runId: number, query: URLSearchParams) =>
    api.raw("GET", `${model(id)}/runs/${runId}/events/`, { query }),
  evaluation: (api: PlatformClient, id: number, query: Query) =>
    api.get<EvaluationAnswer>(`${model(id)}/evaluation/`, query),
  searches: (api: PlatformClient, query: Query) => api.get<SearchStats>(`${S}/searches/`, query),
  entities: (api: PlatformClient, query: Query) => api.get<EntityStats>(`${S}/entities/`, query),
  entity: (api: PlatformClient, uuid: string) =>
    api.get<EntityDetailStats>(`${S}/entities/${encodeURIComponent(uuid)}/`),
  verbs: (api: PlatformClient, query: Query) => api.get<VerbStats>(`${S}/verbs/`, query),
  keywords: (api: PlatformClient, query: Query) => api.get<KeywordStats>(`${S}/keywords/`, query),
  /** A statistics CSV (a stream: the raw answer). */
  exportCsv: (api: PlatformClient, which: StatisticsExport, query: URLSearchParams) =>
    api.raw(
      "GET",
      typeof which === "string"
        ? `${S}/${which}/export/`
        : `${S}/entities/${encodeURIComponent(which.entity)}/export/`,
      { query },
    ),
  feedbackStatus: (api: PlatformClient, id: number) =>
    api.get<FeedbackWorkflow>(`/kg/feedback/${id}/status/`),
  moveFeedback: (api: PlatformClient, id: number, body: { status: string; note?: string }) =>
    api.post<FeedbackRecord>(`/kg/feedback/${id}/status/`, body),
  fact: (api: PlatformClient, query: Query) =>
    api.get<FactDescription>("/kg/feedback/fact/", query),
  report: (api: PlatformClient, body: Record<string, unknown>) => api.post("/kg/feedback/", body),
};
