import type { PlatformContext } from "../context.js";
import { withPageCache, type Tx } from "../db/store.js";
import { prng, type Rng } from "./prng.js";
import { bumpGraphVersion } from "./cache.js";
import { warmHotRankings } from "./hot.js";
import { assignOntology, ensureBuiltinOntologies, loadOntology } from "./ontology.js";
import { refreshRollups } from "./rollups.js";
import {
  bulkOf,
  ensureGraphRow,
  graphHasFacts,
  insertEntities,
  untimedTransaction,
  type Bulk,
} from "./store/generate.js";
import { hasOntology } from "./store/ontology.js";
import { stableUuid } from "./uuid.js";
import { writeArticles, type Entities, type EventPlan } from "./generate-articles.js";

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
 * offset points at real text), and the mention rollups. One write transaction, the rows
 * written a block of articles at a time (store/sql.ts, insertRows). Refuses a graph that
 * already has data.
 */
export async function generateGraph(
  ctx: PlatformContext,
  graphId: number,
  options: GenerateOptions = {},
): Promise<GenerateReport> {
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
  // Relations arrive in random subject/object order: a larger page cache for the load.
  const cacheKib = Math.min(1_048_576, Math.max(65_536, Math.round(o.relations / 2)));
  const counts = await withPageCache(ctx.store, cacheKib, () =>
    ctx.store.write(async (tx) => {
      await untimedTransaction(tx);
      await prepareGraph(ctx, tx, graphId, o);
      const rng = prng(o.seed);
      const bulk = bulkOf(ctx.store, tx);
      const entities = await writeEntities(bulk, graphId, o.entities);
      const plan = planEvents(o, entities, rng);
      const written = await writeArticles(bulk, graphId, o, entities, plan, rng);
      await refreshRollups(ctx, graphId, tx);
      await bumpGraphVersion(tx, graphId, { entities: true });
      return written;
    }),
  );
  await warmHotRankings(ctx, graphId);
  return {
    graphId,
    entities: o.entities,
    relations: counts.relations,
    articles: o.articles,
    events: o.events,
    eventRelations: counts.eventRelations,
    mentions: counts.mentions,
    ms: Math.round(performance.now() - began),
  };
}

type Plan = Required<Omit<GenerateOptions, "name" | "events" | "eventRelations">> &
  Pick<GenerateOptions, "name"> & { events?: number; eventRelations?: number };

/** The graph row and its ontology; refuses a graph with data. */
async function prepareGraph(ctx: PlatformContext, tx: Tx, graphId: number, o: Plan) {
  const ontologies = await ensureBuiltinOntologies(ctx, tx);
  await ensureGraphRow(tx, graphId, o.name ?? `合成图谱${graphId}`, o.domain);
  if (!(await hasOntology(tx, graphId)))
    await assignOntology(ctx, graphId, ontologies[o.domain], tx);
  if (await graphHasFacts(tx, graphId))
    throw new Error(`图谱 ${graphId} 已有数据，合成数据只写入空图谱`);
}

/** Entities spread over the ontology's leaf classes, with unique names ("长风12型驱逐舰"). */
async function writeEntities(bulk: Bulk, graphId: number, count: number): Promise<Entities> {
  const ontology = await loadOntology(bulk.tx, graphId);
  const parents = new Set(
    [...ontology.classes.values()].map((c) => c.parent_id).filter((p) => p != null),
  );
  const leaves = [...ontology.classes.values()].filter((c) => !parents.has(c.id));
  const names: string[] = new Array(count);
  const ids = new Int32Array(count);
  const byClass = new Map<number, number[]>();
  const indexOf = new Map<string, number>();
  const rows: [string, number, number, string, string, string][] = [];
  for (let i = 0; i < count; i++) {
    const cls = leaves[i % leaves.length];
    const at = (i * 2) % NAME_HEADS.length;
    const name = `${NAME_HEADS.slice(at, at + 2)}${i + 1}${SUFFIX[cls.name] ?? cls.name}`;
    const aliases = i % 10 === 0 ? JSON.stringify([`KG-${i + 1}`]) : "[]";
    const uuid = stableUuid(graphId, name);
    names[i] = name;
    indexOf.set(uuid, i);
    rows.push([uuid, graphId, cls.id, name, aliases, `合成实体（${cls.name}）`]);
    if (!byClass.has(cls.id)) byClass.set(cls.id, []);
    byClass.get(cls.id)!.push(i);
  }
  for (const r of await insertEntities(bulk, rows)) ids[indexOf.get(r.uuid)!] = r.id;
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
