import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authHeaders,
  startPlatform,
  createUserWithToken,
  type TestPlatform,
} from "../helpers/platform.js";
import { rows, run, value } from "../helpers/sql.js";

type Token = { token: string; csrf: string };

/**
 * A list filtered by graph or source alone takes its `count` from the counts the store keeps
 * (resource_counts, by triggers). Whatever writes the triples, those counts must equal what
 * counting the rows gives.
 */
describe("kept counts of triples per graph and source", () => {
  let p: TestPlatform;
  let admin: Token;
  const graphs: number[] = [];
  const sources: number[] = [];

  async function call(method: string, path: string, body?: unknown) {
    const res = await fetch(`${p.api}${path}`, {
      method,
      headers: authHeaders(admin),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }
  const listed = async (query: string) =>
    (await call("GET", `/data/triples/?${query}`)).body.count as number;
  const counted = (where: string) =>
    value<number>(p.ctx, sql`SELECT count(*) AS n FROM data_triples WHERE ${sql.raw(where)}`);

  /** Every way of filtering by graph or source, listed against counted. */
  async function expectCountsInStep() {
    for (const g of graphs)
      expect(await listed(`graph=${g}`), `graph ${g}`).toBe(await counted(`graph_id = ${g}`));
    for (const s of sources)
      expect(await listed(`source=${s}`), `source ${s}`).toBe(await counted(`source_id = ${s}`));
    expect(await listed(`graph__in=${graphs.join(",")}`)).toBe(
      await counted(`graph_id IN (${graphs.join(",")})`),
    );
    expect(await listed(`graph__in=${graphs[0]},${graphs[0]}`)).toBe(
      await counted(`graph_id = ${graphs[0]}`),
    );
    expect(await listed(`source__in=${sources.join(",")},999999`)).toBe(
      await counted(`source_id IN (${sources.join(",")})`),
    );
  }

  beforeAll(async () => {
    p = await startPlatform();
    admin = await createUserWithToken(p.ctx, "counts-admin", ["admin"]);
    for (const name of ["计数图谱甲", "计数图谱乙", "计数图谱丙"]) {
      graphs.push(
        await value<number>(
          p.ctx,
          sql`INSERT INTO graphs (name, domain) VALUES (${name}, 'general') RETURNING id`,
        ),
      );
    }
    for (const name of ["计数来源甲", "计数来源乙"]) {
      const r = await call("POST", "/data/sources/", {
        name,
        type: "web",
        url: "https://example.com",
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      sources.push(r.body.id);
    }
  });
  afterAll(() => p.close());

  it("counts what is created one by one, imported, moved, deleted and bulk-deleted", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await call("POST", "/data/triples/", {
        subject: `甲${i}`,
        predicate: "属于",
        object: "乙",
        graph: graphs[i % 3],
        source: i % 4 ? sources[i % 2] : null,
      });
      expect(r.status).toBe(201);
      ids.push(r.body.id);
    }
    await expectCountsInStep();

    // An import: 150 rows, written 64 per INSERT.
    const lines = ["subject,predicate,object,graph,source"];
    for (let i = 0; i < 150; i++)
      lines.push(`丙${i},属于,丁,${graphs[i % 2]},${i % 5 ? sources[1] : ""}`);
    const form = new FormData();
    form.append("file", new Blob([lines.join("\n")]), "counts.csv");
    const imported = await fetch(`${p.api}/data/triples/upload/`, {
      method: "POST",
      headers: authHeaders(admin, false),
      body: form,
    });
    expect((await imported.json()).created).toBe(150);
    await expectCountsInStep();

    // Moved to another graph and source, to none, and back.
    expect(
      (await call("PATCH", `/data/triples/${ids[0]}/`, { graph: graphs[2], source: sources[1] }))
        .status,
    ).toBe(200);
    expect(
      (await call("PATCH", `/data/triples/${ids[1]}/`, { graph: null, source: null })).status,
    ).toBe(200);
    expect((await call("PATCH", `/data/triples/${ids[2]}/`, { subject: "只改主体" })).status).toBe(
      200,
    );
    await expectCountsInStep();

    expect((await call("DELETE", `/data/triples/${ids[3]}/`)).status).toBe(204);
    expect(
      (await call("DELETE", `/data/triples/?id__in=${ids.slice(4, 8).join(",")}`)).status,
    ).toBe(200);
    await expectCountsInStep();
  });

  it("counts after a graph or source is deleted (its triples keep no graph or source)", async () => {
    const before = await counted(`graph_id = ${graphs[1]}`);
    expect(before).toBeGreaterThan(0);
    await run(p.ctx, sql`DELETE FROM graphs WHERE id = ${graphs[1]}`);
    expect(await counted(`graph_id = ${graphs[1]}`)).toBe(0);
    expect(await listed(`graph=${graphs[1]}`)).toBe(0);
    expect((await call("DELETE", `/data/sources/${sources[0]}/`)).status).toBe(204);
    expect(await listed(`source=${sources[0]}`)).toBe(0);
    await expectCountsInStep();
    // Rows without a graph are counted too (kept under 0), for whoever asks the store.
    const none = await value(
      p.ctx,
      sql`SELECT n FROM resource_counts WHERE table_name = 'data_triples' AND column_name = 'graph_id' AND value = 0`,
    );
    expect(none).toBe(await counted("graph_id IS NULL"));
  });

  it("counts the rows of a filter combined with others or a search by stepping them, as before", async () => {
    expect(await listed(`graph=${graphs[0]}&predicate=${encodeURIComponent("属于")}`)).toBe(
      await counted(`graph_id = ${graphs[0]} AND predicate = '属于'`),
    );
    expect(await listed(`graph=${graphs[0]}&search=${encodeURIComponent("丙1")}`)).toBe(
      await counted(`graph_id = ${graphs[0]} AND subject LIKE '%丙1%'`),
    );
  });

  it("gives the right last page after rows were added or removed since it was last read", async () => {
    // On PostgreSQL a page near the end is read backwards from the count the list had last time
    // (and the count in the same statement): a count that moved meanwhile must not shift it.
    const page = async (n: number) =>
      (await call("GET", `/data/triples/?page_size=5&page=${n}`)).body as {
        count: number;
        results: { id: number }[];
      };
    const expected = async (n: number) =>
      (
        await rows<{ id: number }>(
          p.ctx,
          sql`SELECT id FROM data_triples ORDER BY id LIMIT 5 OFFSET ${(n - 1) * 5}`,
        )
      ).map((r) => Number(r.id));
    const check = async () => {
      const count = await counted("1 = 1");
      const last = Math.ceil(count / 5);
      for (const n of [last, last - 1, 1]) {
        const got = await page(n);
        expect({ n, count: got.count, ids: got.results.map((r) => r.id) }).toEqual({
          n,
          count,
          ids: await expected(n),
        });
      }
    };
    await check();
    for (let i = 0; i < 3; i++)
      expect(
        (
          await call("POST", "/data/triples/", {
            subject: `末${i}`,
            predicate: "属于",
            object: "戊",
          })
        ).status,
      ).toBe(201);
    await check();
    const newest = await value<number>(p.ctx, sql`SELECT max(id) AS n FROM data_triples`);
    expect((await call("DELETE", `/data/triples/${newest}/`)).status).toBe(204);
    const oldest = await value<number>(p.ctx, sql`SELECT min(id) AS n FROM data_triples`);
    expect((await call("DELETE", `/data/triples/${oldest}/`)).status).toBe(204);
    await check();
  });
});
