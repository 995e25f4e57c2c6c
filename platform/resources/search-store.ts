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
 * table, see schema-resources.ts) are searched through it; others by LIKE. PostgreSQL: ILIKE
 * on every searchable column, in the shapes its search indexes serve for the tables that have
 * them (data_triples, ../db/postgres/resources.ts): pg_trgm GIN indexes for terms of 3 or more
 * characters, the substring index and counts for shorter ones.
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
  /**
   * PostgreSQL: how many rows the search alone matches, already known (a short term's count
   * from resource_search_grams): the count of a list with no other condition.
   */
  count?: number;
  /** PostgreSQL: the statement that counts the search's matches (`n`), used when nothing else filters. */
  counter?: RawBuilder<{ n: number }>;
  /**
   * PostgreSQL: the condition to use when every match is read anyway (a search sorted by
   * another column than id), where `where` is shaped for finding the first few in id order.
   */
  whole?: RawBuilder<unknown>;
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
  if (store.engine === "postgres") return postgresSearch(store.db, def, term);

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

// ---- PostgreSQL ------------------------------------------------------------------------------

/** Up to this many characters a term holds no trigram: its rows come from the substring index. */
const SHORT_MAX = TRIGRAM_MIN - 1;
/**
 * A short term held by at most this many rows is found through the substring index; a more
 * frequent one by ILIKE, which the first page meets within a few rows in any order (the
 * index would first fetch every match).
 */
const RARE_SHORT = 5000;
/** What joins the columns in a searchable text (021-triples-search-text: kg_search_text). */
const SEPARATOR = "\u0001";

/**
 * Characters no case mapping touches: Han, kana, Hangul, digits, spaces, ASCII and CJK
 * punctuation. A term made of them alone is matched the same with or without case folding
 * (`lower()` maps character to character and never onto one of these), so PostgreSQL can test it
 * with LIKE: ILIKE lower-cases every value it looks at, and a common term's count rechecks
 * every matching row (100,000 rows: about 3× the time).
 */
const UNCASED =
  /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Nd}\s!-/:-@[-`{-~\u3000-\u303f\uff01-\uff0f\uff1a-\uff20]+$/u;

/**
 * PostgreSQL: a case-insensitive substring match on every searchable column (`ILIKE`, which is
 * `lower(column) LIKE lower(pattern)`, or LIKE for a term without cased characters; LIKE's own
 * characters in the term escaped by `\`). On a table with search indexes (ResourceDef.ftsTable:
 * data_triples, ../db/postgres/resources.ts) in the shapes they serve: a term of 3 or more
 * characters through the row's searchable text in `{table}_search` (lower-cased columns joined
 * by U+0001, one pg_trgm GIN index: ../db/schema-triples-search-text.ts), counted there alone; a
 * shorter one counted from resource_search_grams (exact), its rows found through the GIN index
 * over the rows' short substrings when few (the expression exactly as indexed) and by (I)LIKE
 * when many (through that index again when all of them are read: a sort on another column).
 */
async function postgresSearch(
  db: Db,
  def: ResourceDef,
  term: string,
): Promise<SearchCondition | null> {
  const fields = searchableFields(def);
  if (!fields.length) return null;
  const pattern = likePattern(term);
  const like = UNCASED.test(term) ? sql`LIKE` : sql`ILIKE`;
  const matches = sql`(${sql.join(
    fields.map((f) => sql`t.${ident(columnOf(f))} ${like} ${pattern}`),
    sql` OR `,
  )})`;
  if (!def.ftsTable) return { where: matches };
  if ([...term].length > SHORT_MAX) {
    // A term with the separator could run from one column into the next: matched column by column.
    if (term.includes(SEPARATOR)) return { where: matches };
    const text = sql`${ident(`${def.table}_search`)} AS s WHERE s.text LIKE lower(${pattern})`;
    return {
      // In id order the planner walks both primary keys side by side (a frequent term's first
      // page within a few rows) or looks a rare term's few rows up.
      where: sql`t.id IN (SELECT s.id FROM ${text})`,
      // Every match read (another order): their ids first, then those rows by the primary key
      // (as an IN, the planner joined a million rows to them).
      whole: sql`t.id = ANY (ARRAY(SELECT s.id FROM ${text}))`,
      counter: sql<{ n: number }>`SELECT count(*) AS n FROM ${text}`,
    };
  }
  const { rows } = await sql<{ n: number }>`SELECT coalesce(sum(n), 0) AS n
      FROM resource_search_grams WHERE table_name = ${def.table} AND gram = lower(${term})`.execute(
    db,
  );
  const count = Number(rows[0].n);
  if (count === 0) return { where: NOTHING, count };
  const grams = (alias: string) =>
    sql`kg_short_grams(${sql.join(fields.map((f) => sql`${sql.raw(alias)}.${ident(columnOf(f))}`))})`;
  if (count > RARE_SHORT)
    return { where: matches, count, whole: sql`${grams("t")} @> ARRAY[lower(${term})]` };
  return {
    where: sql`t.id = ANY (ARRAY(SELECT s.id FROM ${ident(def.table)} AS s
                                   WHERE ${grams("s")} @> ARRAY[lower(${term})]))`,
    count,
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
