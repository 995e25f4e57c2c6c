/**
 * Path search between two entities of a graph (issue 23).
 *
 * A two-sided breadth-first search: one side grows from `from` along the search's direction,
 * the other from `to` against it, a whole layer at a time, and always the side whose next layer
 * reads fewer relations (the store counts them from its indexes before reading). Paths of
 * length L are looked for once the two sides' depths add up to L (or a side has run out of
 * entities): then every relation of every such path is already read (the first hops from the
 * `from` side, the rest from the `to` side), and a depth-first walk over what was read, pruned
 * by each entity's distance to `to` over the same relations, lists the paths in the order the
 * one-sided search did — fewest hops first, then the first CANDIDATES_PER_LENGTH paths of a
 * length in order of entity ids, the most confident of them first. A hub at one end costs its
 * own relations, not its neighbours': the other side grows instead.
 */
import type { EntityPath, PathEdge, PathSearch } from "@contract/kg";
import type { PlatformContext } from "../context.js";
import { graphSignature, storeCache } from "./cache.js";
import { requireEntity } from "./entities.js";
import { graphOntology } from "./ontology.js";
import { entityRefs } from "./shapes.js";
import { articleTexts } from "./store/articles.js";
import { relationCountAt, relationsAt, type Side, type StepRow } from "./store/relations.js";

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

/** A relation as a step of a walk: the entity it leads to and its row. */
interface Step {
  to: number;
  row: StepRow;
}

/**
 * The relations the search has read, as steps along its direction (`fwd`) and against it
 * (`bwd`); every entity read counts against the budget, and so does every relation.
 */
class Adjacency {
  private readonly done = new Set<string>();
  private readonly seen = new Set<number>();
  private readonly known = new Set<number>();
  private relations = 0;
  private readonly fwd = new Map<number, Step[]>();
  private readonly bwd = new Map<number, Step[]>();

  /** Entities whose relations the search has read. */
  get visited() {
    return this.seen.size;
  }

  constructor(
    private readonly ctx: PlatformContext,
    private readonly types: number[],
    private readonly direction: PathDirection,
  ) {}

  /** The sides of its relations an entity is read on (`forward`: away from `from`). */
  private sides(forward: boolean): Side[] {
    return this.direction === "any" ? ["out", "in"] : forward ? ["out"] : ["in"];
  }

  /**
   * What reading `ids` would cost: the entities not read yet and the relations they would add
   * (counted up to what the budget has left).
   */
  async cost(ids: number[], forward: boolean): Promise<number> {
    const cap = RELATION_BUDGET - this.relations + 1;
    const sides = this.sides(forward);
    // An entity is read on all the sides or none (both ends read both sides with `any`).
    const unread = ids.filter((id) => !this.done.has(`${sides[0]}${id}`));
    let total = 0;
    for (let at = 0; at < unread.length && total < cap; at += READ_BATCH) {
      const batch = unread.slice(at, at + READ_BATCH);
      total += await relationCountAt(this.ctx.store.db, sides, batch, this.types, cap - total);
    }
    return total + unread.length;
  }

  /** Reads the relations of `ids` not read yet. */
  async read(ids: number[], forward: boolean): Promise<void> {
    for (const side of this.sides(forward)) {
      const missing = ids.filter((id) => !this.done.has(`${side}${id}`));
      for (let at = 0; at < missing.length; at += READ_BATCH) {
        const batch = missing.slice(at, at + READ_BATCH);
        for (const id of batch) this.seen.add(id);
        if (this.seen.size > PATH_NODE_BUDGET) throw new BudgetSpent();
        const left = RELATION_BUDGET - this.relations;
        const rows = await relationsAt(this.ctx.store.db, side, batch, this.types, left + 1);
        this.relations += rows.length;
        if (this.relations > RELATION_BUDGET) throw new BudgetSpent();
        for (const id of batch) this.done.add(`${side}${id}`);
        for (const r of rows) this.add(r);
      }
    }
  }

  private add(r: StepRow) {
    if (this.known.has(r.id)) return;
    this.known.add(r.id);
    const push = (m: Map<number, Step[]>, at: number, to: number) => {
      const list = m.get(at);
      if (list) list.push({ to, row: r });
      else m.set(at, [{ to, row: r }]);
    };
    push(this.fwd, r.subject_id, r.object_id);
    push(this.bwd, r.object_id, r.subject_id);
    if (this.direction === "any" && r.subject_id !== r.object_id) {
      push(this.fwd, r.object_id, r.subject_id);
      push(this.bwd, r.subject_id, r.object_id);
    }
  }

  /** The steps read from `id` (`forward`: along the search's direction; else against it). */
  steps(id: number, forward: boolean): Step[] {
    return (forward ? this.fwd : this.bwd).get(id) ?? [];
  }
}

/** One end of the search: distances from its end, the layer to read next, what that costs. */
class End {
  readonly dist: Map<number, number>;
  frontier: number[];
  depth = 0;
  cost: number | null = null;
  constructor(
    start: number,
    readonly forward: boolean,
  ) {
    this.dist = new Map([[start, 0]]);
    this.frontier = [start];
  }

  /** Reads the frontier's relations; the entities they reach first are the next layer. */
  async grow(adj: Adjacency) {
    await adj.read(this.frontier, this.forward);
    const next: number[] = [];
    for (const id of this.frontier)
      for (const s of adj.steps(id, this.forward))
        if (!this.dist.has(s.to)) {
          this.dist.set(s.to, this.depth + 1);
          next.push(s.to);
        }
    this.frontier = next;
    this.depth++;
    this.cost = null;
  }
}

/** Distances to `to` over the relations read, up to `depth` steps. */
function distancesTo(adj: Adjacency, to: number, depth: number) {
  const dist = new Map<number, number>([[to, 0]]);
  let frontier = [to];
  for (let d = 1; d <= depth && frontier.length; d++) {
    const next: number[] = [];
    for (const id of frontier)
      for (const s of adj.steps(id, false))
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
  const ends = [new End(fromId, true), new End(toId, false)];
  const [fromSide, toSide] = ends;
  const spent = () => !fromSide.frontier.length || !toSide.frontier.length;
  let least = (id: number) => (id === toId ? 0 : Infinity);

  for (let length = 1; length <= o.hops && found.length < o.k; length++) {
    // Every path of `length` hops has each hop read once the depths add up to it (or a side
    // has reached all it can): grow the side whose next layer costs less until then.
    let grew = false;
    while (!spent() && fromSide.depth + toSide.depth < length) {
      for (const e of ends) e.cost ??= await adj.cost(e.frontier, e.forward);
      await (fromSide.cost! <= toSide.cost! ? fromSide : toSide).grow(adj);
      grew = true;
    }
    if (grew) {
      const dist = distancesTo(adj, toId, o.hops);
      least = (id) => dist.get(id) ?? Infinity;
    }
    if (least(fromId) > length) {
      if (spent() && least(fromId) === Infinity) return;
      continue;
    }
    const candidates: { nodes: number[]; hops: StepRow[][]; score: number }[] = [];
    const path = [fromId];
    const hops: StepRow[][] = [];
    const dfs = (at: number): void => {
      if (candidates.length >= CANDIDATES_PER_LENGTH) return;
      const left = length - hops.length;
      if (at === toId) {
        if (left === 0) candidates.push({ nodes: [...path], hops: [...hops], score: score(hops) });
        return;
      }
      if (left === 0) return;
      const byNext = new Map<number, StepRow[]>();
      for (const s of adj.steps(at, true)) {
        if (path.includes(s.to) || least(s.to) > left - 1) continue;
        const list = byNext.get(s.to) ?? [];
        list.push(s.row);
        byNext.set(s.to, list);
      }
      for (const [next, rows] of [...byNext].sort((x, y) => x[0] - y[0])) {
        path.push(next);
        hops.push(rows.sort((x, y) => y.confidence - x.confidence || x.id - y.id));
        dfs(next);
        path.pop();
        hops.pop();
      }
    };
    dfs(fromId);
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
