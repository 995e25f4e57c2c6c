import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forceLayout } from "../../platform/kg/layout.js";
import { seedHubGraph } from "../app/kg-fixtures.js";
import { value } from "../helpers/sql.js";
import {
  authHeaders,
  startPlatform,
  type TestPlatform,
  createUserWithToken,
  type TestUser,
} from "../helpers/platform.js";

type Json = any;

/** GET …/entities/{uuid}/relation-graph/: the relation page's graph, merged and placed by the platform. */
describe("the relation graph endpoint", () => {
  let p: TestPlatform;
  let headers: Record<string, string>;
  let reader: TestUser;
  let hub: string;
  beforeAll(async () => {
    p = await startPlatform({ seed: "demo" });
    reader = await createUserWithToken(p.ctx, "kg-graph-reader", []);
    headers = { Authorization: `Token ${reader.token}` };
    hub = await value<string>(
      p.ctx,
      sql`SELECT e.uuid FROM kg_entities e JOIN kg_relations r ON r.subject_id = e.id WHERE e.graph_id = 245 GROUP BY e.id, e.uuid ORDER BY count(*) DESC, e.id LIMIT 1`,
    );
  });
  afterAll(() => p.close());

  const get = async (path: string, signedIn = true) => {
    const res = await fetch(`${p.api}${path}`, { headers: signedIn ? headers : {} });
    return { status: res.status, body: (await res.json()) as Json };
  };
  const graphOf = async (query: string, graph = 245, center = hub) => {
    const r = await get(`/kg/graphs/${graph}/entities/${center}/relation-graph/${query}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };

  it("places every node of an entity's neighbourhood and counts degrees and relation types", async () => {
    const g = await graphOf("");
    const neighbours = (await get(`/kg/graphs/245/entities/${hub}/neighbours/`)).body;
    expect(g.center).toBe(hub);
    expect(g.nodes.map((n: Json) => n.id)).toEqual(neighbours.nodes.map((n: Json) => n.id));
    expect(g.total_relations).toBe(neighbours.total_relations);
    expect(g.unknown).toEqual([]);
    for (const n of g.nodes) {
      expect(Number.isFinite(n.x) && Number.isFinite(n.y)).toBe(true);
      expect(n.expanded).toBe(false);
      const edges = g.edges.filter((e: Json) => e.source === n.id || e.target === n.id);
      expect(n.degree).toBe(edges.length);
    }
    const counted = g.relation_types.reduce((sum: number, t: Json) => sum + t.count, 0);
    expect(counted).toBe(g.edges.length);
    const counts = g.relation_types.map((t: Json) => t.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    // The same graph is placed the same way every time.
    expect((await graphOf("")).nodes).toEqual(g.nodes);
  });

  it("merges the neighbours of expanded nodes and lists expanded ids it does not know", async () => {
    const base = await graphOf("");
    const neighbour = base.nodes.find((n: Json) => n.id !== hub).id;
    const g = await graphOf(`?expand=${neighbour},no-such-uuid`);
    expect(g.nodes.length).toBeGreaterThanOrEqual(base.nodes.length);
    expect(g.nodes.find((n: Json) => n.id === neighbour).expanded).toBe(true);
    expect(g.unknown).toEqual(["no-such-uuid"]);
    const ids = new Set(g.nodes.map((n: Json) => n.id));
    for (const e of g.edges) expect(ids.has(e.source) && ids.has(e.target)).toBe(true);
  });

  it("keeps a big neighbourhood's layout when an expansion is added", async () => {
    const big = await seedHubGraph(p.ctx, 903, 400);
    const base = await graphOf("?limit=500", 903, big.hub);
    expect(base.nodes.length).toBeGreaterThan(300);
    const g = await graphOf("?limit=500&expand=n-903-5", 903, big.hub);
    expect(g.nodes.find((n: Json) => n.id === "n-903-5").expanded).toBe(true);
    for (const n of g.nodes) expect(Number.isFinite(n.x) && Number.isFinite(n.y)).toBe(true);
  });

  it("refuses more than 12 expansions, unknown centres and graphs, and anonymous readers", async () => {
    const many = Array.from({ length: 13 }, (_, i) => `x${i}`).join(",");
    expect(
      (await get(`/kg/graphs/245/entities/${hub}/relation-graph/?expand=${many}`)).status,
    ).toBe(400);
    expect((await get("/kg/graphs/245/entities/no-such-uuid/relation-graph/")).status).toBe(404);
    expect((await get(`/kg/graphs/246/entities/${hub}/relation-graph/`)).status).toBe(404);
    expect((await get(`/kg/graphs/245/entities/${hub}/relation-graph/`, false)).status).toBe(401);
  });

  it("lays out the same graph the same way every time", () => {
    const ids = ["a", "b", "c", "d"];
    const edges: [string, string][] = [
      ["a", "b"],
      ["a", "c"],
      ["c", "d"],
    ];
    expect([...forceLayout(ids, edges)]).toEqual([...forceLayout(ids, edges)]);
  });

  it("places the small graph of a text analysis: the entities its relations join", async () => {
    const article = await value<number>(
      p.ctx,
      sql`SELECT article_id FROM kg_relations WHERE graph_id = 245 AND article_id IS NOT NULL ORDER BY id LIMIT 1`,
    );
    const res = await fetch(`${p.api}/kg/graphs/245/extract/`, {
      method: "POST",
      headers: authHeaders(reader),
      body: JSON.stringify({ article_id: article }),
    });
    const r = (await res.json()) as Json;
    expect(res.status).toBe(200);
    const joined = new Set(r.relations.flatMap((x: Json) => [x.subject.uuid, x.object.uuid]));
    expect(r.layout.length).toBeGreaterThan(0);
    for (const n of r.layout) {
      expect(joined.has(n.id)).toBe(true);
      expect(Number.isFinite(n.x) && Number.isFinite(n.y)).toBe(true);
    }
  });
});
