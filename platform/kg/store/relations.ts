import type { SourceSpan } from "@contract/kg";
import { sql } from "kysely";
import { engineOf } from "../../db/dialect.js";
import type { Db } from "../../db/store.js";
import { intList } from "./sql.js";

export interface RelationRow extends SourceSpan {
  id: number;
  graph_id: number;
  subject_id: number;
  relation_type_id: number;
  object_id: number;
  confidence: number;
}

const RELATION_COLUMNS = [
  "r.id",
  "r.graph_id",
  "r.subject_id",
  "r.relation_type_id",
  "r.object_id",
  "r.confidence",
  "r.article_id",
  "r.sent_start",
  "r.sent_end",
] as const;

/** Which end of its relations an entity is: the subject (outgoing) or the object (incoming). */
export type Side = "out" | "in";
const endColumn = (side: Side) => (side === "out" ? "r.subject_id" : "r.object_id");

const relations = (db: Db) => db.selectFrom("kg_relations as r").select(RELATION_COLUMNS);

export async function relationById(db: Db, relationId: number): Promise<RelationRow | undefined> {
  return relations(db).where("r.id", "=", relationId).executeTakeFirst();
}

/** The relations an article states, in text order. */
export function relationsOfArticle(db: Db, articleId: number): Promise<RelationRow[]> {
  return relations(db)
    .where("r.article_id", "=", articleId)
    .orderBy("r.sent_start")
    .orderBy("r.id")
    .execute();
}

/** How many relations an entity has on one side (of one type). */
export async function relationCount(
  db: Db,
  side: Side,
  entityId: number,
  typeId?: number,
): Promise<number> {
  const { count } = await db
    .selectFrom("kg_relations as r")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where(endColumn(side), "=", entityId)
    .$if(typeId !== undefined, (q) => q.where("r.relation_type_id", "=", typeId!))
    .executeTakeFirstOrThrow();
  return count;
}

/** A page of an entity's relations on one side (of one type), in (type, id) order: index order. */
export function relationPage(
  db: Db,
  side: Side,
  entityId: number,
  typeId: number | undefined,
  limit: number,
  offset: number,
): Promise<RelationRow[]> {
  return relations(db)
    .where(endColumn(side), "=", entityId)
    .$if(typeId !== undefined, (q) => q.where("r.relation_type_id", "=", typeId!))
    .orderBy("r.relation_type_id")
    .orderBy("r.id")
    .limit(limit)
    .offset(offset)
    .execute();
}

export interface RelationGroup {
  direction: Side;
  type: number;
  count: number;
}

/**
 * Relations per type and direction of each of `entityIds` (outgoing first, then incoming, each
 * by type): every group an index range of kg_relations_subject / kg_relations_object. One
 * statement for all of them (the neighbourhood's ring asks for dozens at once).
 */
export async function relationGroups(
  db: Db,
  entityIds: number[],
): Promise<Map<number, RelationGroup[]>> {
  const out = new Map<number, RelationGroup[]>(entityIds.map((id) => [id, []]));
  if (!entityIds.length) return out;
  const ids = intList(db, entityIds);
  const { rows } = await sql<{ entity: number; side: number; type: number; count: number }>`
    SELECT subject_id AS entity, 0 AS side, relation_type_id AS type, count(*) AS count
      FROM kg_relations WHERE subject_id IN ${ids} GROUP BY subject_id, relation_type_id
    UNION ALL
    SELECT object_id, 1, relation_type_id, count(*)
      FROM kg_relations WHERE object_id IN ${ids} GROUP BY object_id, relation_type_id
    ORDER BY 2, 3`.execute(db);
  for (const r of rows)
    out
      .get(r.entity)
      ?.push({ direction: r.side === 0 ? "out" : "in", type: r.type, count: r.count });
  return out;
}

/**
 * The first `limit` relations (by id) of one type and direction of an entity: an index range
 * read without sorting. The neighbourhood reads many of these; raw SQL for the least overhead.
 */
export async function groupRelations(
  db: Db,
  side: Side,
  entityId: number,
  typeId: number,
  limit: number,
): Promise<RelationRow[]> {
  const query =
    side === "out"
      ? sql<RelationRow>`SELECT r.id, r.graph_id, r.subject_id, r.relation_type_id, r.object_id, r.confidence, r.article_id, r.sent_start, r.sent_end
          FROM kg_relations r WHERE r.subject_id = ${entityId} AND r.relation_type_id = ${typeId} ORDER BY r.id LIMIT ${limit}`
      : sql<RelationRow>`SELECT r.id, r.graph_id, r.subject_id, r.relation_type_id, r.object_id, r.confidence, r.article_id, r.sent_start, r.sent_end
          FROM kg_relations r WHERE r.object_id = ${entityId} AND r.relation_type_id = ${typeId} ORDER BY r.id LIMIT ${limit}`;
  return (await query.execute(db)).rows;
}

/**
 * How many ring nodes of a neighbourhood to read the relations of in one statement, `done`
 * nodes in: PostgreSQL pays a round trip per statement, so it reads ahead, doubling (1, 1, 2, 4,
 * … nodes; at most half of what it reads goes unused when the graph fills up); SQLite reads in
 * process, one node at a time, nothing in vain.
 */
export function readAhead(db: Db, done: number): number {
  return engineOf(db) === "postgres" ? Math.max(1, done) : 1;
}

/** One read of groupRelations: the first `limit` relations of a type and direction of an entity. */
export interface GroupRead {
  side: Side;
  entityId: number;
  typeId: number;
  limit: number;
}

/**
 * groupRelations for several groups at once, each read's rows in its own list. SQLite reads
 * them one by one (in process, microseconds each); PostgreSQL in one statement, each group an
 * index range read in order (LATERAL, LIMIT per group): a neighbourhood reads hundreds of
 * groups, and each round trip to the server costs more than the read.
 */
export async function groupsRelations(db: Db, reads: GroupRead[]): Promise<RelationRow[][]> {
  if (engineOf(db) !== "postgres" || reads.length < 2) {
    const out: RelationRow[][] = [];
    for (const r of reads)
      out.push(await groupRelations(db, r.side, r.entityId, r.typeId, r.limit));
    return out;
  }
  const { rows } = await sql<RelationRow & { g: number }>`
    SELECT g.i AS g, r.id, r.graph_id, r.subject_id, r.relation_type_id, r.object_id, r.confidence, r.article_id, r.sent_start, r.sent_end
      FROM unnest(${reads.map((r) => r.entityId)}::bigint[], ${reads.map((r) => (r.side === "out" ? 0 : 1))}::int[],
                  ${reads.map((r) => r.typeId)}::bigint[], ${reads.map((r) => r.limit)}::int[])
             WITH ORDINALITY AS g(entity, side, type, lim, i)
     CROSS JOIN LATERAL (
       (SELECT * FROM kg_relations s WHERE g.side = 0 AND s.subject_id = g.entity
           AND s.relation_type_id = g.type ORDER BY s.id LIMIT g.lim)
       UNION ALL
       (SELECT * FROM kg_relations s WHERE g.side = 1 AND s.object_id = g.entity
           AND s.relation_type_id = g.type ORDER BY s.id LIMIT g.lim)) AS r
     ORDER BY g.i, r.id`.execute(db);
  const out: RelationRow[][] = reads.map(() => []);
  for (const { g, ...row } of rows) out[Number(g) - 1].push(row);
  return out;
}

/** A relation as a path search walks it: its ends, type and where it was read. */
export type StepRow = Omit<RelationRow, "graph_id">;

/** A relation as a path search walks it: its id and its two ends (what the indexes hold). */
export interface Link {
  id: number;
  subject_id: number;
  object_id: number;
}

/**
 * The relations at `entityIds` on one side (`out`: where they are the subject; `in`: the
 * object), of the given types (all when empty), at most `limit` of them, as links: one
 * statement. Without types the outgoing ones are read from kg_relations_pair alone (subject,
 * object and the row id: no table row is read, a hub's thousands of relations in a few
 * milliseconds); the rest of a relation is read for the few a path takes (stepRows).
 */
export async function linksAt(
  db: Db,
  side: Side,
  entityIds: readonly number[],
  types: readonly number[],
  limit: number,
): Promise<Link[]> {
  if (!entityIds.length) return [];
  const end = side === "out" ? sql.ref("subject_id") : sql.ref("object_id");
  const typeFilter = types.length ? sql`AND relation_type_id IN ${intList(db, types)}` : sql``;
  const { rows } = await sql<Link>`
    SELECT id, subject_id, object_id FROM kg_relations
     WHERE ${end} IN ${intList(db, entityIds)} ${typeFilter}
     LIMIT ${limit}`.execute(db);
  return rows;
}

/**
 * The relations at `entityIds` on one side whose other end is one of `others`, of the given
 * types (all when empty), at most `limit`, as links: where a path search's two sides meet.
 * `pairs`: every (entity, other) pair looked up in kg_relations_pair (few pairs); else the
 * entities' index ranges read and each other end looked up in the list (`+` keeps the planner
 * from driving the read by `others`): a hub's thousands of relations scanned in its index,
 * only the few that meet read as rows.
 */
export async function linksBetween(
  db: Db,
  side: Side,
  entityIds: readonly number[],
  others: readonly number[],
  types: readonly number[],
  pairs: boolean,
  limit: number,
): Promise<Link[]> {
  if (!entityIds.length || !others.length) return [];
  const [end, far] =
    side === "out"
      ? [sql.ref("subject_id"), sql.ref("object_id")]
      : [sql.ref("object_id"), sql.ref("subject_id")];
  const typeFilter = types.length ? sql`AND relation_type_id IN ${intList(db, types)}` : sql``;
  const { rows } = await sql<Link>`
    SELECT id, subject_id, object_id FROM kg_relations
     WHERE ${end} IN ${intList(db, entityIds)} AND ${pairs ? far : sql`+${far}`} IN ${intList(db, others)}
       ${typeFilter}
     LIMIT ${limit}`.execute(db);
  return rows;
}

/** The relations `ids` as a path lists them (type, confidence, evidence), in no order. */
export async function stepRows(db: Db, ids: readonly number[]): Promise<StepRow[]> {
  if (!ids.length) return [];
  const { rows } = await sql<StepRow>`
    SELECT id, subject_id, object_id, relation_type_id, confidence, article_id, sent_start, sent_end
      FROM kg_relations WHERE id IN ${intList(db, ids)}`.execute(db);
  return rows;
}

/**
 * How many relations `entityIds` have on the given sides, of the given types (all when empty),
 * counted up to `cap`: index ranges of kg_relations_subject / kg_relations_object, no rows read,
 * one statement (what a path search's next step would cost).
 */
export async function relationCountAt(
  db: Db,
  sides: readonly Side[],
  entityIds: readonly number[],
  types: readonly number[],
  cap: number,
): Promise<number> {
  if (!entityIds.length || !sides.length) return 0;
  const ids = intList(db, entityIds);
  const typeFilter = types.length ? sql`AND relation_type_id IN ${intList(db, types)}` : sql``;
  const parts = sides.map((side) => {
    const end = side === "out" ? sql.ref("subject_id") : sql.ref("object_id");
    return sql`SELECT 1 AS x FROM kg_relations WHERE ${end} IN ${ids} ${typeFilter}`;
  });
  const { rows } = await sql<{ n: number | string }>`
    SELECT count(*) AS n FROM (${sql.join(parts, sql` UNION ALL `)} LIMIT ${cap}) t`.execute(db);
  return Number(rows[0].n);
}

/**
 * Relations `offset` to `offset + limit` (by id) of one type and direction of an entity: an
 * index range of kg_relations_subject / kg_relations_object (an exploration's next batch).
 */
export async function groupWindow(
  db: Db,
  side: Side,
  entityId: number,
  typeId: number,
  offset: number,
  limit: number,
): Promise<RelationRow[]> {
  if (limit <= 0) return [];
  return relations(db)
    .where(endColumn(side), "=", entityId)
    .where("r.relation_type_id", "=", typeId)
    .orderBy("r.id")
    .limit(limit)
    .offset(offset)
    .execute();
}
