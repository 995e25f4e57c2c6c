/**
 * The state of an exploration (/{graph}/explore, issue 23) as a plain URL query string: the
 * only place it lives, so Back undoes a step, Forward redoes it, and the address opens the
 * same view for a colleague (a saved view stores the query string). The format is documented
 * in docs/decisions/025-exploration-state-in-the-url.md:
 *
 *   entity=<uuid>                        the entity explored from (required)
 *   pin=<uuid>                           the node drawn at the centre (default: entity)
 *   budget=<1..100>                      neighbours one batch adds at most (default 25)
 *   x=<uuid>~<type id|*>~<any|out|in>~<batches>   an expansion, repeated, in the order made
 *   collapse=<uuid>                      a node whose expansions are folded away, repeated
 *   hide=<uuid>                          a node left out of the picture, repeated
 *   hide_type=<type id>                  a relation type left out, repeated
 *
 * Client-safe (no server imports): the page builds its links with it, the loader parses with it.
 */

export type ExpandDirection = "any" | "out" | "in";

export interface ExploreExpansion {
  node: string;
  /** A relation type id, or null: every type, the budget shared over them. */
  type: number | null;
  direction: ExpandDirection;
  /** Batches of `budget` relations read, from the first. */
  batches: number;
}

export interface ExploreState {
  entity: string;
  pin: string | null;
  budget: number;
  expand: ExploreExpansion[];
  collapsed: string[];
  hidden: string[];
  hiddenTypes: number[];
}

export const EXPLORE_BUDGETS = [10, 25, 50, 100] as const;
export const EXPLORE_LIMITS = {
  budget: { min: 1, max: 100, fallback: 25 },
  /** Batches of one expansion: budget × batches stays within the platform's limit of 1,000. */
  batches: 10,
  expansions: 30,
  nodes: 100,
  types: 50,
} as const;

const UUID = /^[\w-]{1,64}$/;
const NUMBER = /^[1-9]\d{0,8}$/;

/** A parameter of the exploration that does not parse exactly: the page answers 400 naming it. */
export class ExploreStateError extends Error {
  constructor(readonly param: string) {
    super(`invalid parameter: ${param}`);
  }
}

function uuids(params: URLSearchParams, name: string, max: number): string[] {
  const list = params.getAll(name);
  if (list.length > max || new Set(list).size !== list.length || !list.every((v) => UUID.test(v)))
    throw new ExploreStateError(name);
  return list;
}

function expansion(raw: string): ExploreExpansion {
  const parts = raw.split("~");
  const [node, type, direction, batches] = parts;
  if (
    parts.length !== 4 ||
    !UUID.test(node) ||
    !(type === "*" || NUMBER.test(type)) ||
    !["any", "out", "in"].includes(direction) ||
    !/^\d{1,2}$/.test(batches) ||
    Number(batches) < 1 ||
    Number(batches) > EXPLORE_LIMITS.batches
  )
    throw new ExploreStateError("x");
  return {
    node,
    type: type === "*" ? null : Number(type),
    direction: direction as ExpandDirection,
    batches: Number(batches),
  };
}

const expansionKey = (e: Pick<ExploreExpansion, "node" | "type" | "direction">) =>
  `${e.node}~${e.type ?? "*"}~${e.direction}`;

/**
 * The exploration in a query string (with or without `?`), or ExploreStateError naming the
 * first parameter that does not parse exactly. Names it does not know are left to others.
 */
export function parseExploreState(query: string | URLSearchParams): ExploreState {
  const params = typeof query === "string" ? new URLSearchParams(query) : query;
  for (const name of ["entity", "pin", "budget"])
    if (params.getAll(name).length > 1) throw new ExploreStateError(name);
  const entity = params.get("entity") ?? "";
  if (!UUID.test(entity)) throw new ExploreStateError("entity");
  const pin = params.get("pin");
  if (pin !== null && !UUID.test(pin)) throw new ExploreStateError("pin");
  const rawBudget = params.get("budget");
  const { min, max, fallback } = EXPLORE_LIMITS.budget;
  if (rawBudget !== null && (!NUMBER.test(rawBudget) || +rawBudget < min || +rawBudget > max))
    throw new ExploreStateError("budget");
  const xs = params.getAll("x");
  if (xs.length > EXPLORE_LIMITS.expansions) throw new ExploreStateError("x");
  const expand = xs.map(expansion);
  if (new Set(expand.map(expansionKey)).size !== expand.length) throw new ExploreStateError("x");
  const types = params.getAll("hide_type");
  if (
    types.length > EXPLORE_LIMITS.types ||
    !types.every((v) => NUMBER.test(v)) ||
    new Set(types).size !== types.length
  )
    throw new ExploreStateError("hide_type");
  return {
    entity,
    pin: pin === entity ? null : pin,
    budget: rawBudget === null ? fallback : Number(rawBudget),
    expand,
    collapsed: uuids(params, "collapse", EXPLORE_LIMITS.nodes),
    hidden: uuids(params, "hide", EXPLORE_LIMITS.nodes),
    hiddenTypes: types.map(Number),
  };
}

/** The state as its canonical query string (without `?`): defaults left out. */
export function exploreQuery(s: ExploreState): string {
  const p = new URLSearchParams({ entity: s.entity });
  if (s.pin && s.pin !== s.entity) p.append("pin", s.pin);
  if (s.budget !== EXPLORE_LIMITS.budget.fallback) p.append("budget", String(s.budget));
  for (const e of s.expand) p.append("x", `${expansionKey(e)}~${e.batches}`);
  for (const u of s.collapsed) p.append("collapse", u);
  for (const u of s.hidden) p.append("hide", u);
  for (const t of s.hiddenTypes) p.append("hide_type", String(t));
  return p.toString().replace(/%7E/gi, "~");
}

/** The exploration page showing `s`. */
export const exploreHref = (kgId: number, s: ExploreState) => `/${kgId}/explore?${exploreQuery(s)}`;

/** A fresh exploration from one entity (the entity, relation and path pages link it). */
export const exploreFrom = (kgId: number, entity: string) =>
  exploreHref(kgId, {
    entity,
    pin: null,
    budget: EXPLORE_LIMITS.budget.fallback,
    expand: [{ node: entity, type: null, direction: "any", batches: 1 }],
    collapsed: [],
    hidden: [],
    hiddenTypes: [],
  });

const without = <T>(list: T[], x: T) => list.filter((v) => v !== x);

/** The steps of an exploration: each a new state, the old one left as it was. */
export const explore = {
  /** Expand a node (every type, or one type and direction); unfold it if it was collapsed. */
  expand(
    s: ExploreState,
    node: string,
    type: number | null = null,
    direction: ExpandDirection = "any",
  ): ExploreState {
    const key = expansionKey({ node, type, direction });
    const has = s.expand.some((e) => expansionKey(e) === key);
    return {
      ...s,
      collapsed: without(s.collapsed, node),
      expand: has ? s.expand : [...s.expand, { node, type, direction, batches: 1 }],
    };
  },
  /** The next batch of one group of a node ("+N more"): one more batch of its expansion. */
  more(s: ExploreState, node: string, type: number, direction: ExpandDirection): ExploreState {
    const key = expansionKey({ node, type, direction });
    const found = s.expand.find((e) => expansionKey(e) === key);
    if (!found) return explore.expand(s, node, type, direction);
    return {
      ...s,
      expand: s.expand.map((e) =>
        e === found ? { ...e, batches: Math.min(EXPLORE_LIMITS.batches, e.batches + 1) } : e,
      ),
    };
  },
  collapse: (s: ExploreState, node: string): ExploreState => ({
    ...s,
    collapsed: s.collapsed.includes(node) ? s.collapsed : [...s.collapsed, node],
  }),
  unfold: (s: ExploreState, node: string): ExploreState => ({
    ...s,
    collapsed: without(s.collapsed, node),
  }),
  hide: (s: ExploreState, node: string): ExploreState => ({
    ...s,
    hidden: s.hidden.includes(node) ? s.hidden : [...s.hidden, node],
    pin: s.pin === node ? null : s.pin,
  }),
  show: (s: ExploreState, node: string): ExploreState => ({
    ...s,
    hidden: without(s.hidden, node),
  }),
  hideType: (s: ExploreState, type: number): ExploreState => ({
    ...s,
    hiddenTypes: s.hiddenTypes.includes(type) ? s.hiddenTypes : [...s.hiddenTypes, type],
  }),
  showType: (s: ExploreState, type: number): ExploreState => ({
    ...s,
    hiddenTypes: without(s.hiddenTypes, type),
  }),
  pin: (s: ExploreState, node: string): ExploreState => ({
    ...s,
    pin: node === s.entity ? null : node,
  }),
};
