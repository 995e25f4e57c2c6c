import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedPathGraph } from "../app/kg-fixtures.js";
import { createUserWithToken, startPlatform, type TestPlatform } from "../helpers/platform.js";

type Json = any;
const GRAPH = 906;

/** GET /kg/graphs/{id}/paths/: the shortest paths between two entities, with their evidence (issue 23). */
describe("the path search endpoint", () => {
  let p: TestPlatform;
  let headers: Record<string, string>;
  let fixture: Awaited<ReturnType<typeof seedPathGraph>>;
  beforeAll(async () => {
    p = await startPlatform({ seed: "demo" });
    headers = {
      Authorization: `Token ${(await createUserWithToken(p.ctx, "path-reader", [])).token}`,
    };
    fixture = await seedPathGraph(p.ctx, GRAPH);
  }, 60_000);
  afterAll(() => p.close());

  const get = async (query: string, signedIn = true) => {
    const res = await fetch(`${p.api}/kg/graphs/${GRAPH}/paths/?${query}`, {
      headers: signedIn ? headers : {},
    });
    return { status: res.status, body: (await res.json()) as Json };
  };
  const search = async (from: string, to: string, more = "") => {
    const r = await get(`from=${fixture.uuid(from)}&to=${fixture.uuid(to)}${more}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };
  const names = (body: Json) =>
    body.paths.map((path: Json) =>
      path.nodes.map((u: string) => body.entities.find((e: Json) => e.uuid === u).name).join(">"),
    );

  it("finds the shortest paths first, the most confident first among equals, each hop with its evidence", async () => {
    const body = await search("A", "D");
    expect(body.stopped).toBe(false);
    expect(names(body)).toEqual([
      "实体A>实体E>实体D",
      "实体A>实体F>实体D",
      "实体A>实体B>实体C>实体D",
    ]);
    expect(body.paths.map((x: Json) => x.length)).toEqual([2, 2, 3]);
    const [first] = body.paths;
    expect(first.hops.map((h: Json) => h.edges[0].sentence)).toEqual([
      fixture.sentence(0),
      fixture.sentence(1),
    ]);
    expect(first.hops[0].edges[0].article.title).toBe("路径证据");
    expect(first.hops[0].edges[0].predicate).not.toBe("");
    // Every edge joins its hop's two ends, in the relation's own direction.
    for (const path of body.paths)
      for (const hop of path.hops)
        for (const e of hop.edges)
          expect([e.source, e.target].sort()).toEqual([hop.from, hop.to].sort());
  });

  it("keeps to k paths and to the hops asked for", async () => {
    expect(names(await search("A", "D", "&k=1"))).toEqual(["实体A>实体E>实体D"]);
    expect(names(await search("A", "D", "&hops=2&k=10"))).toEqual([
      "实体A>实体E>实体D",
      "实体A>实体F>实体D",
    ]);
    expect(names(await search("A", "B", "&hops=1"))).toEqual(["实体A>实体B"]);
  });

  it("walks only along relations with direction=out, and only the types asked for", async () => {
    expect(names(await search("A", "D", "&direction=out&k=10"))).toEqual([
      "实体A>实体E>实体D",
      "实体A>实体B>实体C>实体D",
    ]);
    // Against the relations, nothing from D to A.
    expect((await search("D", "A", "&direction=out")).paths).toEqual([]);
    const e = await search("A", "E");
    const type = e.paths[0].hops[0].edges[0].predicate;
    const others = await search("A", "D", `&types=${encodeURIComponent(type)}&k=10`);
    expect(names(others)).toEqual(["实体A>实体E>实体D"]);
    expect(others.types.map((t: Json) => t.name)).toEqual([type]);
  });

  it("says when there is no path within the hops, and finds one when the hops allow", async () => {
    const none = await search("Q0", "Q7", "&hops=6");
    expect(none.paths).toEqual([]);
    expect(none.stopped).toBe(false);
    expect(names(await search("Q0", "Q6", "&hops=6"))).toEqual([
      "实体Q0>实体Q1>实体Q2>实体Q3>实体Q4>实体Q5>实体Q6",
    ]);
  });

  it("answers at once that a hub has no path to an entity alone, at every number of hops", async () => {
    for (const hops of [2, 4, 6]) {
      const body = await search("H", "Z", `&hops=${hops}`);
      expect(body.stopped).toBe(false);
      expect(body.paths).toEqual([]);
      // Z has no relations: the search reads Z's, not the hub's 6,000.
      expect(body.visited).toBeLessThanOrEqual(1);
    }
    const back = await search("Z", "H", "&hops=6");
    expect([back.stopped, back.paths, back.visited]).toEqual([false, [], 1]);
  });

  it("finds a path through a hub without reading the hub's 6,000 relations", async () => {
    const body = await search("X", "Y", "&hops=4&k=1");
    expect(body.stopped).toBe(false);
    expect(names(body)).toEqual(["实体X>实体G>实体Y"]);
    // The two ends meet at G: only X's and Y's relations are read.
    expect(body.visited).toBe(2);
    expect(names(await search("X", "G", "&hops=4"))).toEqual(["实体X>实体G"]);
    const leaf = await search("G", "Y", "&hops=4&direction=out");
    expect([names(leaf), leaf.stopped]).toEqual([["实体G>实体Y"], false]);
  });

  it("stops at its budget of entities between two hubs far apart, and says so", async () => {
    const body = await search("H", "G", "&hops=4");
    expect(body.stopped).toBe(true);
    expect(body.paths).toEqual([]);
    expect(body.budget).toBe(5000);
    // Two hops need no more than the hubs' own relations: an exact "none".
    const near = await search("H", "G", "&hops=2");
    expect(near.stopped).toBe(false);
    expect(near.paths).toEqual([]);
  });

  it("refuses what it cannot parse, entities of another graph, and callers not signed in", async () => {
    const bad = [
      `to=${fixture.uuid("D")}`,
      `from=${fixture.uuid("A")}`,
      `from=${fixture.uuid("A")}&to=${fixture.uuid("D")}&hops=7`,
      `from=${fixture.uuid("A")}&to=${fixture.uuid("D")}&hops=0`,
      `from=${fixture.uuid("A")}&to=${fixture.uuid("D")}&k=11`,
      `from=${fixture.uuid("A")}&to=${fixture.uuid("D")}&k=2.5`,
      `from=${fixture.uuid("A")}&to=${fixture.uuid("D")}&direction=in`,
      `from=${fixture.uuid("A")}&to=${fixture.uuid("D")}&types=no-such-type`,
    ];
    for (const q of bad) expect((await get(q)).status, q).toBe(400);
    expect((await get(`from=${fixture.uuid("A")}&to=no-such-entity`)).status).toBe(404);
    const demoHub = "2b49e008-d9ee-5544-bd31-82da81af65db";
    expect((await get(`from=${fixture.uuid("A")}&to=${demoHub}`)).status).toBe(404);
    expect((await get(`from=${fixture.uuid("A")}&to=${fixture.uuid("D")}`, false)).status).toBe(
      401,
    );
  });

  it("answers from an entity to itself with no path", async () => {
    const body = await search("A", "A");
    expect(body.paths).toEqual([]);
    expect(body.entities.length).toBe(1);
  });
});
