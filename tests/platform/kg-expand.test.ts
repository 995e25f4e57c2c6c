import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, seedExploreGraph } from "../app/kg-fixtures.js";
import { createUserWithToken, startPlatform, type TestPlatform } from "../helpers/platform.js";

type Json = any;
const GRAPH = 931;

/** GET /kg/graphs/{id}/expand/: one entity's neighbours with a budget, and the rest per type (issue 23). */
describe("the expansion endpoint", () => {
  let p: TestPlatform;
  let headers: Record<string, string>;
  let fixture: Awaited<ReturnType<typeof seedExploreGraph>>;
  beforeAll(async () => {
    p = await startPlatform({ seed: "demo" });
    headers = {
      Authorization: `Token ${(await createUserWithToken(p.ctx, "explore-reader", [])).token}`,
    };
    fixture = await seedExploreGraph(p.ctx, GRAPH);
  }, 60_000);
  afterAll(() => p.close());

  const get = async (query: string, signedIn = true, graph = GRAPH) => {
    const res = await fetch(`${p.api}/kg/graphs/${graph}/expand/?${query}`, {
      headers: signedIn ? headers : {},
    });
    return { status: res.status, body: (await res.json()) as Json };
  };
  const expand = async (more = "", who = "C") => {
    const r = await get(`entity=${fixture.uuid(who)}${more}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };
  const names = (body: Json) => body.neighbours.map((n: Json) => n.name.slice(1));
  const group = (body: Json, type: number, direction: string) =>
    body.groups.find((g: Json) => g.type_id === type && g.direction === direction);

  it("reads at most the budget (25 by default), shared over the types and directions, and counts the rest of each", async () => {
    const [r1, r2] = fixture.types;
    const body = await expand();
    expect(body.limit).toBe(25);
    expect(body.edges.length).toBe(25);
    expect(body.entity.uuid).toBe(fixture.uuid("C"));
    // Every group: outgoing first, each by type; all of them selected.
    expect(body.groups.map((g: Json) => [g.type_id, g.direction, g.total])).toEqual([
      [r1, "out", 30],
      [r2, "out", 3],
      [r1, "in", 5],
    ]);
    // Water filling: the small groups whole, the big one the rest of the budget.
    expect(group(body, r2, "out")).toMatchObject({ shown: 3, rest: 0, from: 0, selected: true });
    expect(group(body, r1, "in")).toMatchObject({ shown: 5, rest: 0 });
    expect(group(body, r1, "out")).toMatchObject({ shown: 17, rest: 13 });
    // T0 is reached by two relations and listed once.
    expect(body.neighbours.length).toBe(24);
    expect(names(body).filter((n: string) => n === "T0")).toEqual(["T0"]);
    for (const e of body.edges) expect([e.source, e.target]).toContain(fixture.uuid("C"));
    expect(body.neighbours.map((n: Json) => n.uuid)).not.toContain(fixture.uuid("C"));
  });

  it("reads one type and direction in batches: offset and limit, then +N more", async () => {
    const [r1] = fixture.types;
    const first = await expand(`&type=${r1}&direction=out&limit=25`);
    expect(names(first)).toEqual(Array.from({ length: 25 }, (_, i) => `O${i}`));
    expect(group(first, r1, "out")).toMatchObject({ from: 0, shown: 25, rest: 5 });
    expect(group(first, r1, "in")).toMatchObject({ selected: false, shown: 0 });
    const next = await expand(`&type=${r1}&direction=out&offset=25&limit=25`);
    expect(names(next)).toEqual(["O25", "O26", "O27", "O28", "O29"]);
    expect(group(next, r1, "out")).toMatchObject({ from: 25, shown: 5, rest: 0 });
    const past = await expand(`&type=${r1}&direction=out&offset=40`);
    expect(past.edges).toEqual([]);
    expect(group(past, r1, "out")).toMatchObject({ from: 30, shown: 0, rest: 0 });
  });

  it("filters by type and by direction", async () => {
    const [r1, r2] = fixture.types;
    expect(names(await expand(`&type=${r2}`)).sort()).toEqual(["T0", "T1", "T2"]);
    const incoming = await expand(`&direction=in`);
    expect(names(incoming).sort()).toEqual(["I0", "I1", "I2", "I3", "T0"]);
    for (const e of incoming.edges) expect(e.target).toBe(fixture.uuid("C"));
    const byName = await expand(
      `&type=${encodeURIComponent(group(incoming, r1, "in").predicate)}&direction=in&limit=2`,
    );
    expect(names(byName)).toEqual(["I0", "I1"]);
    expect(byName.type).toEqual({ id: r1, name: group(incoming, r1, "in").predicate });
    // From a neighbour: its own relations, the centre among them.
    expect(names(await expand("", "O0")).sort()).toEqual(["C", "Far"]);
  });

  it("knows nothing of what a view hides: the same answer whatever the console hides", async () => {
    const r = await get(`entity=${fixture.uuid("C")}&hidden=${fixture.uuid("O0")}`);
    expect(r.status).toBe(400);
    expect(r.body.param).toBe("hidden");
  });

  it("refuses what it cannot parse, entities of another graph, and callers not signed in", async () => {
    const c = `entity=${fixture.uuid("C")}`;
    const bad = [
      "",
      `${c}&limit=0`,
      `${c}&limit=1001`,
      `${c}&limit=2.5`,
      `${c}&limit=ten`,
      `${c}&offset=-1`,
      `${c}&offset=1e3`,
      `${c}&direction=both`,
      `${c}&type=no-such-type`,
      `${c}&type=999999999`,
      `${c}&limit=5&limit=6`,
    ];
    for (const q of bad) expect((await get(q)).status, q).toBe(400);
    expect((await get(`entity=no-such-entity`)).status).toBe(404);
    expect((await get(`entity=${DEMO.hub}`)).status).toBe(404);
    expect((await get(c, true, 987654)).status).toBe(404);
    expect((await get(c, false)).status).toBe(401);
  });
});
