import { sql, type Selectable } from "kysely";
import type { Db } from "../../../db/store.js";
import type { Tables } from "../../../db/tables.js";

/**
 * The feedback workflow's statements (kg_feedback) and the facts a report may be about, looked
 * up in their graph (platform/admin/insight/feedback.ts).
 */

/** One row of a graph's table, found by `key`, with `columns` of its own. */
async function inGraph<
  T extends "kg_entities" | "kg_events",
  K extends keyof Selectable<Tables[T]> & string,
  C extends keyof Selectable<Tables[T]> & string,
>(db: Db, table: T, graphId: number, key: [K, Selectable<Tables[T]>[K]], columns: C[]) {
  const { rows } = await sql<Pick<Selectable<Tables[T]>, C>>`
    SELECT ${sql.join(columns.map((c) => sql.ref(c)))} FROM ${sql.table(table)}
    WHERE ${sql.ref(key[0])} = ${key[1]} AND graph_id = ${graphId}`.execute(db);
  return rows.at(0);
}

export const entityFact = (db: Db, graphId: number, uuid: string) =>
  inGraph(db, "kg_entities", graphId, ["uuid", uuid], ["uuid", "name", "class_id"]);

/** What a report shows of each kind of statement, besides its ends. */
const STATEMENT_COLUMNS = {
  kg_relations: ["relation_type_id", "article_id", "sent_start", "sent_end"],
  kg_extractions: ["relation_type_id", "pattern", "confidence", "sentence"],
} as const satisfies {
  [T in "kg_relations" | "kg_extractions"]: readonly (keyof Selectable<Tables[T]>)[];
};

/**
 * A statement of the graph (a relation, a recorded extraction) with its ends' names, its
 * subject's uuid and its own STATEMENT_COLUMNS.
 */
async function withEnds<T extends keyof typeof STATEMENT_COLUMNS>(
  db: Db,
  table: T,
  graphId: number,
  id: number,
) {
  type Own = Pick<
    Selectable<Tables[T]>,
    Extract<(typeof STATEMENT_COLUMNS)[T][number], keyof Selectable<Tables[T]>>
  >;
  const columns = STATEMENT_COLUMNS[table].map((c) => sql.ref(`x.${c}`));
  const { rows } = await sql<{ s: string; s_uuid: string; o: string } & Own>`
    SELECT s.name AS s, s.uuid AS s_uuid, o.name AS o, ${sql.join(columns)}
    FROM ${sql.table(table)} x
    JOIN kg_entities s ON s.id = x.subject_id
    JOIN kg_entities o ON o.id = x.object_id
    WHERE x.id = ${id} AND x.graph_id = ${graphId}`.execute(db);
  return rows.at(0);
}

/** A relation with its ends' names and where it was stated. */
export const relationFact = (db: Db, graphId: number, relationId: number) =>
  withEnds(db, "kg_relations", graphId, relationId);

export const eventFact = (db: Db, graphId: number, eventId: number) =>
  inGraph(db, "kg_events", graphId, ["id", eventId], ["id", "title", "event_type_id"]);

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
  withEnds(db, "kg_extractions", graphId, extractionId);
