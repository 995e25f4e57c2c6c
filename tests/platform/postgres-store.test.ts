/**
 * The Store (platform/db/store.ts) on PostgreSQL: writes retried when they lose to a concurrent
 * one, snapshots that stay consistent, a version that moves with commits, and integers as
 * JavaScript numbers. On a cluster of its own (the version is the cluster's snapshot: a commit
 * in any database of the cluster moves it, so no other test may share it).
 */
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../platform/db/migrate.js";
import { openStore, type Store } from "../../platform/db/store.js";
import { startCluster } from "../../scripts/pg-cluster.mjs";

let cluster: Awaited<ReturnType<typeof startCluster>>;
let url: string;
let store: Store;
let other: pg.Client;

beforeAll(async () => {
  cluster = await startCluster();
  const admin = new pg.Client(cluster.url);
  await admin.connect();
  await admin.query("CREATE DATABASE store_test");
  await admin.end();
  url = cluster.url.replace(/\/postgres$/, "/store_test");
  store = openStore({ databaseUrl: url, dbFile: "" });
  await migrate(store);
  other = new pg.Client(url);
  await other.connect();
  await other.query("CREATE TABLE counter (id int PRIMARY KEY, n bigint NOT NULL)");
});

afterAll(async () => {
  await other?.end();
  await store?.close();
  await cluster?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the Store on PostgreSQL", () => {
  it("answers ping, and refuses a database that is not there", async () => {
    await expect(store.ping()).resolves.toBeUndefined();
    const missing = openStore({
      databaseUrl: cluster.url.replace(/\/postgres$/, "/nope"),
      dbFile: "",
    });
    await expect(missing.ping()).rejects.toThrow(/does not exist/);
    await missing.close();
  });

  it("runs a write that lost to a concurrent one again, so both read-modify-writes count", async () => {
    await other.query("INSERT INTO counter VALUES (1, 0) ON CONFLICT (id) DO UPDATE SET n = 0");
    let runs = 0;
    const increment = () =>
      store.write(async (tx) => {
        runs++;
        const { n } = (await sql<{ n: number }>`SELECT n FROM counter WHERE id = 1`.execute(tx))
          .rows[0];
        await sleep(30); // both read before either writes
        await sql`UPDATE counter SET n = ${n + 1} WHERE id = 1`.execute(tx);
        return n + 1;
      });
    const results = await Promise.all([increment(), increment(), increment()]);
    expect(results.sort()).toEqual([1, 2, 3]);
    const { n } = (await other.query("SELECT n FROM counter WHERE id = 1")).rows[0];
    expect(Number(n)).toBe(3);
    expect(runs).toBeGreaterThan(3); // at least one ran again
  });

  it("does not run again a write that failed for another reason", async () => {
    let runs = 0;
    await expect(
      store.write(async (tx) => {
        runs++;
        await sql`SELECT 1 / 0`.execute(tx);
      }),
    ).rejects.toThrow(/division by zero/);
    expect(runs).toBe(1);
  });

  it("gives a snapshot one view of the store while others commit", async () => {
    await other.query("DELETE FROM rate_events");
    await other.query("INSERT INTO rate_events (key, at) VALUES ('k', 1), ('k', 2)");
    const seen = await store.snapshot(async (tx) => {
      const count = async () =>
        Number(
          (await sql<{ n: number }>`SELECT count(*) AS n FROM rate_events`.execute(tx)).rows[0].n,
        );
      const before = await count();
      await other.query("INSERT INTO rate_events (key, at) VALUES ('k', 3)");
      await store.write(async (w) => {
        await sql`DELETE FROM rate_events WHERE at = 1`.execute(w);
      });
      const after = await count();
      return { before, after };
    });
    expect(seen).toEqual({ before: 2, after: 2 });
    const now = (await other.query("SELECT count(*) AS n FROM rate_events")).rows[0].n;
    expect(Number(now)).toBe(2); // one added, one deleted
    await expect(
      store.snapshot(async (tx) =>
        sql`INSERT INTO rate_events (key, at) VALUES ('x', 1)`.execute(tx),
      ),
    ).rejects.toThrow(/read-only transaction/);
  });

  it("changes its version when another connection commits, and not otherwise", async () => {
    const v1 = await store.version();
    expect(await store.version()).toBe(v1);
    await store.db.selectFrom("rate_events").selectAll().execute(); // reads change nothing
    expect(await store.version()).toBe(v1);
    await other.query("INSERT INTO rate_events (key, at) VALUES ('v', 1)");
    const v2 = await store.version();
    expect(v2).not.toBe(v1);
    expect(await store.version()).toBe(v2);
    // A transaction still open changes nothing yet; its commit does.
    await other.query("BEGIN");
    await other.query("INSERT INTO rate_events (key, at) VALUES ('v', 2)");
    const open = await store.version();
    await other.query("COMMIT");
    expect(await store.version()).not.toBe(open);
    // A write through the store moves it too.
    const v3 = await store.version();
    await store.write(async (tx) => {
      await sql`DELETE FROM rate_events WHERE key = 'v'`.execute(tx);
    });
    expect(await store.version()).not.toBe(v3);
  });

  it("cuts off a statement past its timeout and rolls its transaction back; a snapshot's stream is not cut", async () => {
    const quick = openStore({ databaseUrl: url, dbFile: "", statementTimeoutMs: 300 });
    try {
      await other.query("DELETE FROM rate_events WHERE key = 'timeout'");
      await expect(
        quick.write(async (tx) => {
          await sql`INSERT INTO rate_events (key, at) VALUES ('timeout', 1)`.execute(tx);
          await sql`SELECT pg_sleep(1)`.execute(tx);
        }),
      ).rejects.toMatchObject({ code: "57014" });
      const left = await other.query("SELECT count(*) AS n FROM rate_events WHERE key = 'timeout'");
      expect(Number(left.rows[0].n)).toBe(0);
      // An export's cursor is one statement from its first row to its last: a reader slower
      // than the statement timeout still gets every row.
      await other.query(
        "INSERT INTO rate_events (key, at) SELECT 'timeout', g FROM generate_series(1, 500) g",
      );
      let rows = 0;
      await quick.snapshot(async (tx) => {
        const compiled = sql`SELECT at FROM rate_events WHERE key = 'timeout' ORDER BY at`.compile(
          tx,
        );
        for await (const chunk of tx.getExecutor().stream(compiled, 100)) {
          rows += chunk.rows.length;
          await sleep(150);
        }
      });
      expect(rows).toBe(500);
      // The long timeout is the snapshot's alone.
      await expect(sql`SELECT pg_sleep(1)`.execute(quick.db)).rejects.toMatchObject({
        code: "57014",
      });
    } finally {
      await quick.close();
    }
  });

  it("returns 64-bit integers, counts and sums as JavaScript numbers", async () => {
    const at = Date.UTC(2026, 10, 27, 9, 14, 3, 123);
    await store.db.insertInto("rate_events").values({ key: "n", at }).execute();
    const row = await store.db
      .selectFrom("rate_events")
      .select(["at"])
      .where("key", "=", "n")
      .executeTakeFirstOrThrow();
    expect(row.at).toBe(at);
    const graph = await store.db
      .insertInto("graphs")
      .values({ name: "g", domain: "general" })
      .returning(["id"])
      .executeTakeFirstOrThrow();
    expect(typeof graph.id).toBe("number");
    const agg = (
      await sql<{ n: unknown; total: unknown; biggest: unknown; avg: unknown }>`
        SELECT count(*) AS n, sum(at) AS total, max(at) AS biggest, avg(at) AS avg
          FROM rate_events WHERE key = 'n'`.execute(store.db)
    ).rows[0];
    expect(agg).toEqual({ n: 1, total: at, biggest: at, avg: at });
    const big = (await sql<{ v: unknown }>`SELECT 9007199254740991::bigint AS v`.execute(store.db))
      .rows[0].v;
    expect(big).toBe(Number.MAX_SAFE_INTEGER);
  });
});
