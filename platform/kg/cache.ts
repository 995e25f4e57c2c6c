import type { PlatformContext } from "../context.js";
import { once } from "../db/read-scope.js";
import type { Store } from "../db/store.js";
import { graphSignatureParts, graphsSignatureParts, graphState } from "./store/state.js";

export { bumpGraphVersion, type BumpWhat } from "./store/state.js";

/**
 * A graph's data signature: changes whenever anything of the graph changes (see the
 * version triggers in db/schema-kg.ts; versions are random, not counters). On SQLite inserts
 * into kg_relations carry no trigger, so the largest relation id is part of it (one writer:
 * ids commit in order); PostgreSQL's trigger bumps the version (db/schema-relation-insert-version.ts).
 * One statement of two index seeks.
 */
export async function graphSignature(ctx: PlatformContext, graphId: number): Promise<string> {
  const s = await once(`graph-signature:${graphId}`, () =>
    graphSignatureParts(ctx.store.db, graphId),
  );
  return `${s.version}:${s.maxRelation}`;
}

/** The signatures of several graphs, in one statement (the graph list). */
export async function graphSignatures(
  ctx: PlatformContext,
  graphIds: number[],
): Promise<Map<number, string>> {
  const parts = await graphsSignatureParts(ctx.store.db, graphIds);
  return new Map([...parts].map(([id, s]) => [id, `${s.version}:${s.maxRelation}`]));
}

/** Changes only when the graph's entities, aliases or ontology change (extraction dictionaries). */
export async function entitySignature(ctx: PlatformContext, graphId: number): Promise<string> {
  return String((await graphState(ctx.store.db, graphId)).entity_version);
}

/** Changes when the graph's rollups are rebuilt (or its classes change): what hot rankings depend on. */
export async function rollupSignature(ctx: PlatformContext, graphId: number): Promise<string> {
  const s = await graphState(ctx.store.db, graphId);
  return `${s.rollup_version}:${s.entity_version}`;
}

interface Entry<V> {
  signature: string;
  value: V;
}

/**
 * A small LRU of computed answers, each valid while its signature holds. One per store:
 * tests run several platforms in one process. Read the signature before computing: a write
 * that lands in between then leaves an entry that no later reader matches, never a stale one.
 */
export class SignedCache<V> {
  private entries = new Map<string, Entry<V>>();
  /** Answers being computed, so that readers asking at once compute them once. */
  private pending = new Map<string, Promise<V>>();
  constructor(private capacity: number) {}

  private hit(key: string, signature: string): Entry<V> | undefined {
    const hit = this.entries.get(key);
    if (!hit || hit.signature !== signature) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  private keep(key: string, signature: string, value: V) {
    this.entries.delete(key);
    this.entries.set(key, { signature, value });
    while (this.entries.size > this.capacity) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
  }

  get(key: string, signature: string, compute: () => V): V {
    const hit = this.hit(key, signature);
    if (hit) return hit.value;
    const value = compute();
    this.keep(key, signature, value);
    return value;
  }

  /** The answer for `key` under `signature`, computed (once, however many ask) when missing. */
  async getAsync(key: string, signature: string, compute: () => Promise<V>): Promise<V> {
    const hit = this.hit(key, signature);
    if (hit) return hit.value;
    const id = `${key}\u0000${signature}`;
    let running = this.pending.get(id);
    if (!running) {
      running = compute().finally(() => this.pending.delete(id));
      this.pending.set(id, running);
      const value = await running;
      this.keep(key, signature, value);
      return value;
    }
    return running;
  }
}

const perStore = new WeakMap<Store, Map<string, SignedCache<unknown>>>();

/** The named cache of this store, created on first use. */
export function storeCache<V>(
  ctx: Pick<PlatformContext, "store">,
  name: string,
  capacity = 200,
): SignedCache<V> {
  let caches = perStore.get(ctx.store);
  if (!caches) perStore.set(ctx.store, (caches = new Map()));
  let cache = caches.get(name);
  if (!cache) caches.set(name, (cache = new SignedCache<unknown>(capacity)));
  return cache as SignedCache<V>;
}
