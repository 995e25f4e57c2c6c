import { sql, type RawBuilder } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ontologyClasses, ontologyRelationTypes } from "../../platform/kg/ontology.js";
import { one as first } from "../helpers/sql.js";
import { startPlatform, type TestPlatform, createUserWithToken } from "../helpers/platform.js";

type Json = any;

describe("knowledge-graph API on the demo corpus", () => {
  let p: TestPlatform;
  let headers: Record<string, string>;
  beforeAll(async () => {
    p = await startPlatform({ seed: "demo" });
    const reader = await createUserWithToken(p.ctx, "kg-api-reader", []);
    headers = { Authorization: `Token ${reader.token}` };
  });
  afterAll(() => p.close());

  const get = async (path: string, signedIn = true): Promise<{ status: number; body: Json }> => {
    const res = await fetch(`${p.api}${path}`, { headers: signedIn ? headers : {} });
    return { status: res.status, body: await res.json() };
  };
  const ok = async (path: string, signedIn = true) => {
    const r = await get(path, signedIn);
    expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
    return r.body;
  };
  const one = async (query: RawBuilder<unknown>) => (await first<Json>(p.ctx, query))!;

  describe("access", () => {
    it("serves the graph list to anyone, with domain names and counts", async () => {
      const body = await ok("/kg/graphs/", false);
      const military = body.results.find((g: Json) => g.id === 245);
      const general = body.results.find((g: Json) => g.id === 246);
      expect(military).toMatchObject({ domain: "military", domain_name: "军事" });
      expect(general).toMatchObject({ domain: "general", domain_name: "通用" });
      expect(military.counts.articles).toBeGreaterThanOrEqual(50);
      expect(general.counts.articles).toBeGreaterThanOrEqual(50);
      expect(military.counts.relations).toBeGreaterThan(0);
      expect(body.count).toBe(body.results.length);
    });

    it("serves operational flows and the causal event graph without login", async () => {
      expect((await get("/kg/graphs/245/flows/", false)).status).toBe(200);
      expect((await get("/kg/graphs/245/event-graph/", false)).status).toBe(200);
      expect((await get("/kg/graphs/245/event-graph/events/", false)).status).toBe(200);
    });

    it("answers every other read without a token with 401 and the reason", async () => {
      const entity = (await one(sql`SELECT uuid FROM kg_entities WHERE graph_id = 245 LIMIT 1`))
        .uuid;
      for (const path of [
        "/kg/graphs/245/",
        "/kg/graphs/245/overview/",
        "/kg/graphs/245/ontology/",
        "/kg/graphs/245/articles/",
        "/kg/articles/1/",
        "/kg/graphs/245/events/",
        "/kg/events/1/",
        "/kg/graphs/245/hot-events/",
        "/kg/graphs/245/hot-entities/",
        "/kg/graphs/245/entities/",
        `/kg/graphs/245/entities/${entity}/`,
        `/kg/graphs/245/entities/${entity}/neighbours/`,
        "/kg/relations/1/",
      ]) {
        const r = await get(path, false);
        expect(r.status, path).toBe(401);
        expect(r.body.detail).toBe("身份认证信息未提供。");
      }
    });

    it("answers unknown graphs, articles, entities, events, relations and flows with a Chinese 404", async () => {
      const otherArticle = (await one(sql`SELECT id FROM kg_articles WHERE graph_id = 246 LIMIT 1`))
        .id;
      const cases: [string, string, boolean][] = [
        ["/kg/graphs/9999/overview/", "知识图谱不存在", true],
        ["/kg/graphs/abc/articles/", "知识图谱不存在", true],
        ["/kg/graphs/9999/flows/", "知识图谱不存在", false],
        ["/kg/articles/999999/", "文章不存在", true],
        ["/kg/articles/x1/", "文章不存在", true],
        [`/kg/graphs/245/articles/${otherArticle}/`, "文章不存在", true],
        ["/kg/graphs/245/entities/no-such-uuid/", "实体不存在", true],
        ["/kg/graphs/245/entities/no-such-uuid/neighbours/", "实体不存在", true],
        ["/kg/entities/no-such-uuid/", "实体不存在", true],
        ["/kg/events/999999/", "事件不存在", true],
        ["/kg/graphs/245/event-graph/?event=999999", "事件不存在", false],
        ["/kg/relations/999999/", "关系不存在", true],
        ["/kg/graphs/245/flows/999999/", "流程不存在", false],
      ];
      for (const [path, detail, signedIn] of cases) {
        const r = await get(path, signedIn);
        expect(r.status, path).toBe(404);
        expect(r.body).toEqual({ detail, code: "not_found" });
      }
    });

    it("refuses bad parameters with a 400 that names them", async () => {
      const cases: [string, RegExp][] = [
        ["/kg/graphs/245/articles/?page_size=500", /page_size/],
        ["/kg/graphs/245/articles/?page=0", /page/],
        ["/kg/graphs/245/articles/?start=2024-13-01", /start/],
        ["/kg/graphs/245/events/?type=不存在的类型", /未知的事件类型/],
        ["/kg/graphs/245/hot-entities/?type=不存在的类型", /未知的实体类型/],
        ["/kg/graphs/245/hot-events/?days=0", /days/],
        ["/kg/graphs/245/event-graph/?types=magic", /未知的事件关系类型/],
      ];
      for (const [path, detail] of cases) {
        const r = await get(path, !path.includes("event-graph"));
        expect(r.status, path).toBe(400);
        expect(r.body.detail).toMatch(detail);
      }
    });
  });

  describe("graphs and articles", () => {
    it("gives a graph's overview: counts, type distributions, recent articles, hot events and entities", async () => {
      const body = await ok("/kg/graphs/245/overview/");
      expect(body.graph.counts.events).toBe(
        (await one(sql`SELECT count(*) AS n FROM kg_events WHERE graph_id = 245`)).n,
      );
      expect(body.entity_types.reduce((n: number, t: Json) => n + t.count, 0)).toBe(
        body.graph.counts.entities,
      );
      expect(body.event_types.map((t: Json) => t.type)).toContain("演习");
      expect(body.recent_articles[0].published_at >= body.recent_articles[1].published_at).toBe(
        true,
      );
      expect(body.hot_events.results.length).toBeGreaterThan(0);
      expect(body.hot_entities.results.length).toBe(10);
    });

    it("gives the ontology of a graph: class tree, relation types, event types with triggers", async () => {
      const body = await ok("/kg/graphs/246/ontology/");
      const company = body.classes.find((c: Json) => c.name === "企业");
      expect(body.classes.find((c: Json) => c.id === company.parent_id).name).toBe("组织机构");
      expect(body.relation_types.map((r: Json) => r.name)).toContain("总部位于");
      expect(body.event_types.find((e: Json) => e.name === "收购").triggers).toContain("收购");
      // The ontology's classes and relation types, in id order, as the store holds them.
      expect(body.classes).toEqual(await ontologyClasses(p.ctx, body.id));
      expect(body.relation_types).toEqual(await ontologyRelationTypes(p.ctx, body.id));
    });

    it("lists articles newest first with search, a time range and pagination", async () => {
      const all = await ok("/kg/graphs/245/articles/?page_size=100");
      expect(all.count).toBe(all.results.length);
      const dates = all.results.map((a: Json) => a.published_at);
      expect([...dates].sort().reverse()).toEqual(dates);
      const page2 = await ok("/kg/graphs/245/articles/?page=2&page_size=10");
      expect(page2.results.map((a: Json) => a.id)).toEqual(
        all.results.slice(10, 20).map((a: Json) => a.id),
      );
      const search = await ok(`/kg/graphs/245/articles/?search=${encodeURIComponent("火星-18")}`);
      expect(search.count).toBeGreaterThan(0);
      expect(search.count).toBeLessThan(all.count);
      const december = await ok(
        "/kg/graphs/245/articles/?start=2024-12-01&end=2024-12-31&page_size=100",
      );
      expect(december.count).toBeGreaterThan(0);
      for (const a of december.results) expect(a.published_at.slice(0, 7)).toBe("2024-12");
      expect((await ok("/kg/graphs/245/articles/?search=%25%25")).count).toBe(0);
    });

    it("gives an article with mentions, events, relations and event links whose offsets point into its text", async () => {
      const id = (
        await one(
          sql`SELECT article_id AS id FROM kg_event_relations WHERE graph_id = 245 AND type = 'cause' ORDER BY id LIMIT 1`,
        )
      ).id;
      const a = await ok(`/kg/articles/${id}/`);
      expect(await ok(`/kg/graphs/245/articles/${id}/`)).toEqual(a);
      expect(a.mentions.length).toBeGreaterThan(0);
      for (const m of a.mentions) expect(a.content.slice(m.start, m.end)).toBe(m.text);
      expect(a.entities.reduce((n: number, e: Json) => n + e.count, 0)).toBe(a.mentions.length);
      expect(a.events.length).toBeGreaterThan(0);
      for (const e of a.events)
        expect(a.content.slice(e.sentence_start, e.sentence_end)).toContain(
          e.trigger === "签署" ? "签署" : "",
        );
      for (const r of a.relations) {
        const sentence = a.content.slice(r.sent_start, r.sent_end);
        expect(
          a.mentions.some(
            (m: Json) =>
              m.entity.uuid === r.subject.uuid && m.start >= r.sent_start && m.end <= r.sent_end,
          ),
          sentence,
        ).toBe(true);
        expect(
          a.mentions.some(
            (m: Json) =>
              m.entity.uuid === r.object.uuid && m.start >= r.sent_start && m.end <= r.sent_end,
          ),
          sentence,
        ).toBe(true);
      }
      expect(a.event_relations[0]).toMatchObject({ type: "cause", type_name: "因果" });
      expect(
        a.content.slice(a.event_relations[0].sent_start, a.event_relations[0].sent_end),
      ).toMatch(/由于|影响|促使/);
    });
  });

  describe("entities and relations", () => {
    const seventhFleet = async () =>
      (
        await one(
          sql`SELECT uuid FROM kg_entities WHERE graph_id = 245 AND name = '美国海军第七舰队'`,
        )
      ).uuid as string;

    it("searches entities by name or alias and by type (with subclasses)", async () => {
      const byAlias = await ok(`/kg/graphs/245/entities/?search=${encodeURIComponent("第七舰队")}`);
      expect(byAlias.results.map((e: Json) => e.name)).toContain("美国海军第七舰队");
      const weapons = await ok(
        `/kg/graphs/245/entities/?type=${encodeURIComponent("武器装备")}&page_size=100`,
      );
      expect(new Set(weapons.results.map((e: Json) => e.type))).toEqual(
        new Set(["舰艇", "飞机", "导弹", "防空反导系统", "陆战装备"]),
      );
    });

    it("gives the entity page: properties, aliases, relation summary, events, articles and trend", async () => {
      const uuid = await seventhFleet();
      const e = await ok(`/kg/graphs/245/entities/${uuid}/`);
      expect(e).toMatchObject({ name: "美国海军第七舰队", type: "军队", aliases: ["第七舰队"] });
      expect(e.properties.find((x: Json) => x.name === "所属国家")).toMatchObject({
        value: "美国",
        datatype: "entity",
      });
      expect(e.properties.find((x: Json) => x.name === "所属国家").entity_uuid).toBeTruthy();
      expect(e.relations.by_predicate.reduce((n: number, x: Json) => n + x.count, 0)).toBe(
        e.relations.total,
      );
      expect(e.relations.count).toBe(e.relations.total);
      expect(e.events.count).toBeGreaterThan(0);
      expect(e.events.results[0].role).toBeTruthy();
      expect(e.articles.count).toBeGreaterThan(0);
      expect(e.trend.days).toHaveLength(90);
      expect(await ok(`/kg/entities/${uuid}/`)).toEqual(e);
    });

    it("pages an entity's relations, events and articles", async () => {
      const uuid = (
        await one(sql`SELECT uuid FROM kg_entities WHERE graph_id = 245 AND name = '美国海军'`)
      ).uuid;
      const all = await ok(`/kg/graphs/245/entities/${uuid}/relations/?page_size=100`);
      const first = await ok(`/kg/graphs/245/entities/${uuid}/relations/?page_size=3`);
      const second = await ok(`/kg/graphs/245/entities/${uuid}/relations/?page_size=3&page=2`);
      expect([...first.results, ...second.results].map((r: Json) => r.id)).toEqual(
        all.results.slice(0, 6).map((r: Json) => r.id),
      );
      const incoming = await ok(
        `/kg/graphs/245/entities/${uuid}/relations/?direction=in&page_size=100`,
      );
      expect(
        incoming.results.every((r: Json) => r.object.uuid === uuid && r.direction === "in"),
      ).toBe(true);
      const part = await ok(
        `/kg/graphs/245/entities/${uuid}/relations/?predicate=${encodeURIComponent("参加")}`,
      );
      expect(part.results.every((r: Json) => r.predicate === "参加")).toBe(true);
      const events = await ok(`/kg/graphs/245/entities/${uuid}/events/?page_size=2`);
      expect(events.results.length).toBeLessThanOrEqual(2);
      const articles = await ok(`/kg/graphs/245/entities/${uuid}/articles/?page_size=5`);
      expect(articles.results.map((a: Json) => a.published_at)).toEqual(
        [...articles.results.map((a: Json) => a.published_at)].sort().reverse(),
      );
    });

    it("gives the relation graph around an entity, capped, filtered by type, one or two hops", async () => {
      const uuid = await seventhFleet();
      const g = await ok(`/kg/graphs/245/entities/${uuid}/neighbours/`);
      const ids = new Set(g.nodes.map((n: Json) => n.id));
      expect(g.center).toBe(uuid);
      expect(g.nodes.find((n: Json) => n.id === uuid).depth).toBe(0);
      for (const e of g.edges) expect(ids.has(e.source) && ids.has(e.target)).toBe(true);
      expect(g.edges.length).toBe(g.total_relations);
      expect(g.layout).toBe("client");

      const two = await ok(`/kg/graphs/245/entities/${uuid}/neighbours/?depth=2&limit=8`);
      expect(two.nodes.length).toBeLessThanOrEqual(8);
      expect(two.truncated).toBe(true);
      expect(two.nodes.some((n: Json) => n.depth === 2)).toBe(true);

      const typed = await ok(
        `/kg/graphs/245/entities/${uuid}/neighbours/?types=${encodeURIComponent("隶属于")}`,
      );
      expect(typed.edges.every((e: Json) => e.predicate === "隶属于")).toBe(true);
      expect(typed.edges.length).toBeGreaterThan(0);
    });

    it("gives one relation with its source sentence", async () => {
      const id = (
        await one(sql`SELECT id FROM kg_relations WHERE graph_id = 245 ORDER BY id LIMIT 1`)
      ).id;
      const r = await ok(`/kg/relations/${id}/`);
      expect(r.sentence).toContain(r.subject.name.slice(0, 2));
      expect(r.article.id).toBe(r.article_id);
      expect((await get(`/kg/graphs/246/relations/${id}/`)).status).toBe(404);
    });
  });

  describe("events and rankings", () => {
    it("lists events with search, type, time range and place filters", async () => {
      const all = await ok("/kg/graphs/245/events/?page_size=100");
      expect(all.count).toBe(27);
      const drills = await ok(
        `/kg/graphs/245/events/?type=${encodeURIComponent("演习")}&page_size=100`,
      );
      expect(drills.count).toBeGreaterThan(0);
      expect(drills.results.every((e: Json) => e.type === "演习")).toBe(true);
      const seaOfJapan = await ok(
        `/kg/graphs/245/events/?place=${encodeURIComponent("日本海")}&page_size=100`,
      );
      expect(seaOfJapan.results.every((e: Json) => e.place.name === "日本海")).toBe(true);
      const uuid = seaOfJapan.results[0].place.uuid;
      expect((await ok(`/kg/graphs/245/events/?place=${uuid}&page_size=100`)).count).toBe(
        seaOfJapan.count,
      );
      const q4 = await ok("/kg/graphs/245/events/?start=2024-10-01&end=2024-12-31&page_size=100");
      expect(q4.results.every((e: Json) => e.time >= "2024-10-01" && e.time <= "2024-12-31")).toBe(
        true,
      );
      const search = await ok(`/kg/graphs/245/events/?search=${encodeURIComponent("火星-18")}`);
      expect(search.count).toBe(2);
      expect(search.results[0].reports).toBeGreaterThan(0);
    });

    it("gives an event with participants, its reports in time order, trend, causes and effects", async () => {
      const id = (
        await one(
          sql`SELECT target_event_id AS id FROM kg_event_relations WHERE graph_id = 245 AND type = 'cause' ORDER BY id LIMIT 1`,
        )
      ).id;
      const e = await ok(`/kg/events/${id}/`);
      expect(e.participants.length).toBeGreaterThan(0);
      expect(e.sentence).toContain(e.trigger);
      expect(e.articles[0].article_id).toBe(e.article_id);
      expect(e.articles.map((a: Json) => a.published_at)).toEqual(
        [...e.articles.map((a: Json) => a.published_at)].sort(),
      );
      for (const a of e.articles) expect(a.sentence.length).toBeGreaterThan(0);
      expect(e.trend.values.reduce((n: number, v: number) => n + v, 0)).toBe(e.articles.length);
      expect(e.causes.length).toBeGreaterThan(0);
      const cause = e.causes[0];
      const back = await ok(`/kg/events/${cause.event.id}/`);
      expect(back.effects.map((x: Json) => x.event.id)).toContain(id);
      expect((await get(`/kg/graphs/246/events/${id}/`)).status).toBe(404);
    });

    it("ranks hot events and entities over a window with a daily trend that sums to the score", async () => {
      for (const days of [7, 30, 365]) {
        const body = await ok(`/kg/graphs/245/hot-events/?days=${days}&limit=5`);
        expect(body.days).toHaveLength(days);
        expect(body.end).toBe(body.days[days - 1]);
        const scores = body.results.map((r: Json) => r.score);
        expect([...scores].sort((a, b) => b - a)).toEqual(scores);
        for (const r of body.results)
          expect(r.trend.reduce((n: number, v: number) => n + v, 0)).toBe(r.score);
      }
      const week = await ok("/kg/graphs/245/hot-events/?days=7");
      expect(week.results.length).toBeGreaterThan(0);
      const ships = await ok(
        `/kg/graphs/245/hot-entities/?days=365&type=${encodeURIComponent("武器装备")}&limit=20`,
      );
      expect(ships.results.length).toBeGreaterThan(0);
      expect(
        ships.results.every((r: Json) =>
          ["舰艇", "飞机", "导弹", "防空反导系统", "陆战装备"].includes(r.entity.type),
        ),
      ).toBe(true);
      const fixed = await ok("/kg/graphs/245/hot-entities/?days=30&end=2024-06-30");
      expect(fixed.end).toBe("2024-06-30");
    });
  });

  describe("public pages: flows and the causal event graph", () => {
    it("lists a graph's flows and lays one out in layers with positions and edge paths", async () => {
      const flows = await ok("/kg/graphs/245/flows/", false);
      expect(flows.count).toBe(3);
      const f = await ok(`/kg/graphs/245/flows/${flows.results[0].id}/`, false);
      expect(f.steps.find((s: Json) => s.kind === "start").y).toBeLessThan(
        f.steps.find((s: Json) => s.kind === "end").y,
      );
      expect(f.transitions.find((t: Json) => t.label === "否")).toBeTruthy();
      for (const t of f.transitions) expect(t.points.length).toBeGreaterThan(1);
      expect(f.width).toBeGreaterThan(0);
      expect((await get(`/kg/graphs/246/flows/${flows.results[0].id}/`, false)).status).toBe(404);
    });

    it("walks N hops of causes and effects from an event, with link types and strengths", async () => {
      const center = (
        await one(sql`SELECT source_event_id AS id FROM kg_event_relations WHERE graph_id = 245
          GROUP BY source_event_id ORDER BY count(*) DESC, source_event_id LIMIT 1`)
      ).id;
      const one_hop = await ok(`/kg/graphs/245/event-graph/?event=${center}&hops=1`, false);
      const two_hops = await ok(`/kg/graphs/245/event-graph/?event=${center}&hops=2`, false);
      expect(one_hop.center).toBe(center);
      expect(two_hops.nodes.length).toBeGreaterThanOrEqual(one_hop.nodes.length);
      expect(Math.max(...two_hops.nodes.map((n: Json) => n.hop))).toBeLessThanOrEqual(2);
      const ids = new Set(two_hops.nodes.map((n: Json) => n.id));
      for (const e of two_hops.edges) {
        expect(ids.has(e.source) && ids.has(e.target)).toBe(true);
        expect(e.strength).toBeGreaterThan(0);
        expect(e.strength).toBeLessThanOrEqual(1);
        expect(e.type_name).toBeTruthy();
      }
      const causesOnly = await ok(
        `/kg/graphs/245/event-graph/?event=${center}&hops=2&types=cause`,
        false,
      );
      expect(causesOnly.edges.every((e: Json) => e.type === "cause")).toBe(true);
      const otherGraphEvent = (
        await one(sql`SELECT id FROM kg_events WHERE graph_id = 246 LIMIT 1`)
      ).id;
      expect(
        (await get(`/kg/graphs/245/event-graph/?event=${otherGraphEvent}`, false)).status,
      ).toBe(404);
    });

    it("shows the strongest links without a centre, and lists the events that have links", async () => {
      const g = await ok("/kg/graphs/246/event-graph/?limit=6", false);
      expect(g.nodes.length).toBeLessThanOrEqual(6);
      expect(g.truncated).toBe(true);
      const strengths = g.edges.map((e: Json) => e.strength);
      expect(Math.min(...strengths)).toBeGreaterThan(0);
      const picker = await ok("/kg/graphs/246/event-graph/events/?page_size=100", false);
      expect(picker.count).toBe(
        (
          await one(
            sql`SELECT count(DISTINCT id) AS n FROM kg_events e WHERE graph_id = 246 AND (id IN (SELECT source_event_id FROM kg_event_relations) OR id IN (SELECT target_event_id FROM kg_event_relations))`,
          )
        ).n,
      );
    });
  });
});
