import type { PlatformContext } from "../context.js";
import type { DB } from "../db/database.js";

/**
 * A graph's data signature: changes whenever anything of the graph changes (see the
 * version triggers in db/schema-kg.ts; versions are random, not counters). Inserts into kg_relations carry no trigger, so the
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

/** Changes when the graph's rollups are rebuilt (or its classes change): what hot rankings depend on. */
export function rollupSignature(ctx: PlatformContext, graphId: number): string {
  const s = stateOf(ctx.db, graphId);
  return `${s.rollup_version}:${s.entity_version}`;
}

function stateOf(db: DB, graphId: number) {
  return (
    (db
      .prepare(
        "SELECT version, entity_version, rollup_version FROM kg_graph_state WHERE graph_id = ?",
      )
      .get(graphId) as
      { version: number; entity_version: number; rollup_version: number } | undefined) ?? {
      version: 0,
      entity_version: 0,
      rollup_version: 0,
    }
  );
}

/**
 * Marks a graph changed: for writers that bypass the triggers (rollup rebuilds, bulk loads).
 * `true` stands for "anything may have changed": entities and rollups too.
 */
export function bumpGraphVersion(
  ctx: PlatformContext,
  graphId: number,
  what: boolean | { entities?: boolean; rollups?: boolean } = {},
) {
  const flags = typeof what === "boolean" ? { entities: what, rollups: what } : what;
  const e = flags.entities ? 1 : 0;
  const r = flags.rollups ? 1 : 0;
  ctx.db
    .prepare(
      `INSERT INTO kg_graph_state (graph_id, version, entity_version, rollup_version)
         VALUES (@graph, random(), CASE WHEN @e THEN random() ELSE 0 END, CASE WHEN @r THEN random() ELSE 0 END)
       ON CONFLICT (graph_id) DO UPDATE SET version = random(),
         entity_version = CASE WHEN @e THEN random() ELSE entity_version END,
         rollup_version = CASE WHEN @r THEN random() ELSE rollup_version END`,
    )
    .run({ graph: graphId, e, r });
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
