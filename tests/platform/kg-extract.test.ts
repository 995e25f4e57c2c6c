import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  analyzeText,
  MAX_TEXT_LENGTH,
  TEXT_REQUIRED,
  TEXT_TOO_LONG,
} from "../../platform/kg/extract.js";
import { findCausalPairs } from "../../platform/kg/causal.js";
import { findTimes } from "../../platform/kg/text.js";
import { AhoCorasick } from "../../platform/kg/aho-corasick.js";
import { rows, run, value } from "../helpers/sql.js";
import {
  authHeaders,
  startPlatform,
  type TestPlatform,
  createUserWithToken,
} from "../helpers/platform.js";

const MILITARY = 245;

describe("Aho–Corasick dictionary", () => {
  it("finds every occurrence of every pattern in one pass, folding Latin case", () => {
    const ac = new AhoCorasick([
      ["he", 1],
      ["she", 2],
      ["his", 3],
      ["hers", 4],
      ["F-35", 5],
    ]);
    const found = ac.findAll("ushers f-35").map((m) => [m.start, m.end, m.values[0]]);
    expect(found).toEqual([
      [1, 4, 2],
      [2, 4, 1],
      [2, 6, 4],
      [7, 11, 5],
    ]);
  });

  it("keeps the leftmost longest matches that do not overlap", () => {
    const ac = new AhoCorasick([
      ["日本", "a"],
      ["日本海", "b"],
      ["日本海上自卫队", "c"],
      ["海上", "d"],
    ]);
    expect(ac.findLongest("日本海上自卫队在日本海").map((m) => m.values[0])).toEqual(["c", "b"]);
  });
});

describe("time expressions and causal cues", () => {
  it("reads full, partial and relative dates, with the reference year when the text has none", () => {
    const times = findTimes(
      "2023年5月12日演习开始，6月3日结束，去年10月也曾举行，2022年底完成交付。",
      2023,
    );
    expect(times.map((t) => [t.text, t.value])).toEqual([
      ["2023年5月12日", "2023-05-12"],
      ["6月3日", "2023-06-03"],
      ["去年10月", "2022-10"],
      ["2022年底", "2022"],
    ]);
  });

  it("splits cause and effect clauses at each kind of cue", () => {
    const text =
      "由于台风影响，演习被迫推迟。因为燃料不足，所以舰队提前返航。朝鲜试射导弹导致地区局势紧张。受寒潮影响，多地航班延误。演习推迟，是因为天气恶劣。美军在南海举行演习。因此，地区局势持续紧张。";
    const pairs = findCausalPairs(text).map((p) => [p.cause, p.effect, p.cue]);
    expect(pairs).toEqual([
      ["台风影响", "演习被迫推迟", "由于"],
      ["燃料不足", "舰队提前返航", "因为…所以"],
      ["朝鲜试射导弹", "地区局势紧张", "导致"],
      ["寒潮", "多地航班延误", "受…影响"],
      ["天气恶劣", "演习推迟", "是因为"],
      ["美军在南海举行演习", "地区局势持续紧张", "因此"],
    ]);
    for (const p of findCausalPairs(text)) {
      expect(text.slice(p.cause_start, p.cause_end)).toBe(p.cause);
      expect(text.slice(p.effect_start, p.effect_end)).toBe(p.effect);
      expect(text.slice(p.start, p.end)).toContain(p.cause);
    }
  });
});

describe("text analysis against the demo graphs", () => {
  let p: TestPlatform;
  let reader: { token: string; csrf: string };
  beforeAll(async () => {
    p = await startPlatform({ seed: "demo" });
    reader = await createUserWithToken(p.ctx, "kg-reader", []);
  });
  afterAll(() => p.close());

  const analyze = (text: string, graph = MILITARY, referenceDate?: string) =>
    analyzeText(p.ctx, graph, text, { referenceDate });

  it("finds entities by name and alias, longest first, with their types", async () => {
    const r = await analyze(
      "第七舰队与日本海上自卫队在日本海活动，F-35B战斗机和萨德反导系统参加。",
    );
    expect(r.entities.map((e) => [e.text, e.name, e.type])).toEqual([
      ["第七舰队", "美国海军第七舰队", "军队"],
      ["日本海上自卫队", "日本海上自卫队", "军队"],
      ["日本海", "日本海", "海域"],
      ["F-35B战斗机", "F-35B战斗机", "飞机"],
      ["萨德反导系统", "萨德反导系统", "防空反导系统"],
    ]);
  });

  it("segments words with Intl.Segmenter and keeps entity names whole", async () => {
    const r = await analyze("美军在关岛部署了萨德反导系统。");
    const words = r.tokens.map((t) => t.text);
    expect(words).toContain("萨德反导系统");
    expect(words).toContain("部署");
    expect(r.tokens.find((t) => t.text === "萨德反导系统")?.kind).toBe("entity");
    expect(r.tokens.find((t) => t.text === "。")?.kind).toBe("punct");
  });

  it("extracts an event from its trigger with subjects, object, place and time", async () => {
    const r = await analyze(
      "2023年5月12日，美国海军第七舰队与日本海上自卫队在菲律宾海举行联合演习，里根号航空母舰参加。",
    );
    expect(r.events).toHaveLength(1);
    const e = r.events[0];
    expect([e.type, e.trigger]).toEqual(["演习", "演习"]);
    expect(e.time?.value).toBe("2023-05-12");
    expect(e.place?.text).toBe("菲律宾海");
    const args = e.arguments.map((a) => [a.role, a.role_name, a.text]);
    expect(args).toEqual([
      ["subject", "参演方", "美国海军第七舰队"],
      ["subject", "参演方", "日本海上自卫队"],
      ["object", "参演兵力", "里根号航空母舰"],
      ["place", "地点", "菲律宾海"],
      ["time", "时间", "2023年5月12日"],
    ]);
  });

  it("dates a month and day with the reference date's year, and takes a place after 向", async () => {
    const r = await analyze("5月12日，朝鲜向日本海方向试射了一枚火星-18。", MILITARY, "2024-06-01");
    const e = r.events[0];
    expect(e.type).toBe("试射");
    expect(e.time?.value).toBe("2024-05-12");
    expect(e.place?.text).toBe("日本海");
    expect(e.arguments.filter((a) => a.role === "subject").map((a) => a.text)).toEqual(["朝鲜"]);
    expect(e.arguments.filter((a) => a.role === "object").map((a) => a.text)).toEqual(["火星-18"]);
  });

  it("does not take a trigger inside a longer word, an entity name or a noun (发布会, 投资方)", async () => {
    expect((await analyze("发射场位于海南。")).events).toEqual([]);
    expect((await analyze("投资方和合作伙伴出席了发布会。", 246)).events).toEqual([]);
  });

  it("links causal pairs to the events inside their clauses", async () => {
    const r = await analyze(
      "由于朝鲜试射火星-18洲际弹道导弹，美国海军和韩国海军决定在黄海举行自由之盾-2024联合演习。",
    );
    expect(r.events.map((e) => e.type)).toEqual(["试射", "演习"]);
    expect(r.causal).toHaveLength(1);
    const c = r.causal[0];
    expect(c.cue).toBe("由于");
    expect(c.cause).toBe("朝鲜试射火星-18洲际弹道导弹");
    expect(c.cause_event).toBe(0);
    expect(c.effect_event).toBe(1);
  });

  it("extracts the relations a sentence states by the patterns learnt from the graph's articles", async () => {
    // A fact the graph holds, stated as its articles state such facts: the stored relation is named.
    const known = "里根号航空母舰的母港为横须贺海军基地。";
    const homePort = (await analyze(known)).relations.find((x) => x.predicate === "母港");
    expect(homePort).toMatchObject({
      subject: { name: "里根号航空母舰" },
      object: { name: "横须贺海军基地" },
      text_sentence: { start: 0, end: known.length },
    });
    expect(homePort?.id).toBeTypeOf("number");
    expect(homePort?.article_id).toBeTypeOf("number");
    expect(homePort?.confidence).toBeGreaterThanOrEqual(0.5);
    expect(homePort?.pattern).toMatch(/^(b|ba|pb|w|aw):/);
    // A fact the graph does not hold: found all the same, new to the graph.
    const fresh = "南昌舰在编制上隶属于美国海军第七舰队。";
    expect((await analyze(fresh)).relations).toMatchObject([
      {
        id: null,
        article_id: null,
        subject: { name: "南昌舰" },
        predicate: "隶属于",
        object: { name: "美国海军第七舰队" },
        text_sentence: { start: 0, end: fresh.length },
      },
    ]);
    // Two entities of one sentence that no learnt pattern links: no relation.
    expect((await analyze("南昌舰和里根号航空母舰在菲律宾海相遇。")).relations).toEqual([]);
  });

  it("makes no event of a trigger without an argument, and tells a report from a reference", async () => {
    expect((await analyze("此行议题包括海上安全合作和装备采购等。")).events).toEqual([]);
    const [lead] = (await analyze("12月3日，美国空军宣布向关岛部署B-52H轰炸机。")).events;
    const [reference] = (await analyze("此前，美国空军向关岛部署B-52H轰炸机一事已引发广泛关注。"))
      .events;
    expect(lead).toMatchObject({ type: "部署" });
    expect(reference).toMatchObject({ type: "部署" });
    expect(lead.confidence).toBeGreaterThanOrEqual(0.5);
    expect(reference.confidence).toBeLessThan(0.5);
  });

  it("finds in every demo article the mentions, events and causal links stored for it", async () => {
    for (const graph of [245, 246]) {
      const articles = await rows<{ id: number; published_at: string; content: string }>(
        p.ctx,
        sql`SELECT id, published_at, content FROM kg_articles WHERE graph_id = ${graph}`,
      );
      expect(articles.length).toBeGreaterThanOrEqual(50);
      for (const a of articles) {
        const r = await analyze(a.content, graph, a.published_at.slice(0, 10));
        const found = new Set(r.entities.map((e) => `${e.start}:${e.end}:${e.entity_id}`));
        const stored = await rows<{ start_pos: number; end_pos: number; uuid: string }>(
          p.ctx,
          sql`SELECT m.start_pos, m.end_pos, e.uuid FROM kg_entity_mentions m JOIN kg_entities e ON e.id = m.entity_id WHERE m.article_id = ${a.id}`,
        );
        expect(stored.map((m) => `${m.start_pos}:${m.end_pos}:${m.uuid}`).sort()).toEqual(
          [...found].sort(),
        );

        const reports = await rows<{ sent_start: number; sent_end: number; type: string }>(
          p.ctx,
          sql`SELECT r.sent_start, r.sent_end, t.name AS type FROM kg_event_articles r
               JOIN kg_events e ON e.id = r.event_id JOIN kg_event_types t ON t.id = e.event_type_id WHERE r.article_id = ${a.id}`,
        );
        for (const rep of reports) {
          const hit = r.events.find(
            (e) => e.type === rep.type && e.start >= rep.sent_start && e.end <= rep.sent_end,
          );
          expect(
            hit,
            `article ${a.id}: ${rep.type} in «${a.content.slice(rep.sent_start, rep.sent_end)}»`,
          ).toBeTruthy();
        }

        const causes = await rows<{ sent_start: number; sent_end: number }>(
          p.ctx,
          sql`SELECT sent_start, sent_end FROM kg_event_relations WHERE article_id = ${a.id} AND type = 'cause'`,
        );
        for (const c of causes) {
          const hit = r.causal.find(
            (x) =>
              x.start >= c.sent_start &&
              x.end <= c.sent_end &&
              x.cause_event !== null &&
              x.effect_event !== null,
          );
          expect(
            hit,
            `article ${a.id}: «${a.content.slice(c.sent_start, c.sent_end)}»`,
          ).toBeTruthy();
        }
      }
    }
  });

  describe("POST /api/kg/graphs/{id}/extract/", () => {
    const post = (body: unknown, graph = MILITARY, headers = authHeaders(reader)) =>
      fetch(`${p.api}/kg/graphs/${graph}/extract/`, {
        method: "POST",
        headers,
        body: typeof body === "string" ? body : JSON.stringify(body),
      });

    it("analyses posted text for a signed-in user", async () => {
      const text = "美国空军向安德森空军基地部署B-52H轰炸机。";
      const res = await post({ text });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.events[0]).toMatchObject({ type: "部署", place: { text: "安德森空军基地" } });
      expect(body.stats.characters).toBe(text.length);
    });

    it("analyses text against a graph without entities: events from its ontology's triggers only", async () => {
      const res = await post({ text: "2024年3月，某公司在北京召开发布会。" }, 247);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.entities).toEqual([]);
      expect(body.events.map((e: { type: string }) => e.type)).toEqual(["召开"]);
    });

    it("analyses a stored article by id, dated by its publication", async () => {
      const article = await value<number>(
        p.ctx,
        sql`SELECT id FROM kg_articles WHERE graph_id = 245 ORDER BY id LIMIT 1`,
      );
      const body = await (await post({ article_id: article })).json();
      expect(body.article_id).toBe(article);
      expect(body.events[0].time.value).toMatch(/^2024-/);
    });

    it("refuses empty text, text over the limit and a 1 MB body with a clear message", async () => {
      for (const text of ["", "   ", undefined]) {
        const res = await post({ text });
        expect(res.status).toBe(400);
        expect((await res.json()).detail).toBe(TEXT_REQUIRED);
      }
      const long = await post({ text: "演".repeat(MAX_TEXT_LENGTH + 1) });
      expect(long.status).toBe(400);
      expect((await long.json()).detail).toBe(TEXT_TOO_LONG);
      const huge = await post({ text: "演".repeat(400_000) });
      expect(huge.status).toBe(413);
      expect((await huge.json()).detail).toBe(TEXT_TOO_LONG);
    });

    it("needs a signed-in user, and answers 404 for an unknown graph or an article of another graph", async () => {
      // An anonymous writer that passes the CSRF double submit is still refused: reading needs a user.
      const anonymous = {
        "Content-Type": "application/json",
        Cookie: "csrftoken=anon-secret",
        "X-CSRFToken": "anon-secret",
      };
      expect((await post({ text: "演习" }, MILITARY, anonymous)).status).toBe(401);
      const unknown = await post({ text: "演习" }, 99999);
      expect(unknown.status).toBe(404);
      expect((await unknown.json()).detail).toBe("知识图谱不存在");
      const other = await value<number>(
        p.ctx,
        sql`SELECT id FROM kg_articles WHERE graph_id = 246 ORDER BY id LIMIT 1`,
      );
      const res = await post({ article_id: other });
      expect(res.status).toBe(404);
      expect((await res.json()).detail).toBe("文章不存在");
    });

    it("sees a new entity as soon as it is stored (the dictionary is rebuilt)", async () => {
      const text = "雪豹-9型无人艇完成测试。";
      expect((await (await post({ text })).json()).entities).toEqual([]);
      const cls = await value<number>(
        p.ctx,
        sql`SELECT id FROM kg_classes WHERE name = '舰艇' AND ontology_id = (SELECT ontology_id FROM kg_graph_ontology WHERE graph_id = 245)`,
      );
      await run(
        p.ctx,
        sql`INSERT INTO kg_entities (uuid, graph_id, class_id, name, aliases) VALUES ('test-uuid-xb9', 245, ${cls}, '雪豹-9型无人艇', '[]')`,
      );
      const after = await (await post({ text })).json();
      expect(after.entities.map((e: { entity_id: string }) => e.entity_id)).toEqual([
        "test-uuid-xb9",
      ]);
      await run(p.ctx, sql`DELETE FROM kg_entities WHERE uuid = 'test-uuid-xb9'`);
      expect((await (await post({ text })).json()).entities).toEqual([]);
    });
  });
});
