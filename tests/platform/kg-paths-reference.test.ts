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

/** The two-sided search gives exactly what its definition gives, on a random graph. */
describe("the path search against its definition", () => {
  let p: TestPlatform;
  let headers: Record<string, string>;
  let rels: Rel[];
  let uuidOf: Map<number, string>;
  let entityIds: number[];
  let types: number[];
  beforeAll(async () => {
    p = await startPlatform({ seed: "demo" });
    headers = {
      Authorization: `Token ${(await createUserWithToken(p.ctx, "path-checker", [])).token}`,
    };
    await seedRandomPathGraph(p.ctx, GRAPH, { entities: 40, relations: 110, seed: 23 });
    const entities = await rows<{ id: number; uuid: string }>(
      p.ctx,
      sql`SELECT id, uuid FROM kg_entities WHERE graph_id = ${GRAPH} ORDER BY id`,
    );
    uuidOf = new Map(entities.map((e) => [Number(e.id), e.uuid]));
    entityIds = entities.map((e) => Number(e.id));
    rels = (
      await rows<Rel>(
        p.ctx,
        sql`SELECT id, subject_id, object_id, relation_type_id, confidence FROM kg_relations
             WHERE graph_id = ${GRAPH} ORDER BY id`,
      )
    ).map((r) => ({
      id: Number(r.id),
      subject_id: Number(r.subject_id),
      object_id: Number(r.object_id),
      relation_type_id: Number(r.relation_type_id),
      confidence: Number(r.confidence),
    }));
    types = [...new Set(rels.map((r) => r.relation_type_id))].sort((a, b) => a - b);
  }, 60_000);
  afterAll(() => p.close());

  it("gives the same paths, in the same order, with the same relations per hop", async () => {
    let a = 7;
    const next = () => {
      a = (Math.imul(a, 1103515245) + 12345) >>> 0;
      return a / 4294967296;
    };
    const any = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)];
    let withPaths = 0;
    for (let i = 0; i < 60; i++) {
      const o = {
        hops: any([1, 2, 3, 4, 5, 6]),
        k: any([1, 3, 10]),
        types: any([[], [], [types[0]], [types[1]]]),
        direction: any(["any", "any", "out"] as const),
      };
      const [from, to] = [any(entityIds), any(entityIds)];
      const query =
        `from=${uuidOf.get(from)}&to=${uuidOf.get(to)}&hops=${o.hops}&k=${o.k}` +
        `&direction=${o.direction}&types=${o.types.join(",")}`;
      const res = await fetch(`${p.api}/kg/graphs/${GRAPH}/paths/?${query}`, { headers });
      const body = (await res.json()) as Json;
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(body.stopped).toBe(false);
      const got = body.paths.map((path: Json) => ({
        nodes: path.nodes,
        hops: path.hops.map((h: Json) => h.edges.map((e: Json) => e.id)),
      }));
      const want = reference(rels, from, to, o).map((path) => ({
        nodes: path.nodes.map((id) => uuidOf.get(id)),
        hops: path.hops.map((h) => h.map((r) => r.id)),
      }));
      expect(got, query).toEqual(want);
      if (want.length) withPaths++;
    }
    // The sample is not all "no path".
    expect(withPaths).toBeGreaterThan(20);
  });
});
