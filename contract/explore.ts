import type { EntityRef, NeighbourEdge } from "./kg";

/** One relation type and direction of the expanded entity, and how much of it this answer read. */
export interface ExpansionGroup {
  type_id: number;
  predicate: string;
  /** `out`: the entity is the subject; `in`: the object. */
  direction: "out" | "in";
  /** All relations of this type and direction of the entity. */
  total: number;
  /** Whether the request's type and direction filters take this group. */
  selected: boolean;
  /** Relations skipped before this answer's window (min(offset, total); 0 when not selected). */
  from: number;
  /** Relations of the group in this answer. */
  shown: number;
  /** Relations after this answer's window: the "+N more" of the group. */
  rest: number;
}

/** A relation of an expansion: drawn like a neighbourhood's. */
export type ExpansionEdge = NeighbourEdge;

/**
 * GET /kg/graphs/{id}/expand/?entity=&type=&direction=&offset=&limit=: the neighbours of one
 * entity, at most `limit` relations (the budget) past `offset` in each selected group,
 * shared fairly over the groups, and what is left of each group.
 */
export interface Expansion {
  entity: EntityRef & { color: string };
  type: { id: number; name: string } | null;
  direction: "any" | "out" | "in";
  offset: number;
  limit: number;
  /** Every relation type and direction of the entity: outgoing first, each by type id. */
  groups: ExpansionGroup[];
  /** The other ends of `edges`, each once, in the order of the edges. */
  neighbours: (EntityRef & { color: string })[];
  /** The relations read: group by group, each group by relation id. */
  edges: ExpansionEdge[];
}
