import { sql } from "kysely";
import { engineOf } from "../db/dialect.js";
import type { Db } from "../db/store.js";
import { insertRows, type Bulk } from "../kg/store/sql.js";

/**
 * The demo seed's own statements (platform/seed/kg-demo.ts, insight-demo.ts); the bulk of its
 * rows goes through the knowledge-graph writers (kg/store/generate.ts, insertRows).
 */

// --- The demo corpus (kg-demo.ts) --------------------------------------------------------------

/** True when no graph holds any article, entity or event yet. */
export async function kgIsEmpty(db: Db): Promise<boolean> {
  const { rows } = await sql<{ used: number }>`SELECT CASE WHEN
      EXISTS (SELECT 1 FROM kg_articles) OR EXISTS (SELECT 1 FROM kg_entities) OR EXISTS (SELECT 1 FROM kg_events)
      THEN 1 ELSE 0 END AS used`.execute(db);
  return rows[0].used === 0;
}

/** The graphs of the catalogue that have no ontology yet. */
export function graphsWithoutOntology(db: Db) {
  return db
    .selectFrom("graphs")
    .select(["id", "domain"])
    .where("id", "not in", db.selectFrom("kg_graph_ontology").select("graph_id"))
    .orderBy("id")
    .execute();
}

/** [uuid, graph_id, class_id, name, aliases, properties, description]; ids back by uuid. */
export async function insertDemoEntities(
  bulk: Bulk,
  rows: [string, number, number, string, string, string, string][],
): Promise<{ id: number; uuid: string }[]> {
  return (
    await insertRows<{ id: number; uuid: string }>(
      bulk,
      "kg_entities",
      ["uuid", "graph_id", "class_id", "name", "aliases", "properties", "description"],
      rows,
      { returning: ["id", "uuid"] },
    )
  ).rows;
}

/** [graph_id, title, source, published_at, content]; ids back with title and date (what tells them apart). */
export async function insertDemoArticles(
  bulk: Bulk,
  rows: [number, string, string, string, string][],
): Promise<{ id: number; title: string; published_at: string }[]> {
  return (
    await insertRows<{ id: number; title: string; published_at: string }>(
      bulk,
      "kg_articles",
      ["graph_id", "title", "source", "published_at", "content"],
      rows,
      { returning: ["id", "title", "published_at"] },
    )
  ).rows;
}

/** An operational flow; its id. */
export async function insertFlow(
  tx: Db,
  graphId: number,
  name: string,
  description: string,
): Promise<number> {
  const row = await tx
    .insertInto("kg_flows")
    .values({ graph_id: graphId, name, description })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** [flow_id, key, name, kind, actor, description, sort]; ids back by key. */
export async function insertFlowSteps(
  bulk: Bulk,
  rows: [number, string, string, string, string, string, number][],
): Promise<{ id: number; key: string }[]> {
  return (
    await insertRows<{ id: number; key: string }>(
      bulk,
      "kg_flow_steps",
      ["flow_id", "key", "name", "kind", "actor", "description", "sort"],
      rows,
      { returning: ["id", "key"] },
    )
  ).rows;
}

/** [flow_id, source_step_id, target_step_id, label, sort]. */
export async function insertFlowTransitions(
  bulk: Bulk,
  rows: [number, number, number, string, number][],
) {
  await insertRows(
    bulk,
    "kg_flow_transitions",
    ["flow_id", "source_step_id", "target_step_id", "label", "sort"],
    rows,
  );
}

// --- The insight screens' demo data (insight-demo.ts) ------------------------------------------

/** Whether any model, report or search is stored. */
export async function hasInsightData(db: Db): Promise<boolean> {
  const { rows } = await sql<{ used: number }>`SELECT CASE WHEN
      EXISTS (SELECT 1 FROM kg_models) OR EXISTS (SELECT 1 FROM kg_feedback) OR EXISTS (SELECT 1 FROM kg_search_log)
      THEN 1 ELSE 0 END AS used`.execute(db);
  return rows[0].used === 1;
}

export async function graphHasArticles(db: Db, graphId: number): Promise<boolean> {
  return !!(await db
    .selectFrom("kg_articles")
    .select("id")
    .where("graph_id", "=", graphId)
    .limit(1)
    .executeTakeFirst());
}

export async function graphIsThere(db: Db, graphId: number): Promise<boolean> {
  return !!(await db
    .selectFrom("graphs")
    .select("id")
    .where("id", "=", graphId)
    .executeTakeFirst());
}

/** Every account, oldest first. */
export function usersInOrder(db: Db) {
  return db.selectFrom("users").select(["id", "username"]).orderBy("id").execute();
}

/** `text` occurs in `column` (case and all: SQLite's instr, PostgreSQL's strpos). */
function contains(db: Db, column: string, text: string) {
  return engineOf(db) === "postgres"
    ? sql`strpos(${sql.ref(column)}, ${text}) > 0`
    : sql`instr(${sql.ref(column)}, ${text}) > 0`;
}

export type SearchKindCounted = "entity" | "article" | "event";

/** What a search of this kind finds in the graph for a query (the demo's result counts). */
export async function searchMatches(
  db: Db,
  graphId: number,
  kind: SearchKindCounted,
  query: string,
): Promise<number> {
  const where =
    kind === "entity"
      ? sql`(${contains(db, "name", query)} OR ${contains(db, "aliases", query)})`
      : kind === "article"
        ? sql`(${contains(db, "title", query)} OR ${contains(db, "content", query)})`
        : sql`(${contains(db, "title", query)} OR trigger_word = ${query})`;
  const table = { entity: "kg_entities", article: "kg_articles", event: "kg_events" }[kind];
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}
     WHERE graph_id = ${graphId} AND ${where}`.execute(db);
  return Number(rows[0].n);
}

/** The graph's 40 most mentioned entities' names, most first. */
export async function popularEntityNames(db: Db, graphId: number): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT e.name, coalesce(sum(d.mentions), 0) AS w FROM kg_entities e LEFT JOIN kg_entity_daily d ON d.entity_id = e.id
     WHERE e.graph_id = ${graphId} GROUP BY e.id, e.name ORDER BY w DESC, e.id LIMIT 40`.execute(
    db,
  );
  return rows.map((r) => r.name);
}

/** The graph's distinct event trigger words. */
export async function triggerWords(db: Db, graphId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("kg_events")
    .select("trigger_word")
    .distinct()
    .where("graph_id", "=", graphId)
    .where("trigger_word", "<>", "")
    .orderBy("trigger_word")
    .execute();
  return rows.map((r) => r.trigger_word);
}

/** [graph_id, user_id, query, kind, result_count, created_at]. */
export async function insertSearches(
  bulk: Bulk,
  rows: [number, number, string, string, number, string][],
) {
  await insertRows(
    bulk,
    "kg_search_log",
    ["graph_id", "user_id", "query", "kind", "result_count", "created_at"],
    rows,
  );
}

/** The graph's first 30 entities (uuids), relations or events (ids), as report targets. */
export async function firstTargets(
  db: Db,
  graphId: number,
  kind: "entity" | "relation" | "event",
): Promise<string[]> {
  if (kind === "entity") {
    const rows = await db
      .selectFrom("kg_entities")
      .select("uuid")
      .where("graph_id", "=", graphId)
      .orderBy("id")
      .limit(30)
      .execute();
    return rows.map((r) => r.uuid);
  }
  const rows = await db
    .selectFrom(kind === "relation" ? "kg_relations" : "kg_events")
    .select("id")
    .where("graph_id", "=", graphId)
    .orderBy("id")
    .limit(30)
    .execute();
  return rows.map((r) => String(r.id));
}

export interface FeedbackInsert {
  graph_id: number;
  kind: string;
  target: string;
  target_label: string;
  link: string;
  content: string;
  status: string;
  note: string;
  reporter_id: number;
  reporter: string;
  handler: string;
  handled_at: string | null;
  created_at: string;
}

export async function insertFeedback(tx: Db, rows: FeedbackInsert[]) {
  if (rows.length) await tx.insertInto("kg_feedback").values(rows).execute();
}
