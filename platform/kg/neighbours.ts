import type { NeighbourGraph } from "@contract/kg";
import type { PlatformContext } from "../context.js";
import { graphSignature, storeCache } from "./cache.js";
import { requireEntity } from "./entities.js";
import { forceLayout, SERVER_LAYOUT_THRESHOLD } from "./layout.js";
import { graphOntology } from "./ontology.js";
import { entityRefs, type RelationRow, relationRows } from "./shapes.js";

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
export function neighbourGraph(
  ctx: PlatformContext,
  graphId: number,
  uuid: string,
  o: NeighbourOptions,
): NeighbourGraph {
  const center = requireEntity(ctx, graphId, uuid);
  const key = `${center.id}|${o.types.join(",")}|${o.limit}|${o.depth}`;
  return storeCache<NeighbourGraph>(ctx, "neighbours", 100).get(
    key,
    graphSignature(ctx, graphId),
    () => build(ctx, graphId, center.id, o),
  );
}

function build(
  ctx: PlatformContext,
  graphId: number,
  centerId: number,
  o: NeighbourOptions,
): NeighbourGraph {
  const depthOf = new Map<number, number>([[centerId, 0]]);
  const edges = new Map<number, RelationRow>();
  const typeSet = o.types.length ? new Set(o.types) : null;

  const expand = (entityId: number, depth: number, budget: number) => {
    const groups = relationGroups(ctx, entityId).filter((g) => !typeSet || typeSet.has(g.type));
    const quotas = shareOut(
      groups.map((g) => g.count),
      budget,
    );
    let complete = true;
    groups.forEach((g, i) => {
      if (quotas[i] < g.count) complete = false;
      if (quotas[i] === 0) return;
      const column = g.direction === "out" ? "subject_id" : "object_id";
      const rows = relationRows(
        ctx,
        `WHERE r.${column} = ? AND r.relation_type_id = ? ORDER BY r.id LIMIT ?`,
        entityId,
        g.type,
        quotas[i],
      );
      for (const r of rows) {
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
    });
    return { complete, total: groups.reduce((n, g) => n + g.count, 0) };
  };

  const first = expand(centerId, 1, o.limit - 1);
  let truncated = !first.complete;
  if (o.depth === 2) {
    const ring = [...depthOf].filter(([, d]) => d === 1).map(([id]) => id);
    const share = Math.max(3, Math.ceil((o.limit - depthOf.size) / Math.max(ring.length, 1)));
    for (const id of ring) {
      if (depthOf.size >= o.limit) {
        truncated = true;
        break;
      }
      if (!expand(id, 2, share).complete) truncated = true;
    }
  }

  const refs = entityRefs(ctx, graphId, depthOf.keys());
  const ontology = graphOntology(ctx, graphId);
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

function colorOf(ontology: ReturnType<typeof graphOntology>, classId: number | null) {
  return classId == null ? "" : (ontology.classes.get(classId)?.color ?? "");
}

interface RelationGroup {
  direction: "out" | "in";
  type: number;
  count: number;
}

function relationGroups(ctx: PlatformContext, entityId: number): RelationGroup[] {
  const count = (column: string, direction: "out" | "in") =>
    (
      ctx.db
        .prepare(
          `SELECT relation_type_id AS type, count(*) AS count FROM kg_relations WHERE ${column} = ? GROUP BY relation_type_id`,
        )
        .all(entityId) as { type: number; count: number }[]
    ).map((g) => ({ ...g, direction }));
  return [...count("subject_id", "out"), ...count("object_id", "in")];
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
