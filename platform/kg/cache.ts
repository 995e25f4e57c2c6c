import type { PlatformContext } from "../context.js";
import type { DB } from "../db/database.js";

/**
 * A graph's data signature: changes whenever anything of the graph changes (see the
 * version triggers in db/schema-kg.ts). Inserts into kg_relations carry no trigger, so the
 * largest relation id is part of it. Both lookups are index seeks.
 */
export function graphSignature(ctx: PlatformContext, graphId: number): string {
  const s = stateOf(ctx.db, graphId);
  const maxRelation = ctx.db.prepare("SELECT max(id) FROM kg_relations").pluck().get() ?? 0;
  return `${s.version}:${maxRelation}`;
}

/** Changes only when the graph's entities, aliases or ontology change (extraction dictionaries). */
export function entitySignature(ctx: PlatformContext, graphId: number): string {
  return String(stateOf(ctx.db, graphId).entity_version);
}

function stateOf(db: DB, graphId: number) {
  return (db.prepare("SELECT version, entity_version FROM kg_graph_state WHERE graph_id = ?").get(graphId) as
    | { version: number; entity_version: number }
    | undefined) ?? { version: 0, entity_version: 0 };
}

/** Marks a graph changed: for writers that bypass the triggers (rollup rebuilds, bulk loads). */
export function bumpGraphVersion(ctx: PlatformContext, graphId: number, entities = false) {
  ctx.db
    .prepare(
      `INSERT INTO kg_graph_state (graph_id, version, entity_version) VALUES (?, 1, ?)
       ON CONFLICT (graph_id) DO UPDATE SET version = version + 1, entity_version = entity_version + ?`,
    )
    .run(graphId, entities ? 1 : 0, entities ? 1 : 0);
}

interface Entry<V> {
  signature: string;
  value: V;
}

/**
 * A small LRU of computed answers, each valid while its signature holds. One per store
 * (keyed by the DB handle): tests run several platforms in one process.
 */
export class SignedCache<V> {
  private entries = new Map<string, Entry<V>>();
  constructor(private capacity: number) {}

  get(key: string, signature: string, compute: () => V): V {
    const hit = this.entries.get(key);
    if (hit && hit.signature === signature) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const value = compute();
    this.entries.delete(key);
    this.entries.set(key, { signature, value });
    while (this.entries.size > this.capacity) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
    return value;
  }
}

const perStore = new WeakMap<DB, Map<string, SignedCache<unknown>>>();

/** The named cache of this store, created on first use. */
export function storeCache<V>(ctx: PlatformContext, name: string, capacity = 200): SignedCache<V> {
  let caches = perStore.get(ctx.db);
  if (!caches) perStore.set(ctx.db, (caches = new Map()));
  let cache = caches.get(name);
  if (!cache) caches.set(name, (cache = new SignedCache<unknown>(capacity)));
  return cache as SignedCache<V>;
}
