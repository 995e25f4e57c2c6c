/**
 * Decision 022: a list page is read from the nearer end, or from the page a `seek` token
 * names; the rows are those of plain OFFSET paging either way. Strict tokens: one that does
 * not parse, or that was made for another ordering, filter, search or page size, is a 400
 * naming `seek`.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authHeaders,
  startPlatform,
  createUserWithToken,
  type TestPlatform,
} from "../helpers/platform.js";
import { checkCase, checkPastTheEnd, listCases, seedTriples, type Triple } from "./seek-cases.js";

type Token = { token: string; csrf: string };
type List = { results: { id: number }[]; count: number; seek: string | null };

let p: TestPlatform;
let admin: Token;
let rows: Triple[];
let graphs: number[];

async function get(path: string) {
  const res = await fetch(`${p.api}${path}`, { headers: authHeaders(admin) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const list = async (query: string): Promise<List> => {
  const r = await get(`/data/triples/?${query}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as List;
};

beforeAll(async () => {
  p = await startPlatform();
  admin = await createUserWithToken(p.ctx, "seek-admin", ["admin"]);
  ({ rows, graphs } = await seedTriples(p.ctx.store));
});
afterAll(() => p?.close());

describe("paging from either end and by seeking (store)", () => {
  it("gives OFFSET paging's rows for every ordering, filter and search, at page sizes 5 and 10", async () => {
    for (const c of listCases(graphs)) {
      await checkCase(p.ctx.store, rows, c, 5);
      await checkCase(p.ctx.store, rows, c, 10);
    }
  });

  it("answers an empty page past the end", () => checkPastTheEnd(p.ctx.store));
});

describe("seek tokens (API)", () => {
  it("carries the token of each page, and following them walks the list", async () => {
    const all = await list("ordering=-confidence&page_size=100");
    const seen: number[] = [];
    let answer = await list("ordering=-confidence&page_size=5");
    seen.push(...answer.results.map((r) => r.id));
    for (let page = 2; answer.seek; page++) {
      expect(answer.seek).toMatch(/^\d+\.\d+\.\d+\.[\w-]{16}$/);
      answer = await list(`ordering=-confidence&page_size=5&page=${page}&seek=${answer.seek}`);
      seen.push(...answer.results.map((r) => r.id));
    }
    expect(seen).toEqual(all.results.map((r) => r.id));
  });

  it("has no token for an empty page", async () => {
    const answer = await list("page=100&page_size=10");
    expect(answer.results).toEqual([]);
    expect(answer.seek).toBeNull();
  });

  it("reads on from the last row seen: a row added before it does not repeat one", async () => {
    const q = "ordering=subject&page_size=5";
    const page2 = await list(`${q}&page=2`);
    const page3 = await list(`${q}&page=3`);
    await sql`INSERT INTO data_triples (subject, predicate, object) VALUES ('0先来', '位于', '插入')`.execute(
      p.ctx.store.db,
    );
    try {
      const seeking = await list(`${q}&page=3&seek=${page2.seek}`);
      expect(seeking.results.map((r) => r.id)).toEqual(page3.results.map((r) => r.id));
      const offset = await list(`${q}&page=3`);
      expect(offset.results[0].id).toBe(page2.results[4].id);
    } finally {
      await sql`DELETE FROM data_triples WHERE object = '插入'`.execute(p.ctx.store.db);
    }
  });

  it("pages by offset when the row a token names is gone", async () => {
    const q = "ordering=-created_at&page_size=5";
    const page2 = await list(`${q}&page=2`);
    const page3 = await list(`${q}&page=3`);
    const last = page2.results[4].id;
    const { rows: saved } = await sql<
      Record<string, unknown>
    >`SELECT * FROM data_triples WHERE id = ${last}`.execute(p.ctx.store.db);
    await sql`DELETE FROM data_triples WHERE id = ${last}`.execute(p.ctx.store.db);
    try {
      const after = await list(`${q}&page=3&seek=${page2.seek}`);
      // One row fewer before page 3: by offset it starts one row later.
      expect(after.results.map((r) => r.id).slice(0, 4)).toEqual(
        page3.results.map((r) => r.id).slice(1),
      );
    } finally {
      const r = saved[0];
      await sql`INSERT INTO data_triples (id, subject, predicate, object, graph_id, source_id, confidence, created_at)
        VALUES (${r.id}, ${r.subject}, ${r.predicate}, ${r.object}, ${r.graph_id}, ${r.source_id}, ${r.confidence}, ${r.created_at})`.execute(
        p.ctx.store.db,
      );
    }
  });

  it("refuses a token that does not parse, naming seek", async () => {
    const { seek } = await list("page_size=5");
    const sig = seek!.split(".")[3];
    for (const bad of [
      "",
      "x",
      "1.2.3",
      `0.1.2.${sig}`,
      `1.0.2.${sig}`,
      `1.1.2.${sig}x`,
      `01.1.2.${sig}`,
      `1.1.2.${sig.slice(1)}`,
      `1.1.1e3.${sig}`,
      `9999999.1.2.${sig}`,
      `1.1.9999999999999999.${sig}`,
      ` 1.1.2.${sig}`,
    ]) {
      const r = await get(`/data/triples/?page=2&page_size=5&seek=${encodeURIComponent(bad)}`);
      expect(r.status, bad).toBe(400);
      expect(r.body).toMatchObject({
        code: "invalid_page",
        param: "seek",
        detail: "参数 seek 无效：请用列表返回的 seek",
      });
    }
  });

  it("refuses a token made for another ordering, filter, search or page size", async () => {
    const base = `ordering=subject&predicate=${encodeURIComponent("位于")}&page_size=5`;
    const { seek } = await list(base);
    expect(seek).not.toBeNull();
    expect((await get(`/data/triples/?${base}&page=2&seek=${seek}`)).status).toBe(200);
    // The same list spelt otherwise: page_size as limit, one value as __in.
    expect(
      (
        await get(
          `/data/triples/?ordering=subject&predicate__in=${encodeURIComponent("位于")}&limit=5&page=2&seek=${seek}`,
        )
      ).status,
    ).toBe(200);
    for (const other of [
      `ordering=-subject&predicate=${encodeURIComponent("位于")}&page_size=5`,
      `predicate=${encodeURIComponent("位于")}&page_size=5`,
      `ordering=subject&predicate=${encodeURIComponent("装备")}&page_size=5`,
      `ordering=subject&page_size=5`,
      `${base}&search=alpha`,
      `${base}&graph=${graphs[0]}`,
      `${base}&id__in=1,2,3`,
      `ordering=subject&predicate=${encodeURIComponent("位于")}&page_size=10`,
    ]) {
      const r = await get(`/data/triples/?${other}&page=2&seek=${seek}`);
      expect(r.status, other).toBe(400);
      expect(r.body).toMatchObject({
        code: "invalid_page",
        param: "seek",
        detail: "参数 seek 与当前的排序、过滤、搜索或每页条数不符",
      });
    }
    // A token of another resource.
    const sources = await get(`/data/sources/?page=2&page_size=5&seek=${seek}`);
    expect(sources.status).toBe(400);
  });

  it("checks a token on export (which takes every row) and refuses one on bulk delete", async () => {
    const { seek } = await list("page_size=5");
    const ok = await fetch(`${p.api}/data/triples/export/?page_size=5&page=2&seek=${seek}`, {
      headers: authHeaders(admin),
    });
    expect(ok.status).toBe(200);
    expect((await ok.text()).trim().split("\n")).toHaveLength(rows.length + 1);
    const bad = await get(`/data/triples/export/?page_size=10&seek=${seek}`);
    expect(bad.status).toBe(400);
    expect(bad.body.param).toBe("seek");
    const del = await fetch(`${p.api}/data/triples/?all=1&seek=${seek}`, {
      method: "DELETE",
      headers: authHeaders(admin),
    });
    expect(del.status).toBe(400);
    expect(((await del.json()) as { param: string }).param).toBe("seek");
  });
});
