import { sql } from "kysely";
import type { Db } from "../../../db/store.js";
import { intList } from "../../../kg/store/sql.js";

/** Where a build or update reads its triples (admin/graph-admin/sources.ts): files and triple data. */

export interface FileRow {
  id: number;
  name: string;
  filename: string;
  uuid: string;
  source_id: number | null;
}

/** The files of these ids (in no order; a missing id is left out). */
export function fileRowsById(db: Db, ids: number[]): Promise<FileRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom("data_files")
    .select(["id", "name", "filename", "uuid", "source_id"])
    .where("id", "in", intList(db, ids))
    .execute();
}

/** The files of these sources, by id. */
export function fileRowsOfSources(db: Db, sourceIds: number[]): Promise<FileRow[]> {
  if (!sourceIds.length) return Promise.resolve([]);
  return db
    .selectFrom("data_files")
    .select(["id", "name", "filename", "uuid", "source_id"])
    .where("source_id", "in", intList(db, sourceIds))
    .orderBy("id")
    .execute();
}

export interface TripleRow {
  id: number;
  subject: string;
  predicate: string;
  object: string;
  confidence: number | null;
}

/**
 * The triple data of some sources or graphs (or all of it), in id order, batch by batch (the
 * executor's stream). While it streams the handle is busy: run it on a snapshot of its own
 * (store.snapshot), never on the store's handle with other work waiting for it.
 */
export async function* tripleBatches(
  db: Db,
  spec: { all: boolean; sourceIds: number[]; graphIds: number[] },
): AsyncGenerator<TripleRow[]> {
  const where = [];
  if (!spec.all) {
    if (spec.sourceIds.length) where.push(sql`source_id IN ${intList(db, spec.sourceIds)}`);
    if (spec.graphIds.length) where.push(sql`graph_id IN ${intList(db, spec.graphIds)}`);
    if (!where.length) return;
  }
  const query = sql<TripleRow>`SELECT id, subject, predicate, object, confidence FROM data_triples
    ${where.length ? sql`WHERE ${sql.join(where, sql` OR `)}` : sql``} ORDER BY id`.compile(db);
  for await (const { rows } of db.getExecutor().stream(query, 2000)) yield rows as TripleRow[];
}

/** Names of rows of the table by id, in id order (files: their file name, else their name). */
export async function namesOf(
  db: Db,
  table: "data_files" | "data_sources" | "graphs",
  ids: number[],
): Promise<string[]> {
  if (!ids.length) return [];
  const name =
    table === "data_files" ? sql<string>`coalesce(nullif(filename, ''), name)` : sql<string>`name`;
  const { rows } = await sql<{ name: string }>`SELECT ${name} AS name FROM ${sql.table(table)}
     WHERE id IN ${intList(db, ids)} ORDER BY id`.execute(db);
  return rows.map((r) => r.name);
}
