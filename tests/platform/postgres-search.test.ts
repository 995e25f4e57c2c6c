/**
 * Search gives the same lists on both engines: the same triples in a SQLite store (FTS5
 * trigram index, its vocabulary for short terms) and a PostgreSQL one (pg_trgm indexes for
 * terms of 3 or more characters; short terms counted from resource_search_grams, found through
 * the substring index when rare and by ILIKE when frequent), each list's count and its first
 * and last pages compared with each other and with the rows matched here in JavaScript (a
 * case-insensitive substring of the subject, predicate or object).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../platform/db/database.js";
import { openStore, storeOverSqlite, type Store } from "../../platform/db/store.js";
import { triples } from "../../platform/resources/defs/data.js";
import { listRecords } from "../../platform/resources/list-store.js";
import { parseListFilter, parsePaging } from "../../platform/resources/query.js";
import { freshDatabase, stopOwnCluster, type TestDatabase } from "../helpers/postgres.js";

interface Row {
  subject: string;
  predicate: string;
  object: string;
  graph: number;
}

/** 6,000 rows ending in 号 (a frequent one-character term), and rows that only a few hold. */
function rowsToSeed(graphs: number[]): Row[] {
  const rows: Row[] = [];
  const subjects = ["驱逐舰", "alpha", "Alpha", "ALPHA-舰", "beta", "歼", "东风"];
  const predicates = ["位于", "装备", "隶属于"];
  for (let i = 0; i < 6000; i++)
    rows.push({
      subject: `${subjects[i % subjects.length]}-${i % 97}`,
      predicate: predicates[i % 3],
      object: `对象${i % 500}号`,
      graph: graphs[i % 2],
    });
  const rare = [
    ["鲲鹏-1", "型号", "鹞1"],
    ["鲲鹏-2", "型号", "鹞2"],
    ["百分之50%", "位于", "下划_线"],
    ["反斜\\杠", "位于", "a%b"],
    ["MiXeD Case", "装备", "mixed case"],
    ['引号"在内', "位于", "'单引号'"],
  ];
  for (const [s, p, o] of rare)
    rows.push({ subject: s, predicate: p, object: o, graph: graphs[0] });
  return rows;
}

async function seed(store: Store): Promise<{ graphs: number[]; rows: (Row & { id: number })[] }> {
  const graphs: number[] = [];
  for (const name of ["搜索图谱一", "搜索图谱二"]) {
    const { rows } = await sql<{ id: number }>`INSERT INTO graphs (name, domain)
      VALUES (${name}, 'general') RETURNING id`.execute(store.db);
    graphs.push(Number(rows[0].id));
  }
  const rows = rowsToSeed(graphs);
  await store.write(async (tx) => {
    for (let i = 0; i < rows.length; i += 500)
      await tx
        .insertInto("data_triples")
        .values(
          rows.slice(i, i + 500).map((r) => ({
            subject: r.subject,
            predicate: r.predicate,
            object: r.object,
            graph_id: r.graph,
          })),
        )
        .execute();
  });
  const { rows: ids } = await sql<{
    id: number;
  }>`SELECT id FROM data_triples ORDER BY id`.execute(store.db);
  return { graphs, rows: rows.map((r, i) => ({ ...r, id: Number(ids[i].id) })) };
}

let dir: string;
let sqlite: Store;
let postgres: Store;
let database: TestDatabase;
let graphs: number[];
let rows: (Row & { id: number })[];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "kg-search-"));
  const file = path.join(dir, "platform.sqlite");
  sqlite = storeOverSqlite(file, openDatabase(file));
  database = await freshDatabase();
  postgres = openStore({ databaseUrl: database.url, dbFile: "" });
  const a = await seed(sqlite);
  const b = await seed(postgres);
  expect(b.graphs).toEqual(a.graphs);
  expect(b.rows.map((r) => r.id)).toEqual(a.rows.map((r) => r.id));
  ({ graphs, rows } = a);
}, 120_000);

afterAll(async () => {
  await sqlite?.close();
  await postgres?.close();
  await database?.drop();
  await stopOwnCluster();
  fs.rmSync(dir, { recursive: true, force: true });
});

const TERMS = [
  "号", // one character in every row: counted from resource_search_grams, matched by ILIKE
  "鲲", // one character in two rows: through the substring index
  "对象", // two characters, frequent
  "鲲鹏",
  "-1",
  "alpha", // trigrams, in three cases
  "ALPHA",
  "lph",
  "驱逐舰-4",
  "mixed case",
  "%",
  "_",
  "\\",
  "a%b",
  '"',
  "'单",
  "不存在",
];

const holds = (r: Row, term: string) =>
  [r.subject, r.predicate, r.object].some((c) => c.toLowerCase().includes(term.toLowerCase()));

describe("search on SQLite and PostgreSQL", () => {
  it("gives the same count, first and last page for every term, alone, filtered and sorted", async () => {
    const filters: [string, Record<string, string>, (r: Row) => boolean][] = [
      ["", {}, () => true],
      ["predicate=位于", { predicate: "位于" }, (r) => r.predicate === "位于"],
      [`graph=${graphs[0]}`, { graph: String(graphs[0]) }, (r) => r.graph === graphs[0]],
    ];
    for (const term of TERMS)
      for (const [label, filterQuery, keep] of filters)
        for (const ordering of ["", "-id", "subject"]) {
          const query = { ...filterQuery, search: term, ...(ordering ? { ordering } : {}) };
          const expected = rows.filter((r) => keep(r) && holds(r, term));
          const pages = Math.max(1, Math.ceil(expected.length / 10));
          const answers = [];
          for (const store of [sqlite, postgres]) {
            const filter = parseListFilter(triples, query);
            const first = await listRecords(store, triples, filter, parsePaging({ page: "1" }));
            const last = await listRecords(
              store,
              triples,
              filter,
              parsePaging({ page: String(pages) }),
            );
            answers.push({
              count: first.count,
              first: first.results.map((r) => r.id),
              last: last.results.map((r) => r.id),
            });
          }
          const what = `search=${term} ${label} ordering=${ordering}`;
          expect(answers[0].count, `SQLite ${what}`).toBe(expected.length);
          expect(answers[1], `PostgreSQL ${what}`).toEqual(answers[0]);
          if (!ordering)
            expect(answers[0].first, what).toEqual(expected.slice(0, 10).map((r) => r.id));
        }
  }, 120_000);
});
