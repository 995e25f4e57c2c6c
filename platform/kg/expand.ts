import type { Expansion, ExpansionGroup } from "@contract/explore";
import type { PlatformContext } from "../context.js";
import { requireEntity } from "./entities.js";
import { shareOut } from "./neighbours.js";
import { graphOntology } from "./ontology.js";
import { entityRefs, type RelationRow } from "./shapes.js";
import { groupWindow, relationGroups, type Side } from "./store/relations.js";

/** The budget of one expansion: relations read past the offset (docs/api.md, …/expand/). */
export const EXPAND_LIMIT = { min: 1, max: 1000, fallback: 25 } as const;
/** Relations skipped in each group at most: an index range is read from its start. */
export const EXPAND_OFFSET = { min: 0, max: 100_000, fallback: 0 } as const;

export type ExpandDirection = "any" | Side;

export interface ExpandOptions {
  /** One relation type id, or null for all. */
  type: number | null;
  direction: ExpandDirection;
  offset: number;
  limit: number;
}

/**
 * The neighbours of one entity, a batch at a time. The entity's relations fall in groups, one
 * per relation type and direction (each an index range). The groups the filters select each
 * skip `offset` relations; past that, `limit` relations are shared over them as evenly as
 * their sizes allow, each group's share its first relations by id. Every group says how many
 * relations it has, how many this answer read and how many are left (the "+N more").
 */
export async function expandEntity(
  ctx: PlatformContext,
  graphId: number,
  uuid: string,
  o: ExpandOptions,
): Promise<Expansion> {
  const db = ctx.store.db;
  const entity = await requireEntity(ctx, graphId, uuid);
  const all = (await relationGroups(db, [entity.id])).get(entity.id)!;
  const picked = (g: { type: number; direction: Side }) =>
    (o.type === null || g.type === o.type) &&
    (o.direction === "any" || g.direction === o.direction);
  const from = all.map((g) => (picked(g) ? Math.min(o.offset, g.count) : 0));
  const quotas = shareOut(
    all.map((g, i) => (picked(g) ? g.count - from[i] : 0)),
    o.limit,
  );
  const rows: RelationRow[][] = await Promise.all(
    all.map((g, i) => groupWindow(db, g.direction, entity.id, g.type, from[i], quotas[i])),
  );
  const ontology = await graphOntology(ctx, graphId);
  const flat = rows.flat();
  const ids = [
    entity.id,
    ...flat.map((r) => (r.subject_id === entity.id ? r.object_id : r.subject_id)),
  ];
  const refs = await entityRefs(ctx, graphId, ids);
  const colored = (id: number) => {
    const r = refs.get(id)!;
    return { ...r, color: r.type_id == null ? "" : (ontology.classes.get(r.type_id)?.color ?? "") };
  };
  const typeName = (id: number) => ontology.relationTypes.get(id)?.name ?? "";
  const groups: ExpansionGroup[] = all.map((g, i) => ({
    type_id: g.type,
    predicate: typeName(g.type),
    direction: g.direction,
    total: g.count,
    selected: picked(g),
    from: from[i],
    shown: rows[i].length,
    rest: g.count - from[i] - rows[i].length,
  }));
  return {
    entity: colored(entity.id),
    type: o.type === null ? null : { id: o.type, name: typeName(o.type) },
    direction: o.direction,
    offset: o.offset,
    limit: o.limit,
    groups,
    neighbours: [...new Set(ids.slice(1))].filter((id) => id !== entity.id).map(colored),
    edges: flat.map((r) => ({
      id: r.id,
      source: refs.get(r.subject_id)!.uuid,
      target: refs.get(r.object_id)!.uuid,
      predicate: typeName(r.relation_type_id),
      predicate_id: r.relation_type_id,
      confidence: r.confidence,
      article_id: r.article_id,
      sent_start: r.sent_start,
      sent_end: r.sent_end,
    })),
  };
}
