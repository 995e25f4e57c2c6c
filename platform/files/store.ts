import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { PlatformContext } from "../context.js";
import type { Db, Tx } from "../db/store.js";
import { fileWriteFailure, filesDir } from "../storage.js";

/**
 * Where uploaded files' bytes live (their rows, data_files, describe them):
 * - SQLite, one machine: DATA_DIR/files/<uuid>, as always.
 * - PostgreSQL, several nodes: the store itself (data_file_chunks, 1 MB a row), so a file
 *   uploaded through one node downloads from any other and is backed up with the rest.
 * One module holds both forms; callers see `putFile`, `readFile`, `streamFile`, `removeFiles`.
 */

const CHUNK_BYTES = 1024 * 1024;

const diskPath = (ctx: Pick<PlatformContext, "settings">, uuid: string) =>
  path.join(filesDir(ctx.settings), uuid);

const onDisk = (ctx: Pick<PlatformContext, "store">) => ctx.store.engine === "sqlite";

/**
 * Keeps a new file's bytes under `uuid` together with its row, written by `describe` in a
 * write transaction: on PostgreSQL bytes and row commit together; on SQLite the bytes are on
 * disk first (no disk write holds the store's one connection) and go again if the row fails.
 */
export async function keepNewFile<T>(
  ctx: Pick<PlatformContext, "settings" | "store">,
  uuid: string,
  content: Buffer,
  describe: (tx: Tx) => Promise<T>,
): Promise<T> {
  if (!onDisk(ctx)) {
    return ctx.store.write(async (tx) => {
      await putFile(ctx, uuid, content, tx);
      return describe(tx);
    });
  }
  await putFile(ctx, uuid, content);
  try {
    return await ctx.store.write(describe);
  } catch (e) {
    await removeFiles(ctx, [uuid]);
    throw e;
  }
}

/**
 * Keeps a file's bytes under `uuid`. On PostgreSQL, given `tx`, they are written in that
 * transaction (they exist only if it commits). A full or read-only disk is the client's
 * 507/500 with its cause (storage.ts); nothing partial stays behind.
 */
async function putFile(
  ctx: Pick<PlatformContext, "settings" | "store">,
  uuid: string,
  content: Buffer,
  tx?: Db,
): Promise<void> {
  if (!onDisk(ctx)) {
    const db = tx ?? ctx.store.db;
    const rows = [];
    for (let seq = 0, at = 0; at < content.length || seq === 0; seq++, at += CHUNK_BYTES)
      rows.push({ uuid, seq, bytes: content.subarray(at, at + CHUNK_BYTES) });
    // One chunk per statement: a statement's parameters stay small.
    for (const row of rows) await db.insertInto("data_file_chunks").values(row).execute();
    return;
  }
  const target = diskPath(ctx, uuid);
  try {
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.writeFile(target, content);
  } catch (e) {
    // A full disk leaves a partial (often empty) file behind: never keep it.
    await fs.promises.rm(target, { force: true }).catch(() => undefined);
    const failure = fileWriteFailure(ctx.settings, target, e);
    if (!failure) throw e;
    console.error(
      `platform: storing an upload in ${path.dirname(target)} failed: ${(e as Error).message}`,
    );
    throw failure;
  }
}

async function* chunksOf(db: Db, uuid: string): AsyncGenerator<Buffer> {
  // One chunk a query: a 20 MB file never sits in memory whole while it streams.
  for (let seq = 0; ; seq++) {
    const row = await db
      .selectFrom("data_file_chunks")
      .select("bytes")
      .where("uuid", "=", uuid)
      .where("seq", "=", seq)
      .executeTakeFirst();
    if (!row) return;
    yield Buffer.from(row.bytes as Uint8Array);
  }
}

async function storedInDb(db: Db, uuid: string): Promise<boolean> {
  return !!(await db
    .selectFrom("data_file_chunks")
    .select("seq")
    .where("uuid", "=", uuid)
    .where("seq", "=", 0)
    .executeTakeFirst());
}

/** A file's bytes, or null when none are kept under `uuid`. */
export async function readFile(
  ctx: Pick<PlatformContext, "settings" | "store">,
  uuid: string,
): Promise<Buffer | null> {
  if (onDisk(ctx)) {
    try {
      return await fs.promises.readFile(diskPath(ctx, uuid));
    } catch (e) {
      if ((e as { code?: string }).code === "ENOENT") return null;
      throw e;
    }
  }
  const parts: Buffer[] = [];
  for await (const part of chunksOf(ctx.store.db, uuid)) parts.push(part);
  return parts.length ? Buffer.concat(parts) : null;
}

/** A file's bytes as a stream, or null when none are kept under `uuid`. */
export async function streamFile(
  ctx: Pick<PlatformContext, "settings" | "store">,
  uuid: string,
): Promise<Readable | null> {
  if (onDisk(ctx)) {
    const file = diskPath(ctx, uuid);
    return fs.existsSync(file) ? fs.createReadStream(file) : null;
  }
  if (!(await storedInDb(ctx.store.db, uuid))) return null;
  return Readable.from(chunksOf(ctx.store.db, uuid));
}

/** Forgets the bytes of these files (on PostgreSQL, in `tx` when given). */
export async function removeFiles(
  ctx: Pick<PlatformContext, "settings" | "store">,
  uuids: string[],
  tx?: Db,
): Promise<void> {
  if (!uuids.length) return;
  if (!onDisk(ctx)) {
    await (tx ?? ctx.store.db).deleteFrom("data_file_chunks").where("uuid", "in", uuids).execute();
    return;
  }
  for (const uuid of uuids) await fs.promises.rm(diskPath(ctx, uuid), { force: true });
}
