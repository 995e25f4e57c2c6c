import type { Db, Store } from "../db/store.js";

/**
 * Every statement of the common services: configuration, one-time nonces (rate-limit events:
 * ../http/rate-limit-store.ts), generated secrets and the browsers' error reports. All in the store, so every process and
 * node shares them (a nonce is used once wherever it comes back; rate limits count everyone's
 * requests).
 */

export interface ConfigRow {
  key: string;
  type: string;
  value: string;
}

export async function configRow(db: Db, key: string): Promise<ConfigRow | undefined> {
  return db
    .selectFrom("configs")
    .select(["key", "type", "value"])
    .where("key", "=", key)
    .executeTakeFirst();
}

export async function publicConfigRows(db: Db): Promise<ConfigRow[]> {
  return db
    .selectFrom("configs")
    .select(["key", "type", "value"])
    .where("public", "=", 1)
    .orderBy("key")
    .execute();
}

export interface ConfigInsert {
  key: string;
  value: string;
  type: string;
  public: number;
  description: string;
}

/** Adds configs a store lacks; never overwrites an existing value. */
export async function addMissingConfigs(db: Db, configs: ConfigInsert[]) {
  if (!configs.length) return;
  await db
    .insertInto("configs")
    .values(configs)
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}

// --- Nonces ---------------------------------------------------------------------------------

export async function insertNonce(store: Store, nonce: string, at: number, expiresAt: number) {
  await store.write(async (tx) => {
    await tx.deleteFrom("nonces").where("expires_at", "<=", at).execute();
    await tx.insertInto("nonces").values({ nonce, expires_at: expiresAt }).execute();
  });
}

/** Uses a live nonce up; one DELETE decides, so two requests racing anywhere cannot both win. */
export async function takeNonce(db: Db, nonce: string, at: number): Promise<boolean> {
  const r = await db
    .deleteFrom("nonces")
    .where("nonce", "=", nonce)
    .where("expires_at", ">", at)
    .executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

// --- Secrets --------------------------------------------------------------------------------

export async function secretsNamed(db: Db, names: string[]): Promise<Record<string, string>> {
  const rows = await db
    .selectFrom("secrets")
    .select(["name", "value"])
    .where("name", "in", names)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}

/** Writes the secrets unless the first of them is already there (the first writer wins). */
export async function addSecretsOnce(store: Store, secrets: { name: string; value: string }[]) {
  await store.write(async (tx) => {
    const present = await tx
      .selectFrom("secrets")
      .select("name")
      .where("name", "=", secrets[0].name)
      .executeTakeFirst();
    if (!present) await tx.insertInto("secrets").values(secrets).execute();
  });
}

// --- Client errors --------------------------------------------------------------------------

export interface ClientErrorInsert {
  user_id: number | null;
  username: string;
  error: string;
  info: string;
  url: string;
  user_agent: string;
}

export async function insertClientError(db: Db, row: ClientErrorInsert): Promise<number> {
  const { id } = await db
    .insertInto("client_errors")
    .values(row)
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export async function clientErrorPage(db: Db, page: number, pageSize: number) {
  const { count } = await db
    .selectFrom("client_errors")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  const results = await db
    .selectFrom("client_errors")
    .select(["id", "at", "user_id", "username", "error", "info", "url", "user_agent"])
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { results, count };
}
