import type {
  ArticleDetail,
  ArticleSummary,
  EntityDetail,
  EntityRef,
  EventDetail,
  EventGraph,
  ExtractAnswer,
  FlowDetail,
  FlowSummary,
  GraphOverview,
  HotRanking,
  KgEvent,
  KgGraph,
  Ontology,
  Paged,
  PathSearch,
  RelationDetail,
  RelationGraph,
} from "@contract/kg";
import type { Expansion } from "@contract/explore";
import type { SavedView, SavedViewKind, SavedViewList, SavedViewOpen } from "@contract/views";
import type { PlatformClient, Query } from "./client.server";

/**
 * The knowledge-graph area of the platform API (docs/api.md, "Knowledge graph"): one typed
 * function per call. Errors are the client's (PlatformError, PlatformUnavailable); the page
 * modules (app/kg/*.server.ts) turn them into the page's status.
 */

const graph = (kgId: number) => `/kg/graphs/${kgId}`;
const part = (id: string | number) => encodeURIComponent(String(id));

/** An event of the event-logic graph's picker. */
export interface LinkedEvent {
  id: number;
  title: string;
  type: string | null;
  time: string | null;
  color: string;
}

/** A relation an analysis extracted, recorded so it can be reported. */
export interface ExtractionRef {
  graph: number;
  kind: string;
  target: string;
}

export const kgApi = {
  /** The catalogue; a 401 is thrown (the header's picker shows nothing rather than a login redirect). */
  graphsCatalogue: (api: PlatformClient) =>
    api.call<Paged<KgGraph> | KgGraph[]>("GET", "/kg/graphs/", { on401: "throw" }),
  graphs: (api: PlatformClient) => api.get<Paged<KgGraph>>("/kg/graphs/"),
  graph: (api: PlatformClient, kgId: number) => api.get<KgGraph>(`${graph(kgId)}/`),
  ontology: (api: PlatformClient, kgId: number) => api.get<Ontology>(`${graph(kgId)}/ontology/`),
  overview: (api: PlatformClient, kgId: number) =>
    api.get<GraphOverview>(`${graph(kgId)}/overview/`),
  articles: (api: PlatformClient, kgId: number, query: Query) =>
    api.get<Paged<ArticleSummary>>(`${graph(kgId)}/articles/`, query),
  /** An article of this graph (one of another graph is a 404). */
  graphArticle: (api: PlatformClient, kgId: number, id: string | number) =>
    api.get<ArticleDetail>(`${graph(kgId)}/articles/${part(id)}/`),
  article: (api: PlatformClient, id: string) => api.get<ArticleDetail>(`/kg/articles/${part(id)}/`),
  events: (api: PlatformClient, kgId: number, query: Query) =>
    api.get<Paged<KgEvent>>(`${graph(kgId)}/events/`, query),
  event: (api: PlatformClient, id: string) => api.get<EventDetail>(`/kg/events/${part(id)}/`),
  hotEvents: (api: PlatformClient, kgId: number, query: Query) =>
    api.get<HotRanking<{ event: KgEvent }>>(`${graph(kgId)}/hot-events/`, query),
  hotEntities: (api: PlatformClient, kgId: number, query: Query) =>
    api.get<HotRanking<{ entity: EntityRef }>>(`${graph(kgId)}/hot-entities/`, query),
  entity: (api: PlatformClient, uuid: string) =>
    api.get<EntityDetail>(`/kg/entities/${part(uuid)}/`),
  /** An entity of this graph (one of another graph is a 404). */
  graphEntity: (api: PlatformClient, kgId: number, uuid: string) =>
    api.get<EntityDetail>(`${graph(kgId)}/entities/${part(uuid)}/`),
  /** The graph's entity search (name or alias). */
  entities: (api: PlatformClient, kgId: number, query: Query) =>
    api.get<Paged<EntityRef>>(`${graph(kgId)}/entities/`, query),
  /** The k shortest paths between two entities (a bad parameter is the platform's 400). */
  paths: (api: PlatformClient, kgId: number, query: Query) =>
    api.get<PathSearch>(`${graph(kgId)}/paths/`, query),
  /** One expansion of the exploration: an entity's neighbours, by relation type and direction. */
  expand: (api: PlatformClient, kgId: number, query: Query) =>
    api.get<Expansion>(`${graph(kgId)}/expand/`, query),
  relation: (api: PlatformClient, id: string) =>
    api.get<RelationDetail>(`/kg/relations/${part(id)}/`),
  relationGraph: (api: PlatformClient, kgId: number, center: string, query: Query) =>
    api.get<RelationGraph>(`${graph(kgId)}/entities/${part(center)}/relation-graph/`, query),
  eventGraph: (api: PlatformClient, kgId: number, query: Query) =>
    api.get<EventGraph>(`${graph(kgId)}/event-graph/`, query),
  eventGraphEvents: (api: PlatformClient, kgId: number, query: Query) =>
    api.get<Paged<LinkedEvent>>(`${graph(kgId)}/event-graph/events/`, query),
  flows: (api: PlatformClient, kgId: number) =>
    api.get<Paged<FlowSummary>>(`${graph(kgId)}/flows/`),
  flow: (api: PlatformClient, kgId: number, id: number) =>
    api.get<FlowDetail>(`${graph(kgId)}/flows/${id}/`),
  extract: (api: PlatformClient, kgId: number, body: { text: string } | { article_id: number }) =>
    api.post<ExtractAnswer>(`${graph(kgId)}/extract/`, body),
  /** The graph (or a part of it) as RDF, GraphML or Neo4j CSV (a stream: the raw answer, long timeout). */
  export: (api: PlatformClient, kgId: number, query: URLSearchParams) =>
    api.raw("GET", `${graph(kgId)}/export/`, { query, timeout: "long" }),
  /** Saved views (decision 026): the viewer's and those shared with them, of one graph. */
  views: (api: PlatformClient, kgId: number) =>
    api.get<SavedViewList>("/kg/views/", { graph: kgId }),
  view: (api: PlatformClient, id: number) => api.get<SavedViewOpen>(`/kg/views/${id}/`),
  createView: (
    api: PlatformClient,
    body: {
      graph: number;
      kind: SavedViewKind;
      name: string;
      query: string;
      entities?: string[];
      relations?: number[];
    },
  ) => api.post<SavedView>("/kg/views/", body),
  updateView: (api: PlatformClient, id: number, body: { name: string } | { groups: string[] }) =>
    api.patch<SavedView>(`/kg/views/${id}/`, body),
  deleteView: (api: PlatformClient, id: number) => api.delete(`/kg/views/${id}/`),
  reportExtraction: (api: PlatformClient, body: Record<string, unknown>) =>
    api.post<ExtractionRef>("/kg/feedback/extraction/", body),
};
