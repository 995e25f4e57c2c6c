import type { PlatformClient } from "~/platform-client/client.server";

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
    const body = await api.call<{ results: GraphSummary[] } | GraphSummary[]>(
      "GET",
      "/kg/graphs/",
      {
        on401: "throw",
      },
    );
    return Array.isArray(body) ? body : (body.results ?? []);
  } catch {
    return [];
  }
}

/**
 * Spec §2: the active graph is route param kgId, else query id, else param id (where the
 * route's id is a graph, as on the entity page), else the last choice, else 245.
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
  for (const c of candidates) {
    const n = Number(c);
    if (c && Number.isInteger(n) && n > 0) return n;
  }
  return remembered ?? DEFAULT_GRAPH_ID;
}
