import { CompiledQuery, sql, type RawBuilder, type SqlBool } from "kysely";
import { engineOf } from "../db/dialect.js";
import type { Db } from "../db/store.js";
import { graphIdsAmong, intList, textList } from "../kg/store/sql.js";

/**
 * Interchange's statements: the base IRIs and label language of graphs and ontologies, the
 * remembered predicate mappings of RDF imports, what an RDF import looks up in the graph, an
 * ontology's OWL terms, and a graph export's reads (streamed from one snapshot).
 */

// ---------------------------------------------------------------- IRIs

/** A graph's configured base IRI and label language (undefined: no such graph). */
export function graphIriRow(
  db: Db,
  graphId: number,
): Promise<{ base_iri: string; lang: string } | undefined> {
  return db
    .selectFrom("graphs")
    .select(["base_iri", "lang"])
    .where("id", "=", graphId)
    .executeTakeFirst();
}

export async function setGraphIri(tx: Db, graphId: number, v: { base_iri: string; lang: string }) {
  await tx.updateTable("graphs").set(v).where("id", "=", graphId).execute();
}

/** An ontology's configured base IRI ("" when none; undefined: no such ontology). */
export async function ontologyBaseIriOf(db: Db, ontologyId: number): Promise<string | undefined> {
  return (
    await db
      .selectFrom("kg_ontologies")
      .select("base_iri")
      .where("id", "=", ontologyId)
      .executeTakeFirst()
  )?.base_iri;
}

export async function setOntologyBaseIri(tx: Db, ontologyId: number, base: string) {
  await tx
    .updateTable("kg_ontologies")
    .set({ base_iri: base })
    .where("id", "=", ontologyId)
    .execute();
}

// ---------------------------------------------------------------- predicate mappings

/** The predicate mapping remembered for a source: IRI → relation type name. */
export async function predicateMappings(db: Db, sourceKey: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom("kg_predicate_mappings")
    .select(["predicate_iri", "relation_type"])
    .where("source_key", "=", sourceKey)
    .execute();
  return new Map(rows.map((r) => [r.predicate_iri, r.relation_type]));
}

/** Remembers the choices (IRI → relation type) for each source, replacing earlier ones. */
export async function rememberMappings(
  tx: Db,
  sourceKeys: string[],
  chosen: Record<string, string>,
) {
  const now = new Date().toISOString();
  const rows = sourceKeys.flatMap((source_key) =>
    Object.entries(chosen).map(([predicate_iri, relation_type]) => ({
      source_key,
      predicate_iri,
      relation_type,
      updated_at: now,
    })),
  );
  for (let i = 0; i < rows.length; i += 1000) {
    await tx
      .insertInto("kg_predicate_mappings")
      .values(rows.slice(i, i + 1000))
      .onConflict((oc) =>
        oc.columns(["source_key", "predicate_iri"]).doUpdateSet((eb) => ({
          relation_type: eb.ref("excluded.relation_type"),
          updated_at: eb.ref("excluded.updated_at"),
        })),
      )
      .execute();
  }
}

// ---------------------------------------------------------------- what an RDF import looks up

/** Which of these article ids are articles of the graph. */
export const articlesOfGraph = (db: Db, graphId: number, ids: number[]) =>
  graphIdsAmong(db, "kg_articles", graphId, ids);

/** The graph's first article with this title, url and date, if any. */
export async function sameArticle(
  db: Db,
  graphId: number,
  a: { title: string; url: string; published_at: string },
): Promise<number | undefined> {
  return (
    await db
      .selectFrom("kg_articles")
      .select("id")
      .where("graph_id", "=", graphId)
      .where("title", "=", a.title)
      .where("url", "=", a.url)
      .where("published_at", "=", a.published_at)
      .orderBy("id")
      .limit(1)
      .executeTakeFirst()
  )?.id;
}

/** The names of the graph's entities of these uuids (uuid → name), in batches. */
export async function entityNamesByUuid(
  db: Db,
  graphId: number,
  uuids: string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let i = 0; i < uuids.length; i += 1000) {
    const rows = await db
      .selectFrom("kg_entities")
      .select(["uuid", "name"])
      .where("graph_id", "=", graphId)
      .where("uuid", "in", textList(db, uuids.slice(i, i + 1000)))
      .execute();
    for (const r of rows) out.set(r.uuid, r.name);
  }
  return out;
}

/** The ids of the graph's entities of these uuids. */
export async function entityIdsByUuid(db: Db, graphId: number, uuids: string[]): Promise<number[]> {
  if (!uuids.length) return [];
  const rows = await db
    .selectFrom("kg_entities")
    .select("id")
    .where("graph_id", "=", graphId)
    .where("uuid", "in", textList(db, uuids))
    .execute();
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------- OWL

export function ontologyOwlRow(
  db: Db,
  ontologyId: number,
): Promise<{ id: number; name: string; description: string; base_iri: string } | undefined> {
  return db
    .selectFrom("kg_ontologies")
    .select(["id", "name", "description", "base_iri"])
    .where("id", "=", ontologyId)
    .executeTakeFirst();
}

/** The English labels of an ontology's classes or relation types that have one: id → label. */
export async function englishLabels(
  db: Db,
  table: "kg_classes" | "kg_relation_types",
  ontologyId: number,
): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom(table)
    .select(["id", "label_en"])
    .where("ontology_id", "=", ontologyId)
    .where("label_en", "<>", "")
    .execute();
  return new Map(rows.map((r) => [r.id, r.label_en]));
}

/** An ontology's class properties with their class's name, class by class (by id), each by id. */
export function ontologyPropertyRows(
  db: Db,
  ontologyId: number,
): Promise<
  { name: string; label_en: string; datatype: string; description: string; class: string }[]
> {
  return db
    .selectFrom("kg_class_properties as p")
    .innerJoin("kg_classes as c", "c.id", "p.class_id")
    .select(["p.name", "p.label_en", "p.datatype", "p.description", "c.name as class"])
    .where("c.ontology_id", "=", ontologyId)
    .orderBy("c.id")
    .orderBy("p.id")
    .execute();
}

// ---------------------------------------------------------------- a graph export

/**
 * What part of the graph: all of it, a class (with its subclasses), a relation type, a
 * neighbourhood, or what a view shows (`shown`: these entities, these relations and their ends).
 */
export type ExportScope =
  | { kind: "graph" }
  | { kind: "class"; classIds: number[]; name: string }
  | { kind: "relation_type"; typeId: number; name: string }
  | { kind: "neighbourhood"; uuid: string; entityIds: number[]; relationIds: number[] }
  | { kind: "shown"; entityIds: number[]; relationIds: number[] };

export interface ExportEntityRow {
  id: number;
  uuid: string;
  name: string;
  class_id: number | null;
  aliases: string;
  properties: string;
  description: string;
}
export interface ExportRelationRow {
  id: number;
  subject: string;
  object: string;
  type_id: number;
  confidence: number;
  article_id: number | null;
  sent_start: number | null;
  sent_end: number | null;
}
export interface ExportArticleRow {
  id: number;
  title: string;
  source: string;
  url: string;
  published_at: string;
}

/** The conditions selecting the scope's relations (`r`), entities (`e`) and articles (`a`). */
function scopeWhere(db: Db, graphId: number, scope: ExportScope) {
  let rel: RawBuilder<SqlBool>;
  if (scope.kind === "graph") rel = sql`r.graph_id = ${graphId}`;
  else if (scope.kind === "relation_type")
    rel = sql`r.graph_id = ${graphId} AND r.relation_type_id = ${scope.typeId}`;
  else if (scope.kind === "class") {
    const inClass = sql`SELECT id FROM kg_entities WHERE graph_id = ${graphId} AND class_id IN ${intList(db, scope.classIds)}`;
    rel = sql`r.graph_id = ${graphId} AND (r.subject_id IN (${inClass}) OR r.object_id IN (${inClass}))`;
  } else rel = sql`r.graph_id = ${graphId} AND r.id IN ${intList(db, scope.relationIds)}`;

  const ends = sql`e.id IN (SELECT r.subject_id FROM kg_relations r WHERE ${rel} UNION SELECT r.object_id FROM kg_relations r WHERE ${rel})`;
  let ent: RawBuilder<SqlBool>;
  if (scope.kind === "graph") ent = sql`e.graph_id = ${graphId}`;
  else if (scope.kind === "class")
    ent = sql`e.graph_id = ${graphId} AND (e.class_id IN ${intList(db, scope.classIds)} OR ${ends})`;
  else if (scope.kind === "neighbourhood")
    ent = sql`e.graph_id = ${graphId} AND e.id IN ${intList(db, scope.entityIds)}`;
  else if (scope.kind === "shown")
    ent = sql`e.graph_id = ${graphId} AND (e.id IN ${intList(db, scope.entityIds)} OR ${ends})`;
  else ent = sql`e.graph_id = ${graphId} AND ${ends}`;
  const art = sql<SqlBool>`a.graph_id = ${graphId} AND a.id IN (SELECT r.article_id FROM kg_relations r WHERE ${rel})`;
  return { rel, ent, art };
}

let cursors = 0;

/**
 * The rows of a query batch by batch, in a snapshot transaction (`tx` of store.snapshot), with
 * the handle free for other queries between batches (a relation's article, an entity named
 * by a property), which the executor's stream does not allow:
 * - PostgreSQL: a cursor of the transaction (DECLARE … CURSOR, FETCH), each FETCH a query;
 * - SQLite: the statement stepped on the snapshot's own connection (better-sqlite3 runs other
 *   reads on a connection while a statement iterates).
 * Stop early with `return()` (a `for await` that breaks does): the cursor is closed.
 */
async function* cursorBatches<R>(
  tx: Db,
  query: CompiledQuery<R>,
  size: number,
): AsyncGenerator<R[]> {
  if (engineOf(tx) === "postgres") {
    const name = `kg_export_${++cursors}`;
    await tx.executeQuery(
      CompiledQuery.raw(`DECLARE ${name} NO SCROLL CURSOR FOR ${query.sql}`, [...query.parameters]),
    );
    try {
      for (;;) {
        const { rows } = await tx.executeQuery<R>(CompiledQuery.raw(`FETCH ${size} FROM ${name}`));
        if (rows.length) yield rows;
        if (rows.length < size) return;
      }
    } finally {
      await tx.executeQuery(CompiledQuery.raw(`CLOSE ${name}`)).catch(() => {
        // The transaction has failed (or ended): its cursors are gone with it.
      });
    }
  } else {
    const connection = await tx.getExecutor().provideConnection(async (c) => c);
    for await (const { rows } of connection.streamQuery<R>(query, size)) yield rows;
  }
}

const EXPORT_BATCH = 1000;

/** The scope's entities in id order, batch by batch (see cursorBatches). */
export function exportEntityBatches(
  tx: Db,
  graphId: number,
  scope: ExportScope,
): AsyncGenerator<ExportEntityRow[]> {
  const { ent } = scopeWhere(tx, graphId, scope);
  const query =
    sql<ExportEntityRow>`SELECT e.id, e.uuid, e.name, e.class_id, e.aliases, e.properties, e.description
      FROM kg_entities e WHERE ${ent} ORDER BY e.id`.compile(tx);
  return cursorBatches(tx, query, EXPORT_BATCH);
}

/** The articles the scope's relations cite, in id order, batch by batch. */
export function exportArticleBatches(
  tx: Db,
  graphId: number,
  scope: ExportScope,
): AsyncGenerator<ExportArticleRow[]> {
  const { art } = scopeWhere(tx, graphId, scope);
  const query = sql<ExportArticleRow>`SELECT a.id, a.title, a.source, a.url, a.published_at
      FROM kg_articles a WHERE ${art} ORDER BY a.id`.compile(tx);
  return cursorBatches(tx, query, EXPORT_BATCH);
}

/** The scope's relations with their ends' uuids, in id order, batch by batch. */
export function exportRelationBatches(
  tx: Db,
  graphId: number,
  scope: ExportScope,
): AsyncGenerator<ExportRelationRow[]> {
  const { rel } = scopeWhere(tx, graphId, scope);
  const query =
    sql<ExportRelationRow>`SELECT r.id, s.uuid AS subject, o.uuid AS object, r.relation_type_id AS type_id,
             r.confidence, r.article_id, r.sent_start, r.sent_end
        FROM kg_relations r JOIN kg_entities s ON s.id = r.subject_id JOIN kg_entities o ON o.id = r.object_id
       WHERE ${rel} ORDER BY r.id`.compile(tx);
  return cursorBatches(tx, query, EXPORT_BATCH);
}

/** The text of these articles (id → content). */
export async function articleContents(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom("kg_articles")
    .select(["id", "content"])
    .where("id", "in", intList(db, ids))
    .execute();
  return new Map(rows.map((r) => [r.id, r.content]));
}
