import type { NeighbourGraph } from "@contract/kg";
import type { PlatformContext } from "../context.js";
import { graphSignature, storeCache } from "./cache.js";
import { requireEntity } from "./entities.js";
import { forceLayout, SERVER_LAYOUT_THRESHOLD } from "./layout.js";
import { graphOntology, type GraphOntology } from "./ontology.js";
import { entityRefs, type RelationRow } from "./shapes.js";
import {
  groupsRelations,
  readAhead,
  relationGroups,
  type GroupRead,
  type RelationGroup,
} from "./store/relations.js";

export interface NeighbourOptions {
  /** Relation type ids to keep; empty keeps all. */
  types: number[];
  /** Most nodes in the answer, the centre included. */
  limit: number;
  /** 1: the entity's neighbours; 2: their neighbours too. */
  depth: 1 | 2;
}

/**
 * The relation graph around an entity. A hub can have tens of thousands of relations, so
 * each node contributes at most its share of the cap, spread over its relation types
 * (each type and direction is an index range, read without sorting). Graphs above
 * SERVER_LAYOUT_THRESHOLD nodes come with x/y positions computed here.
 */
export async function neighbourGraph(
  ctx: PlatformContext,
  graphId: number,
  uuid: string,
  o: NeighbourOptions,
): Promise<NeighbourGraph> {
  const center = await requireEntity(ctx, graphId, uuid);
  const key = `${center.id}|${o.types.join(",")}|${o.limit}|${o.depth}`;
  return storeCache<NeighbourGraph>(ctx, "neighbours", 100).getAsync(
    key,
    await graphSignature(ctx, graphId),
    () => build(ctx, graphId, center.id, o),
  );
}

/** Ring nodes whose relation groups are read in one statement, as the second hop goes on. */
const RING_BATCH = 25;

async function build(
  ctx: PlatformContext,
  graphId: number,
  centerId: number,
  o: NeighbourOptions,
): Promise<NeighbourGraph> {
  const db = ctx.store.db;
  const depthOf = new Map<number, number>([[centerId, 0]]);
  const edges = new Map<number, RelationRow>();
  const typeSet = o.types.length ? new Set(o.types) : null;

  /** An entity's groups (of the types asked for), each group's share of `budget`, and the reads. */
  const plan = (entityId: number, budget: number, all: RelationGroup[]) => {
    const groups = all.filter((g) => !typeSet || typeSet.has(g.type));
    const quotas = shareOut(
      groups.map((g) => g.count),
      budget,
    );
    const reads: GroupRead[] = groups.flatMap((g, i) =>
      quotas[i] ? [{ side: g.direction, entityId, typeId: g.type, limit: quotas[i] }] : [],
    );
    return { entityId, groups, quotas, reads };
  };

  /** Adds an entity's relations (`found`: the rows of its plan's reads) and their other ends. */
  const expand = (p: ReturnType<typeof plan>, depth: number, found: RelationRow[][]) => {
    const { entityId, groups, quotas } = p;
    let complete = true;
    let next = 0;
    for (const [i, g] of groups.entries()) {
      if (quotas[i] < g.count) complete = false;
      if (quotas[i] === 0) continue;
      for (const r of found[next++]) {
        const other = r.subject_id === entityId ? r.object_id : r.subject_id;
        if (!depthOf.has(other)) {
          if (depthOf.size >= o.limit) {
            complete = false;
            continue;
          }
          depthOf.set(other, depth);
        }
        edges.set(r.id, r);
      }
    }
    return { complete, total: groups.reduce((n, g) => n + g.count, 0) };
  };

  const centre = plan(centerId, o.limit - 1, (await relationGroups(db, [centerId])).get(centerId)!);
  const first = expand(centre, 1, await groupsRelations(db, centre.reads));
  let truncated = !first.complete;
  if (o.depth === 2) {
    const ring = [...depthOf].filter(([, d]) => d === 1).map(([id]) => id);
    const share = Math.max(3, Math.ceil((o.limit - depthOf.size) / Math.max(ring.length, 1)));
    let groupsOf = new Map<number, RelationGroup[]>();
    // Ring nodes' relations read ahead (the store says how far: each statement is a round trip
    // on PostgreSQL), by their plans: a plan depends on the node's groups and `share` alone.
    const ahead = new Map<number, RelationRow[][]>();
    for (const [i, id] of ring.entries()) {
      if (depthOf.size >= o.limit) {
        truncated = true;
        break;
      }
      if (!groupsOf.has(id)) groupsOf = await relationGroups(db, ring.slice(i, i + RING_BATCH));
      if (!ahead.has(id)) {
        const plans = ring
          .slice(i, i + readAhead(db, i))
          .filter((x) => groupsOf.has(x))
          .map((x) => plan(x, share, groupsOf.get(x)!));
        const rows = await groupsRelations(
          db,
          plans.flatMap((x) => x.reads),
        );
        for (const x of plans) ahead.set(x.entityId, rows.splice(0, x.reads.length));
      }
      const own = plan(id, share, groupsOf.get(id)!);
      if (!expand(own, 2, ahead.get(id)!).complete) truncated = true;
      ahead.delete(id);
    }
  }

  const refs = await entityRefs(ctx, graphId, depthOf.keys());
  const ontology = await graphOntology(ctx, graphId);
  const nodes = [...depthOf].map(([id, depth]) => {
    const ref = refs.get(id)!;
    return {
      id: ref.uuid,
      name: ref.name,
      type: ref.type,
      type_id: ref.type_id,
      color: colorOf(ontology, ref.type_id),
      depth,
    };
  });
  const uuidOf = (id: number) => refs.get(id)!.uuid;
  const edgeList = [...edges.values()].map((r) => ({
    id: r.id,
    source: uuidOf(r.subject_id),
    target: uuidOf(r.object_id),
    predicate: ontology.relationTypes.get(r.relation_type_id)?.name ?? "",
    predicate_id: r.relation_type_id,
    confidence: r.confidence,
    article_id: r.article_id,
    sent_start: r.sent_start,
    sent_end: r.sent_end,
  }));
  const counts = new Map<number, number>();
  for (const e of edgeList) counts.set(e.predicate_id, (counts.get(e.predicate_id) ?? 0) + 1);
  const serverLayout = nodes.length > SERVER_LAYOUT_THRESHOLD;
  const positions = serverLayout
    ? forceLayout(
        nodes.map((n) => n.id),
        edgeList.map((e) => [e.source, e.target]),
      )
    : null;
  return {
    center: uuidOf(centerId),
    total_relations: first.total,
    truncated,
    layout: serverLayout ? "server" : "client",
    relation_types: [...counts].map(([id, count]) => ({
      id,
      name: ontology.relationTypes.get(id)?.name ?? "",
      count,
    })),
    nodes: positions ? nodes.map((n) => ({ ...n, ...positions.get(n.id)! })) : nodes,
    edges: edgeList,
  };
}

function colorOf(ontology: GraphOntology, classId: number | null) {
  return classId == null ? "" : (ontology.classes.get(classId)?.color ?? "");
}

/** Splits a budget over groups as evenly as their sizes allow (water filling). */
export function shareOut(sizes: number[], budget: number): number[] {
  const out = sizes.map(() => 0);
  let left = budget;
  let open = sizes.map((_, i) => i).filter((i) => sizes[i] > 0);
  while (left > 0 && open.length) {
    const each = Math.max(1, Math.floor(left / open.length));
    for (const i of open) {
      const take = Math.min(each, sizes[i] - out[i], left);
      out[i] += take;
      left -= take;
      if (left === 0) break;
    }
    open = open.filter((i) => out[i] < sizes[i]);
  }
  return out;
}
