import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../platform/db/migrate.js";
import { openStore, type Store } from "../../platform/db/store.js";
import { keepNewFile, readFile, removeFiles, streamFile } from "../../platform/files/store.js";
import type { PlatformSettings } from "../../platform/settings.js";
import { freshDatabase, stopOwnCluster, type TestDatabase } from "../helpers/postgres.js";

/**
 * Uploaded files' bytes on both engines (platform/files/store.ts): on SQLite in DATA_DIR/files,
 * on PostgreSQL in the store — so a node reads what another node kept.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kg-files-"));
const settings = { dataDir: dir } as PlatformSettings;
let pgDb: TestDatabase;
const stores: Record<string, Store> = {};

beforeAll(async () => {
  stores.sqlite = openStore({ dbFile: path.join(dir, "platform.sqlite") });
  await migrate(stores.sqlite);
  pgDb = await freshDatabase();
  stores.postgres = openStore({ databaseUrl: pgDb.url, dbFile: "" });
});
afterAll(async () => {
  for (const s of Object.values(stores)) await s.close();
  await pgDb?.drop();
  await stopOwnCluster();
  fs.rmSync(dir, { recursive: true, force: true });
});

// More than two chunks of 1 MB, with every byte value.
const big = Buffer.alloc(2.5 * 1024 * 1024, 0);
for (let i = 0; i < big.length; i++) big[i] = (i * 7) % 256;

describe.each(["sqlite", "postgres"])("uploaded files on %s", (engine) => {
  const ctx = () => ({ settings, store: stores[engine] });

  it("keeps the bytes with their row, reads and streams them back whole", async () => {
    const id = await keepNewFile(ctx(), `${engine}-big`, big, async () => 42);
    expect(id).toBe(42);
    expect((await readFile(ctx(), `${engine}-big`))!.equals(big)).toBe(true);
    const stream = await streamFile(ctx(), `${engine}-big`);
    const parts: Buffer[] = [];
    for await (const part of stream!) parts.push(part as Buffer);
    expect(Buffer.concat(parts).equals(big)).toBe(true);
    // An empty file is a file.
    await keepNewFile(ctx(), `${engine}-empty`, Buffer.alloc(0), async () => 0);
    expect((await readFile(ctx(), `${engine}-empty`))!.length).toBe(0);
    expect(await text((await streamFile(ctx(), `${engine}-empty`))!)).toBe("");
  });

  it("keeps nothing when the row cannot be written", async () => {
    await expect(
      keepNewFile(ctx(), `${engine}-refused`, Buffer.from("x"), async () => {
        throw new Error("the row was refused");
      }),
    ).rejects.toThrow("the row was refused");
    expect(await readFile(ctx(), `${engine}-refused`)).toBeNull();
    expect(await streamFile(ctx(), `${engine}-refused`)).toBeNull();
  });

  it("forgets removed files; an unknown one is null", async () => {
    await keepNewFile(ctx(), `${engine}-gone`, Buffer.from("bye"), async () => 1);
    await removeFiles(ctx(), [`${engine}-gone`]);
    expect(await readFile(ctx(), `${engine}-gone`)).toBeNull();
    expect(await readFile(ctx(), "never-kept")).toBeNull();
  });
});

it("on SQLite the bytes are in DATA_DIR/files, on PostgreSQL none are on disk", () => {
  expect(fs.readdirSync(path.join(dir, "files")).sort()).toEqual(["sqlite-big", "sqlite-empty"]);
});
