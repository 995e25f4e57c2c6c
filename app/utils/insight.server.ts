import { pathAllowed } from "~/navigation";
import {
  PlatformError,
  PlatformUnavailable,
  type PlatformClient,
} from "~/platform-client/client.server";
import { getFixedT } from "~/i18next.server";
import { DEFAULT_GRAPH_ID, loadGraphs, type GraphSummary } from "~/kg/graphs.server";
import { requireViewer, serviceUnavailable, type Viewer } from "~/auth/guard.server";

/**
 * Server helpers of the insight pages (models, statistics, feedback, retrieval logs): the
 * guard for their nested resource routes, platform reads whose refusals become the page's
 * status, the graph picker, and the CSV and event-stream pass-throughs.
 */

type Query = Record<string, string | number | undefined | null>;

export const insightT = (request: Request) => getFixedT(request, "insight");

/**
 * The guard of a page and of the resource routes under it (exports, event streams): the
 * navigation table does not list those, so the page's own roles are checked here.
 */
export async function requirePage(
  request: Request,
  pagePath: string,
  opts: { formData?: FormData } = {},
): Promise<Viewer> {
  const viewer = await requireViewer(request, opts);
  if (!pathAllowed(pagePath, viewer.roles)) {
    throw new Response("您没有访问该页面的权限", { status: 403, statusText: "Forbidden" });
  }
  return viewer;
}

/** A platform refusal as the page's own status and message (404 → the 404 page with its way back). */
export function pageError(e: unknown): unknown {
  if (e instanceof PlatformError && [400, 403, 404, 409].includes(e.status)) {
    return new Response(e.detail ?? "", { status: e.status });
  }
  if (e instanceof PlatformUnavailable) return serviceUnavailable();
  return e;
}

export async function insightGet<T>(api: PlatformClient, path: string, query?: Query): Promise<T> {
  try {
    return await api.get<T>(path, query);
  } catch (e) {
    throw pageError(e);
  }
}

/** A positive integer from the URL (a model id, a page), or the page is a 404. */
export function idParam(value: string | undefined, message = ""): number {
  if (!value || !/^\d{1,12}$/.test(value) || Number(value) <= 0)
    throw new Response(message, { status: 404 });
  return Number(value);
}

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
  if (raw) {
    const found = graphs.find((g) => String(g.id) === raw);
    if (!found) throw new Response("知识图谱不存在", { status: 404 });
    return { graphs, graphId: found.id };
  }
  if (opts.allowAll) return { graphs, graphId: null };
  const fallback = graphs.find((g) => g.id === DEFAULT_GRAPH_ID) ?? graphs[0];
  if (!fallback) throw new Response("知识图谱不存在", { status: 404 });
  return { graphs, graphId: fallback.id };
}

/** A platform CSV passed to the browser as it comes, as a download. */
export async function csvDownload(
  api: PlatformClient,
  path: string,
  query: URLSearchParams,
): Promise<Response> {
  try {
    const res = await api.raw("GET", path, { query });
    const disposition =
      res.headers.get("content-disposition") ?? 'attachment; filename="export.csv"';
    return new Response(res.body, {
      status: 200,
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": disposition,
        "Cache-Control": "no-store",
      },
    });
  } catch (e) {
    throw pageError(e);
  }
}

/**
 * A platform event stream passed through to the browser's EventSource. When the browser
 * goes away, cancelling this body cancels the platform's, which ends its follower.
 */
export async function eventStream(
  api: PlatformClient,
  path: string,
  query: URLSearchParams,
): Promise<Response> {
  try {
    const res = await api.raw("GET", path, { query });
    return new Response(res.body, {
      status: 200,
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-cache, no-transform",
        "X-Accel-Buffering": "no",
      },
    });
  } catch (e) {
    throw pageError(e);
  }
}
