import { notFound } from "~/http/page.server";
import { translate } from "~/i18n";
import { DEFAULT_GRAPH_ID, loadGraphs, type GraphSummary } from "~/kg/graphs.server";
import type { PlatformClient } from "~/platform-client/client.server";

/** What the insight pages read from their URL: bounded numbers and the graph shown. */

/** A whole number from the query within bounds, else the fallback. */
export function numberParam(
  url: URL,
  name: string,
  fallback: number,
  min = 1,
  max = 100_000,
): number {
  const raw = url.searchParams.get(name);
  const n = Number(raw);
  return raw && Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

export interface GraphChoice {
  graphs: GraphSummary[];
  /** The chosen graph, or null for "all graphs" where a page offers it. */
  graphId: number | null;
}

/**
 * The graph a statistics page shows: ?graph= when it names a known graph (an unknown one
 * is a 404), else 245 (spec §9) when it exists, else the first graph; with `allowAll`, no
 * ?graph= means every graph.
 */
export async function pickGraph(
  request: Request,
  api: PlatformClient,
  opts: { allowAll?: boolean } = {},
): Promise<GraphChoice> {
  const graphs = await loadGraphs(api);
  const raw = new URL(request.url).searchParams.get("graph");
  // The platform's words for an unknown graph, which scripts read.
  const unknownGraph = () => notFound(translate("zh", "insight:errors.graphNotFound"));
  if (raw) {
    const found = graphs.find((g) => String(g.id) === raw);
    if (!found) throw unknownGraph();
    return { graphs, graphId: found.id };
  }
  if (opts.allowAll) return { graphs, graphId: null };
  const fallback = graphs.find((g) => g.id === DEFAULT_GRAPH_ID) ?? graphs[0];
  if (!fallback) throw unknownGraph();
  return { graphs, graphId: fallback.id };
}
