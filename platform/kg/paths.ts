/**
 * Path search between two entities of a graph (issue 23): the endpoint's answer. The search
 * itself (which relations it reads and how it lists the paths) is path-search.ts.
 */
import type { EntityPath, PathEdge, PathSearch } from "@contract/kg";
import type { PlatformContext } from "../context.js";
import { graphSignature, storeCache } from "./cache.js";
import { requireEntity } from "./entities.js";
import { graphOntology } from "./ontology.js";
import {
  Adjacency,
  BudgetSpent,
  PATH_NODE_BUDGET,
  walk,
  type FoundPath,
  type PathOptions,
} from "./path-search.js";
import { entityRefs } from "./shapes.js";
import { articleTexts } from "./store/articles.js";
import type { StepRow } from "./store/relations.js";

export type { PathDirection } from "./path-search.js";
export const PATH_HOPS = { min: 1, max: 6, fallback: 4 } as const;
export const PATH_COUNT = { min: 1, max: 10, fallback: 3 } as const;

/**
 * The shortest paths between two entities of a graph, up to `hops` relations long, the best
 * `k` of them: fewest hops first, then the most confident. A path is a sequence of distinct
 * entities; each hop lists every relation between its two entities that the filters allow,
 * with the sentence it was read from. Past PATH_NODE_BUDGET entities read (or RELATION_BUDGET
 * relations) it stops and says so (`stopped`), keeping the paths found so far.
 */
export async function findPaths(
  ctx: PlatformContext,
  graphId: number,
  fromUuid: string,
  toUuid: string,
  o: PathOptions,
): Promise<PathSearch> {
  const [from, to] = [
    await requireEntity(ctx, graphId, fromUuid),
    await requireEntity(ctx, graphId, toUuid),
  ];
  const key = `${from.id}|${to.id}|${o.hops}|${o.k}|${o.types.join(",")}|${o.direction}`;
  return storeCache<PathSearch>(ctx, "paths", 50).getAsync(
    key,
    await graphSignature(ctx, graphId),
    () => search(ctx, graphId, from.id, to.id, o),
  );
}

async function search(
  ctx: PlatformContext,
  graphId: number,
  fromId: number,
  toId: number,
  o: PathOptions,
): Promise<PathSearch> {
  const adj = new Adjacency(ctx, o.types, o.direction);
  const found: FoundPath[] = [];
  let stopped = false;
  if (fromId !== toId) {
    try {
      await walk(adj, fromId, toId, o, found);
    } catch (e) {
      if (!(e instanceof BudgetSpent)) throw e;
      stopped = true;
    }
  }
  return shape(ctx, graphId, fromId, toId, o, found, { stopped, visited: adj.visited });
}

async function shape(
  ctx: PlatformContext,
  graphId: number,
  fromId: number,
  toId: number,
  o: PathOptions,
  found: FoundPath[],
  how: { stopped: boolean; visited: number },
): Promise<PathSearch> {
  const ontology = await graphOntology(ctx, graphId);
  const ids = new Set([fromId, toId, ...found.flatMap((p) => p.nodes)]);
  const refs = await entityRefs(ctx, graphId, ids);
  const rows = found.flatMap((p) => p.hops.flat());
  const articles = new Map(
    (
      await articleTexts(ctx.store.db, [
        ...new Set(rows.flatMap((r) => (r.article_id == null ? [] : [r.article_id]))),
      ])
    ).map((a) => [a.id, a]),
  );
  const uuid = (id: number) => refs.get(id)!.uuid;
  const edge = (r: StepRow): PathEdge => {
    const article = r.article_id == null ? undefined : articles.get(r.article_id);
    return {
      id: r.id,
      source: uuid(r.subject_id),
      target: uuid(r.object_id),
      predicate: ontology.relationTypes.get(r.relation_type_id)?.name ?? "",
      predicate_id: r.relation_type_id,
      confidence: r.confidence,
      article: article ? { id: article.id, title: article.title } : null,
      sentence:
        article && r.sent_start != null && r.sent_end != null
          ? article.content.slice(r.sent_start, r.sent_end)
          : null,
    };
  };
  const paths: EntityPath[] = found.map((p) => ({
    length: p.hops.length,
    nodes: p.nodes.map(uuid),
    hops: p.hops.map((hop, i) => ({
      from: uuid(p.nodes[i]),
      to: uuid(p.nodes[i + 1]),
      edges: hop.map(edge),
    })),
  }));
  const node = (id: number) => {
    const r = refs.get(id)!;
    const color = r.type_id == null ? "" : (ontology.classes.get(r.type_id)?.color ?? "");
    return { ...r, color };
  };
  return {
    from: node(fromId),
    to: node(toId),
    hops: o.hops,
    k: o.k,
    direction: o.direction,
    types: o.types.map((id) => ({ id, name: ontology.relationTypes.get(id)?.name ?? "" })),
    paths,
    entities: [...ids].map(node),
    visited: how.visited,
    stopped: how.stopped,
    budget: PATH_NODE_BUDGET,
  };
}
