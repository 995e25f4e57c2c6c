import type { GraphIri, OntologyIri, Paged } from "@contract/kg";
import type {
  EntityNeighbourhood,
  GraphCard,
  GraphEntityItem,
  GraphOntologyInfo,
  OntologyDetail,
  OntologySummary,
  OwlImportDiff,
  QueuedJob,
  SourceOptions,
} from "@contract/graph-admin";
import type { PlatformClient, Query } from "./client.server";

/**
 * The graph-administration area of the platform API (docs/api.md, "Graph administration and
 * jobs"): graphs, their builds and updates, ontologies and their parts. One typed function per
 * call; errors are the client's (the actions keep the platform's field errors for the forms).
 */

const G = "/graphadmin/graphs";
const O = "/graphadmin/ontologies";

/** The body of a build or update: the sources chosen on the form. */
export type BuildSources = Record<string, unknown>;

/** The ontology parts the editor writes, each with its own collection path. */
export type OntologyPart = "classes" | "properties" | "relation-types" | "event-types";

export const graphAdminApi = {
  graphs: (api: PlatformClient) => api.get<Paged<GraphCard>>(`${G}/`),
  graph: (api: PlatformClient, id: number) => api.get<GraphCard>(`${G}/${id}/`),
  graphIri: (api: PlatformClient, id: number) => api.get<GraphIri>(`${G}/${id}/iri/`),
  saveGraphIri: (api: PlatformClient, id: number, body: unknown) =>
    api.patch(`${G}/${id}/iri/`, body),
  /** A new graph and its build (or, `dryRun`, a dry run of it): a job. */
  createGraph: (api: PlatformClient, body: BuildSources, dryRun: boolean) =>
    api.post<QueuedJob>(dryRun ? `${G}/dry-run/` : `${G}/`, body),
  rebuild: (api: PlatformClient, id: number, body: BuildSources, dryRun: boolean) =>
    api.post<QueuedJob>(`${G}/${id}/build/${dryRun ? "dry-run/" : ""}`, body),
  saveGraph: (api: PlatformClient, id: number, body: Record<string, unknown>) =>
    api.patch<GraphCard>(`${G}/${id}/`, body),
  /** New data for a graph as a dry run, or a dry run again with predicate mappings: a job. */
  updateDryRun: (api: PlatformClient, id: number, body: Record<string, unknown>) =>
    api.post<QueuedJob>(`${G}/${id}/update/dry-run/`, body),
  /** A finished dry run applied: a job. */
  applyPlan: (api: PlatformClient, id: number, body: Record<string, unknown>) =>
    api.post<QueuedJob>(`${G}/${id}/update/`, body),
  entities: (api: PlatformClient, id: number, query: Query) =>
    api.get<Paged<GraphEntityItem>>(`${G}/${id}/entities/`, query),
  neighbourhood: (api: PlatformClient, id: number, entityId: number) =>
    api.get<EntityNeighbourhood>(`${G}/${id}/entities/${entityId}/`),
  graphOntology: (api: PlatformClient, id: number) =>
    api.get<GraphOntologyInfo>(`${G}/${id}/ontology/`),
  switchOntology: (api: PlatformClient, id: number, body: { ontology_id: string | null }) =>
    api.put(`${G}/${id}/ontology/`, body),
  forkOntology: (api: PlatformClient, id: number, body: { name: string }) =>
    api.post(`${G}/${id}/ontology/fork/`, body),
  sourceOptions: (api: PlatformClient) => api.get<SourceOptions>("/graphadmin/source-options/"),
  ontologies: (api: PlatformClient) => api.get<Paged<OntologySummary>>(`${O}/`),
  ontology: (api: PlatformClient, id: number) => api.get<OntologyDetail>(`${O}/${id}/`),
  ontologyIri: (api: PlatformClient, id: number) => api.get<OntologyIri>(`${O}/${id}/iri/`),
  saveOntologyIri: (api: PlatformClient, id: number, body: unknown) =>
    api.patch(`${O}/${id}/iri/`, body),
  createOntology: (api: PlatformClient, body: Record<string, unknown>) =>
    api.post<OntologySummary>(`${O}/`, body),
  saveOntology: (api: PlatformClient, id: number, body: Record<string, unknown>) =>
    api.patch(`${O}/${id}/`, body),
  deleteOntology: (api: PlatformClient, id: number) => api.delete(`${O}/${id}/`),
  /** A class, relation type or event type added to ontology `ontologyId`, or a property to class `classId`. */
  addPart: (
    api: PlatformClient,
    owner: { ontology: number; part: Exclude<OntologyPart, "properties"> } | { class: number },
    body: Record<string, unknown>,
  ) =>
    api.post(
      "class" in owner
        ? `/graphadmin/classes/${owner.class}/properties/`
        : `${O}/${owner.ontology}/${owner.part}/`,
      body,
    ),
  savePart: (api: PlatformClient, part: OntologyPart, id: number, body: Record<string, unknown>) =>
    api.patch(`/graphadmin/${part}/${id}/`, body),
  deletePart: (api: PlatformClient, part: OntologyPart, id: number) =>
    api.delete(`/graphadmin/${part}/${id}/`),
  /** The ontology as OWL (Turtle; a stream: the raw answer, long timeout). */
  owl: (api: PlatformClient, id: number) =>
    api.raw("GET", `${O}/${id}/owl/`, { query: new URLSearchParams(), timeout: "long" }),
  /** An OWL/RDF file against ontology `id`: the diff, or (with `apply=1` in the form) applied. */
  importOwl: (api: PlatformClient, id: number, form: FormData) =>
    api.call<OwlImportDiff>("POST", `${O}/${id}/import/`, { form }),
};
