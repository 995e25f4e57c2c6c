import { sql, type Selectable } from "kysely";
import type { Db } from "../../../db/store.js";
import type { Tables } from "../../../db/tables.js";

/**
 * The feedback workflow's statements (kg_feedback) and the facts a report may be about, looked
 * up in their graph (platform/admin/insight/feedback.ts).
 */

export function entityFact(db: Db, graphId: number, uuid: string) {
  return db
    .selectFrom("kg_entities")
    .select(["uuid", "name", "class_id"])
    .where("uuid", "=", uuid)
    .where("graph_id", "=", graphId)
    .executeTakeFirst();
}

/**
 * A statement of the graph (a relation, a recorded extraction) with its ends' names, its
 * subject's uuid and `columns` of its own.
 */
async function withEnds<
  T extends "kg_relations" | "kg_extractions",
  C extends keyof Selectable<Tables[T]> & string,
>(db: Db, table: T, graphId: number, id: number, columns: C[]) {
  const { rows } = await sql<
    { s: string; s_uuid: string; o: string } & Pick<Selectable<Tables[T]>, C>
  >`
    SELECT s.name AS s, s.uuid AS s_uuid, o.name AS o, ${sql.join(columns.map((c) => sql.ref(`x.${c}`)))}
    FROM ${sql.table(table)} x
    JOIN kg_entities s ON s.id = x.subject_id
    JOIN kg_entities o ON o.id = x.object_id
    WHERE x.id = ${id} AND x.graph_id = ${graphId}`.execute(db);
  return rows.at(0);
}

/** A relation with its ends' names and where it was stated. */
export const relationFact = (db: Db, graphId: number, relationId: number) =>
  withEnds(db, "kg_relations", graphId, relationId, [
    "relation_type_id",
    "article_id",
    "sent_start",
    "sent_end",
  ]);

export function eventFact(db: Db, graphId: number, eventId: number) {
  return db
    .selectFrom("kg_events")
    .select(["id", "title", "event_type_id"])
    .where("id", "=", eventId)
    .where("graph_id", "=", graphId)
    .executeTakeFirst();
}

export async function graphExists(db: Db, graphId: number): Promise<boolean> {
  return !!(await db
    .selectFrom("graphs")
    .select("id")
    .where("id", "=", graphId)
    .executeTakeFirst());
}

/** Moves a report to `status`, with the handler and (when given) their note. */
export async function setFeedbackStatus(
  tx: Db,
  id: number,
  change: { status: string; note: string | null; handler: string },
) {
  await tx
    .updateTable("kg_feedback")
    .set((eb) => ({
      status: change.status,
      note: eb.fn.coalesce(eb.val(change.note), "note"),
      handler: change.handler,
      handled_at: new Date().toISOString(),
    }))
    .where("id", "=", id)
    .execute();
}

/** A recorded extraction with its ends' names and uuids. */
export const extractionFact = (db: Db, graphId: number, extractionId: number) =>
  withEnds(db, "kg_extractions", graphId, extractionId, [
    "relation_type_id",
    "pattern",
    "confidence",
    "sentence",
  ]);
