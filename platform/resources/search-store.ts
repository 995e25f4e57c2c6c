import { sql, type RawBuilder } from "kysely";
import type { Db, Store } from "../db/store.js";
import { columnOf, searchableFields } from "./fields.js";
import { ident, q } from "./store.js";
import type { ResourceDef } from "./types.js";

/**
 * Search over a resource's searchable fields: the condition a list, export or bulk delete
 * adds for `?search=`. One function, searchCondition, holds both engines' forms.
 *
 * SQLite: tables with a trigram index (ResourceDef.ftsTable, an FTS5 table with its fts5vocab
 * table, see schema-resources.ts) are searched through it; others by LIKE. PostgreSQL: a plain
 * portable LIKE over lower() for now; the index shapes that serve it (pg_trgm GIN indexes, an
 * n-gram index for one- and two-character terms) come with the PostgreSQL schema.
 */

/** From this many characters a term is a trigram phrase; shorter ones go through the index's terms. */
const TRIGRAM_MIN = 3;
/** A short term that begins more indexed trigrams than this is searched by scanning instead. */
const MAX_PREFIX_TERMS = 500;

/** The condition of a search over the table aliased `t`. */
export interface SearchCondition {
  where: RawBuilder<unknown>;
  /**
   * SQLite: the search goes through this trigram index, so a list counts straight from the
   * index, and pages in its rowid order when sorted by id. Materialising the matches of a
   * common term as `id IN (...)` cost ten times as much.
   */
  fts?: { table: string; match: string };
}

/** A condition that holds for no row (on both engines). */
export const NOTHING = sql`1 = 0`;

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The condition of `?search=term` for a resource, or null when it has no searchable field (the
 * parameter is then ignored). On SQLite it first indexes rows added since the last search
 * (a write of its own): call it before, never inside, a write transaction.
 */
export async function searchCondition(
  store: Store,
  def: ResourceDef,
  term: string,
): Promise<SearchCondition | null> {
  if (store.engine === "postgres") return postgresSearch(def, term);

  // SQLite.
  const match = def.ftsTable ? await trigramQuery(store, def, def.ftsTable, term) : null;
  if (match === "") return { where: NOTHING };
  if (match !== null && def.ftsTable) {
    const table = ident(def.ftsTable);
    return {
      where: sql`t.id IN (SELECT rowid FROM ${table} WHERE ${table} MATCH ${match})`,
      fts: { table: def.ftsTable, match },
    };
  }
  const fields = searchableFields(def);
  if (!fields.length) return null;
  // SQLite's LIKE folds ASCII letters only: a term typed with other capitals ("ÉMILE") also
  // matches text stored in lower case, as usernames are, which PostgreSQL's lower() finds.
  const lower = term.toLowerCase();
  const beyondAscii = lower !== term.replace(/[A-Z]/g, (c) => c.toLowerCase());
  const patterns = (beyondAscii ? [term, lower] : [term]).map(likePattern);
  return {
    where: sql`(${sql.join(
      fields.flatMap((f) =>
        patterns.map((pattern) => sql`t.${ident(columnOf(f))} LIKE ${pattern} ESCAPE '\\'`),
      ),
      sql` OR `,
    )})`,
  };
}

/**
 * PostgreSQL: a case-insensitive substring match on every searchable column (LIKE's own
 * characters in the term escaped). Portable and unindexed here; the PostgreSQL schema brings
 * the trigram (pg_trgm GIN) and short n-gram indexes that serve `lower(col) LIKE …`.
 */
function postgresSearch(def: ResourceDef, term: string): SearchCondition | null {
  const fields = searchableFields(def);
  if (!fields.length) return null;
  const pattern = likePattern(term);
  return {
    where: sql`(${sql.join(
      fields.map((f) => sql`lower(t.${ident(columnOf(f))}) LIKE lower(${pattern}) ESCAPE '\\'`),
      sql` OR `,
    )})`,
  };
}

// ---- SQLite: the trigram index -------------------------------------------------------------

/** What each indexed column gets appended in a trigram index (see schema-resources.ts). */
export const FTS_SUFFIX_SQL = "char(1, 1)";

const ftsString = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * The FTS5 query for a term: a phrase from three characters; below that, any indexed trigram
 * that starts with the term (the index appends two U+0001 to every value, so one exists
 * wherever the term occurs). Null when a short term starts too many trigrams to list.
 */
async function trigramQuery(
  store: Store,
  def: ResourceDef,
  ftsTable: string,
  term: string,
): Promise<string | null> {
  await syncSearchIndex(store, def);
  if ([...term].length >= TRIGRAM_MIN) return ftsString(term);
  const prefix = term.toLowerCase();
  const terms = await prefixTerms(store.db, def, ftsTable, prefix);
  if (terms.length > MAX_PREFIX_TERMS) return null;
  return terms.length ? terms.map(ftsString).join(" OR ") : "";
}

/** Index terms by table and prefix, valid while the index's version stays the same (see schema-search-version.ts). */
const prefixCache = new WeakMap<Db, Map<string, { version: number; terms: string[] }>>();
const PREFIX_CACHE_SIZE = 2000;

async function searchState(db: Db, def: ResourceDef) {
  return db
    .selectFrom("resource_search_state")
    .select(["indexed_through", "version"])
    .where("table_name", "=", def.table)
    .executeTakeFirst();
}

async function prefixTerms(
  db: Db,
  def: ResourceDef,
  ftsTable: string,
  prefix: string,
): Promise<string[]> {
  const version = Number((await searchState(db, def))?.version);
  let cache = prefixCache.get(db);
  if (!cache) prefixCache.set(db, (cache = new Map()));
  const key = `${ftsTable}\u0000${prefix}`;
  const hit = cache.get(key);
  if (hit && hit.version === version) return hit.terms;
  const { rows } = await sql<{ term: string }>`SELECT term FROM ${ident(
    `${ftsTable}_vocab`,
  )} WHERE term >= ${prefix} AND term < ${prefix + "\u{10FFFF}"} LIMIT ${MAX_PREFIX_TERMS + 1}`.execute(
    db,
  );
  const terms = rows.map((r) => r.term);
  if (cache.size >= PREFIX_CACHE_SIZE) cache.clear();
  cache.set(key, { version, terms });
  return terms;
}

async function lastId(db: Db, def: ResourceDef): Promise<number> {
  const { rows } = await sql<{ id: number }>`SELECT ifnull(max(id), 0) AS id FROM ${ident(
    def.table,
  )}`.execute(db);
  return Number(rows[0].id);
}

/**
 * Brings a table's trigram index up to date: indexes, in one statement, the rows added since
 * the last sync (by this platform or any other writer). Runs before every search of the
 * table; a bulk loader may call it once after loading. SQLite only (PostgreSQL's indexes are
 * kept by the database itself); a write of its own, so never inside another.
 */
export async function syncSearchIndex(store: Store, def: ResourceDef) {
  if (!def.ftsTable || store.engine !== "sqlite") return;
  // Cheap check first: a search that finds the index current writes nothing.
  if ((await lastId(store.db, def)) <= Number((await searchState(store.db, def))?.indexed_through))
    return;
  const cols = searchableFields(def).map((f) => q(columnOf(f)));
  const fts = def.ftsTable;
  await store.write(async (tx) => {
    const mark = Number((await searchState(tx, def))?.indexed_through);
    const last = await lastId(tx, def);
    if (last <= mark) return;
    await sql`INSERT INTO ${ident(fts)} (rowid, ${sql.raw(cols.join(", "))})
       SELECT id, ${sql.raw(cols.map((c) => `${c} || ${FTS_SUFFIX_SQL}`).join(", "))} FROM ${ident(
         def.table,
       )} WHERE id > ${mark} AND id <= ${last}`.execute(tx);
    await tx
      .updateTable("resource_search_state")
      .set((eb) => ({ indexed_through: last, version: eb("version", "+", 1) }))
      .where("table_name", "=", def.table)
      .execute();
  });
}

const pendingIndexing = new WeakMap<ResourceDef, NodeJS.Timeout>();

/**
 * Indexes a table's new rows for search `delayMs` from now (after an import has answered:
 * the console shares this process, so indexing at once would still hold its redirect back; a
 * search arriving first indexes the rows itself, so nothing is ever missing from results).
 */
export function syncSearchIndexSoon(store: Store, def: ResourceDef, delayMs: number) {
  if (!def.ftsTable || store.engine !== "sqlite" || pendingIndexing.has(def)) return;
  const timer = setTimeout(() => {
    pendingIndexing.delete(def);
    if (store.sqlite && !store.sqlite.handle.open) return;
    syncSearchIndex(store, def).catch((e: unknown) => {
      // The next search tries again; nothing is lost.
      console.error(`platform: indexing ${def.table} for search after an import failed:`, e);
    });
  }, delayMs);
  timer.unref();
  pendingIndexing.set(def, timer);
}
