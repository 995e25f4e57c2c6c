import type { Params } from "@remix-run/react";
import type { KgGraph, Ontology } from "@contract/kg";
import { requireViewer } from "~/auth/guard.server";
import { notFound, orPageError, parseId } from "~/http/page.server";
import type { PlatformClient } from "~/platform-client/client.server";
import { kgApi } from "~/platform-client/kg.server";

export interface GraphSummary {
  id: number;
  name: string;
  domain: string;
  domain_name?: string;
}

/** Spec §9: the default graph id. */
export const DEFAULT_GRAPH_ID = 245;

/** The graph catalogue for the header picker; an empty list when the platform cannot give it. */
export async function loadGraphs(api: PlatformClient): Promise<GraphSummary[]> {
  try {
    const body = await kgApi.graphsCatalogue(api);
    return Array.isArray(body) ? body : (body.results ?? []);
  } catch {
    return [];
  }
}

/**
 * Spec §2: the active graph is route param kgId, else query id, else param id (where the
 * route's id is a graph, as on the entity page), else the last choice, else 245. A given id
 * that is not a positive integer written plainly is the unknown graph's 404.
 */
export function activeGraphId(
  request: Request,
  params: Record<string, string | undefined>,
  remembered?: number,
  idIsGraph = false,
): number {
  const url = new URL(request.url);
  const candidates = [
    params.kgId,
    url.searchParams.get("id") ?? undefined,
    idIsGraph ? params.id : undefined,
  ];
  // The first one given decides; one that is not exactly a graph id is refused, never passed
  // over for the next (which would show another graph than the URL names).
  const given = candidates.find((c) => c !== undefined);
  return given === undefined ? (remembered ?? DEFAULT_GRAPH_ID) : requireGraphId(given);
}

/** An unknown graph: a 404 whose message the error page words in the page's language. */
export const graphNotFound = () => notFound("kg:errors.graphNotFound");

/** A graph id from the URL: a positive integer, or the page is the unknown graph's 404. */
export function requireGraphId(raw: string | null | undefined): number {
  const id = parseId(raw);
  if (id === null) throw graphNotFound();
  return id;
}

/**
 * A graph page's request (/{kgId}/…): the viewer (or the way to the login page), then the graph
 * id (or the unknown graph's 404), and the URL.
 */
export async function graphRequest(request: Request, params: Params) {
  const viewer = await requireViewer(request);
  return { viewer, kgId: requireGraphId(params.kgId), url: new URL(request.url) };
}

export const getGraph = (api: PlatformClient, id: number) =>
  orPageError<KgGraph>(kgApi.graph(api, id));

export const getOntology = (api: PlatformClient, graphId: number) =>
  orPageError<Ontology>(kgApi.ontology(api, graphId));

/** The colours the ontology gives its entity classes, by class name. */
export async function classColors(
  api: PlatformClient,
  graphId: number,
): Promise<Record<string, string>> {
  const o = await getOntology(api, graphId);
  return Object.fromEntries(o.classes.filter((c) => c.color).map((c) => [c.name, c.color]));
}

/** A graph as the public pages know it: from the public catalogue (reading one graph needs a login). */
export async function publicGraph(api: PlatformClient, graphId: number): Promise<KgGraph> {
  const graphs = await orPageError(kgApi.graphs(api));
  const graph = graphs.results.find((g) => g.id === graphId);
  if (!graph) throw graphNotFound();
  return graph;
}
