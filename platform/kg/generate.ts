import type { PlatformContext } from "../context.js";
import { prng } from "../seed/corpus/writer.js";
import { bumpGraphVersion } from "./cache.js";
import { assignOntology, ensureBuiltinOntologies, graphOntology } from "./ontology.js";
import { refreshRollups, stableUuid } from "./store.js";

export interface GenerateOptions {
  entities?: number;
  relations?: number;
  /** Articles stating the relations; by default one per 20 relations. */
  articles?: number;
  events?: number;
  eventRelations?: number;
  /** Days of news, ending at lastDay. */
  days?: number;
  lastDay?: string;
  seed?: number;
  domain?: "military" | "general";
  name?: string;
}

export interface GenerateReport {
  graphId: number;
  entities: number;
  relations: number;
  articles: number;
  events: number;
  eventRelations: number;
  mentions: number;
  ms: number;
}

const NAME_HEADS = "长风飞鹰雷霆天启海龙北辰赤霄青锋玄武朱雀白虎苍穹星河烈焰寒光惊雷破晓远望神舟蛟龙鲲鹏凌云猎鹰银河追风";
const LINK_TYPES: [string, number][] = [
  ["cause", 0.5],
  ["sequence", 0.25],
  ["purpose", 0.1],
  ["concurrent", 0.1],
  ["condition", 0.05],
];
const SUFFIX: Record<string, string> = {
  国家: "国",
  城市: "市",
  军事基地: "基地",
  海域: "海域",
  军队: "部队",
  政府机构: "部",
  军工企业: "集团",
  舰艇: "型驱逐舰",
  飞机: "战斗机",
  导弹: "导弹",
  防空反导系统: "防空系统",
  陆战装备: "装甲车",
  人物: "",
  军事演习: "演练代号",
  企业: "公司",
  高校科研机构: "研究院",
  电子产品: "手机",
  汽车: "汽车",
  软件与模型: "模型",
  零部件: "芯片",
  会议展会: "论坛",
};

/**
 * Makes a large synthetic graph for benchmarks: entities of the ontology's leaf classes,
 * relations that respect the relation types' domain and range (a few hubs hold many),
 * articles whose sentences state every relation, event and event link (so every stored
 * offset points at real text), and the mention rollups. One transaction, prepared
 * statements. Refuses a graph that already has data.
 */
export function generateGraph(ctx: PlatformContext, graphId: number, options: GenerateOptions = {}): GenerateReport {
  const began = performance.now();
  const o = {
    entities: 100_000,
    relations: 1_000_000,
    days: 365,
    lastDay: "2024-12-28",
    seed: 1,
    domain: "military" as const,
    ...options,
  };
  const articleCount = o.articles ?? Math.max(1, Math.ceil(o.relations / 20));
  const eventCount = o.events ?? Math.round(o.relations / 100);
  const linkCount = o.eventRelations ?? Math.round(eventCount * 1.5);
  const rng = prng(o.seed);
  const db = ctx.db;
  let mentions = 0;
  let relation = 0;

  db.transaction(() => {
    const ontologies = ensureBuiltinOntologies(ctx);
    db.prepare("INSERT OR IGNORE INTO graphs (id, name, domain) VALUES (?, ?, ?)").run(graphId, o.name ?? `合成图谱${graphId}`, o.domain);
    const mapped = db.prepare("SELECT 1 FROM kg_graph_ontology WHERE graph_id = ?").get(graphId);
    if (!mapped) assignOntology(ctx, graphId, ontologies[o.domain]);
    const used = db
      .prepare("SELECT EXISTS (SELECT 1 FROM kg_entities WHERE graph_id = ?) OR EXISTS (SELECT 1 FROM kg_articles WHERE graph_id = ?)")
      .pluck()
      .get(graphId, graphId);
    if (used) throw new Error(`图谱 ${graphId} 已有数据，合成数据只写入空图谱`);
    const ontology = graphOntology(ctx, graphId);

    // Entities, over the leaf classes.
    const parents = new Set([...ontology.classes.values()].map((c) => c.parent_id).filter((p) => p != null));
    const leaves = [...ontology.classes.values()].filter((c) => !parents.has(c.id));
    const names: string[] = new Array(o.entities);
    const classOf = new Int32Array(o.entities);
    const ids = new Int32Array(o.entities);
    const insertEntity = db.prepare(
      "INSERT INTO kg_entities (uuid, graph_id, class_id, name, aliases, properties, description) VALUES (?, ?, ?, ?, ?, '{}', ?)",
    );
    const byClass = new Map<number, number[]>();
    for (let i = 0; i < o.entities; i++) {
      const cls = leaves[i % leaves.length];
      const head = NAME_HEADS.slice((i * 2) % NAME_HEADS.length, ((i * 2) % NAME_HEADS.length) + 2);
      const name = `${head}${i + 1}${SUFFIX[cls.name] ?? cls.name}`;
      const aliases = i % 10 === 0 ? JSON.stringify([`KG-${i + 1}`]) : "[]";
      names[i] = name;
      classOf[i] = cls.id;
      ids[i] = Number(insertEntity.run(stableUuid(graphId, name), graphId, cls.id, name, aliases, `合成实体（${cls.name}）`).lastInsertRowid);
      const list = byClass.get(cls.id) ?? [];
      list.push(i);
      byClass.set(cls.id, list);
    }
    const membersOf = (classId: number | null) =>
      classId == null ? [...Array(o.entities).keys()] : ontology.subtree(classId).flatMap((c) => byClass.get(c) ?? []);
    const types = [...ontology.relationTypes.values()]
      .map((t) => ({ t, subjects: membersOf(t.domain_class_id), objects: membersOf(t.range_class_id) }))
      .filter((x) => x.subjects.length && x.objects.length);
    const places = [...ontology.placeClassIds].flatMap((c) => byClass.get(c) ?? []);
    const eventTypes = [...ontology.eventTypes.values()];

    // Which article states what: relations in order, events and links spread evenly.
    const day = (k: number) => {
      const d = new Date(Date.parse(`${o.lastDay}T00:00:00Z`) - Math.floor(((articleCount - 1 - k) / articleCount) * o.days) * 86_400_000);
      return d.toISOString().slice(0, 10);
    };
    const perArticle = Math.ceil(o.relations / articleCount);
    const eventArticle = (e: number) => Math.floor((e * articleCount) / Math.max(eventCount, 1));
    const reportsOf = new Map<number, number[]>();
    const events = Array.from({ length: eventCount }, (_, e) => {
      const type = eventTypes[e % Math.max(eventTypes.length, 1)];
      const subject = Math.floor(o.entities * Math.pow(rng.next(), 2));
      const object = Math.floor(rng.next() * o.entities);
      const place = places.length ? places[Math.floor(rng.next() * places.length)] : -1;
      const home = eventArticle(e);
      // A few events draw many reports: that is what the hot ranking ranks.
      const reports = 1 + Math.floor(6 * Math.pow(rng.next(), 4));
      for (let r = 1; r < reports; r++) {
        const k = Math.min(articleCount - 1, home + r * rng.int(1, 3));
        const list = reportsOf.get(k) ?? [];
        list.push(e);
        reportsOf.set(k, list);
      }
      return { type, subject, object, place, home, title: `${names[subject]}${place >= 0 ? `在${names[place]}` : ""}${type?.triggers[0] ?? "行动"}` };
    });
    const linksOf = new Map<number, { source: number; target: number; type: string; strength: number }[]>();
    for (let l = 0; l < linkCount && eventCount > 1; l++) {
      const a = Math.floor(rng.next() * eventCount);
      const b = Math.floor(rng.next() * eventCount);
      if (a === b) continue;
      const [source, target] = a < b ? [a, b] : [b, a];
      let pick = rng.next();
      const type = LINK_TYPES.find(([, w]) => (pick -= w) < 0)?.[0] ?? "cause";
      const k = events[target].home;
      const list = linksOf.get(k) ?? [];
      list.push({ source, target, type, strength: Math.round((0.3 + rng.next() * 0.7) * 100) / 100 });
      linksOf.set(k, list);
    }

    const insertArticle = db.prepare("INSERT INTO kg_articles (graph_id, title, source, published_at, content) VALUES (?, ?, ?, ?, ?)");
    const insertMention = db.prepare("INSERT OR IGNORE INTO kg_entity_mentions (article_id, start_pos, end_pos, entity_id) VALUES (?, ?, ?, ?)");
    const insertRelation = db.prepare(
      `INSERT INTO kg_relations (graph_id, subject_id, relation_type_id, object_id, confidence, article_id, sent_start, sent_end)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertEvent = db.prepare(
      `INSERT INTO kg_events (graph_id, event_type_id, title, trigger_word, time, place_id, place, description, article_id, sent_start, sent_end, trigger_start, trigger_end)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertParticipant = db.prepare("INSERT OR IGNORE INTO kg_event_participants (event_id, entity_id, role) VALUES (?, ?, ?)");
    const insertReport = db.prepare(
      "INSERT OR IGNORE INTO kg_event_articles (event_id, article_id, published_at, sent_start, sent_end) VALUES (?, ?, ?, ?, ?)",
    );
    const insertLink = db.prepare(
      `INSERT INTO kg_event_relations (graph_id, source_event_id, target_event_id, type, strength, cue, article_id, sent_start, sent_end)
       VALUES (?, ?, ?, ?, ?, '由于', ?, ?, ?)`,
    );
    const eventIds = new Int32Array(eventCount);
    const ownEvents = new Map<number, number[]>();
    events.forEach((e, i) => {
      const list = ownEvents.get(e.home) ?? [];
      list.push(i);
      ownEvents.set(e.home, list);
    });

    for (let k = 0; k < articleCount; k++) {
      const published = `${day(k)}T${String(8 + (k % 12)).padStart(2, "0")}:00:00+08:00`;
      let text = "";
      const spans: [number, number, number][] = [];
      const say = (parts: (string | number)[]) => {
        const start = text.length;
        for (const p of parts) {
          if (typeof p === "number") {
            spans.push([text.length, text.length + names[p].length, p]);
            text += names[p];
          } else text += p;
        }
        return [start, text.length] as const;
      };
      const facts: { subject: number; type: number; object: number; at: readonly [number, number] }[] = [];
      for (let n = 0; n < perArticle && relation < o.relations; n++, relation++) {
        const pick = types[relation % types.length];
        const subject = pick.subjects[Math.floor(pick.subjects.length * Math.pow(rng.next(), 3))];
        let object = pick.objects[Math.floor(pick.objects.length * Math.pow(rng.next(), 1.5))];
        if (object === subject) object = pick.objects[(pick.objects.indexOf(object) + 1) % pick.objects.length];
        facts.push({ subject, type: pick.t.id, object, at: say([subject, pick.t.name, object, "。"]) });
      }
      const eventSentences = (ownEvents.get(k) ?? []).map((i) => {
        const e = events[i];
        const trigger = e.type?.triggers[0] ?? "行动";
        const start = text.length;
        say([`${Number(published.slice(5, 7))}月${Number(published.slice(8, 10))}日，`, e.subject, ...(e.place >= 0 ? ["在", e.place] : [])]);
        const triggerAt = text.length;
        const at = say([trigger, e.object, "。"]);
        return { i, at: [start, at[1]] as const, trigger: [triggerAt, triggerAt + trigger.length] as const };
      });
      const reportSentences = (reportsOf.get(k) ?? []).map((i) => ({ i, at: say(["据报道，", events[i].subject, events[i].type?.triggers[0] ?? "行动", events[i].object, "。"]) }));
      const linkSentences = (linksOf.get(k) ?? []).map((l) => ({
        l,
        at: say(["由于", events[l.source].subject, events[l.source].type?.triggers[0] ?? "行动", "，", events[l.target].subject, events[l.target].type?.triggers[0] ?? "行动", "。"]),
      }));

      const articleId = Number(insertArticle.run(graphId, `${names[facts[0]?.subject ?? 0]}等相关动态（${k + 1}）`, "合成数据", published, text).lastInsertRowid);
      for (const [s, e, entity] of spans) mentions += insertMention.run(articleId, s, e, ids[entity]).changes;
      for (const f of facts) {
        insertRelation.run(graphId, ids[f.subject], f.type, ids[f.object], Math.round((0.6 + rng.next() * 0.4) * 100) / 100, articleId, f.at[0], f.at[1]);
      }
      for (const s of eventSentences) {
        const e = events[s.i];
        const trigger = e.type?.triggers[0] ?? "行动";
        const id = Number(
          insertEvent.run(
            graphId,
            e.type?.id ?? null,
            e.title,
            trigger,
            published.slice(0, 10),
            e.place >= 0 ? ids[e.place] : null,
            e.place >= 0 ? names[e.place] : "",
            e.title,
            articleId,
            s.at[0],
            s.at[1],
            s.trigger[0],
            s.trigger[1],
          ).lastInsertRowid,
        );
        eventIds[s.i] = id;
        insertParticipant.run(id, ids[e.subject], e.type?.roles.subject ?? "主体");
        insertParticipant.run(id, ids[e.object], e.type?.roles.object ?? "客体");
        insertReport.run(id, articleId, published, s.at[0], s.at[1]);
      }
      for (const r of reportSentences) insertReport.run(eventIds[r.i], articleId, published, r.at[0], r.at[1]);
      for (const { l, at } of linkSentences) {
        insertLink.run(graphId, eventIds[l.source], eventIds[l.target], l.type, l.strength, articleId, at[0], at[1]);
      }
    }
    refreshRollups(ctx, graphId);
    bumpGraphVersion(ctx, graphId, { entities: true });
  })();

  return {
    graphId,
    entities: o.entities,
    relations: relation,
    articles: articleCount,
    events: eventCount,
    eventRelations: db.prepare("SELECT count(*) FROM kg_event_relations WHERE graph_id = ?").pluck().get(graphId) as number,
    mentions,
    ms: Math.round(performance.now() - began),
  };
}
