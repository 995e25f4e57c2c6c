import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedRandomPathGraph } from "../app/kg-fixtures.js";
import { createUserWithToken, startPlatform, type TestPlatform } from "../helpers/platform.js";
import { rows } from "../helpers/sql.js";

type Json = any;
const GRAPH = 910;

interface Rel {
  id: number;
  subject_id: number;
  object_id: number;
  relation_type_id: number;
  confidence: number;
}

/**
 * The path search's answer as its definition gives it (issue 23): every simple path of each
 * length from 1 to `hops`, in order of entity ids, the first 200 of a length, the most
 * confident of them first (ties in that order), until `k` paths; each hop every relation
 * between its two entities the filters allow, strongest first, then by id.
 */
function reference(
  rels: Rel[],
  from: number,
  to: number,
  o: { hops: number; k: number; types: number[]; direction: "any" | "out" },
) {
  const steps = new Map<number, { to: number; row: Rel }[]>();
  const add = (at: number, next: number, row: Rel) =>
    steps.set(at, [...(steps.get(at) ?? []), { to: next, row }]);
  for (const r of rels) {
    if (o.types.length && !o.types.includes(r.relation_type_id)) continue;
    add(r.subject_id, r.object_id, r);
    if (o.direction === "any") add(r.object_id, r.subject_id, r);
  }
  const found: { nodes: number[]; hops: Rel[][] }[] = [];
  for (let length = 1; length <= o.hops && found.length < o.k && from !== to; length++) {
    const candidates: { nodes: number[]; hops: Rel[][]; score: number }[] = [];
    const path = [from];
    const hops: Rel[][] = [];
    const dfs = (at: number) => {
      if (candidates.length >= 200) return;
      const left = length - hops.length;
      if (at === to) {
        if (left === 0)
          candidates.push({
            nodes: [...path],
            hops: [...hops],
            score: hops.reduce((p, h) => p * Math.max(...h.map((r) => r.confidence)), 1),
          });
        return;
      }
      if (left === 0) return;
      const byNext = new Map<number, Rel[]>();
      for (const s of steps.get(at) ?? [])
        if (!path.includes(s.to)) byNext.set(s.to, [...(byNext.get(s.to) ?? []), s.row]);
      for (const [next, list] of [...byNext].sort((x, y) => x[0] - y[0])) {
        path.push(next);
        hops.push(list.sort((x, y) => y.confidence - x.confidence || x.id - y.id));
        dfs(next);
        path.pop();
        hops.pop();
      }
    };
    dfs(from);
    candidates.sort((x, y) => y.score - x.score);
    found.push(...candidates.slice(0, o.k - found.length));
  }
  return found;
}

/** A random graph as the test reads it: its relations and its entities' ids and uuids. */
interface Graph {
  id: number;
  rels: Rel[];
  uuidOf: Map<number, string>;
  entityIds: number[];
  types: number[];
}

/**
 * The two-sided search gives exactly what its definition gives, on two random graphs: a
 * sparse one (40 entities, 110 relations: the sides grow a layer at a time) and one with hubs
 * (120 entities, 2,400 relations, a few subjects with hundreds: the sides meet, the hubs'
 * relations scanned for the other side's entities, and the candidates of a length run to the
 * cap of 200).
 */
describe("the path search against its definition", () => {
  let p: TestPlatform;
  let headers: Record<string, string>;
  const graphs: Graph[] = [];
  beforeAll(async () => {
    p = await startPlatform({ seed: "demo" });
    headers = {
      Authorization: `Token ${(await createUserWithToken(p.ctx, "path-checker", [])).token}`,
    };
    await seedRandomPathGraph(p.ctx, GRAPH, { entities: 40, relations: 110, seed: 23 });
    await seedRandomPathGraph(p.ctx, GRAPH + 1, {
      entities: 120,
      relations: 2_400,
      seed: 5,
      hubs: true,
    });
    for (const id of [GRAPH, GRAPH + 1]) {
      const entities = await rows<{ id: number; uuid: string }>(
        p.ctx,
        sql`SELECT id, uuid FROM kg_entities WHERE graph_id = ${id} ORDER BY id`,
      );
      const rels = (
        await rows<Rel>(
          p.ctx,
          sql`SELECT id, subject_id, object_id, relation_type_id, confidence FROM kg_relations
               WHERE graph_id = ${id} ORDER BY id`,
        )
      ).map((r) => ({
        id: Number(r.id),
        subject_id: Number(r.subject_id),
        object_id: Number(r.object_id),
        relation_type_id: Number(r.relation_type_id),
        confidence: Number(r.confidence),
      }));
      graphs.push({
        id,
        rels,
        uuidOf: new Map(entities.map((e) => [Number(e.id), e.uuid])),
        entityIds: entities.map((e) => Number(e.id)),
        types: [...new Set(rels.map((r) => r.relation_type_id))].sort((a, b) => a - b),
      });
    }
  }, 60_000);
  afterAll(() => p.close());

  /** `searches` random searches on `g`: the endpoint's paths and the definition's, compared. */
  const compare = async (
    g: Graph,
    searches: number,
    hops: number[],
    ks: number[],
    seed: number,
  ) => {
    let a = seed;
    const next = () => {
      a = (Math.imul(a, 1103515245) + 12345) >>> 0;
      return a / 4294967296;
    };
    const any = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)];
    const counts = { withPaths: 0, full: 0 };
    for (let i = 0; i < searches; i++) {
      const o = {
        hops: any(hops),
        k: any(ks),
        types: any([[], [], [g.types[0]], [g.types[1]]]),
        direction: any(["any", "any", "out"] as const),
      };
      const [from, to] = [any(g.entityIds), any(g.entityIds)];
      const query =
        `from=${g.uuidOf.get(from)}&to=${g.uuidOf.get(to)}&hops=${o.hops}&k=${o.k}` +
        `&direction=${o.direction}&types=${o.types.join(",")}`;
      const res = await fetch(`${p.api}/kg/graphs/${g.id}/paths/?${query}`, { headers });
      const body = (await res.json()) as Json;
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(body.stopped).toBe(false);
      const got = body.paths.map((path: Json) => ({
        nodes: path.nodes,
        hops: path.hops.map((h: Json) => h.edges.map((e: Json) => e.id)),
      }));
      const want = reference(g.rels, from, to, o).map((path) => ({
        nodes: path.nodes.map((id) => g.uuidOf.get(id)),
        hops: path.hops.map((h) => h.map((r) => r.id)),
      }));
      expect(got, query).toEqual(want);
      if (want.length) counts.withPaths++;
      if (want.length === o.k && o.k === 10) counts.full++;
    }
    return counts;
  };

  it("gives the same paths, in the same order, with the same relations per hop", async () => {
    const { withPaths } = await compare(graphs[0], 60, [1, 2, 3, 4, 5, 6], [1, 3, 10], 7);
    // The sample is not all "no path".
    expect(withPaths).toBeGreaterThan(20);
  });

  it("gives the same where hubs hold hundreds of relations and the sides meet", async () => {
    const { withPaths, full } = await compare(graphs[1], 80, [2, 3, 4, 4], [3, 10, 10], 11);
    expect(withPaths).toBeGreaterThan(50);
    // Some searches choose 10 of many paths of a length (ties of confidence among them).
    expect(full).toBeGreaterThan(10);
  });
});
