import type { RawBuilder } from "kysely";
import type { PlatformContext } from "../../platform/context.js";
import type { DB } from "../../platform/db/database.js";

/**
 * Fixtures and checks written straight against a test platform's store, on either engine:
 * `await rows(p.ctx, sql\`SELECT … WHERE id = ${id}\`)` — values in `${}` are parameters.
 */
export async function rows<T = Record<string, unknown>>(
  ctx: Pick<PlatformContext, "store">,
  query: RawBuilder<T>,
): Promise<T[]> {
  return (await query.execute(ctx.store.db)).rows;
}

/** The first row, or undefined. */
export async function one<T = Record<string, unknown>>(
  ctx: Pick<PlatformContext, "store">,
  query: RawBuilder<T>,
): Promise<T | undefined> {
  return (await rows(ctx, query))[0];
}

/** The first column of the first row (a count, an id): `SELECT count(*) AS n …`. */
export async function value<V = unknown>(
  ctx: Pick<PlatformContext, "store">,
  query: RawBuilder<unknown>,
): Promise<V> {
  const row = (await rows(ctx, query))[0] as Record<string, unknown> | undefined;
  return (row ? Object.values(row)[0] : undefined) as V;
}

/** A statement whose rows do not matter (an insert, an update); the number of rows it changed. */
export async function run(
  ctx: Pick<PlatformContext, "store">,
  query: RawBuilder<unknown>,
): Promise<number> {
  return Number((await query.execute(ctx.store.db)).numAffectedRows ?? 0);
}

/**
 * The SQLite connection under a test platform's store, for the tests and benchmarks that only
 * run on the embedded engine (the console's loader tests, SQLite's own behaviour).
 */
export function sqliteHandle(ctx: Pick<PlatformContext, "store">): DB {
  const handle = ctx.store.sqlite?.handle;
  if (!handle) throw new Error("this check runs on the SQLite store only");
  return handle as DB;
}
