/**
 * Every foreign key of the store has an index that starts with its column (migration 025): a
 * delete of the parent row finds the children by it, instead of scanning the child table once
 * per parent deleted. On SQLite here; tests/platform/postgres-schema.test.ts holds PostgreSQL
 * to the same indexes.
 */
import { describe, expect, it } from "vitest";
import { migrateSqlite } from "../../platform/db/migrate.js";
import { openSqliteHandle } from "../../platform/db/store.js";

describe("foreign keys and their indexes", () => {
  it("every foreign key's column leads an index or the primary key", () => {
    const db = openSqliteHandle(":memory:");
    migrateSqlite(db);
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .pluck()
      .all() as string[];
    const unindexed: string[] = [];
    let keys = 0;
    for (const table of tables) {
      const leading = new Set<string>();
      for (const { name } of db.pragma(`index_list("${table}")`) as { name: string }[]) {
        const [first] = db.pragma(`index_info("${name}")`) as { name: string }[];
        if (first) leading.add(first.name);
      }
      for (const c of db.pragma(`table_info("${table}")`) as { name: string; pk: number }[])
        if (c.pk === 1) leading.add(c.name);
      for (const fk of db.pragma(`foreign_key_list("${table}")`) as {
        from: string;
        table: string;
      }[]) {
        keys++;
        if (!leading.has(fk.from)) unindexed.push(`${table}.${fk.from} -> ${fk.table}`);
      }
    }
    db.close();
    expect(keys).toBeGreaterThan(20);
    expect(unindexed).toEqual([]);
  });
});
