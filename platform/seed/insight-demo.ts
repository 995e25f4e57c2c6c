import type { FactKind, FeedbackStatus } from "@contract/insight";
import { factIn } from "../admin/insight/feedback.js";
import { enqueueModelRun } from "../admin/insight/jobs.js";
import { createRunIn, type ModelRow } from "../admin/insight/models.js";
import { insertModel } from "../admin/insight/store/models.js";
import type { PlatformContext } from "../context.js";
import type { Db, Tx } from "../db/store.js";
import { wakeJobWorker } from "../jobs/worker.js";
import { loadOntology, type GraphOntology } from "../kg/ontology.js";
import { bulkOf } from "../kg/store/sql.js";
import { prng, type Rng } from "../kg/prng.js";
import {
  firstTargets,
  graphHasArticles,
  graphIsThere,
  hasInsightData,
  insertFeedback,
  insertSearches,
  popularEntityNames,
  searchMatches,
  triggerWords,
  usersInOrder,
  type FeedbackInsert,
  type SearchKindCounted,
} from "./store.js";

/**
 * Demo data of the insight screens, on top of the demo corpus (seedKgDemo):
 * - models of the demo graphs, each with a training run queued on the job runner, so their
 *   logs and evaluations are real runs of the extraction against the corpus;
 * - 60 days of searches by the demo accounts, their result counts counted in the corpus;
 * - reports of wrong facts about real entities, relations and events, at every status.
 * Only into a store without any of these, and only when the demo corpus is there. One write
 * transaction (a failure leaves none of it); the queued runs' ids, or undefined when there
 * was nothing to seed.
 */
export async function seedInsightDemo(
  ctx: PlatformContext,
  now = new Date(),
): Promise<number[] | undefined> {
  const ready = async (db: Db) => !(await hasInsightData(db)) && (await graphHasArticles(db, 245));
  if (!(await ready(ctx.store.db))) return undefined;
  const runs = await ctx.store.write(async (tx) => {
    if (!(await ready(tx))) return undefined;
    const users = await usersInOrder(tx);
    if (!users.length) return undefined;
    // Made here: a transaction run again (PostgreSQL) draws the same numbers.
    const rng = prng(20240601);
    const queued = await seedModels(ctx, tx, users[0], now);
    await seedSearches(ctx, tx, rng, users, now);
    await seedFeedback(tx, rng, users, now);
    return queued;
  });
  if (runs?.length) wakeJobWorker(ctx);
  return runs;
}

const daysAgo = (now: Date, days: number, hour = 10) =>
  new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days, hour),
  ).toISOString();

const MODELS: {
  name: string;
  type: ModelRow["type"];
  graph: number;
  description: string;
  age: number;
  holdout?: number;
}[] = [
  {
    name: "军事实体识别",
    type: "ner",
    graph: 245,
    age: 40,
    description: "基于军事装备图谱词典的实体识别：装备、部队、人物、地点",
  },
  {
    name: "军事事件抽取",
    type: "event",
    graph: 245,
    age: 32,
    description: "触发词驱动的军事事件抽取：演习、部署、试射、巡航等",
  },
  {
    name: "军事关系抽取",
    type: "relation",
    graph: 245,
    age: 25,
    holdout: 30,
    description: "同句共现的实体对，按图谱中已知关系判定关系类型",
  },
  {
    name: "通用实体识别",
    type: "ner",
    graph: 246,
    age: 18,
    description: "通用百科图谱的人物、机构、地点识别",
  },
  {
    name: "新闻事件抽取",
    type: "event",
    graph: 247,
    age: 3,
    description: "新闻事件图谱的事件抽取（待训练：图谱尚无文章）",
  },
];

async function seedModels(
  ctx: PlatformContext,
  tx: Tx,
  admin: { id: number; username: string },
  now: Date,
) {
  const runs: number[] = [];
  for (const m of MODELS) {
    const model = await insertModel(tx, {
      name: m.name,
      type: m.type,
      graphId: (await graphIsThere(tx, m.graph)) ? m.graph : null,
      holdout: m.holdout ?? 20,
      description: m.description,
      createdAt: daysAgo(now, m.age),
    });
    if (!(await graphHasArticles(tx, m.graph))) continue;
    const run = await createRunIn(
      tx,
      model,
      { kind: "training", holdout: model.holdout },
      admin,
      (runId, t) =>
        enqueueModelRun(ctx, { id: runId, kind: "training", graphId: model.graph_id }, admin.id, t),
    );
    runs.push(run.id);
  }
  return runs;
}

/** What visitors of the demo look for: names of the graph's entities, event words, and things it lacks. */
const EXTRA_QUERIES: Record<number, string[]> = {
  245: [
    "航母编队",
    "导弹试射",
    "联合演习",
    "无人机",
    "驱逐舰",
    "反潜",
    "高超音速武器",
    "电磁炮",
    "第六代战斗机",
    "天基激光",
  ],
  246: ["诺贝尔奖", "人工智能", "大学", "航天", "量子计算机", "新能源汽车", "高铁", "火星基地"],
};
const TYPOS = ["F35战斗机", "辽宁號", "歼20", "卡尔文森号", "伊丽莎白号航母", "东風-17"];

async function seedSearches(
  ctx: PlatformContext,
  tx: Tx,
  rng: Rng,
  users: { id: number }[],
  now: Date,
) {
  // What a search of each kind finds for a query.
  const memo = new Map<string, number>();
  const resultsOf = async (graph: number, kind: SearchKindCounted, query: string) => {
    const key = `${graph}|${kind}|${query}`;
    let n = memo.get(key);
    if (n === undefined) memo.set(key, (n = await searchMatches(tx, graph, kind, query)));
    return n;
  };
  const rows: [number, number, string, string, number, string][] = [];
  for (const graph of [245, 246]) {
    // Popular entities are searched more: weight by mentions.
    const entities = await popularEntityNames(tx, graph);
    const verbs = await triggerWords(tx, graph);
    const pool = [
      ...entities.flatMap(
        (name, i) => Array(Math.max(1, Math.round(8 / (1 + i / 4)))).fill(name) as string[],
      ),
      ...verbs,
      ...(EXTRA_QUERIES[graph] ?? []),
    ];
    const base = graph === 245 ? 28 : 14;
    for (let day = 59; day >= 0; day--) {
      const date = new Date(daysAgo(now, day, 0));
      const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6;
      // More use as the platform is adopted; less at weekends.
      const n = Math.round(
        (base + (59 - day) * 0.25) * (weekend ? 0.45 : 1) * (0.75 + rng.next() * 0.5),
      );
      for (let i = 0; i < n; i++) {
        const query = graph === 245 && rng.chance(0.04) ? rng.pick(TYPOS) : rng.pick(pool);
        const kind = rng.pick(["entity", "entity", "article", "event"] as const);
        const at = new Date(date.getTime() + rng.int(7 * 3600, 22 * 3600) * 1000 + rng.int(0, 999));
        if (at > now) continue;
        const userId = rng.pick(users).id;
        rows.push([
          graph,
          userId,
          query,
          kind,
          await resultsOf(graph, kind, query),
          at.toISOString(),
        ]);
      }
    }
  }
  await insertSearches(bulkOf(ctx.store, tx), rows);
}

const REPORTS: Record<Exclude<FactKind, "extraction">, string[]> = {
  entity: [
    "实体类型标注有误，应归入其他类别",
    "缺少常用简称作为别名，检索不到",
    "描述与来源文章不一致，请核实",
    "该实体与另一实体重复，建议合并",
  ],
  relation: [
    "关系方向标反了，主体和客体应互换",
    "原文并未提及这一关系",
    "关系类型不准确，原文表述的是另一种关系",
    "该关系已过时，现状已改变",
  ],
  event: [
    "事件时间有误，原文报道的是另一天",
    "事件地点标注错误",
    "参与方遗漏，原文还提到另一方",
    "事件类型不对，应为其他类型",
  ],
};
const NOTES: Record<Exclude<FeedbackStatus, "new">, string[]> = {
  confirmed: ["已核实，确有错误，待修正", "与原文核对后确认，已安排修改"],
  fixed: ["已按反馈修正图谱数据", "已修正并重新构建相关事实"],
  rejected: ["与原文核对无误，不予修改", "反馈内容与该事实无关"],
};
const STATUSES: FeedbackStatus[] = [
  "new",
  "new",
  "new",
  "new",
  "new",
  "confirmed",
  "confirmed",
  "confirmed",
  "fixed",
  "fixed",
  "rejected",
  "rejected",
  "new",
  "confirmed",
];

async function seedFeedback(
  tx: Tx,
  rng: Rng,
  users: { id: number; username: string }[],
  now: Date,
) {
  const ontologies = new Map<number, GraphOntology>();
  const ontologyOf = async (graph: number) => {
    let o = ontologies.get(graph);
    if (!o) ontologies.set(graph, (o = await loadOntology(tx, graph)));
    return o;
  };
  const handler = users[0];
  const rows: FeedbackInsert[] = [];
  for (const [i, status] of STATUSES.entries()) {
    const graph = i % 4 === 3 ? 246 : 245;
    const kind = (["entity", "relation", "event"] as const)[i % 3];
    const candidates = await firstTargets(tx, graph, kind);
    if (!candidates.length) continue;
    const target = rng.pick(candidates);
    const fact = await factIn(tx, await ontologyOf(graph), graph, kind, target);
    if (!fact) continue;
    const reporter = users[users.length > 2 ? 2 : users.length - 1];
    const age = 30 - i * 2;
    const handled =
      status === "new" ? null : daysAgo(now, Math.max(0, age - 1 - rng.int(0, 1)), 15);
    const content = rng.pick(REPORTS[kind]);
    rows.push({
      graph_id: graph,
      kind,
      target,
      target_label: fact.label,
      link: fact.link,
      content,
      status,
      note: status === "new" ? "" : rng.pick(NOTES[status]),
      reporter_id: reporter.id,
      reporter: reporter.username,
      handler: status === "new" ? "" : handler.username,
      handled_at: handled,
      created_at: daysAgo(now, age, 9 + (i % 8)),
    });
  }
  await insertFeedback(tx, rows);
}
