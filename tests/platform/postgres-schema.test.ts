/**
 * The PostgreSQL forms of the migrations (platform/db/postgres/) against the SQLite forms:
 * the same schema, triggers with the same effects, and the migrator's promises on PostgreSQL
 * (all or nothing, a newer store refused, nodes migrating together). Runs in the normal suite,
 * on a PostgreSQL database of its own (tests/helpers/postgres.ts): it fails where PostgreSQL
 * is missing.
 */
import type Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, migrateSqlite } from "../../platform/db/migrate.js";
import { migrations } from "../../platform/db/migrations.js";
import { openSqliteHandle, openStore, type Store } from "../../platform/db/store.js";
import { graphSignatureParts } from "../../platform/kg/store/state.js";
import { StartupError } from "../../platform/settings.js";
import { freshDatabase, stopOwnCluster, type TestDatabase } from "../helpers/postgres.js";

interface Column {
  name: string;
  type: string;
  notNull: boolean;
  hasDefault: boolean;
}
interface Table {
  kind: "table" | "view";
  columns: Column[];
  primaryKey: string[];
  /** Column lists of the UNIQUE constraints, sorted. */
  unique: string[];
  /** Indexes created by name (not those of a key or UNIQUE constraint), sorted. */
  indexes: string[];
  /** "column -> table(column) ON DELETE action", sorted. */
  foreignKeys: string[];
  checks: number;
}

/** SQLite's tables left out: its internals and the FTS5 search index (PostgreSQL indexes data_triples itself). */
const SQLITE_ONLY = /^(sqlite_|data_triples_fts)/;
/** PostgreSQL's own search tables: counts of short substrings (platform/db/postgres/resources.ts), each triple's searchable text (schema-triples-search-text.ts). */
const PG_ONLY_TABLES = new Set(["resource_search_grams", "data_triples_search"]);
/** PostgreSQL's extra indexes: the search indexes, and the case-insensitive username. */
const PG_ONLY_INDEXES = new Set(["data_triples_short_grams", "users_username_nocase"]);

const sqliteType = (t: string) =>
  ({ INTEGER: "bigint", REAL: "double precision", TEXT: "text", BLOB: "bytea", "": "any" })[
    t.toUpperCase()
  ] ?? t;

function sqliteSchema(db: Database.Database): Map<string, Table> {
  const out = new Map<string, Table>();
  const objects = db
    .prepare(
      "SELECT name, type, sql FROM sqlite_master WHERE type IN ('table', 'view') ORDER BY name",
    )
    .all() as { name: string; type: "table" | "view"; sql: string }[];
  for (const { name, type, sql } of objects) {
    if (SQLITE_ONLY.test(name)) continue;
    const info = db.prepare(`PRAGMA table_info(${name})`).all() as {
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }[];
    const primaryKey = info
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    const indexList = db.prepare(`PRAGMA index_list(${name})`).all() as {
      name: string;
      unique: number;
      origin: string;
    }[];
    const cols = (index: string) =>
      (db.prepare(`PRAGMA index_info(${index})`).all() as { name: string }[])
        .map((c) => c.name)
        .join(",");
    const fks = db.prepare(`PRAGMA foreign_key_list(${name})`).all() as {
      table: string;
      from: string;
      to: string;
      on_delete: string;
    }[];
    out.set(name, {
      kind: type,
      columns: info.map((c) => ({
        name: c.name,
        type: type === "view" ? "any" : sqliteType(c.type),
        // A PRIMARY KEY column is NOT NULL on PostgreSQL; SQLite lets a non-integer one hold NULL.
        notNull: c.notnull === 1 || c.pk > 0,
        hasDefault: c.dflt_value !== null,
      })),
      primaryKey,
      unique: indexList
        .filter((i) => i.origin === "u")
        .map((i) => cols(i.name))
        .sort(),
      indexes: indexList
        .filter((i) => i.origin === "c")
        .map((i) => i.name)
        .sort(),
      foreignKeys: fks
        .map((f) => `${f.from} -> ${f.table}(${f.to}) ON DELETE ${f.on_delete}`)
        .sort(),
      checks: (sql.match(/\bCHECK\s*\(/gi) ?? []).length,
    });
  }
  return out;
}

const ON_DELETE: Record<string, string> = {
  a: "NO ACTION",
  r: "RESTRICT",
  c: "CASCADE",
  n: "SET NULL",
  d: "SET DEFAULT",
};

async function pgSchema(client: pg.Client): Promise<Map<string, Table>> {
  const q = async <T>(text: string) => (await client.query(text)).rows as T[];
  const out = new Map<string, Table>();
  const relations = await q<{ name: string; kind: string }>(
    `SELECT c.relname AS name, c.relkind AS kind FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'v') ORDER BY 1`,
  );
  const columns = await q<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    column_default: string | null;
  }>(
    `SELECT table_name, column_name, data_type, is_nullable, column_default
       FROM information_schema.columns WHERE table_schema = 'public'
      ORDER BY table_name, ordinal_position`,
  );
  const constraints = await q<{
    table_name: string;
    type: string;
    columns: string;
    ref: string | null;
    ref_columns: string | null;
    on_delete: string;
  }>(
    `SELECT t.relname AS table_name, k.contype AS type,
            (SELECT string_agg(a.attname, ',' ORDER BY u.ord) FROM unnest(k.conkey) WITH ORDINALITY u(n, ord)
               JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.n) AS columns,
            r.relname AS ref,
            (SELECT string_agg(a.attname, ',' ORDER BY u.ord) FROM unnest(k.confkey) WITH ORDINALITY u(n, ord)
               JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.n) AS ref_columns,
            k.confdeltype AS on_delete
       FROM pg_constraint k JOIN pg_class t ON t.oid = k.conrelid
       LEFT JOIN pg_class r ON r.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace WHERE n.nspname = 'public'`,
  );
  const indexes = await q<{ table_name: string; name: string }>(
    `SELECT t.relname AS table_name, i.relname AS name
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid)`,
  );
  for (const { name, kind } of relations) {
    if (PG_ONLY_TABLES.has(name)) continue;
    const of = <T extends { table_name: string }>(rows: T[]) =>
      rows.filter((r) => r.table_name === name);
    const cons = of(constraints);
    out.set(name, {
      kind: kind === "v" ? "view" : "table",
      columns: of(columns).map((c) => ({
        name: c.column_name,
        type: kind === "v" ? "any" : c.data_type,
        notNull: c.is_nullable === "NO",
        hasDefault: c.column_default !== null,
      })),
      primaryKey: cons.find((c) => c.type === "p")?.columns.split(",") ?? [],
      unique: cons
        .filter((c) => c.type === "u")
        .map((c) => c.columns)
        .sort(),
      indexes: of(indexes)
        .map((i) => i.name)
        .filter((i) => !PG_ONLY_INDEXES.has(i))
        .sort(),
      foreignKeys: cons
        .filter((c) => c.type === "f")
        .map(
          (c) => `${c.columns} -> ${c.ref}(${c.ref_columns}) ON DELETE ${ON_DELETE[c.on_delete]}`,
        )
        .sort(),
      checks: cons.filter((c) => c.type === "c").length,
    });
  }
  return out;
}

function sqliteStore(): Database.Database {
  const db = openSqliteHandle(":memory:");
  migrateSqlite(db);
  return db;
}

let database: TestDatabase;
let store: Store;
let client: pg.Client;

beforeAll(async () => {
  database = await freshDatabase({ empty: true });
  store = openStore({ databaseUrl: database.url, dbFile: "" });
  await migrate(store);
  client = new pg.Client(database.url);
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await store?.close();
  await database?.drop();
  await stopOwnCluster();
});

describe("the PostgreSQL schema", () => {
  it("has SQLite's tables and views, columns, keys, constraints and indexes", async () => {
    const lite = sqliteSchema(sqliteStore());
    const post = await pgSchema(client);
    expect([...post.keys()].sort()).toEqual([...lite.keys()].sort());
    for (const [name, table] of lite) {
      const other = { ...post.get(name)! };
      // The username's uniqueness ignores case: SQLite's COLLATE NOCASE is PostgreSQL's unique
      // index on lower(username) (users_username_nocase).
      if (name === "users") other.unique = [...other.unique, "username"].sort();
      expect({ name, ...other }).toEqual({ name, ...table });
    }
  });

  it("gives every table with an integer id an identity, and the PostgreSQL-only indexes exist", async () => {
    const lite = sqliteStore();
    // `id INTEGER PRIMARY KEY`: SQLite's rowid. Keys holding another row's id
    // (kg_graph_state.graph_id, kg_relation_builds.relation_id, …) are no identities.
    const rowidTables = (
      lite.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table'").all() as {
        name: string;
        sql: string;
      }[]
    )
      .filter((t) => !SQLITE_ONLY.test(t.name) && /\bid INTEGER PRIMARY KEY/.test(t.sql))
      .map((t) => t.name);
    const identities = (
      await client.query(
        "SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'id' AND is_identity = 'YES'",
      )
    ).rows.map((r) => r.table_name);
    expect(identities.sort()).toEqual(rowidTables.sort());
    const names = (await client.query("SELECT indexname FROM pg_indexes")).rows.map(
      (r) => r.indexname,
    );
    for (const i of PG_ONLY_INDEXES) expect(names).toContain(i);
  });

  it("keeps SQLite's text timestamps and refuses a second username differing only in case", async () => {
    const lite = sqliteStore();
    lite.prepare("INSERT INTO users (username, password_hash) VALUES ('Admin', 'x')").run();
    const liteAt = lite.prepare("SELECT date_joined FROM users").pluck().get() as string;
    await client.query("INSERT INTO users (username, password_hash) VALUES ('Admin', 'x')");
    const { date_joined: at } = (await client.query("SELECT date_joined FROM users")).rows[0];
    const iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
    expect(liteAt).toMatch(iso);
    expect(at).toMatch(iso);
    expect(Math.abs(Date.parse(at) - Date.now())).toBeLessThan(60_000);
    expect(() =>
      lite.prepare("INSERT INTO users (username, password_hash) VALUES ('ADMIN', 'x')").run(),
    ).toThrow(/UNIQUE/);
    await expect(
      client.query("INSERT INTO users (username, password_hash) VALUES ('ADMIN', 'x')"),
    ).rejects.toThrow(/users_username_nocase/);
    await client.query("DELETE FROM users");
  });

  it("moves a graph id's sequence past graphs inserted with their own ids", async () => {
    await client.query("INSERT INTO graphs (id, name, domain) VALUES (245, 'a', 'military')");
    const { id } = (
      await client.query("INSERT INTO graphs (name, domain) VALUES ('b', 'general') RETURNING id")
    ).rows[0];
    expect(Number(id)).toBe(246);
    // kg_sync_identity: for any other table given explicit ids.
    await client.query("INSERT INTO groups (id, name) VALUES (40, 'g40')");
    await client.query("SELECT kg_sync_identity('groups')");
    const next = (await client.query("INSERT INTO groups (name) VALUES ('g') RETURNING id"))
      .rows[0];
    expect(Number(next.id)).toBe(41);
    // Never backwards: ids are not reused after the largest is deleted.
    await client.query("DELETE FROM groups WHERE id = 41");
    await client.query("SELECT kg_sync_identity('groups')");
    const after = (await client.query("INSERT INTO groups (name) VALUES ('h') RETURNING id"))
      .rows[0];
    expect(Number(after.id)).toBe(42);
    await client.query("DELETE FROM groups; DELETE FROM graphs");
  });
});

/**
 * The same statements on both engines (literal values, explicit ids), and what the triggers
 * made of them compared after each.
 */
describe("the triggers", () => {
  type State = Map<number, { version: number; entity: number }>;
  const graphState = (rows: { graph_id: number; version: number; entity_version: number }[]) =>
    new Map(
      rows.map((r) => [
        Number(r.graph_id),
        { version: Number(r.version), entity: Number(r.entity_version) },
      ]),
    );
  /** Per graph: was its row created, its version changed, its entity_version changed. */
  const changes = (before: State, after: State) =>
    [...after]
      .map(([g, v]) => {
        const old = before.get(g);
        return `${g}:${old ? "" : "new,"}${old?.version !== v.version ? "v" : "-"}${
          (old?.entity ?? 0) !== v.entity ? "e" : "-"
        }`;
      })
      .filter((s) => !s.endsWith(":--"))
      .sort()
      .join(" ");

  async function run(steps: string[], read: string[]) {
    const lite = sqliteStore();
    const database2 = await freshDatabase();
    const other = new pg.Client(database2.url);
    await other.connect();
    try {
      const seen: { step: string; lite: string[]; pg: string[] }[] = [];
      for (const step of steps) {
        lite.exec(step);
        await other.query(step);
        const liteRows = read.map((r) => JSON.stringify(lite.prepare(r).all()));
        const pgRows: string[] = [];
        for (const r of read) {
          pgRows.push(JSON.stringify((await other.query(r)).rows));
        }
        seen.push({ step, lite: liteRows, pg: pgRows });
      }
      return seen;
    } finally {
      await other.end();
      await database2.drop();
    }
  }

  it("bump kg_graph_state as SQLite's do, and kg_fact_versions to the same values", async () => {
    const lite = sqliteStore();
    const database2 = await freshDatabase();
    const other = new pg.Client(database2.url);
    await other.connect();
    const steps = [
      "INSERT INTO graphs (id, name, domain) VALUES (1, 'g1', 'military'), (2, 'g2', 'general'), (3, 'g3', 'general')",
      "INSERT INTO kg_ontologies (id, name) VALUES (1, 'o1'), (2, 'o2')",
      "INSERT INTO kg_graph_ontology (graph_id, ontology_id) VALUES (1, 1), (2, 1), (3, 2)",
      "INSERT INTO kg_classes (id, ontology_id, name) VALUES (1, 1, '人物'), (2, 1, '地点'), (3, 2, '装备')",
      "INSERT INTO kg_class_properties (id, class_id, name) VALUES (1, 1, '年龄')",
      "INSERT INTO kg_relation_types (id, ontology_id, name) VALUES (1, 1, '位于')",
      "INSERT INTO kg_event_types (id, ontology_id, name) VALUES (1, 2, '演习')",
      "INSERT INTO kg_entities (id, uuid, graph_id, class_id, name) VALUES (1, 'u1', 1, 1, '甲'), (2, 'u2', 1, 2, '乙'), (3, 'u3', 2, 1, '丙')",
      "INSERT INTO kg_articles (id, graph_id, title, published_at, content) VALUES (1, 1, 't', '2024-01-01', 'c')",
      "INSERT INTO kg_relations (id, graph_id, subject_id, relation_type_id, object_id) VALUES (1, 1, 1, 1, 2)",
      "UPDATE kg_relations SET confidence = 0.5 WHERE id = 1",
      "UPDATE kg_entities SET name = name || '!'",
      "UPDATE kg_entities SET graph_id = 2 WHERE id = 2",
      "INSERT INTO kg_events (id, graph_id, title) VALUES (1, 3, 'e1'), (2, 3, 'e2')",
      "INSERT INTO kg_event_relations (id, graph_id, source_event_id, target_event_id, type, strength) VALUES (1, 3, 1, 2, 'cause', 0.5)",
      "UPDATE kg_events SET title = 'e3' WHERE id = 2",
      "INSERT INTO kg_flows (id, graph_id, name) VALUES (1, 2, 'f')",
      "INSERT INTO kg_flow_steps (id, flow_id, key, name) VALUES (1, 1, 'a', 'A'), (2, 1, 'b', 'B')",
      "INSERT INTO kg_flow_transitions (id, flow_id, source_step_id, target_step_id) VALUES (1, 1, 1, 2)",
      "UPDATE kg_flow_steps SET name = 'A2' WHERE id = 1",
      "UPDATE kg_flow_transitions SET label = 'x'",
      "DELETE FROM kg_flows WHERE id = 1",
      "UPDATE kg_classes SET color = 'red' WHERE id = 3",
      "UPDATE kg_class_properties SET description = 'd'",
      "DELETE FROM kg_class_properties WHERE id = 1",
      "UPDATE kg_relation_types SET description = 'd'",
      "UPDATE kg_event_types SET description = 'd'",
      "UPDATE kg_articles SET title = 't2'",
      "UPDATE kg_entities SET name = 'x' WHERE id = 999",
      "DELETE FROM kg_relations WHERE id = 1",
      "DELETE FROM kg_articles WHERE id = 1",
      "UPDATE kg_graph_ontology SET ontology_id = 2 WHERE graph_id = 2",
      "DELETE FROM kg_event_relations",
      "INSERT INTO users (id, username, password_hash) VALUES (1, 'u', 'x')",
      "DELETE FROM kg_entities WHERE id = 3",
      "DELETE FROM graphs WHERE id = 3",
      "DELETE FROM kg_event_types",
    ];
    try {
      const state = {
        lite: new Map() as State,
        pg: new Map() as State,
      };
      const log: { step: string; lite: string; pg: string; facts: string[] }[] = [];
      for (const step of steps) {
        lite.exec(step);
        await other.query(step);
        const liteNow = graphState(lite.prepare("SELECT * FROM kg_graph_state").all() as never);
        const pgNow = graphState((await other.query("SELECT * FROM kg_graph_state")).rows);
        const facts = "SELECT graph_id, version FROM kg_fact_versions ORDER BY graph_id";
        log.push({
          step,
          lite: changes(state.lite, liteNow),
          pg: changes(state.pg, pgNow),
          facts: [
            JSON.stringify(lite.prepare(facts).all()),
            JSON.stringify(
              (await other.query(facts)).rows.map((r) => ({
                graph_id: Number(r.graph_id),
                version: Number(r.version),
              })),
            ),
          ],
        });
        state.lite = liteNow;
        state.pg = pgNow;
      }
      for (const l of log) {
        // A relation inserted bumps its graph on PostgreSQL only (schema-relation-insert-version.ts:
        // SQLite's readers add max(kg_relations.id) to the signature instead).
        const relationInsert = l.step.startsWith("INSERT INTO kg_relations");
        if (relationInsert)
          expect({ step: l.step, lite: l.lite, pg: l.pg }).toEqual({
            step: l.step,
            lite: "",
            pg: "1:v-",
          });
        else expect({ step: l.step, changes: l.pg }).toEqual({ step: l.step, changes: l.lite });
        expect({ step: l.step, facts: l.facts[1] }).toEqual({ step: l.step, facts: l.facts[0] });
      }
      // The scenario does exercise them.
      expect(log.filter((l) => l.lite.includes("e")).length).toBeGreaterThan(10);
      expect(log.filter((l) => l.lite !== "" && !l.lite.includes("e")).length).toBeGreaterThan(5);
      expect(log.at(-1)!.facts[0]).not.toBe("[]");
    } finally {
      await other.end();
      await database2.drop();
    }
  });

  it("change a graph's signature when a relation commits after a larger id was read", async () => {
    // Identities hand ids out at insert, not at commit: the graph signature's max(id) alone
    // would miss relation 1 committed after relation 2 (another node, or the same).
    const database2 = await freshDatabase();
    const store = openStore({ databaseUrl: database2.url, dbFile: "" });
    const slow = new pg.Client(database2.url);
    const fast = new pg.Client(database2.url);
    await slow.connect();
    await fast.connect();
    try {
      for (const step of [
        "INSERT INTO graphs (id, name, domain) VALUES (1, 'g1', 'military')",
        "INSERT INTO kg_ontologies (id, name) VALUES (1, 'o1')",
        "INSERT INTO kg_classes (id, ontology_id, name) VALUES (1, 1, '人物')",
        "INSERT INTO kg_relation_types (id, ontology_id, name) VALUES (1, 1, '位于')",
        "INSERT INTO kg_entities (id, uuid, graph_id, class_id, name) VALUES (1, 'u1', 1, 1, '甲'), (2, 'u2', 1, 1, '乙')",
      ])
        await fast.query(step);
      const insert =
        "INSERT INTO kg_relations (graph_id, subject_id, relation_type_id, object_id) VALUES (1, 1, 1, 2)";
      await slow.query("BEGIN");
      await slow.query(insert); // takes the first id, commits last
      // The second insert: without the trigger it commits at once; with it, it waits for the
      // first (both bump the graph's row of kg_graph_state).
      const second = fast.query(insert);
      await new Promise((r) => setTimeout(r, 300));
      const signature = async () => JSON.stringify(await graphSignatureParts(store.db, 1));
      const before = await signature();
      await slow.query("COMMIT");
      await second;
      expect(await signature()).not.toBe(before);
    } finally {
      await slow.end();
      await fast.end();
      await store.close();
      await database2.drop();
    }
  });

  it("keep resource_counts as SQLite's do", async () => {
    const seen = await run(
      [
        "INSERT INTO graphs (id, name, domain) VALUES (1, 'g1', 'military'), (2, 'g2', 'general')",
        "INSERT INTO data_sources (id, name) VALUES (1, 's1'), (2, 's2')",
        `INSERT INTO data_triples (id, subject, predicate, object, graph_id, source_id) VALUES
          (1, 'a', 'p', 'o', 1, 1), (2, 'b', 'p', 'o', 1, NULL), (3, 'c', 'p', 'o', 2, 2),
          (4, 'd', 'p', 'o', NULL, 1), (5, 'e', 'p', 'o', 2, 1)`,
        "UPDATE data_triples SET graph_id = 2 WHERE id IN (1, 2)",
        "UPDATE data_triples SET graph_id = NULL WHERE id = 3",
        "UPDATE data_triples SET subject = 'x'",
        "UPDATE data_triples SET source_id = 2 WHERE source_id = 1",
        "UPDATE data_triples SET graph_id = 3 - graph_id WHERE graph_id IS NOT NULL",
        "DELETE FROM data_triples WHERE id = 4",
        "DELETE FROM graphs WHERE id = 1",
        `INSERT INTO data_triples (id, subject, predicate, object, graph_id, source_id)
          SELECT id + 10, subject, predicate, object, graph_id, source_id FROM data_triples`,
        "DELETE FROM data_sources WHERE id = 2",
        "DELETE FROM data_triples WHERE id > 12",
        "DELETE FROM data_triples",
      ],
      ["SELECT table_name, column_name, value, n FROM resource_counts ORDER BY 1, 2, 3"],
    );
    for (const s of seen) {
      const parsed = (json: string) =>
        (JSON.parse(json) as Record<string, unknown>[]).map((r) => ({
          ...r,
          value: Number(r.value),
          n: Number(r.n),
        }));
      expect({ step: s.step, counts: parsed(s.pg[0]) }).toEqual({
        step: s.step,
        counts: parsed(s.lite[0]),
      });
    }
    expect(JSON.parse(seen[4].lite[0]).length).toBeGreaterThan(3);
  });
});

describe("search on PostgreSQL", () => {
  const rows = [
    "歼-20|隶属于|中国人民解放军空军",
    "东风-41|型号|洲际弹道导弹",
    "Type 055|装备|North Sea Fleet",
    "雷达站|位于|黄海",
    "50%_x|a\\b|c",
    "ÄRGER|ok|东海东海",
  ];
  const like = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const ILIKE = "(t.subject ILIKE $1 OR t.predicate ILIKE $1 OR t.object ILIKE $1)";
  /** A term of 3 or more characters: the row's searchable text (schema-triples-search-text.ts). */
  const TEXT = "t.id IN (SELECT s.id FROM data_triples_search s WHERE s.text LIKE lower($1))";
  const GRAMS = `t.id = ANY (ARRAY(SELECT s.id FROM data_triples AS s
    WHERE kg_short_grams(s.subject, s.predicate, s.object) @> ARRAY[lower($1)]))`;
  const ids = async (where: string, param: string) =>
    (
      await client.query(`SELECT id FROM data_triples t WHERE ${where} ORDER BY id`, [param])
    ).rows.map((x) => Number(x.id));
  const gramCount = async (term: string) =>
    Number(
      (
        await client.query(
          `SELECT coalesce(sum(n), 0) AS n FROM resource_search_grams
            WHERE table_name = 'data_triples' AND gram = lower($1)`,
          [term],
        )
      ).rows[0].n,
    );
  /** Substrings whose count differs from the number of rows that hold them. */
  const wrongCounts = async () =>
    (
      await client.query(
        `WITH counted AS (SELECT gram, n FROM resource_search_grams WHERE table_name = 'data_triples'),
              held AS (SELECT DISTINCT unnest(kg_short_grams(subject, predicate, object)) AS gram
                         FROM data_triples),
              grams AS (SELECT gram FROM counted UNION SELECT gram FROM held)
         SELECT g.gram, coalesce(c.n, 0) AS n,
                (SELECT count(*) FROM data_triples t
                  WHERE kg_short_grams(t.subject, t.predicate, t.object) @> ARRAY[g.gram]) AS rows
           FROM grams AS g LEFT JOIN counted AS c USING (gram)`,
      )
    ).rows.filter((r) => Number(r.n) !== Number(r.rows));

  /** Rows whose searchable text is missing, left over, or not what their columns make. */
  const wrongTexts = async () =>
    (
      await client.query(
        `SELECT t.id AS row, s.id AS text FROM data_triples t
           FULL JOIN data_triples_search s ON s.id = t.id
          WHERE s.text IS DISTINCT FROM kg_search_text(t.subject, t.predicate, t.object)`,
      )
    ).rows;

  const load = async () => {
    await client.query("DELETE FROM data_triples");
    for (const [i, r] of rows.entries()) {
      const [s, p, o] = r.split("|");
      await client.query(
        "INSERT INTO data_triples (id, subject, predicate, object) VALUES ($1, $2, $3, $4)",
        [i + 1, s, p, o],
      );
    }
    // Explicit ids: the identity must be moved past them (README.md).
    await client.query("SELECT kg_sync_identity('data_triples')");
  };

  it("finds a term of any length in any column, ignoring case, with the documented query shapes", async () => {
    await load();
    const expected = (term: string) =>
      rows
        .map((r, i) => [r.split("|"), i + 1] as const)
        .filter(([cols]) => cols.some((c) => c.toLowerCase().includes(term.toLowerCase())))
        .map(([, id]) => id);
    for (const term of [
      "东",
      "东海",
      "风-",
      "黄海",
      "隶属于",
      "解放军空",
      "弹道导弹",
      "type",
      "TYPE 05",
      "sea",
      "e",
      "ä",
      "äR",
      "ärg",
      "%",
      "%_",
      "50%_",
      "\\",
      "a\\b",
      "不存在",
      "鲲",
      "-4",
      "空军|",
    ]) {
      const want = { term, found: expected(term) };
      expect({ term, found: await ids(ILIKE, like(term)) }).toEqual(want);
      if (!term.includes("\u0001"))
        expect({ term, found: await ids(TEXT, like(term)) }).toEqual(want);
      if ([...term].length < 3) {
        expect({ term, found: await ids(GRAMS, term) }).toEqual(want);
        expect({ term, count: await gramCount(term) }).toEqual({ term, count: want.found.length });
      }
    }
    // The planner uses the indexes (tiny table: with seq scans off).
    await client.query("SET enable_seqscan = off");
    const plan = async (where: string, param: string) =>
      (await client.query(`EXPLAIN SELECT id FROM data_triples t WHERE ${where}`, [param])).rows
        .map((r) => r["QUERY PLAN"])
        .join("\n");
    expect(await plan(GRAMS, "东")).toContain("data_triples_short_grams");
    // (and, the primary key walk aside, the searchable texts' trigram index)
    await client.query("SET enable_indexscan = off");
    expect(await plan(TEXT, "%解放军%")).toContain("data_triples_search_trgm");
    await client.query("RESET enable_indexscan");
    await client.query("RESET enable_seqscan");
  });

  it("keeps the counts of short substrings and the searchable texts through inserts, updates and deletes", async () => {
    await load();
    expect(await gramCount("东")).toBe(2);
    expect(await wrongCounts()).toEqual([]);
    expect(await wrongTexts()).toEqual([]);
    await client.query(
      `INSERT INTO data_triples (subject, predicate, object)
       SELECT subject || i, predicate, object FROM data_triples, generate_series(1, 3) i`,
    );
    await client.query("UPDATE data_triples SET subject = upper(subject) WHERE id % 2 = 0");
    await client.query("UPDATE data_triples SET confidence = 0.5"); // text unchanged
    await client.query("UPDATE data_triples SET object = '东海' WHERE object LIKE '%军%'");
    await client.query("DELETE FROM data_triples WHERE id % 3 = 0");
    expect(await gramCount("东")).toBeGreaterThan(3);
    expect(await wrongCounts()).toEqual([]);
    expect(await wrongTexts()).toEqual([]);
    await client.query("DELETE FROM data_triples");
    expect(await gramCount("东")).toBe(0);
    expect(await wrongCounts()).toEqual([]);
    expect(await wrongTexts()).toEqual([]);
  });
});

describe("the migrator on PostgreSQL", () => {
  const tables = async (c: pg.Client) =>
    (
      await c.query(
        "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
      )
    ).rows.map((r) => r.tablename);

  it("applies all pending migrations or none", async () => {
    const bad = { name: "014-bad", sqlite: "", postgres: "CREATE TABLE zzz (a int); SELECT 1/0;" };
    // On an empty database: nothing at all remains.
    const empty = await freshDatabase({ empty: true });
    const s = openStore({ databaseUrl: empty.url, dbFile: "" });
    const c = new pg.Client(empty.url);
    try {
      await c.connect();
      await expect(migrate(s, [...migrations.slice(0, 4), bad])).rejects.toThrow(
        /division by zero/,
      );
      expect(await tables(c)).toEqual([]);
      // On a migrated one: as it was.
      await migrate(s);
      const before = await tables(c);
      await expect(migrate(s, [...migrations, bad])).rejects.toThrow(/division by zero/);
      expect(await tables(c)).toEqual(before);
      expect(before).not.toContain("zzz");
      const names = (await c.query("SELECT name FROM schema_migrations ORDER BY name")).rows;
      expect(names.map((r) => r.name).sort()).toEqual(migrations.map((m) => m.name).sort());
    } finally {
      await c.end();
      await s.close();
      await empty.drop();
    }
  });

  it("refuses a store migrated by a newer version", async () => {
    const err = await migrate(store, migrations.slice(0, -1)).catch((e) => e);
    expect(err).toBeInstanceOf(StartupError);
    expect(err.message).toBe(
      `platform: cannot start: the store was migrated by a newer version of the platform (migration ${
        migrations.at(-1)!.name
      } is unknown here); start that version, or restore a backup taken before it`,
    );
  });

  it("lets two nodes migrate one fresh database at the same time", async () => {
    const empty = await freshDatabase({ empty: true });
    const a = openStore({ databaseUrl: empty.url, dbFile: "" });
    const b = openStore({ databaseUrl: empty.url, dbFile: "" });
    try {
      await Promise.all([migrate(a), migrate(b), migrate(a)]);
      const rows = await a.db.selectFrom("schema_migrations").select(["name"]).execute();
      expect(rows.map((r) => r.name).sort()).toEqual(migrations.map((m) => m.name).sort());
    } finally {
      await a.close();
      await b.close();
      await empty.drop();
    }
  });
});
