import type { EntityPath, PathEdge, PathSearch } from "@contract/kg";
import type { PlatformContext } from "../context.js";
import { graphSignature, storeCache } from "./cache.js";
import { requireEntity } from "./entities.js";
import { graphOntology } from "./ontology.js";
import { entityRefs } from "./shapes.js";
import { articleTexts } from "./store/articles.js";
import { relationsAt, type Side, type StepRow } from "./store/relations.js";

export const PATH_HOPS = { min: 1, max: 6, fallback: 4 } as const;
export const PATH_COUNT = { min: 1, max: 10, fallback: 3 } as const;
/** Most entities whose relations one search reads before it stops and says so. */
export const PATH_NODE_BUDGET = 5_000;
/** Most relations one search reads (a few hubs can hold more than all the rest). */
const RELATION_BUDGET = 400_000;
/** Paths of one length looked at before the best `k` are chosen. */
const CANDIDATES_PER_LENGTH = 200;
/** Entities whose relations are read in one statement. */
const READ_BATCH = 500;

export type PathDirection = "any" | "out";

export interface PathOptions {
  hops: number;
  k: number;
  /** Relation type ids to walk; empty walks all. */
  types: number[];
  /** `out`: only along relations, subject to object, from `from` towards `to`. */
  direction: PathDirection;
}

class BudgetSpent extends Error {}

/**
 * The relations around entities, read as the search needs them and kept for the rest of it;
 * every entity read counts against the budget.
 */
class Adjacency {
  private readonly read = new Map<string, StepRow[]>();
  private readonly seen = new Set<number>();
  private relations = 0;

  /** Entities whose relations the search has read. */
  get visited() {
    return this.seen.size;
  }

  constructor(
    private readonly ctx: PlatformContext,
    private readonly types: number[],
    private readonly direction: PathDirection,
  ) {}

  /** The steps from each of `ids` (`forward`: away from `from`; else towards it). */
  async steps(
    ids: number[],
    forward: boolean,
  ): Promise<Map<number, { to: number; row: StepRow }[]>> {
    const sides: Side[] = this.direction === "any" ? ["out", "in"] : forward ? ["out"] : ["in"];
    const out = new Map<number, { to: number; row: StepRow }[]>();
    for (const side of sides) {
      const missing = ids.filter((id) => !this.read.has(`${side}${id}`));
      for (let at = 0; at < missing.length; at += READ_BATCH) {
        const batch = missing.slice(at, at + READ_BATCH);
        for (const id of batch) this.seen.add(id);
        if (this.seen.size > PATH_NODE_BUDGET) throw new BudgetSpent();
        const left = RELATION_BUDGET - this.relations;
        const rows = await relationsAt(this.ctx.store.db, side, batch, this.types, left + 1);
        this.relations += rows.length;
        if (this.relations > RELATION_BUDGET) throw new BudgetSpent();
        for (const id of batch) this.read.set(`${side}${id}`, []);
        for (const r of rows)
          this.read.get(`${side}${side === "out" ? r.subject_id : r.object_id}`)!.push(r);
      }
      for (const id of ids) {
        const list = out.get(id) ?? [];
        for (const row of this.read.get(`${side}${id}`)!)
          list.push({ to: side === "out" ? row.object_id : row.subject_id, row });
        out.set(id, list);
      }
    }
    return out;
  }
}

/**
 * Breadth-first distances from `start` up to `depth` steps (forward: along the search's
 * direction; else against it).
 */
async function ball(adj: Adjacency, start: number, depth: number, forward: boolean) {
  const dist = new Map<number, number>([[start, 0]]);
  let frontier = [start];
  for (let d = 1; d <= depth && frontier.length; d++) {
    const steps = await adj.steps(frontier, forward);
    const next: number[] = [];
    for (const id of frontier)
      for (const s of steps.get(id) ?? [])
        if (!dist.has(s.to)) {
          dist.set(s.to, d);
          next.push(s.to);
        }
    frontier = next;
  }
  return dist;
}

/**
 * The shortest paths between two entities of a graph, up to `hops` relations long, the best
 * `k` of them: fewest hops first, then the most confident. A path is a sequence of distinct
 * entities; each hop lists every relation between its two entities that the filters allow,
 * with the sentence it was read from. The search reads relations outward from both ends
 * (each to half the hops), then walks from `from` only where the rest of the way to `to`
 * can still fit; past PATH_NODE_BUDGET entities it stops and says so (`stopped`).
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
  const found: { nodes: number[]; hops: StepRow[][] }[] = [];
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

async function walk(
  adj: Adjacency,
  fromId: number,
  toId: number,
  o: PathOptions,
  found: { nodes: number[]; hops: StepRow[][] }[],
) {
  // Any path of at most `hops` relations has an entity within `a` steps of `from` and `b`
  // steps of `to`: with no such entity there is no path.
  const a = Math.ceil(o.hops / 2);
  const b = o.hops - a;
  const fromBall = await ball(adj, fromId, a, true);
  const toBall = await ball(adj, toId, b, false);
  if (![...fromBall.keys()].some((id) => toBall.has(id))) return;
  /** Fewest steps still needed from an entity to `to`, as far as the search knows. */
  const least = (id: number) => toBall.get(id) ?? b + 1;

  for (let length = 1; length <= o.hops && found.length < o.k; length++) {
    if (least(fromId) > length) continue;
    const candidates: { nodes: number[]; hops: StepRow[][]; score: number }[] = [];
    const path = [fromId];
    const hops: StepRow[][] = [];
    const dfs = async (at: number): Promise<void> => {
      if (candidates.length >= CANDIDATES_PER_LENGTH) return;
      const left = length - hops.length;
      if (at === toId) {
        if (left === 0) candidates.push({ nodes: [...path], hops: [...hops], score: score(hops) });
        return;
      }
      if (left === 0) return;
      const byNext = new Map<number, StepRow[]>();
      for (const s of (await adj.steps([at], true)).get(at) ?? []) {
        if (path.includes(s.to) || least(s.to) > left - 1) continue;
        const list = byNext.get(s.to) ?? [];
        list.push(s.row);
        byNext.set(s.to, list);
      }
      for (const [next, rows] of [...byNext].sort((x, y) => x[0] - y[0])) {
        path.push(next);
        hops.push(rows.sort((x, y) => y.confidence - x.confidence || x.id - y.id));
        await dfs(next);
        path.pop();
        hops.pop();
      }
    };
    await dfs(fromId);
    candidates.sort((x, y) => y.score - x.score);
    for (const c of candidates.slice(0, o.k - found.length)) found.push(c);
  }
}

/** A path's confidence: the product over its hops of each hop's most confident relation. */
function score(hops: StepRow[][]) {
  return hops.reduce((p, rows) => p * Math.max(...rows.map((r) => r.confidence)), 1);
}

async function shape(
  ctx: PlatformContext,
  graphId: number,
  fromId: number,
  toId: number,
  o: PathOptions,
  found: { nodes: number[]; hops: StepRow[][] }[],
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
