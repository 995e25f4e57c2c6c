import Graph from "graphology";
import { parse as parseGraphml } from "graphology-graphml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedPathGraph } from "../app/kg-fixtures.js";
import { createUserWithToken, startPlatform, type TestPlatform } from "../helpers/platform.js";

type Json = any;
const GRAPH = 908;

/**
 * Export what is shown (issue 23 item 4): GET /kg/graphs/{id}/export/?entities=&relations=, the
 * subgraph a view shows (a path search here) through the graph export's writers.
 */
describe("the shown subgraph's export", () => {
  let p: TestPlatform;
  let headers: Record<string, string>;
  let fixture: Awaited<ReturnType<typeof seedPathGraph>>;
  let search: Json;
  let entities: string[];
  let relations: number[];

  beforeAll(async () => {
    p = await startPlatform({ seed: "demo" });
    headers = {
      Authorization: `Token ${(await createUserWithToken(p.ctx, "shown-reader", ["kg__graph__read"])).token}`,
    };
    fixture = await seedPathGraph(p.ctx, GRAPH);
    const res = await fetch(
      `${p.api}/kg/graphs/${GRAPH}/paths/?from=${fixture.uuid("A")}&to=${fixture.uuid("D")}&k=2`,
      { headers },
    );
    search = await res.json();
    entities = search.entities.map((e: Json) => e.uuid);
    relations = search.paths.flatMap((x: Json) =>
      x.hops.flatMap((h: Json) => h.edges.map((e: Json) => e.id)),
    );
  }, 60_000);
  afterAll(() => p.close());

  const get = (query: string) => fetch(`${p.api}/kg/graphs/${GRAPH}/export/?${query}`, { headers });
  const shown = (format: string) =>
    `format=${format}&entities=${entities.join(",")}&relations=${relations.join(",")}`;

  it("writes GraphML of just the shown entities and relations", async () => {
    const res = await get(shown("graphml"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="graph-${GRAPH}-shown.graphml"`,
    );
    const graph = parseGraphml(Graph, await res.text());
    expect(graph.nodes().sort()).toEqual([...entities].sort());
    expect(graph.edges().sort()).toEqual(relations.map((id) => `r${id}`).sort());
    expect(entities).toHaveLength(4); // A, E, F, D
    expect(graph.getNodeAttributes(fixture.uuid("E")).label).toBe("实体E");
    const viaE = search.paths[0].hops[0].edges[0];
    expect(graph.getEdgeAttributes(`r${viaE.id}`)).toMatchObject({
      label: viaE.predicate,
      sentence: fixture.sentence(0),
    });
    expect(graph.source(`r${viaE.id}`)).toBe(viaE.source);
  });

  it("writes JSON-LD of the same subgraph", async () => {
    const res = await get(shown("jsonld"));
    expect(res.status).toBe(200);
    const doc = JSON.parse(await res.text());
    const ids: string[] = doc["@graph"].map((n: Json) => n["@id"]);
    for (const uuid of entities) expect(ids.some((id) => id.endsWith(uuid))).toBe(true);
    expect(ids.some((id) => id.endsWith(fixture.uuid("B")))).toBe(false);
    expect(ids.filter((id) => /statement|relation/i.test(id))).toHaveLength(relations.length);
  });

  it("adds the ends of the shown relations, and leaves out what is not of the graph", async () => {
    const res = await get(
      `format=graphml&relations=${relations[0]}&entities=no-such,${fixture.uuid("Z")}`,
    );
    const graph = parseGraphml(Graph, await res.text());
    expect(graph.size).toBe(1);
    expect(graph.order).toBe(3);
    expect(graph.hasNode(fixture.uuid("Z"))).toBe(true);
  });

  it("refuses bad lists with a 400", async () => {
    for (const q of [
      "format=graphml&relations=abc",
      "format=graphml&relations=1,-2",
      `format=graphml&entities=${fixture.uuid("A")}&entity=${fixture.uuid("A")}`,
      `format=graphml&relations=${Array.from({ length: 2001 }, (_, i) => i + 1).join(",")}`,
    ]) {
      const res = await get(q);
      expect(res.status, q).toBe(400);
    }
  });
});
