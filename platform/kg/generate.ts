import type { PlatformContext } from "../context.js";
import { countRows } from "../db/rows.js";
import { prng, type Rng } from "../seed/corpus/writer.js";
import { bumpGraphVersion } from "./cache.js";
import {
  assignOntology,
  ensureBuiltinOntologies,
  graphOntology,
  type GraphOntology,
  type OntologyEventType,
} from "./ontology.js";
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

const NAME_HEADS =
  "长风飞鹰雷霆天启海龙北辰赤霄青锋玄武朱雀白虎苍穹星河烈焰寒光惊雷破晓远望神舟蛟龙鲲鹏凌云猎鹰银河追风";
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
export function generateGraph(
  ctx: PlatformContext,
  graphId: number,
  options: GenerateOptions = {},
): GenerateReport {
  const began = performance.now();
  const o: Plan = {
    entities: 100_000,
    relations: 1_000_000,
    days: 365,
    lastDay: "2024-12-28",
    seed: 1,
    domain: "military",
    ...options,
    articles: options.articles ?? Math.max(1, Math.ceil((options.relations ?? 1_000_000) / 20)),
  };
  o.events = options.events ?? Math.round(o.relations / 100);
  o.eventRelations = options.eventRelations ?? Math.round(o.events * 1.5);
  const db = ctx.db;
  // Relations arrive in random subject/object order: with SQLite's default 2 MB page cache
  // every index insert would go to disk. A larger cache for the load, then the old one back.
  const cacheSize = db.pragma("cache_size", { simple: true }) as number;
  db.pragma(`cache_size = ${-Math.min(1_048_576, Math.max(65_536, Math.round(o.relations / 2)))}`);
  try {
    const counts = db.transaction(() => {
      prepareGraph(ctx, graphId, o);
      const rng = prng(o.seed);
      const entities = writeEntities(ctx, graphId, o.entities);
      const written = writeArticles(ctx, graphId, o, entities, planEvents(o, entities, rng), rng);
      refreshRollups(ctx, graphId);
      bumpGraphVersion(ctx, graphId, { entities: true });
      return written;
    })();
    return {
      graphId,
      entities: o.entities,
      relations: counts.relations,
      articles: o.articles,
      events: o.events,
      eventRelations: countRows(db, "kg_event_relations", "graph_id", graphId),
      mentions: counts.mentions,
      ms: Math.round(performance.now() - began),
    };
  } finally {
    db.pragma(`cache_size = ${cacheSize}`);
  }
}

type Plan = Required<Omit<GenerateOptions, "name" | "events" | "eventRelations">> &
  Pick<GenerateOptions, "name"> & { events?: number; eventRelations?: number };

/** The graph row and its ontology; refuses a graph with data. */
function prepareGraph(ctx: PlatformContext, graphId: number, o: Plan) {
  const db = ctx.db;
  const ontologies = ensureBuiltinOntologies(ctx);
  db.prepare("INSERT OR IGNORE INTO graphs (id, name, domain) VALUES (?, ?, ?)").run(
    graphId,
    o.name ?? `合成图谱${graphId}`,
    o.domain,
  );
  if (!db.prepare("SELECT 1 FROM kg_graph_ontology WHERE graph_id = ?").get(graphId)) {
    assignOntology(ctx, graphId, ontologies[o.domain]);
  }
  const used = db
    .prepare(
      "SELECT EXISTS (SELECT 1 FROM kg_entities WHERE graph_id = ?) OR EXISTS (SELECT 1 FROM kg_articles WHERE graph_id = ?)",
    )
    .pluck()
    .get(graphId, graphId);
  if (used) throw new Error(`图谱 ${graphId} 已有数据，合成数据只写入空图谱`);
}

interface Entities {
  names: string[];
  ids: Int32Array;
  ontology: GraphOntology;
  /** Entity indices that may be subject and object of each relation type. */
  types: { id: number; name: string; subjects: number[]; objects: number[] }[];
  places: number[];
}

/** Entities spread over the ontology's leaf classes, with unique names ("长风12型驱逐舰"). */
function writeEntities(ctx: PlatformContext, graphId: number, count: number): Entities {
  const ontology = graphOntology(ctx, graphId);
  const parents = new Set(
    [...ontology.classes.values()].map((c) => c.parent_id).filter((p) => p != null),
  );
  const leaves = [...ontology.classes.values()].filter((c) => !parents.has(c.id));
  const names: string[] = new Array(count);
  const ids = new Int32Array(count);
  const byClass = new Map<number, number[]>();
  const insert = ctx.db.prepare(
    "INSERT INTO kg_entities (uuid, graph_id, class_id, name, aliases, properties, description) VALUES (?, ?, ?, ?, ?, '{}', ?)",
  );
  for (let i = 0; i < count; i++) {
    const cls = leaves[i % leaves.length];
    const at = (i * 2) % NAME_HEADS.length;
    const name = `${NAME_HEADS.slice(at, at + 2)}${i + 1}${SUFFIX[cls.name] ?? cls.name}`;
    const aliases = i % 10 === 0 ? JSON.stringify([`KG-${i + 1}`]) : "[]";
    names[i] = name;
    ids[i] = Number(
      insert.run(
        stableUuid(graphId, name),
        graphId,
        cls.id,
        name,
        aliases,
        `合成实体（${cls.name}）`,
      ).lastInsertRowid,
    );
    if (!byClass.has(cls.id)) byClass.set(cls.id, []);
    byClass.get(cls.id)!.push(i);
  }
  const membersOf = (classId: number | null) =>
    classId == null
      ? [...Array(count).keys()]
      : ontology.subtree(classId).flatMap((c) => byClass.get(c) ?? []);
  const types = [...ontology.relationTypes.values()]
    .map((t) => ({
      id: t.id,
      name: t.name,
      subjects: membersOf(t.domain_class_id),
      objects: membersOf(t.range_class_id),
    }))
    .filter((t) => t.subjects.length && t.objects.length);
  const places = [...ontology.placeClassIds].flatMap((c) => byClass.get(c) ?? []);
  return { names, ids, ontology, types, places };
}

interface PlannedEvent {
  type: OntologyEventType | undefined;
  trigger: string;
  subject: number;
  object: number;
  place: number;
  /** The article that first reports it. */
  home: number;
  title: string;
}

interface EventPlan {
  events: PlannedEvent[];
  /** Per article: events it first reports, events it reports again, links it states. */
  own: Map<number, number[]>;
  reports: Map<number, number[]>;
  links: Map<number, { source: number; target: number; type: string; strength: number }[]>;
}

const push = <T>(map: Map<number, T[]>, key: number, value: T) => {
  if (!map.has(key)) map.set(key, []);
  map.get(key)!.push(value);
};

/** Events spread evenly over the articles; a few draw many reports (what the hot ranking ranks). */
function planEvents(o: Plan, e: Entities, rng: Rng): EventPlan {
  const plan: EventPlan = { events: [], own: new Map(), reports: new Map(), links: new Map() };
  const eventTypes = [...e.ontology.eventTypes.values()];
  const count = o.events ?? 0;
  for (let i = 0; i < count; i++) {
    const type = eventTypes[i % Math.max(eventTypes.length, 1)];
    const trigger = type?.triggers[0] ?? "行动";
    const subject = Math.floor(o.entities * Math.pow(rng.next(), 2));
    const object = Math.floor(rng.next() * o.entities);
    const place = e.places.length ? e.places[Math.floor(rng.next() * e.places.length)] : -1;
    const home = Math.floor((i * o.articles) / count);
    const title = `${e.names[subject]}${place >= 0 ? `在${e.names[place]}` : ""}${trigger}`;
    plan.events.push({ type, trigger, subject, object, place, home, title });
    push(plan.own, home, i);
    const reports = 1 + Math.floor(6 * Math.pow(rng.next(), 4));
    for (let r = 1; r < reports; r++)
      push(plan.reports, Math.min(o.articles - 1, home + r * rng.int(1, 3)), i);
  }
  for (let l = 0; l < (o.eventRelations ?? 0) && count > 1; l++) {
    const a = Math.floor(rng.next() * count);
    const b = Math.floor(rng.next() * count);
    if (a === b) continue;
    const [source, target] = a < b ? [a, b] : [b, a];
    let pick = rng.next();
    const type = LINK_TYPES.find(([, w]) => (pick -= w) < 0)?.[0] ?? "cause";
    // Stated in the article that first reports the later event: both events exist by then.
    push(plan.links, plan.events[target].home, {
      source,
      target,
      type,
      strength: Math.round((0.3 + rng.next() * 0.7) * 100) / 100,
    });
  }
  return plan;
}

/** Composes each article's text sentence by sentence and writes it with what it states. */
function writeArticles(
  ctx: PlatformContext,
  graphId: number,
  o: Plan,
  e: Entities,
  plan: EventPlan,
  rng: Rng,
) {
  const db = ctx.db;
  const insertArticle = db.prepare(
    "INSERT INTO kg_articles (graph_id, title, source, published_at, content) VALUES (?, ?, ?, ?, ?)",
  );
  const insertMention = db.prepare(
    "INSERT OR IGNORE INTO kg_entity_mentions (article_id, start_pos, end_pos, entity_id) VALUES (?, ?, ?, ?)",
  );
  const insertRelation = db.prepare(
    `INSERT INTO kg_relations (graph_id, subject_id, relation_type_id, object_id, confidence, article_id, sent_start, sent_end)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertEvent = db.prepare(
    `INSERT INTO kg_events (graph_id, event_type_id, title, trigger_word, time, place_id, place, description, article_id,
                            sent_start, sent_end, trigger_start, trigger_end)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertParticipant = db.prepare(
    "INSERT OR IGNORE INTO kg_event_participants (event_id, entity_id, role) VALUES (?, ?, ?)",
  );
  const insertReport = db.prepare(
    "INSERT OR IGNORE INTO kg_event_articles (event_id, article_id, published_at, sent_start, sent_end) VALUES (?, ?, ?, ?, ?)",
  );
  const insertLink = db.prepare(
    `INSERT INTO kg_event_relations (graph_id, source_event_id, target_event_id, type, strength, cue, article_id, sent_start, sent_end)
     VALUES (?, ?, ?, ?, ?, '由于', ?, ?, ?)`,
  );
  const eventIds = new Int32Array(plan.events.length);
  const perArticle = Math.ceil(o.relations / o.articles);
  const lastDay = Date.parse(`${o.lastDay}T00:00:00Z`);
  let relations = 0;
  let mentions = 0;

  for (let k = 0; k < o.articles; k++) {
    const day = new Date(
      lastDay - Math.floor(((o.articles - 1 - k) / o.articles) * o.days) * 86_400_000,
    )
      .toISOString()
      .slice(0, 10);
    const published = `${day}T${String(8 + (k % 12)).padStart(2, "0")}:00:00+08:00`;
    const text = new SentenceWriter(e.names);
    const facts: { subject: number; type: number; object: number; at: Span }[] = [];
    for (let n = 0; n < perArticle && relations < o.relations; n++, relations++) {
      const t = e.types[relations % e.types.length];
      const subject = t.subjects[Math.floor(t.subjects.length * Math.pow(rng.next(), 3))];
      let object = t.objects[Math.floor(t.objects.length * Math.pow(rng.next(), 1.5))];
      if (object === subject)
        object = t.objects[(t.objects.indexOf(object) + 1) % t.objects.length];
      facts.push({ subject, type: t.id, object, at: text.say([subject, t.name, object, "。"]) });
    }
    const firsts = (plan.own.get(k) ?? []).map((i) => {
      const ev = plan.events[i];
      const start = text.say([
        `${Number(day.slice(5, 7))}月${Number(day.slice(8, 10))}日，`,
        ev.subject,
        ...(ev.place >= 0 ? ["在", ev.place] : []),
      ])[0];
      const trigger = text.length;
      const end = text.say([ev.trigger, ev.object, "。"])[1];
      return {
        i,
        at: [start, end] as Span,
        trigger: [trigger, trigger + ev.trigger.length] as Span,
      };
    });
    const again = (plan.reports.get(k) ?? []).map((i) => {
      const ev = plan.events[i];
      return { i, at: text.say(["据报道，", ev.subject, ev.trigger, ev.object, "。"]) };
    });
    const links = (plan.links.get(k) ?? []).map((l) => {
      const [a, b] = [plan.events[l.source], plan.events[l.target]];
      return { l, at: text.say(["由于", a.subject, a.trigger, "，", b.subject, b.trigger, "。"]) };
    });

    const title = `${e.names[facts[0]?.subject ?? 0]}等相关动态（${k + 1}）`;
    const articleId = Number(
      insertArticle.run(graphId, title, "合成数据", published, text.text).lastInsertRowid,
    );
    for (const [start, end, entity] of text.spans)
      mentions += insertMention.run(articleId, start, end, e.ids[entity]).changes;
    for (const f of facts) {
      const confidence = Math.round((0.6 + rng.next() * 0.4) * 100) / 100;
      insertRelation.run(
        graphId,
        e.ids[f.subject],
        f.type,
        e.ids[f.object],
        confidence,
        articleId,
        f.at[0],
        f.at[1],
      );
    }
    for (const s of firsts) {
      const ev = plan.events[s.i];
      const place = ev.place >= 0 ? [e.ids[ev.place], e.names[ev.place]] : [null, ""];
      const id = Number(
        insertEvent.run(
          graphId,
          ev.type?.id ?? null,
          ev.title,
          ev.trigger,
          day,
          place[0],
          place[1],
          ev.title,
          articleId,
          ...s.at,
          ...s.trigger,
        ).lastInsertRowid,
      );
      eventIds[s.i] = id;
      insertParticipant.run(id, e.ids[ev.subject], ev.type?.roles.subject ?? "主体");
      insertParticipant.run(id, e.ids[ev.object], ev.type?.roles.object ?? "客体");
      insertReport.run(id, articleId, published, ...s.at);
    }
    for (const r of again) insertReport.run(eventIds[r.i], articleId, published, ...r.at);
    for (const { l, at } of links)
      insertLink.run(
        graphId,
        eventIds[l.source],
        eventIds[l.target],
        l.type,
        l.strength,
        articleId,
        ...at,
      );
  }
  return { relations, mentions };
}

type Span = [number, number];

/** Builds one article's text; numbers in a sentence are entity indices, written as their names and recorded as mentions. */
class SentenceWriter {
  text = "";
  spans: [number, number, number][] = [];
  constructor(private names: string[]) {}

  get length() {
    return this.text.length;
  }

  say(parts: (string | number)[]): Span {
    const start = this.text.length;
    for (const p of parts) {
      if (typeof p === "number") {
        this.spans.push([this.text.length, this.text.length + this.names[p].length, p]);
        this.text += this.names[p];
      } else {
        this.text += p;
      }
    }
    return [start, this.text.length];
  }
}
