/**
 * Decision 022 on PostgreSQL: the same pages as on SQLite (NULLs the smallest value, written
 * out in ORDER BY), read from either end or by seeking, on a migrated database's store.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../platform/db/store.js";
import { freshDatabase, stopOwnCluster, type TestDatabase } from "../helpers/postgres.js";
import { checkCase, checkPastTheEnd, listCases, seedTriples, type Triple } from "./seek-cases.js";

let database: TestDatabase;
let store: Store;
let rows: Triple[];
let graphs: number[];

beforeAll(async () => {
  database = await freshDatabase();
  store = openStore({ databaseUrl: database.url, dbFile: "" });
  ({ rows, graphs } = await seedTriples(store));
}, 60_000);

afterAll(async () => {
  await store?.close();
  await database?.drop();
  await stopOwnCluster();
});

describe("paging from either end and by seeking on PostgreSQL", () => {
  it("gives OFFSET paging's rows for every ordering, filter and search, at page sizes 5 and 10", async () => {
    expect(store.engine).toBe("postgres");
    for (const c of listCases(graphs)) {
      await checkCase(store, rows, c, 5);
      await checkCase(store, rows, c, 10);
    }
  });

  it("answers an empty page past the end", () => checkPastTheEnd(store));
});
