/**
 * The paging checks of decision 022 over one store, run on SQLite (resources-seek.test.ts)
 * and PostgreSQL (postgres-seek.test.ts): every page of every ordering a triple list offers,
 * read by offset from either end and by seeking from the page before or after, equals the
 * page of the rows sorted here in JavaScript (NULL the smallest value, id breaking ties).
 */
import { sql } from "kysely";
import { expect } from "vitest";
import type { Store } from "../../platform/db/store.js";
import { triples } from "../../platform/resources/defs/data.js";
import { listRecords } from "../../platform/resources/list-store.js";
import { parseListFilter, parsePaging, type SeekToken } from "../../platform/resources/query.js";
import type { RecordRow } from "../../platform/resources/types.js";

export interface Triple {
  id: number;
  subject: string;
  predicate: string;
  object: string;
  graph_id: number | null;
  source_id: number;
  confidence: number | null;
  created_at: string;
}

const SUBJECTS = ["甲", "乙", "alpha", "Beta", "beta", "丙"];
const PREDICATES = ["位于", "隶属于", "装备"];

/** 47 triples inserted out of key order, with ties on every column and NULLs in two. */
export async function seedTriples(store: Store): Promise<{ rows: Triple[]; graphs: number[] }> {
  const db = store.db;
  const graphs: number[] = [];
  for (const name of ["翻页图谱一", "翻页图谱二"]) {
    const { rows } = await sql<{
      id: number;
    }>`INSERT INTO graphs (name, domain) VALUES (${name}, 'general') RETURNING id`.execute(db);
    graphs.push(Number(rows[0].id));
  }
  const sources: number[] = [];
  for (const name of ["翻页来源一", "翻页来源二"]) {
    const { rows } = await sql<{
      id: number;
    }>`INSERT INTO data_sources (name) VALUES (${name}) RETURNING id`.execute(db);
    sources.push(Number(rows[0].id));
  }
  const order = Array.from({ length: 47 }, (_, i) => (i * 19) % 47);
  for (const i of order) {
    await sql`INSERT INTO data_triples (subject, predicate, object, graph_id, source_id, confidence, created_at)
      VALUES (${SUBJECTS[i % 6] + (i % 4 === 0 ? "" : String(i % 3))}, ${PREDICATES[i % 3]}, ${`对象${i}`},
        ${i % 5 === 0 ? null : graphs[i % 2]}, ${sources[i % 2]},
        ${i % 4 === 0 ? null : [0.1, 0.5, 0.9, 0.5][i % 4]},
        ${`2024-01-0${1 + (i % 5)}T00:00:00.000Z`})`.execute(db);
  }
  const { rows } = await sql<Triple>`SELECT id, subject, predicate, object, graph_id, source_id,
    confidence, created_at FROM data_triples ORDER BY id`.execute(db);
  return { rows: rows.map((r) => ({ ...r, id: Number(r.id) })), graphs };
}

const FIELD_COLUMN: Record<string, keyof Triple> = {
  id: "id",
  subject: "subject",
  predicate: "predicate",
  graph: "graph_id",
  confidence: "confidence",
  created_at: "created_at",
};

/** `a` before `b` in an ordering (`field,-field`), NULL smallest, id last in the last key's direction. */
export function compareBy(ordering: string) {
  const keys = ordering
    .split(",")
    .filter(Boolean)
    .map((k) => ({ column: FIELD_COLUMN[k.replace(/^-/, "")], desc: k.startsWith("-") }));
  if (!keys.some((k) => k.column === "id"))
    keys.push({ column: "id", desc: keys[keys.length - 1]?.desc ?? false });
  return (a: Triple, b: Triple) => {
    for (const { column, desc } of keys) {
      const x = a[column];
      const y = b[column];
      if (x === y) continue;
      const less = x === null ? true : y === null ? false : x < y;
      return (less ? -1 : 1) * (desc ? -1 : 1);
    }
    return 0;
  };
}

export const ORDERINGS = [
  "",
  "-id",
  ...["subject", "predicate", "graph", "confidence", "created_at"].flatMap((f) => [f, `-${f}`]),
  "predicate,-confidence",
  "-graph,confidence,-subject",
];

export interface ListCase {
  label: string;
  query: Record<string, string>;
  match: (t: Triple) => boolean;
}

const orderingQuery = (o: string): Record<string, string> => (o ? { ordering: o } : {});

export function listCases(graphs: number[]): ListCase[] {
  const all = (t: Triple) => !!t;
  const cases: ListCase[] = ORDERINGS.map((o) => ({
    label: `ordering=${o}`,
    query: orderingQuery(o),
    match: all,
  }));
  for (const o of ["", "-id", "-confidence", "subject", "-graph"]) {
    const q = orderingQuery(o);
    cases.push(
      {
        label: `predicate=位于 ${o}`,
        query: { ...q, predicate: "位于" },
        match: (t) => t.predicate === "位于",
      },
      {
        label: `graph=${graphs[0]} ${o}`,
        query: { ...q, graph: String(graphs[0]) },
        match: (t) => t.graph_id === graphs[0],
      },
      {
        label: `confidence__in=0.5,0.9 ${o}`,
        query: { ...q, confidence__in: "0.5,0.9" },
        match: (t) => t.confidence === 0.5 || t.confidence === 0.9,
      },
      {
        label: `search=alpha ${o}`,
        query: { ...q, search: "alpha" },
        match: (t) => /alpha/i.test(`${t.subject}${t.predicate}${t.object}`),
      },
      {
        label: `search=甲 ${o}`,
        query: { ...q, search: "甲" },
        match: (t) => /甲/.test(`${t.subject}${t.predicate}${t.object}`),
      },
    );
  }
  return cases;
}

const ids = (rows: RecordRow[] | Triple[]) => rows.map((r) => Number(r.id));

/**
 * Every page of a list case at one page size, three ways: the page alone (offset from the
 * nearer end), each page from the token of the page before it (forward), each from the page
 * after it (backward), and every other page from the page two before.
 */
export async function checkCase(store: Store, rows: Triple[], c: ListCase, pageSize: number) {
  const expected = rows.filter(c.match).sort(compareBy(c.query.ordering ?? ""));
  const query = { ...c.query, page_size: String(pageSize) };
  const filter = parseListFilter(triples, query);
  const pages = Math.max(1, Math.ceil(expected.length / pageSize));
  const want = (page: number) => ids(expected.slice((page - 1) * pageSize, page * pageSize));
  const list = async (page: number, seek: SeekToken | null = null) => {
    const paging = parsePaging({ ...query, page: String(page) });
    const got = await listRecords(store, triples, filter, paging, seek);
    expect(got.count, c.label).toBe(expected.length);
    return got.results;
  };
  const tokenOf = (page: number, results: RecordRow[]): SeekToken => ({
    page,
    first: results[0].id,
    last: results[results.length - 1].id,
  });

  const plain: RecordRow[][] = [];
  for (let page = 1; page <= pages; page++) {
    plain[page] = await list(page);
    expect(ids(plain[page]), `${c.label} page ${page}`).toEqual(want(page));
  }
  if (!expected.length) return;
  for (let page = 2; page <= pages; page++) {
    const got = await list(page, tokenOf(page - 1, plain[page - 1]));
    expect(ids(got), `${c.label} page ${page} after ${page - 1}`).toEqual(want(page));
  }
  for (let page = pages - 1; page >= 1; page--) {
    const got = await list(page, tokenOf(page + 1, plain[page + 1]));
    expect(ids(got), `${c.label} page ${page} before ${page + 1}`).toEqual(want(page));
  }
  for (let page = 3; page <= pages; page++) {
    const got = await list(page, tokenOf(page - 2, plain[page - 2]));
    expect(ids(got), `${c.label} page ${page} two after ${page - 2}`).toEqual(want(page));
  }
  for (let page = 1; page <= pages - 2; page++) {
    const got = await list(page, tokenOf(page + 2, plain[page + 2]));
    expect(ids(got), `${c.label} page ${page} two before ${page + 2}`).toEqual(want(page));
  }
}

/** A list past its last page is empty, whichever way it is asked for. */
export async function checkPastTheEnd(store: Store) {
  const filter = parseListFilter(triples, {});
  const got = await listRecords(store, triples, filter, parsePaging({ page: "1000" }), {
    page: 999,
    first: 1,
    last: 2,
  });
  expect(got.results).toEqual([]);
  expect(got.count).toBeGreaterThan(0);
}
