import { describe, expect, it } from "vitest";
import { sqliteCacheMb } from "../../platform/db/store.js";

/** SQLITE_CACHE_MB (issue 26 item 4): each SQLite connection's page cache, read strictly. */
describe("SQLITE_CACHE_MB", () => {
  it("is 64 MB unless set; anything but a whole number of MB from 1 is refused", () => {
    expect(sqliteCacheMb(undefined)).toBe(64);
    expect(sqliteCacheMb("")).toBe(64);
    expect(sqliteCacheMb("16")).toBe(16);
    expect(sqliteCacheMb("1")).toBe(1);
    for (const bad of ["0", "-1", "1.5", "sixteen", "16 ", "16MB", "999999"])
      expect(() => sqliteCacheMb(bad)).toThrow(/SQLITE_CACHE_MB/);
  });
});
