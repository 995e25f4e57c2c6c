import { sql } from "kysely";
import type { Page } from "../../http/params.js";
import type { Db } from "../../db/store.js";
import { summaryOf } from "./articles.js";
import { intList, searchColumns, textList } from "./sql.js";

export interface EntityRow {
  id: number;
  uuid: string;
  graph_id: number;
  class_id: number | null;
  name: string;
  aliases: string;
  properties: string;
  description: string;
  updated_at: string;
}

export function entityByUuid(db: Db, uuid: string): Promise<EntityRow | undefined> {
  return db
    .selectFrom("kg_entities")
    .select([
      "id",
      "uuid",
      "graph_id",
      "class_id",
      "name",
      "aliases",
      "properties",
      "description",
      "updated_at",
    ])
    .where("uuid", "=", uuid)
    .executeTakeFirst();
}

/** One page of a graph's entities by name (of some classes; none given: all), and how many. */
export async function entityPage(
  db: Db,
  graphId: number,
  f: { search?: string; classIds?: number[] },
  p: Page,
) {
  const base = db
    .selectFrom("kg_entities")
    .where("graph_id", "=", graphId)
    .$if(!!f.search, (q) => q.where(searchColumns(db, ["name", "aliases"], f.search!)))
    .$if(f.classIds !== undefined, (q) => q.where("class_id", "in", intList(db, f.classIds!)));
  const { count } = await base
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  const rows = await base
    .select(["uuid", "name", "class_id", "aliases", "description"])
    .orderBy("name")
    .orderBy("id")
    .limit(p.pageSize)
    .offset(p.offset)
    .execute();
  return { count, rows };
}

/** uuid, name and class of entities by id, in one statement. */
export async function entityRefRows(
  db: Db,
  ids: number[],
): Promise<{ id: number; uuid: string; name: string; class_id: number | null }[]> {
  if (!ids.length) return [];
  return db
    .selectFrom("kg_entities")
    .select(["id", "uuid", "name", "class_id"])
    .where("id", "in", intList(db, ids))
    .execute();
}

/** The properties a class declares, its ancestors' included, from the root class down. */
export async function declaredProperties(
  db: Db,
  classId: number,
): Promise<{ name: string; datatype: string }[]> {
  const { rows } = await sql<{ name: string; datatype: string }>`
    WITH RECURSIVE up(id) AS (
      SELECT CAST(${classId} AS BIGINT)
      UNION SELECT c.parent_id FROM kg_classes c JOIN up ON c.id = up.id WHERE c.parent_id IS NOT NULL)
    SELECT p.name, p.datatype FROM kg_class_properties p WHERE p.class_id IN (SELECT id FROM up)
     ORDER BY p.class_id, p.id`.execute(db);
  return rows;
}

/** The uuid of the graph's entity of each name (the first by id where names repeat). */
export async function uuidsByName(
  db: Db,
  graphId: number,
  names: string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!names.length) return out;
  const rows = await db
    .selectFrom("kg_entities")
    .select(["name", "uuid"])
    .where("graph_id", "=", graphId)
    .where("name", "in", textList(db, names))
    .orderBy("id", "desc")
    .execute();
  for (const r of rows) out.set(r.name, r.uuid);
  return out;
}

/** The articles mentioning an entity (with how often), newest first, and how many. */
export async function entityArticlePage(db: Db, entityId: number, p: Page) {
  const { count } = await db
    .selectFrom("kg_entity_articles")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("entity_id", "=", entityId)
    .executeTakeFirstOrThrow();
  const results = await db
    .selectFrom("kg_entity_articles as ea")
    .innerJoin("kg_articles as a", "a.id", "ea.article_id")
    .select(["a.id", "a.title", "a.source", "a.published_at", "ea.mentions", summaryOf()])
    .where("ea.entity_id", "=", entityId)
    .orderBy("ea.published_at", "desc")
    .orderBy("ea.article_id", "desc")
    .limit(p.pageSize)
    .offset(p.offset)
    .execute();
  return { count, results };
}

/** The graph's latest day with mentions (null: none). */
export async function latestMentionDay(db: Db, graphId: number): Promise<string | null> {
  const row = await db
    .selectFrom("kg_entity_daily")
    .select((eb) => eb.fn.max("day").as("day"))
    .where("graph_id", "=", graphId)
    .executeTakeFirst();
  return row?.day ?? null;
}

/** Mentions per day of an entity within [from, to]. */
export function entityDaily(db: Db, entityId: number, from: string, to: string) {
  return db
    .selectFrom("kg_entity_daily")
    .select(["day", "mentions"])
    .where("entity_id", "=", entityId)
    .where("day", ">=", from)
    .where("day", "<=", to)
    .execute();
}
