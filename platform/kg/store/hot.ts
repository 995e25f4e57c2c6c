import { sql } from "kysely";
import type { Db } from "../../db/store.js";
import { intList } from "./sql.js";

/**
 * The daily rollups the hot rankings sum: reports per event per day (kg_event_daily) and
 * mentions per entity per day (kg_entity_daily).
 */
export type HotKind = "events" | "entities";

const rollup = {
  events: { table: "kg_event_daily", id: "event_id", value: "reports" },
  entities: { table: "kg_entity_daily", id: "entity_id", value: "mentions" },
} as const;

/** The graph's latest day in the rollup (null: none). */
export async function latestDay(db: Db, kind: HotKind, graphId: number): Promise<string | null> {
  const { table } = rollup[kind];
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max("day").as("day"))
    .where("graph_id", "=", graphId)
    .executeTakeFirst();
  return row?.day ?? null;
}

/**
 * The items with the largest sums within [start, end], ties by id descending; entities only
 * of the given classes when `classIds` is given.
 */
export async function topRanked(
  db: Db,
  kind: HotKind,
  graphId: number,
  window: { start: string; end: string; limit: number; classIds?: number[] },
): Promise<{ id: number; score: number }[]> {
  const { table, id, value } = rollup[kind];
  const classFilter =
    window.classIds !== undefined
      ? sql`AND entity_id IN (SELECT id FROM kg_entities WHERE graph_id = ${graphId} AND class_id IN ${intList(db, window.classIds)})`
      : sql``;
  const { rows } = await sql<{ id: number; score: number }>`
    SELECT ${sql.ref(id)} AS id, sum(${sql.ref(value)}) AS score FROM ${sql.table(table)}
     WHERE graph_id = ${graphId} AND day BETWEEN ${window.start} AND ${window.end} ${classFilter}
     GROUP BY ${sql.ref(id)} ORDER BY score DESC, ${sql.ref(id)} DESC LIMIT ${window.limit}`.execute(
    db,
  );
  return rows;
}

/** The daily values of some items within [start, end]. */
export async function dailyValues(
  db: Db,
  kind: HotKind,
  ids: number[],
  start: string,
  end: string,
): Promise<{ id: number; day: string; value: number }[]> {
  if (!ids.length) return [];
  const { table, id, value } = rollup[kind];
  const { rows } = await sql<{ id: number; day: string; value: number }>`
    SELECT ${sql.ref(id)} AS id, day, ${sql.ref(value)} AS value FROM ${sql.table(table)}
     WHERE ${sql.ref(id)} IN ${intList(db, ids)} AND day BETWEEN ${start} AND ${end}`.execute(db);
  return rows;
}
