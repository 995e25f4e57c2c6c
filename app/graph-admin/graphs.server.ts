import { orPageError } from "~/http/page.server";
import type { PlatformClient, Query } from "~/platform-client/client.server";
import { graphAdminApi, type BuildSources } from "~/platform-client/graph-admin.server";
import { jobsApi } from "~/platform-client/jobs.server";

/**
 * The graph screens' platform calls (routes only wire, issue 24): reads whose refusal is the
 * page's status, and the writes the actions hand to `mutate` (which keeps the platform's field
 * errors for the form). Every write that queues a job answers `{ job_id }`: `jobPage` is its page.
 */

/** The console's page of the job a write queued. */
export const jobPage = (r: unknown) => `/jobs/${(r as { job_id: number }).job_id}`;

export const listGraphCards = async (api: PlatformClient) =>
  (await graphAdminApi.graphs(api)).results;

/** One graph's card; an unknown graph is the page's 404. */
export const graphCard = (api: PlatformClient, id: number) =>
  orPageError(graphAdminApi.graph(api, id));

export const graphIri = (api: PlatformClient, id: number) => graphAdminApi.graphIri(api, id);

export const ontologyIri = (api: PlatformClient, id: number) => graphAdminApi.ontologyIri(api, id);

export const listJobs = async (api: PlatformClient, query: Query) =>
  (await jobsApi.list(api, query)).results;

export const searchEntities = (api: PlatformClient, id: number, query: Query) =>
  graphAdminApi.entities(api, id, query);

/** An entity with its relations both ways; an unknown one is the page's 404. */
export const entityNeighbourhood = (api: PlatformClient, id: number, entityId: number) =>
  orPageError(graphAdminApi.neighbourhood(api, id, entityId));

/** An ontology's detail for the entity search's class filter; none when it cannot be read. */
export const ontologyOrNull = (api: PlatformClient, id: number) =>
  graphAdminApi.ontology(api, id).catch(() => null);

/** A graph's ontology and who shares it; an unknown graph is the page's 404. */
export const graphOntology = (api: PlatformClient, id: number) =>
  orPageError(graphAdminApi.graphOntology(api, id));

export const createGraph = (api: PlatformClient, body: BuildSources, dryRun: boolean) =>
  graphAdminApi.createGraph(api, body, dryRun);

export const rebuildGraph = (
  api: PlatformClient,
  id: number,
  body: BuildSources,
  dryRun: boolean,
) => graphAdminApi.rebuild(api, id, body, dryRun);

export const saveGraph = (api: PlatformClient, id: number, body: Record<string, unknown>) =>
  graphAdminApi.saveGraph(api, id, body);

export const updateDryRun = (api: PlatformClient, id: number, body: Record<string, unknown>) =>
  graphAdminApi.updateDryRun(api, id, body);

export const switchOntology = (api: PlatformClient, id: number, ontologyId: string | null) =>
  graphAdminApi.switchOntology(api, id, { ontology_id: ontologyId });

export const forkOntology = (api: PlatformClient, id: number, name: string) =>
  graphAdminApi.forkOntology(api, id, { name });
