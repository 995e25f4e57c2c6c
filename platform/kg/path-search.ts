/**
 * The two-sided search behind findPaths (issue 23, paths.ts): which relations it reads, in what
 * order, and how it lists the paths from them.
 *
 * One side grows from `from` along the search's direction, the other from `to` against it, a
 * whole layer at a time, and always the side whose next layer reads fewer relations (the store
 * counts them from its indexes before reading). Paths of length L are looked for once the two
 * sides' depths add up to L (or a side has run out of entities): then every relation of every
 * such path is already read (the first hops from the `from` side, the rest from the `to`
 * side), and a depth-first walk over what was read, pruned by each entity's distance to `to`
 * over the same relations, lists the paths in the order the one-sided search did — fewest hops
 * first, then the first CANDIDATES_PER_LENGTH paths of a length in order of entity ids, the
 * most confident of them first. A hub at one end costs its own relations, not its neighbours':
 * the other side grows instead.
 *
 * The search reads links (a relation's id and ends, from the indexes); the type, confidence
 * and evidence of a relation are read only for the relations of the candidate paths.
 */
import type { PlatformContext } from "../context.js";
import {
  linksAt,
  linksBetween,
  relationCountAt,
  stepRows,
  type Link,
  type Side,
  type StepRow,
} from "./store/relations.js";

/** Most entities whose relations one search reads before it stops and says so. */
export const PATH_NODE_BUDGET = 5_000;
/** Most relations one search reads (a few hubs can hold more than all the rest). */
const RELATION_BUDGET = 400_000;
/** Paths of one length looked at before the best `k` are chosen. */
const CANDIDATES_PER_LENGTH = 200;
/** Entities whose relations are read in one statement. */
const READ_BATCH = 500;
/** A layer that reads at most this many relations is read whole rather than met (see walk). */
const GROW_BELOW = 100;
/** A layer's first count stops at this many entities and relations (see cheaper). */
const FIRST_COUNT_CAP = 1_000;

export type PathDirection = "any" | "out";

export interface PathOptions {
  hops: number;
  k: number;
  /** Relation type ids to walk; empty walks all. */
  types: number[];
  /** `out`: only along relations, subject to object, from `from` towards `to`. */
  direction: PathDirection;
}

/** A path found: its entities and, per hop, every relation between its two ends. */
export interface FoundPath {
  nodes: number[];
  hops: StepRow[][];
}

export class BudgetSpent extends Error {}

/** A relation as a step of a walk: the entity it leads to and the relation's id. */
interface Step {
  to: number;
  id: number;
}

/** What reading a layer costs: its entities and relations (at least that many when `capped`). */
interface Cost {
  size: number;
  capped: boolean;
  /** The count's cap. */
  cap: number;
}

function push(m: Map<number, Step[]>, at: number, to: number, id: number) {
  const list = m.get(at);
  if (list) list.push({ to, id });
  else m.set(at, [{ to, id }]);
}

/**
 * The relations the search has read, as steps along its direction (`fwd`) and against it
 * (`bwd`); every entity read counts against the budget, and so does every relation.
 */
export class Adjacency {
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
   * What reading `ids` would cost: the entities not read yet and the relations they would add,
   * counted until the two make `cap` (`capped`: at least that much) or the budget has no more
   * left (more is as good as exact: reading them stops the search).
   */
  async cost(ids: number[], forward: boolean, cap: number): Promise<Cost> {
    const left = RELATION_BUDGET - this.relations + 1;
    const sides = this.sides(forward);
    // An entity is read on all the sides or none (both ends read both sides with `any`).
    const unread = ids.filter((id) => !this.done.has(`${sides[0]}${id}`));
    const limit = Math.min(Math.max(0, cap - unread.length), left);
    let total = 0;
    for (let at = 0; at < unread.length && total < limit; at += READ_BATCH) {
      const batch = unread.slice(at, at + READ_BATCH);
      total += await relationCountAt(this.ctx.store.db, sides, batch, this.types, limit - total);
    }
    return { size: total + unread.length, capped: total >= limit && limit < left, cap };
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
        const links = await linksAt(this.ctx.store.db, side, batch, this.types, left + 1);
        this.relations += links.length;
        if (this.relations > RELATION_BUDGET) throw new BudgetSpent();
        for (const id of batch) this.done.add(`${side}${id}`);
        for (const r of links) this.add(r);
      }
    }
  }

  /**
   * Reads the relations from the entities of `x` to those of `y` (along the search's direction
   * when `x` grows from `from`, against it when from `to`): where the two sides meet, without
   * reading the rest of `x`'s relations. Every entity of `x` counts as read for the budget.
   */
  async meet(x: End, y: End): Promise<void> {
    for (const side of this.sides(x.forward)) {
      const ids = x.frontier.filter((id) => !this.done.has(`${side}${id}`));
      if (!ids.length) continue;
      for (const id of ids) this.seen.add(id);
      if (this.seen.size > PATH_NODE_BUDGET) throw new BudgetSpent();
      const left = RELATION_BUDGET - this.relations;
      // Few pairs: each looked up; else x's relations scanned in the index for y's entities.
      const pairs = ids.length * y.frontier.length <= x.cost!.size;
      const db = this.ctx.store.db;
      const links = await linksBetween(db, side, ids, y.frontier, this.types, pairs, left + 1);
      this.relations += links.length;
      if (this.relations > RELATION_BUDGET) throw new BudgetSpent();
      for (const r of links) this.add(r);
    }
  }

  private add(r: Link) {
    if (this.known.has(r.id)) return;
    this.known.add(r.id);
    push(this.fwd, r.subject_id, r.object_id, r.id);
    push(this.bwd, r.object_id, r.subject_id, r.id);
    if (this.direction === "any" && r.subject_id !== r.object_id) {
      push(this.fwd, r.object_id, r.subject_id, r.id);
      push(this.bwd, r.subject_id, r.object_id, r.id);
    }
  }

  /** The steps read from `id` (`forward`: along the search's direction; else against it). */
  steps(id: number, forward: boolean): Step[] {
    return (forward ? this.fwd : this.bwd).get(id) ?? [];
  }

  /** The rows of the relations `ids` (type, confidence, evidence), by id. */
  async rows(ids: Iterable<number>): Promise<Map<number, StepRow>> {
    const rows = await stepRows(this.ctx.store.db, [...new Set(ids)]);
    return new Map(rows.map((r) => [r.id, r]));
  }
}

/** One end of the search: distances from its end, the layer to read next, what that costs. */
class End {
  readonly dist: Map<number, number>;
  frontier: number[];
  depth = 0;
  cost: Cost | null = null;
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

/**
 * The end whose next layer reads fewer relations, each counted just far enough to tell (a hub's
 * hundred thousand neighbours' relations are not counted to the last to learn that they are
 * more than the other side's few hundred).
 */
async function cheaper(adj: Adjacency, f: End, t: End): Promise<End> {
  for (const e of [f, t]) e.cost ??= await adj.cost(e.frontier, e.forward, FIRST_COUNT_CAP);
  for (;;) {
    const [a, b] = [f.cost!, t.cost!];
    if (!a.capped && a.size <= b.size) return f;
    if (!b.capped && b.size <= a.size) return t;
    // The end that may cost less is counted further: past what the other is known to cost
    // (no further when that is exact: it then tells), at least four times as far as before.
    const [low, other] = a.size <= b.size ? [f, b] : [t, a];
    const cap = other.capped ? Math.max(low.cost!.cap * 4, other.size + 1) : other.size + 1;
    low.cost = await adj.cost(low.frontier, low.forward, cap);
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
 * The paths from `fromId` to `toId` (distinct entities) the search finds, the best `k`: fewest
 * hops first, then the most confident (the product over the hops of each hop's best relation).
 */
export async function walk(
  adj: Adjacency,
  fromId: number,
  toId: number,
  o: PathOptions,
  found: FoundPath[],
) {
  const ends = [new End(fromId, true), new End(toId, false)];
  const [fromSide, toSide] = ends;
  const spent = () => !fromSide.frontier.length || !toSide.frontier.length;
  let least = (id: number) => (id === toId ? 0 : Infinity);

  for (let length = 1; length <= o.hops && found.length < o.k; length++) {
    // Every path of `length` hops has each hop read once the depths add up to it (or a side
    // has reached all it can); one short of it, all but the hops from one side's last layer to
    // the other's, which are read where they meet. Grow the side whose next layer costs less
    // until then.
    let grew = false;
    while (!spent() && fromSide.depth + toSide.depth < length) {
      const x = await cheaper(adj, fromSide, toSide);
      const y = x === fromSide ? toSide : fromSide;
      if (fromSide.depth + toSide.depth === length - 1 && x.cost!.size > GROW_BELOW) {
        await adj.meet(x, y);
        grew = true;
        break;
      }
      await x.grow(adj);
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
    const candidates = pathsOf(adj, fromId, toId, length, least);
    const rows = await adj.rows(candidates.flatMap((c) => c.hops.flat()));
    const ranked = candidates.map((c) => {
      const hops = c.hops.map((ids) =>
        ids.map((id) => rows.get(id)!).sort((x, y) => y.confidence - x.confidence || x.id - y.id),
      );
      return { nodes: c.nodes, hops, score: score(hops) };
    });
    ranked.sort((x, y) => y.score - x.score);
    for (const c of ranked.slice(0, o.k - found.length))
      found.push({ nodes: c.nodes, hops: c.hops });
  }
}

/**
 * The first CANDIDATES_PER_LENGTH paths of `length` hops over the relations read, in order of
 * entity ids, each hop the ids of its relations. Where an entity may go next with `left` hops
 * to go is worked out once per entity and `left` (a hub's thousands of steps are looked at
 * once, not once for every path through it).
 */
function pathsOf(
  adj: Adjacency,
  fromId: number,
  toId: number,
  length: number,
  least: (id: number) => number,
) {
  const candidates: { nodes: number[]; hops: number[][] }[] = [];
  const choices = new Map<string, [number, number[]][]>();
  const nextOf = (at: number, left: number) => {
    const key = `${at}|${left}`;
    let list = choices.get(key);
    if (!list) {
      const byNext = new Map<number, number[]>();
      for (const s of adj.steps(at, true)) {
        if (least(s.to) > left - 1) continue;
        const ids = byNext.get(s.to);
        if (ids) ids.push(s.id);
        else byNext.set(s.to, [s.id]);
      }
      list = [...byNext].sort((x, y) => x[0] - y[0]);
      choices.set(key, list);
    }
    return list;
  };
  const path = [fromId];
  const hops: number[][] = [];
  const dfs = (at: number): void => {
    if (candidates.length >= CANDIDATES_PER_LENGTH) return;
    const left = length - hops.length;
    if (at === toId) {
      if (left === 0) candidates.push({ nodes: [...path], hops: [...hops] });
      return;
    }
    if (left === 0) return;
    for (const [next, ids] of nextOf(at, left)) {
      if (path.includes(next)) continue;
      path.push(next);
      hops.push(ids);
      dfs(next);
      path.pop();
      hops.pop();
    }
  };
  dfs(fromId);
  return candidates;
}

/** A path's confidence: the product over its hops of each hop's most confident relation. */
function score(hops: StepRow[][]) {
  return hops.reduce((p, rows) => p * Math.max(...rows.map((r) => r.confidence)), 1);
}
