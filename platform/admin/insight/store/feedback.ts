import type { Db } from "../../../db/store.js";

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

/** A relation with its ends' names and where it was stated. */
export function relationFact(db: Db, graphId: number, relationId: number) {
  return db
    .selectFrom("kg_relations as r")
    .innerJoin("kg_entities as s", "s.id", "r.subject_id")
    .innerJoin("kg_entities as o", "o.id", "r.object_id")
    .select([
      "s.name as s",
      "s.uuid as s_uuid",
      "o.name as o",
      "r.relation_type_id",
      "r.article_id",
      "r.sent_start",
      "r.sent_end",
    ])
    .where("r.id", "=", relationId)
    .where("r.graph_id", "=", graphId)
    .executeTakeFirst();
}

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
export function extractionFact(db: Db, graphId: number, extractionId: number) {
  return db
    .selectFrom("kg_extractions as x")
    .innerJoin("kg_entities as s", "s.id", "x.subject_id")
    .innerJoin("kg_entities as o", "o.id", "x.object_id")
    .select([
      "s.name as s",
      "s.uuid as s_uuid",
      "o.name as o",
      "x.relation_type_id",
      "x.pattern",
      "x.confidence",
      "x.sentence",
    ])
    .where("x.id", "=", extractionId)
    .where("x.graph_id", "=", graphId)
    .executeTakeFirst();
}
