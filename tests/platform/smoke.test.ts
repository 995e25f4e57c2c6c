import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPlatform, type TestPlatform } from "../helpers/platform.js";
import { testEngine } from "../helpers/pg-global-setup.js";
import { one, rows, sqliteHandle } from "../helpers/sql.js";

describe("platform store", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform();
  });
  afterAll(() => p.close());

  it("runs on the engine under test, set up as the platform needs it, with every migration applied", async () => {
    expect(p.ctx.store.engine).toBe(testEngine());
    if (p.ctx.store.engine === "sqlite") {
      // Readers go on while a write is under way; foreign keys are enforced.
      expect(sqliteHandle(p.ctx).pragma("journal_mode", { simple: true })).toBe("wal");
      expect(sqliteHandle(p.ctx).pragma("foreign_keys", { simple: true })).toBe(1);
    } else {
      // PostgreSQL 15 or later (decision 021), text stored as UTF-8 (Chinese labels).
      const server = await one<{ version: number; encoding: string }>(
        p.ctx,
        sql`SELECT current_setting('server_version_num')::int AS version,
          pg_encoding_to_char(encoding) AS encoding
          FROM pg_database WHERE datname = current_database()`,
      );
      expect(server?.version).toBeGreaterThanOrEqual(150000);
      expect(server?.encoding).toBe("UTF8");
    }
    const applied = (
      await rows<{ name: string }>(p.ctx, sql`SELECT name FROM schema_migrations`)
    ).map((r) => r.name);
    expect(applied).toContain("001-core");
  });

  it("answers an unknown path with a JSON 404", async () => {
    const res = await fetch(`${p.api}/nowhere/`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "not_found" });
  });
});
