import type { EntityPath, EntityRef, PathSearch } from "@contract/kg";
import type { PlatformClient } from "~/platform-client/client.server";
import { PlatformError } from "~/platform-client/client.server";
import { kgApi } from "~/platform-client/kg.server";
import { colorFor } from "~/charts/theme";
import type { GraphData } from "~/charts/graph-options";
import { directedGraphSpec } from "./graph-spec.server";
import { orPageError, pageError } from "~/http/page.server";
import { entityHref } from "./links";
import { listParam, textParam } from "./params.server";
import { PATH_DEFAULTS } from "./limits";
import { loadGraphEntity } from "./reads.server";

/** Suggestions and search results per end. */
const PICKS = 10;

/**
 * The page's query, as the user wrote it: hops, k and direction go to the platform as given,
 * so an out-of-range value comes back as the platform's 400 message with the form kept.
 */
export interface PathQuery {
  from: string | null;
  to: string | null;
  /** Search text of each end's picker (the no-JavaScript search form). */
  fromq: string | null;
  toq: string | null;
  hops: string;
  k: string;
  direction: string;
  types: number[];
}

const uuidParam = (url: URL, name: string) => listParam(url, name, 1)[0] ?? null;

export function pathQuery(url: URL): PathQuery {
  const raw = (name: string, fallback: string) =>
    url.searchParams.get(name)?.trim().slice(0, 8) || fallback;
  return {
    from: uuidParam(url, "from"),
    to: uuidParam(url, "to"),
    fromq: textParam(url, "fromq", 100) ?? null,
    toq: textParam(url, "toq", 100) ?? null,
    hops: raw("hops", PATH_DEFAULTS.hops),
    k: raw("k", PATH_DEFAULTS.k),
    direction: raw("direction", PATH_DEFAULTS.direction),
    types: listParam(url, "types", 50)
      .filter((v) => /^\d+$/.test(v))
      .map(Number),
  };
}

/** The search a path page shows, as its query string (what a saved view keeps, what a download repeats). */
export function pathSearchQuery(q: PathQuery): URLSearchParams {
  const out = new URLSearchParams();
  if (q.from) out.set("from", q.from);
  if (q.to) out.set("to", q.to);
  out.set("hops", q.hops);
  out.set("k", q.k);
  out.set("direction", q.direction);
  for (const t of q.types) out.append("types", String(t));
  return out;
}

export type EntityChoice = Pick<EntityRef, "uuid" | "name" | "type" | "color">;

/** Entities of the graph whose name or alias matches `search` (the graph's entity search). */
export async function searchEntities(
  api: PlatformClient,
  kgId: number,
  search: string,
): Promise<EntityChoice[]> {
  const found = await orPageError(kgApi.entities(api, kgId, { search, page_size: PICKS }));
  return found.results.slice(0, PICKS).map((e) => ({
    uuid: e.uuid,
    name: e.name,
    type: e.type,
    color: e.color,
  }));
}

async function loadEnd(api: PlatformClient, kgId: number, uuid: string | null) {
  if (!uuid) return null;
  const e = await loadGraphEntity(api, kgId, uuid);
  return { uuid: e.uuid, name: e.name, type: e.type, color: e.color };
}

/**
 * The search between the two ends, or the platform's word on a bad parameter (a 400: shown
 * on the page, the form kept). An entity not in the graph is the page's 404.
 */
async function findPaths(api: PlatformClient, kgId: number, q: PathQuery) {
  try {
    const search = await kgApi.paths(api, kgId, {
      from: q.from,
      to: q.to,
      hops: q.hops,
      k: q.k,
      direction: q.direction,
      types: q.types.length ? q.types.join(",") : undefined,
    });
    return { search, error: null };
  } catch (e) {
    if (e instanceof PlatformError && e.status === 400)
      return { search: null, error: e.detail ?? "" };
    throw pageError(e);
  }
}

/** The search of a download: both ends required; a refusal is the response's status. */
export async function searchPathsOr400(api: PlatformClient, kgId: number, q: PathQuery) {
  if (!q.from || !q.to) throw new Response("from, to", { status: 400, statusText: "Bad Request" });
  const found = await findPaths(api, kgId, q);
  if (found.error !== null) throw new Response(found.error, { status: 400 });
  return found.search!;
}

/** The entities (uuids) and relations (ids) the paths show. */
export function pathShown(s: PathSearch) {
  const relations = new Set<number>();
  for (const p of s.paths) for (const hop of p.hops) for (const e of hop.edges) relations.add(e.id);
  return { entities: s.entities.map((e) => e.uuid), relations: [...relations] };
}

/** Everything the path page shows: both ends, each picker's results, the paths found. */
export async function loadPathPage(api: PlatformClient, kgId: number, q: PathQuery) {
  const both = q.from && q.to ? await findPaths(api, kgId, q) : { search: null, error: null };
  const ends = both.search
    ? { from: both.search.from, to: both.search.to }
    : Object.fromEntries(
        await Promise.all(
          (["from", "to"] as const).map(async (end) => [end, await loadEnd(api, kgId, q[end])]),
        ),
      );
  const [fromResults, toResults] = await Promise.all(
    (["fromq", "toq"] as const).map((p) => (q[p] ? searchEntities(api, kgId, q[p]) : null)),
  );
  return {
    from: (ends.from as EntityChoice | null) ?? null,
    to: (ends.to as EntityChoice | null) ?? null,
    results: { from: fromResults, to: toResults },
    ...both,
  };
}

/**
 * All paths in one picture, left to right: `from` on the left, `to` on the right, each path a
 * row between them (an entity on several paths drawn once, where it first appears). Between
 * two entities one line per direction, labelled with its relation types.
 */
export function pathGraphData(s: PathSearch): GraphData {
  const longest = Math.max(1, ...s.paths.map((p) => p.length));
  const middle = (s.paths.length - 1) / 2;
  const byId = new Map(s.entities.map((e) => [e.uuid, e]));
  const placed = new Map<string, { x: number; y: number }>([
    [s.from.uuid, { x: 0, y: middle }],
    [s.to.uuid, { x: longest, y: middle }],
  ]);
  s.paths.forEach((p, row) =>
    p.nodes.forEach((uuid, i) => {
      if (!placed.has(uuid)) placed.set(uuid, { x: (i * longest) / p.length, y: row });
    }),
  );
  const links = new Map<string, { source: string; target: string; labels: Set<string> }>();
  for (const hop of s.paths.flatMap((p: EntityPath) => p.hops))
    for (const e of hop.edges) {
      const key = `${e.source}|${e.target}`;
      const link = links.get(key) ?? { source: e.source, target: e.target, labels: new Set() };
      link.labels.add(e.predicate);
      links.set(key, link);
    }
  const categories = new Map<string, string>();
  for (const e of byId.values()) categories.set(e.type ?? "—", colorFor(e.type, e.color));
  return {
    categories: [...categories].map(([name, color]) => ({ name, color })),
    nodes: [...placed].map(([uuid, at]) => {
      const e = byId.get(uuid);
      const end = uuid === s.from.uuid || uuid === s.to.uuid;
      return {
        id: uuid,
        name: e?.name ?? uuid,
        category: e?.type ?? "—",
        x: at.x * 200,
        y: at.y * 90,
        size: end ? 30 : 20,
        important: true,
        note: e?.type ?? undefined,
      };
    }),
    links: [...links.values()].map((l) => ({
      id: `${l.source}|${l.target}`,
      source: l.source,
      target: l.target,
      label: [...l.labels].join(" / "),
    })),
  };
}

/** The paths as a chart spec (the server's SVG; live with JavaScript); a node opens its entity. */
export async function pathChart(request: Request, kgId: number, s: PathSearch) {
  const g = pathGraphData(s);
  const size = { width: 1000, height: Math.min(560, 160 + 70 * s.paths.length) };
  return {
    spec: await directedGraphSpec(request, g, size),
    nodeHrefs: g.nodes.map((n) => entityHref(kgId, n.id)),
  };
}
