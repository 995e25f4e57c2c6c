import Graph from "graphology";
import forceAtlas2 from "graphology-layout-forceatlas2";
import {
  PlatformError,
  PlatformUnavailable,
  type PlatformClient,
} from "~/platform-client/client.server";
import { platformFor } from "~/auth/platform.server";
import { parseSentence } from "~/components/kg/links";
import type { ArticleDetail, KgGraph, Ontology } from "~/components/kg/types";
import { serviceUnavailable } from "~/auth/guard.server";

/**
 * Helpers of the graph pages' loaders. The platform's answers are the truth: an unknown
 * graph, article, entity or event is its 404, which the page shows as a 404 page.
 */

type Query = Record<string, string | number | undefined | null>;

/** A platform GET for a page: 404 and 400 become the page's own status with the platform's message. */
export async function kgGet<T>(api: PlatformClient, path: string, query?: Query): Promise<T> {
  try {
    return await api.get<T>(path, query);
  } catch (e) {
    throw asPageError(e);
  }
}

export function asPageError(e: unknown): unknown {
  if (e instanceof PlatformError && (e.status === 404 || e.status === 400 || e.status === 403)) {
    return new Response(e.detail ?? "", { status: e.status });
  }
  if (e instanceof PlatformUnavailable) return serviceUnavailable();
  return e;
}

/** The platform client of a public page (no login needed; a logged-in user's token is still sent). */
export const publicApi = (request: Request) => platformFor(request);

export const notFound = (message = "") =>
  new Response(message, { status: 404, statusText: "Not Found" });

/** A graph id from the URL: a positive integer, or the page is a 404. */
export function graphIdFrom(value: string | undefined | null): number {
  const n = Number(value);
  if (!value || !/^\d{1,12}$/.test(value) || n <= 0) throw notFound("知识图谱不存在");
  return n;
}

export const getGraph = (api: PlatformClient, id: number) =>
  kgGet<KgGraph>(api, `/kg/graphs/${id}/`);

/** Spec §9: page sizes 10, 20, 50; the first list shows 10. */
export const PAGE_SIZES = [10, 20, 50] as const;

export interface ListParams {
  page: number;
  pageSize: number;
}

/** page and page_size from the URL; anything odd falls back to the first page of 10. */
export function listParams(url: URL): ListParams {
  const page = Number(url.searchParams.get("page"));
  const size = Number(url.searchParams.get("page_size"));
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : PAGE_SIZES[0],
  };
}

/** A YYYY-MM-DD day that exists, else undefined; `bad` lists the fields given but unusable. */
export function dayParam(url: URL, name: string, bad: string[]): string | undefined {
  const v = url.searchParams.get(name)?.trim();
  if (!v) return undefined;
  const ok =
    /^\d{4}-\d{2}-\d{2}$/.test(v) &&
    !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
    new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
  if (!ok) {
    bad.push(name);
    return undefined;
  }
  return v;
}

export function textParam(url: URL, name: string, max = 200): string | undefined {
  const v = url.searchParams.get(name)?.trim();
  return v ? v.slice(0, max) : undefined;
}

/** A comma list (?expand=a,b) of ids, deduplicated, at most `max`. */
export function listParam(url: URL, name: string, max = 50): string[] {
  const raw = url.searchParams.getAll(name).flatMap((v) => v.split(","));
  return [...new Set(raw.map((v) => v.trim()).filter((v) => /^[\w-]{1,64}$/.test(v)))].slice(
    0,
    max,
  );
}

export function intParam(
  url: URL,
  name: string,
  allowed: readonly number[],
  fallback: number,
): number {
  const n = Number(url.searchParams.get(name));
  return allowed.includes(n) ? n : fallback;
}

/**
 * ForceAtlas2 positions for a node-link graph. Nodes start from `start` when given (a
 * layout being extended: fewer iterations settle it), else from a deterministic spiral, so
 * the same graph always gets the same picture; Barnes–Hut above a few hundred nodes keeps
 * 2,000 nodes around a second. The browser then draws with layout "none".
 */
export function forcePositions(
  nodeIds: string[],
  edges: [string, string][],
  start?: Map<string, { x: number; y: number }>,
) {
  const g = new Graph({ multi: true, type: "undirected" });
  nodeIds.forEach((id, i) => {
    const given = start?.get(id);
    const angle = i * 2.399963;
    const radius = 10 * Math.sqrt(i + 1);
    g.addNode(
      id,
      given
        ? { x: given.x, y: given.y }
        : { x: radius * Math.cos(angle), y: radius * Math.sin(angle) },
    );
  });
  for (const [a, b] of edges) if (a !== b && g.hasNode(a) && g.hasNode(b)) g.addEdge(a, b);
  const warm = start !== undefined && start.size >= nodeIds.length / 2;
  const big = g.order > 1000;
  if (g.order > 1) {
    forceAtlas2.assign(g, {
      iterations: warm ? (big ? 15 : 40) : big ? 40 : 120,
      settings: {
        ...forceAtlas2.inferSettings(g),
        barnesHutOptimize: g.order > 300,
        adjustSizes: false,
      },
    });
  }
  const out = new Map<string, { x: number; y: number }>();
  g.forEachNode((id, a) =>
    out.set(id, { x: Math.round(a.x * 10) / 10, y: Math.round(a.y * 10) / 10 }),
  );
  return out;
}

/** The colours the ontology gives its entity classes, by class name. */
export async function classColors(
  api: PlatformClient,
  graphId: number,
): Promise<Record<string, string>> {
  const o = await kgGet<Ontology>(api, `/kg/graphs/${graphId}/ontology/`);
  return Object.fromEntries(o.classes.filter((c) => c.color).map((c) => [c.name, c.color]));
}

/** An article page's data: the article (404 when unknown or of another graph), its colours, the sentence to highlight. */
export async function loadArticle(request: Request, api: PlatformClient, path: string) {
  const article = await kgGet<ArticleDetail>(api, path);
  const colors = await classColors(api, article.graph_id);
  const highlight = parseSentence(new URL(request.url).searchParams.get("sent"));
  return { article, colors, highlight };
}

/**
 * Daily counts over a long window read better by week: days are grouped in runs of `size`
 * (the last group ends at the last day), each labelled by its first day.
 */
export function bucketDays(
  days: string[],
  series: number[][],
  size: number,
): { days: string[]; series: number[][] } {
  if (size <= 1) return { days, series };
  const starts: number[] = [];
  for (let end = days.length; end > 0; end -= size) starts.unshift(Math.max(0, end - size));
  const sum = (values: number[], from: number, to: number) =>
    values.slice(from, to).reduce((a, b) => a + b, 0);
  return {
    days: starts.map((s) => days[s]),
    series: series.map((values) =>
      starts.map((s, i) => sum(values, s, starts[i + 1] ?? values.length)),
    ),
  };
}

/** Weeks for windows longer than two months, days otherwise. */
export const bucketSize = (windowDays: number) => (windowDays > 60 ? 7 : 1);
