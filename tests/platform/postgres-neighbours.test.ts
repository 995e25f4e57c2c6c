/**
 * The relation graph around an entity is the same on both engines: one synthetic graph
 * generated into a SQLite store and a PostgreSQL one (platform/kg/generate.ts, deterministic),
 * then every neighbourhood of a sample (hubs and ordinary entities, depth 1 and 2, several caps,
 * a type filter) compared node for node and edge for edge. PostgreSQL reads each entity's groups
 * in one statement and the second hop's nodes ahead (store/relations.ts groupsRelations,
 * readAhead); SQLite one group at a time.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlatformContext } from "../../platform/context.js";
import { openDatabase } from "../../platform/db/database.js";
import { migrate } from "../../platform/db/migrate.js";
import { openStore, storeOverSqlite } from "../../platform/db/store.js";
import { generateGraph } from "../../platform/kg/generate.js";
import { neighbourGraph } from "../../platform/kg/neighbours.js";
import type { PlatformSettings } from "../../platform/settings.js";
import { freshDatabase, stopOwnCluster, type TestDatabase } from "../helpers/postgres.js";

const GRAPH = 910;
let dir: string;
let database: TestDatabase;
let sqlite: PlatformContext;
let postgres: PlatformContext;
let uuids: string[];

const settings = (dataDir: string): PlatformSettings => ({
  dataDir,
  dbFile: path.join(dataDir, "platform.sqlite"),
  captcha: false,
  seed: "none",
  tokenIdleSeconds: 900,
  passwordMaxAgeDays: 0,
});

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "kg-neighbours-"));
  const file = path.join(dir, "platform.sqlite");
  sqlite = { store: storeOverSqlite(file, openDatabase(file)), settings: settings(dir) };
  database = await freshDatabase();
  const store = openStore({ databaseUrl: database.url, dbFile: "" });
  await migrate(store);
  postgres = { store, settings: settings(dir) };
  for (const ctx of [sqlite, postgres])
    await generateGraph(ctx, GRAPH, { entities: 600, relations: 6000, articles: 300 });
  const { rows } = await sql<{ uuid: string }>`SELECT uuid FROM kg_entities
    WHERE graph_id = ${GRAPH} ORDER BY id`.execute(sqlite.store.db);
  uuids = rows.map((r) => r.uuid);
}, 180_000);

afterAll(async () => {
  await sqlite?.store.close();
  await postgres?.store.close();
  await database?.drop();
  await stopOwnCluster();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A neighbourhood as ids of nothing but the graph's content: nodes by uuid, edges by their ends. */
async function shape(ctx: PlatformContext, uuid: string, o: Parameters<typeof neighbourGraph>[3]) {
  const g = await neighbourGraph(ctx, GRAPH, uuid, o);
  return {
    truncated: g.truncated,
    total: g.total_relations,
    nodes: g.nodes.map((n) => `${n.id}:${n.depth}:${n.type}`).sort(),
    edges: g.edges
      .map((e) => `${e.source}>${e.predicate}>${e.target}:${e.confidence}:${e.sent_start}`)
      .sort(),
    types: g.relation_types.map((t) => `${t.name}:${t.count}`).sort(),
  };
}

describe("the relation graph on SQLite and PostgreSQL", () => {
  it("gives the same neighbourhoods, hubs and others, depth 1 and 2, capped and filtered", async () => {
    // The generator skews subjects to the first entities (hubs); then some at random.
    const sample = [...uuids.slice(0, 6), ...uuids.filter((_, i) => i % 97 === 5)];
    const typeId = Number(
      (
        await sql<{ id: number }>`SELECT relation_type_id AS id FROM kg_relations
          WHERE graph_id = ${GRAPH} GROUP BY relation_type_id ORDER BY count(*) DESC LIMIT 1`.execute(
          sqlite.store.db,
        )
      ).rows[0].id,
    );
    let hops = 0;
    for (const uuid of sample)
      for (const o of [
        { types: [], limit: 50, depth: 1 as const },
        { types: [], limit: 200, depth: 2 as const },
        { types: [], limit: 40, depth: 2 as const },
        { types: [typeId], limit: 120, depth: 2 as const },
      ]) {
        const a = await shape(sqlite, uuid, o);
        const b = await shape(postgres, uuid, o);
        expect(b, `${uuid} ${JSON.stringify(o)}`).toEqual(a);
        if (o.depth === 2 && a.nodes.some((n) => n.includes(":2:"))) hops++;
      }
    expect(hops).toBeGreaterThan(10);
  }, 120_000);
});
