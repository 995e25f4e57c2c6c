import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CopyRefused, copySqliteToPostgres, type CopyReport } from "../../platform/db/copy.js";
import { openStore, type Store } from "../../platform/db/store.js";
import { readFile } from "../../platform/files/store.js";
import { createPlatform, type Platform } from "../../platform/index.js";
import type { PlatformSettings } from "../../platform/settings.js";
import { rows, run, value } from "../helpers/sql.js";
import { freshDatabase, stopOwnCluster, type TestDatabase } from "../helpers/postgres.js";

/**
 * npm run db:copy (docs/deploy.md): a SQLite store with the demo data, an uploaded file and a
 * deleted row moves into an empty PostgreSQL database whole, or not at all.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kg-copy-"));
const settings: PlatformSettings = {
  dataDir: dir,
  dbFile: path.join(dir, "platform.sqlite"),
  adminPassword: "admin-pass-1",
  captcha: false,
  seed: "demo",
  tokenIdleSeconds: 900,
  passwordMaxAgeDays: 90,
};
let source: Platform;
let target: TestDatabase;
let pg: Store;
let report: CopyReport;
const FILE = "copy-test-file";

beforeAll(async () => {
  source = await createPlatform(settings);
  const ctx = source.ctx;
  // Ids the source gave and took back: the target must not give them again.
  await run(
    ctx,
    sql`INSERT INTO data_triples (subject, predicate, object) VALUES ('甲', '乙', '丙'), ('丁', '戊', '己')`,
  );
  await run(ctx, sql`DELETE FROM data_triples WHERE subject = '丁'`);
  fs.mkdirSync(path.join(dir, "files"), { recursive: true });
  fs.writeFileSync(path.join(dir, "files", FILE), "subject,predicate,object\n辽宁舰,类型,舰艇\n");
  await run(
    ctx,
    sql`INSERT INTO data_files (uuid, name, size, sha256) VALUES (${FILE}, 'a.csv', 44, 'x'), ('no-content', 'b.csv', 1, 'y')`,
  );
  await source.close();
  target = await freshDatabase({ empty: true });
  report = await copySqliteToPostgres({ from: settings.dbFile, to: target.url });
  pg = openStore({ databaseUrl: target.url, dbFile: "" });
}, 120_000);

afterAll(async () => {
  await pg?.close();
  await target?.drop();
  await stopOwnCluster();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("db:copy", () => {
  it("copies every table with each count checked, and the files with their bytes", async () => {
    const counts = Object.fromEntries(report.tables.map((t) => [t.table, t.rows]));
    expect(counts.users).toBeGreaterThanOrEqual(3);
    expect(counts.kg_entities).toBeGreaterThan(100);
    expect(counts.kg_relations).toBeGreaterThan(100);
    expect(counts.jobs).toBeGreaterThan(0);
    for (const t of ["kg_graph_state", "resource_counts", "schema_migrations"])
      expect(counts[t]).toBeUndefined();
    const ctx = { store: pg, settings };
    for (const [table, n] of Object.entries(counts)) {
      expect([
        table,
        await value<number>(ctx, sql`SELECT count(*) AS n FROM ${sql.table(table)}`),
      ]).toEqual([table, n]);
    }
    expect(report.files).toEqual({ copied: 1, missing: ["no-content"] });
    expect((await readFile(ctx, FILE))!.toString()).toContain("辽宁舰,类型,舰艇");
  });

  it("keeps what the triggers keep, and ids are never given twice", async () => {
    const ctx = { store: pg, settings };
    const versions = await value<number>(ctx, sql`SELECT count(*) AS n FROM kg_graph_state`);
    expect(versions).toBeGreaterThanOrEqual(3);
    const [{ id }] = await rows<{ id: number }>(
      ctx,
      sql`INSERT INTO data_triples (subject, predicate, object) VALUES ('庚', '辛', '壬') RETURNING id`,
    );
    const max = await value<number>(
      ctx,
      sql`SELECT max(id) AS m FROM data_triples WHERE subject <> '庚'`,
    );
    // The deleted row's id (max + 1 in the source) is skipped, as SQLite's AUTOINCREMENT would.
    expect(id).toBe(max + 2);
    // A user logs in on the copy with the password they had.
    const admin = await rows<{ username: string; is_superuser: number }>(
      ctx,
      sql`SELECT username, is_superuser FROM users WHERE username = 'admin'`,
    );
    expect(admin).toEqual([{ username: "admin", is_superuser: 1 }]);
  });

  it("refuses a target that holds data, and writes nothing", async () => {
    const before = await value<number>({ store: pg }, sql`SELECT count(*) AS n FROM users`);
    await expect(copySqliteToPostgres({ from: settings.dbFile, to: target.url })).rejects.toThrow(
      CopyRefused,
    );
    expect(await value<number>({ store: pg }, sql`SELECT count(*) AS n FROM users`)).toBe(before);
  });

  it("leaves the target empty when the copy fails midway", async () => {
    const other = await freshDatabase({ empty: true });
    try {
      // A column the target lacks makes the copy fail late (after many tables were written).
      const broken = path.join(dir, "broken.sqlite");
      fs.copyFileSync(settings.dbFile, broken);
      const Database = (await import("better-sqlite3")).default;
      const db = new Database(broken);
      db.exec("ALTER TABLE users ADD COLUMN only_in_source TEXT");
      db.close();
      await expect(copySqliteToPostgres({ from: broken, to: other.url })).rejects.toThrow();
      const store = openStore({ databaseUrl: other.url, dbFile: "" });
      try {
        for (const t of ["graphs", "kg_entities", "permissions", "users"])
          expect(
            await value<number>({ store }, sql`SELECT count(*) AS n FROM ${sql.table(t)}`),
          ).toBe(0);
      } finally {
        await store.close();
      }
    } finally {
      await other.drop();
    }
  });
});
