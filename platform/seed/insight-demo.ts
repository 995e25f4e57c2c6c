import type { FactKind, FeedbackStatus } from "@contract/insight";
import type { AuthUser } from "../auth/context.js";
import type { PlatformContext } from "../context.js";
import { resolveFact } from "../admin/insight/feedback.js";
import { enqueueModelRun } from "../admin/insight/jobs.js";
import { createRun, type ModelRow } from "../admin/insight/models.js";
import { prng, type Rng } from "./corpus/writer.js";

/**
 * Demo data of the insight screens, on top of the demo corpus (seedKgDemo):
 * - models of the demo graphs, each with a training run queued on the job runner, so their
 *   logs and evaluations are real runs of the extraction against the corpus;
 * - 60 days of searches by the demo accounts, their result counts counted in the corpus;
 * - reports of wrong facts about real entities, relations and events, at every status.
 * Only into a store without any of these, and only when the demo corpus is there.
 */
export function seedInsightDemo(ctx: PlatformContext, now = new Date()) {
  const db = ctx.db;
  const hasOwn = db
    .prepare(
      "SELECT EXISTS (SELECT 1 FROM kg_models) OR EXISTS (SELECT 1 FROM kg_feedback) OR EXISTS (SELECT 1 FROM kg_search_log)",
    )
    .pluck()
    .get();
  const hasCorpus = db
    .prepare("SELECT EXISTS (SELECT 1 FROM kg_articles WHERE graph_id = 245)")
    .pluck()
    .get();
  if (hasOwn || !hasCorpus) return;
  const users = db.prepare("SELECT id, username FROM users ORDER BY id").all() as {
    id: number;
    username: string;
  }[];
  if (!users.length) return;
  const rng = prng(20240601);
  const queued = db.transaction(() => {
    const runs = seedModels(ctx, users[0], now);
    seedSearches(ctx, rng, users, now);
    seedFeedback(ctx, rng, users, now);
    return runs;
  })();
  return queued;
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

function seedModels(ctx: PlatformContext, admin: { id: number; username: string }, now: Date) {
  const db = ctx.db;
  const user = { id: admin.id, username: admin.username } as AuthUser;
  const insert = db.prepare(
    "INSERT INTO kg_models (name, version, type, graph_id, holdout, description, created_at) VALUES (?, '1.0.0', ?, ?, ?, ?, ?)",
  );
  const runs: number[] = [];
  for (const m of MODELS) {
    const graphExists = db.prepare("SELECT 1 FROM graphs WHERE id = ?").get(m.graph);
    const id = Number(
      insert.run(
        m.name,
        m.type,
        graphExists ? m.graph : null,
        m.holdout ?? 20,
        m.description,
        daysAgo(now, m.age),
      ).lastInsertRowid,
    );
    const hasArticles = db
      .prepare("SELECT 1 FROM kg_articles WHERE graph_id = ? LIMIT 1")
      .get(m.graph);
    if (!hasArticles) continue;
    const model = db.prepare("SELECT * FROM kg_models WHERE id = ?").get(id) as ModelRow;
    const run = createRun(ctx, model, { kind: "training", holdout: model.holdout }, user, (runId) =>
      enqueueModelRun(ctx, { id: runId, kind: "training", graphId: model.graph_id }, user.id),
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

function seedSearches(ctx: PlatformContext, rng: Rng, users: { id: number }[], now: Date) {
  const db = ctx.db;
  const insert = db.prepare(
    "INSERT INTO kg_search_log (graph_id, user_id, query, kind, result_count, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  );
  // What a search of each kind finds for a query (graph, query, query).
  const counters = {
    entity: db.prepare(
      "SELECT count(*) FROM kg_entities WHERE graph_id = ? AND (instr(name, ?) > 0 OR instr(aliases, ?) > 0)",
    ),
    article: db.prepare(
      "SELECT count(*) FROM kg_articles WHERE graph_id = ? AND (instr(title, ?) > 0 OR instr(content, ?) > 0)",
    ),
    event: db.prepare(
      "SELECT count(*) FROM kg_events WHERE graph_id = ? AND (instr(title, ?) > 0 OR trigger_word = ?)",
    ),
  };
  const memo = new Map<string, number>();
  const resultsOf = (graph: number, kind: keyof typeof counters, query: string) => {
    const key = `${graph}|${kind}|${query}`;
    if (!memo.has(key)) memo.set(key, counters[kind].pluck().get(graph, query, query) as number);
    return memo.get(key)!;
  };
  for (const graph of [245, 246]) {
    // Popular entities are searched more: weight by mentions.
    const entities = db
      .prepare(
        `SELECT e.name, coalesce(sum(d.mentions), 0) AS w FROM kg_entities e LEFT JOIN kg_entity_daily d ON d.entity_id = e.id
          WHERE e.graph_id = ? GROUP BY e.id ORDER BY w DESC, e.id LIMIT 40`,
      )
      .all(graph) as { name: string; w: number }[];
    const verbs = db
      .prepare(
        "SELECT DISTINCT trigger_word FROM kg_events WHERE graph_id = ? AND trigger_word <> ''",
      )
      .pluck()
      .all(graph) as string[];
    const pool = [
      ...entities.flatMap(
        (e, i) => Array(Math.max(1, Math.round(8 / (1 + i / 4)))).fill(e.name) as string[],
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
        insert.run(
          graph,
          rng.pick(users).id,
          query,
          kind,
          resultsOf(graph, kind, query),
          at.toISOString(),
        );
      }
    }
  }
}

const REPORTS: Record<FactKind, string[]> = {
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

function seedFeedback(
  ctx: PlatformContext,
  rng: Rng,
  users: { id: number; username: string }[],
  now: Date,
) {
  const db = ctx.db;
  const insert = db.prepare(
    `INSERT INTO kg_feedback (graph_id, kind, target, target_label, link, content, status, note, reporter_id, reporter, handler, handled_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const targets: Record<FactKind, (graph: number) => string[]> = {
    entity: (g) =>
      db
        .prepare("SELECT uuid FROM kg_entities WHERE graph_id = ? ORDER BY id LIMIT 30")
        .pluck()
        .all(g) as string[],
    relation: (g) =>
      (
        db
          .prepare("SELECT id FROM kg_relations WHERE graph_id = ? ORDER BY id LIMIT 30")
          .pluck()
          .all(g) as number[]
      ).map(String),
    event: (g) =>
      (
        db
          .prepare("SELECT id FROM kg_events WHERE graph_id = ? ORDER BY id LIMIT 30")
          .pluck()
          .all(g) as number[]
      ).map(String),
  };
  const handler = users[0];
  STATUSES.forEach((status, i) => {
    const graph = i % 4 === 3 ? 246 : 245;
    const kind = (["entity", "relation", "event"] as const)[i % 3];
    const candidates = targets[kind](graph);
    if (!candidates.length) return;
    const target = rng.pick(candidates);
    const fact = resolveFact(ctx, graph, kind, target);
    if (!fact) return;
    const reporter = users[users.length > 2 ? 2 : users.length - 1];
    const age = 30 - i * 2;
    const handled =
      status === "new" ? null : daysAgo(now, Math.max(0, age - 1 - rng.int(0, 1)), 15);
    insert.run(
      graph,
      kind,
      target,
      fact.label,
      fact.link,
      rng.pick(REPORTS[kind]),
      status,
      status === "new" ? "" : rng.pick(NOTES[status]),
      reporter.id,
      reporter.username,
      status === "new" ? "" : handler.username,
      handled,
      daysAgo(now, age, 9 + (i % 8)),
    );
  });
}
