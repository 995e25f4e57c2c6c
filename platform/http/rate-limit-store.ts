import type { Store } from "../db/store.js";

/**
 * Records one event for `key` unless `limit` events happened since `since`; whether it was
 * recorded. One write transaction: on PostgreSQL concurrent takers of the same key serialise
 * (a lost race is run again), so a limit holds across nodes.
 */
export async function takeRateEvent(
  store: Store,
  key: string,
  limit: number,
  at: number,
  since: number,
): Promise<boolean> {
  return store.write(async (tx) => {
    await tx.deleteFrom("rate_events").where("key", "=", key).where("at", "<=", since).execute();
    const { used } = await tx
      .selectFrom("rate_events")
      .select((eb) => eb.fn.countAll<number>().as("used"))
      .where("key", "=", key)
      .executeTakeFirstOrThrow();
    if (used >= limit) return false;
    await tx.insertInto("rate_events").values({ key, at }).execute();
    return true;
  });
}
