import crypto from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../../db/store.js";

/**
 * A graph's versions (kg_graph_state): `version` takes a new value with every write to the
 * graph (triggers, db/schema-kg.ts), `entity_version` when its entities, aliases or ontology
 * change, `rollup_version` when its rollups are rebuilt. Inserts into kg_relations carry no
 * trigger: readers add the largest relation id to their key.
 */
export interface GraphState {
  version: number;
  entity_version: number;
  rollup_version: number;
}

const NONE: GraphState = { version: 0, entity_version: 0, rollup_version: 0 };

const stateQuery = (db: Db, graphId: number) =>
  db
    .selectFrom("kg_graph_state")
    .select(["version", "entity_version", "rollup_version"])
    .where("graph_id", "=", graphId);

export async function graphState(db: Db, graphId: number): Promise<GraphState> {
  return (await stateQuery(db, graphId).executeTakeFirst()) ?? NONE;
}

/** The graph's version and the largest relation id of the store, in one statement (two index seeks). */
const signatureQuery = (graphId: number) =>
  sql<{ version: number | null; max_relation: number | null }>`SELECT
    (SELECT version FROM kg_graph_state WHERE graph_id = ${graphId}) AS version,
    (SELECT max(id) FROM kg_relations) AS max_relation`;

export async function graphSignatureParts(
  db: Db,
  graphId: number,
): Promise<{ version: number; maxRelation: number }> {
  const row = (await signatureQuery(graphId).execute(db)).rows[0];
  return { version: row?.version ?? 0, maxRelation: row?.max_relation ?? 0 };
}

/** The signature parts of several graphs (one statement; a graph never written has version 0). */
export async function graphsSignatureParts(
  db: Db,
  graphIds: number[],
): Promise<Map<number, { version: number; maxRelation: number }>> {
  const ids = graphIds.length ? sql.join(graphIds) : sql`NULL`;
  const rows = (
    await sql<{ graph_id: number | null; version: number | null; max_relation: number | null }>`
      SELECT NULL AS graph_id, NULL AS version, (SELECT max(id) FROM kg_relations) AS max_relation
      UNION ALL
      SELECT graph_id, version, NULL FROM kg_graph_state WHERE graph_id IN (${ids})`.execute(db)
  ).rows;
  const maxRelation = rows.find((r) => r.graph_id === null)?.max_relation ?? 0;
  const versions = new Map(rows.map((r) => [r.graph_id, r.version ?? 0]));
  return new Map(graphIds.map((id) => [id, { version: versions.get(id) ?? 0, maxRelation }]));
}

/**
 * A new version value. Random rather than counted: after a rolled-back transaction the next
 * change must not reuse a value that a cache filled inside that transaction remembers. Drawn
 * here (48 bits, exact in a JavaScript number) and not by SQL's random(), which is a 64-bit
 * integer on SQLite and a fraction on PostgreSQL.
 */
const newVersion = () => crypto.randomInt(1, 2 ** 48 - 1);

export type BumpWhat = boolean | { entities?: boolean; rollups?: boolean };

const bumpQuery = (db: Db, graphId: number, what: BumpWhat) => {
  const flags = typeof what === "boolean" ? { entities: what, rollups: what } : what;
  const version = newVersion();
  const entity = flags.entities ? newVersion() : undefined;
  const rollup = flags.rollups ? newVersion() : undefined;
  return db
    .insertInto("kg_graph_state")
    .values({
      graph_id: graphId,
      version,
      entity_version: entity ?? 0,
      rollup_version: rollup ?? 0,
    })
    .onConflict((oc) =>
      oc.column("graph_id").doUpdateSet({
        version,
        ...(entity !== undefined ? { entity_version: entity } : {}),
        ...(rollup !== undefined ? { rollup_version: rollup } : {}),
      }),
    );
};

/**
 * Marks a graph changed: for writers that bypass the triggers (rollup rebuilds, bulk loads).
 * `true` stands for "anything may have changed": entities and rollups too.
 */
export async function bumpGraphVersion(db: Db, graphId: number, what: BumpWhat = {}) {
  await bumpQuery(db, graphId, what).execute();
}
