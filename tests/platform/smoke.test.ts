import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPlatform, type TestPlatform } from "../helpers/platform.js";
import { rows, sqliteHandle } from "../helpers/sql.js";

describe("platform store", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform();
  });
  afterAll(() => p.close());

  it("runs in WAL mode with every migration applied", async () => {
    if (p.ctx.store.engine === "sqlite")
      expect(sqliteHandle(p.ctx).pragma("journal_mode", { simple: true })).toBe("wal");
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
