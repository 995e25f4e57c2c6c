import crypto from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateGraph } from "../../platform/kg/generate.js";
import { hotEntities } from "../../platform/kg/hot.js";
import { refreshRollups } from "../../platform/kg/rollups.js";
import { kgStoreIsEmpty, seedKgDemo } from "../../platform/seed/kg-demo.js";
import { createUserWithToken, startPlatform, type TestPlatform } from "../helpers/platform.js";
import { one, rows, run, value } from "../helpers/sql.js";

type Json = any;

async function corpusHash(p: TestPlatform) {
  const all = await rows<Record<string, unknown>>(
    p.ctx,
    sql`SELECT 'a' AS k, graph_id, title AS x, published_at AS y, content AS z FROM kg_articles
       UNION ALL SELECT 'e', graph_id, uuid, name, aliases FROM kg_entities
       UNION ALL SELECT 'r', r.graph_id, s.uuid || '>' || o.uuid, CAST(r.relation_type_id AS TEXT), r.sent_start || ':' || r.sent_end
                   FROM kg_relations r JOIN kg_entities s ON s.id = r.subject_id JOIN kg_entities o ON o.id = r.object_id
       UNION ALL SELECT 'v', graph_id, title, time, sent_start || ':' || sent_end FROM kg_events
       UNION ALL SELECT 'l', graph_id, type, CAST(strength AS TEXT), sent_start || ':' || sent_end FROM kg_event_relations
       ORDER BY 1, 2, 3, 4, 5`,
  );
  return crypto
    .createHash("sha256")
    .update(JSON.stringify(all.map((r) => Object.values(r))))
    .digest("hex");
}

describe("the demo corpus in the store", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform({ seed: "demo" });
  });
  afterAll(() => p.close());

  it("applies the knowledge-graph migration and maps every catalogue graph to an ontology", async () => {
    expect(
      (await rows<{ name: string }>(p.ctx, sql`SELECT name FROM schema_migrations`)).map(
        (r) => r.name,
      ),
    ).toContain("003-kg");
    const unmapped = await rows(
      p.ctx,
      sql`SELECT id FROM graphs WHERE id NOT IN (SELECT graph_id FROM kg_graph_ontology)`,
    );
    expect(unmapped).toEqual([]);
  });

  it("is the same on every machine, seeds only an empty store, and seeds fast", async () => {
    const second = await startPlatform({ seed: "demo" });
    try {
      expect(await corpusHash(second)).toBe(await corpusHash(p));
      const before = await corpusHash(second);
      await seedKgDemo(second.ctx);
      expect(await corpusHash(second)).toBe(before);
      expect(await kgStoreIsEmpty(second.ctx)).toBe(false);
      for (const table of [
        "kg_flows",
        "kg_event_relations",
        "kg_events",
        "kg_relations",
        "kg_articles",
        "kg_entities",
      ])
        await run(second.ctx, sql`DELETE FROM ${sql.table(table)}`);
      const began = performance.now();
      await seedKgDemo(second.ctx);
      expect(performance.now() - began).toBeLessThan(3000);
      expect(await corpusHash(second)).toBe(before);
    } finally {
      await second.close();
    }
  });

  it("leaves the knowledge-graph tables empty with SEED=none", async () => {
    const bare = await startPlatform({ seed: "none" });
    try {
      expect(await kgStoreIsEmpty(bare.ctx)).toBe(true);
    } finally {
      await bare.close();
    }
  });

  it("stores relations whose sentence names both ends, and events and links whose sentence holds their trigger", async () => {
    const relations = await rows<Json>(
      p.ctx,
      sql`SELECT a.content, r.sent_start, r.sent_end, s.id AS s, o.id AS o FROM kg_relations r
         JOIN kg_articles a ON a.id = r.article_id JOIN kg_entities s ON s.id = r.subject_id JOIN kg_entities o ON o.id = r.object_id`,
    );
    expect(relations.length).toBeGreaterThan(100);
    const mentionIn = (content: string, entity: number, start: number, end: number) =>
      one(
        p.ctx,
        sql`SELECT 1 AS found FROM kg_entity_mentions m JOIN kg_articles a ON a.id = m.article_id
             WHERE a.content = ${content} AND m.entity_id = ${entity} AND m.start_pos >= ${start} AND m.end_pos <= ${end}`,
      );
    for (const r of relations) {
      expect(
        await mentionIn(r.content, r.s, r.sent_start, r.sent_end),
        r.content.slice(r.sent_start, r.sent_end),
      ).toBeTruthy();
      expect(
        await mentionIn(r.content, r.o, r.sent_start, r.sent_end),
        r.content.slice(r.sent_start, r.sent_end),
      ).toBeTruthy();
    }
    const events = await rows<Json>(
      p.ctx,
      sql`SELECT a.content, e.trigger_word, e.sent_start, e.sent_end, e.trigger_start, e.trigger_end FROM kg_events e JOIN kg_articles a ON a.id = e.article_id`,
    );
    expect(events.length).toBe(54);
    for (const e of events) {
      expect(e.content.slice(e.trigger_start, e.trigger_end)).toBe(e.trigger_word);
      expect(e.trigger_start >= e.sent_start && e.trigger_end <= e.sent_end).toBe(true);
    }
    const links = await rows<Json>(
      p.ctx,
      sql`SELECT a.content, l.cue, l.sent_start, l.sent_end FROM kg_event_relations l JOIN kg_articles a ON a.id = l.article_id`,
    );
    for (const l of links)
      expect(l.content.slice(l.sent_start, l.sent_end)).toContain(l.cue.split("…")[0]);
  });

  it("keeps the hot rankings in step with the store: new mentions move an entity up", async () => {
    const before = await hotEntities(p.ctx, 246, { days: 7, limit: 3 });
    const leader = before.results[0];
    const newcomer = (await one<Json>(
      p.ctx,
      sql`SELECT id, name FROM kg_entities WHERE graph_id = 246 AND name = '宁德'`,
    ))!;
    expect(before.results.some((r: Json) => r.entity.name === "宁德")).toBe(false);
    const mentions = "宁德".repeat(leader.score + 5);
    const article = await value<number>(
      p.ctx,
      sql`INSERT INTO kg_articles (graph_id, title, source, published_at, content)
          VALUES (246, '宁德专题', '测试', ${`${before.end}T10:00:00+08:00`}, ${mentions}) RETURNING id`,
    );
    for (let i = 0; i < leader.score + 5; i++)
      await run(
        p.ctx,
        sql`INSERT INTO kg_entity_mentions (article_id, start_pos, end_pos, entity_id)
            VALUES (${article}, ${i * 2}, ${i * 2 + 2}, ${newcomer.id})`,
      );
    await refreshRollups(p.ctx, 246);
    const after = await hotEntities(p.ctx, 246, { days: 7, limit: 3 });
    expect(after.results[0]).toMatchObject({ entity: { name: "宁德" }, score: leader.score + 5 });
  });
});

describe("the synthetic graph generator", () => {
  let p: TestPlatform;
  let headers: Record<string, string>;
  beforeAll(async () => {
    p = await startPlatform();
    headers = {
      Authorization: `Token ${(await createUserWithToken(p.ctx, "gen-reader", [])).token}`,
    };
  });
  afterAll(() => p.close());
  const count = (table: string) =>
    value<number>(p.ctx, sql`SELECT count(*) AS n FROM ${sql.table(table)} WHERE graph_id = 901`);

  it("makes the graph asked for, with relations that respect the ontology and sentences that state them", async () => {
    const report = await generateGraph(p.ctx, 901, { entities: 2000, relations: 20000, seed: 7 });
    expect(report).toMatchObject({ entities: 2000, relations: 20000, articles: 1000, events: 200 });
    expect([
      await count("kg_entities"),
      await count("kg_relations"),
      await count("kg_articles"),
      await count("kg_events"),
    ]).toEqual([2000, 20000, 1000, 200]);
    expect(await count("kg_event_relations")).toBeGreaterThan(250);
    expect(report.eventRelations).toBe(await count("kg_event_relations"));
    const outside = await value<number>(
      p.ctx,
      sql`SELECT count(*) AS n FROM kg_relations r JOIN kg_relation_types t ON t.id = r.relation_type_id JOIN kg_entities s ON s.id = r.subject_id
          WHERE r.graph_id = 901 AND t.domain_class_id IS NOT NULL AND s.class_id NOT IN (
            WITH RECURSIVE sub(id) AS (SELECT t.domain_class_id UNION SELECT c.id FROM kg_classes c JOIN sub ON c.parent_id = sub.id) SELECT id FROM sub)`,
    );
    expect(outside).toBe(0);
    const sample = await rows<Json>(
      p.ctx,
      sql`SELECT a.content, r.sent_start, r.sent_end, s.name AS s, o.name AS o, t.name AS t FROM kg_relations r
           JOIN kg_articles a ON a.id = r.article_id JOIN kg_entities s ON s.id = r.subject_id
           JOIN kg_entities o ON o.id = r.object_id JOIN kg_relation_types t ON t.id = r.relation_type_id
          WHERE r.graph_id = 901 ORDER BY r.id LIMIT 200`,
    );
    for (const r of sample)
      expect(r.content.slice(r.sent_start, r.sent_end)).toBe(`${r.s}${r.t}${r.o}。`);
    await expect(generateGraph(p.ctx, 901, { entities: 10, relations: 10 })).rejects.toThrow(
      /已有数据/,
    );
  });

  it("lays out neighbour graphs above 300 nodes on the server", async () => {
    const hub = await value<string>(
      p.ctx,
      sql`SELECT e.uuid FROM kg_entities e JOIN kg_relations r ON r.subject_id = e.id WHERE e.graph_id = 901 GROUP BY e.id, e.uuid ORDER BY count(*) DESC, e.id LIMIT 1`,
    );
    const res = await fetch(
      `${p.api}/kg/graphs/901/entities/${hub}/neighbours/?limit=400&depth=2`,
      { headers },
    );
    const g = (await res.json()) as Json;
    expect(res.status).toBe(200);
    expect(g.nodes.length).toBeGreaterThan(300);
    expect(g.nodes.length).toBeLessThanOrEqual(400);
    expect(g.layout).toBe("server");
    for (const n of g.nodes) expect(Number.isFinite(n.x) && Number.isFinite(n.y)).toBe(true);
    const hot = await (
      await fetch(`${p.api}/kg/graphs/901/hot-entities/?days=30`, { headers })
    ).json();
    expect(hot.results).toHaveLength(10);
  });
});
