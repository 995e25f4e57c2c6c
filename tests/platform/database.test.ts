import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../platform/db/database.js";

describe("the platform's store", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kg-db-"));
  const file = path.join(dir, "platform.sqlite");
  const db = openDatabase(file);
  // Another process's connection (a job runner elsewhere, a test writing fixtures).
  const other = new Database(file);
  other.pragma("busy_timeout = 0");
  afterAll(() => {
    other.close();
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("begins transactions IMMEDIATE: a read-then-write transaction never fails because another connection wrote meanwhile", () => {
    db.exec("CREATE TABLE IF NOT EXISTS probe (id INTEGER PRIMARY KEY, v TEXT)");
    const result = db.transaction(() => {
      const before = db.prepare("SELECT count(*) FROM probe").pluck().get();
      // Deferred, the other connection's write would succeed here and ours below would fail
      // with SQLITE_BUSY_SNAPSHOT; immediate, the other one waits (here: gives up at once).
      expect(() => other.prepare("INSERT INTO probe (v) VALUES ('other')").run()).toThrow(
        /locked|busy/i,
      );
      db.prepare("INSERT INTO probe (v) VALUES ('ours')").run();
      return before;
    })();
    expect(result).toBe(0);
    expect(db.prepare("SELECT v FROM probe").pluck().all()).toEqual(["ours"]);
    // Nested calls are savepoints; the deferred variant stays available.
    db.transaction(() =>
      db.transaction(() => db.prepare("INSERT INTO probe (v) VALUES ('nested')").run())(),
    )();
    db.transaction(() => db.prepare("SELECT 1").get()).deferred();
    expect(db.prepare("SELECT count(*) FROM probe").pluck().get()).toBe(2);
  });
});
