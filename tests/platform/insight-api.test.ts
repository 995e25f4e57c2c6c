import { sql, type RawBuilder } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { splitArticles } from "../../platform/admin/insight/evaluate.js";
import { STOPWORDS } from "../../platform/admin/insight/keywords.js";
import { logSearch } from "../../platform/kg/search-log.js";
import { startJobWorker, stopJobWorker } from "../../platform/jobs/worker.js";
import { REPORT_CONFIDENCE } from "../../platform/kg/event-model.js";
import { analyzeText } from "../../platform/kg/extract.js";
import { trainingKnowledge } from "../../platform/kg/knowledge.js";
import { seedInsightDemo } from "../../platform/seed/insight-demo.js";
import {
  authHeaders,
  eventually,
  startPlatform,
  createUserWithToken,
  type TestPlatform,
} from "../helpers/platform.js";
import { one as oneRow, rows, run } from "../helpers/sql.js";

type Json = any;

let p: TestPlatform;
let admin: { id: number; token: string; csrf: string };
let reader: { id: number; token: string; csrf: string };
let nobody: { id: number; token: string; csrf: string };

beforeAll(async () => {
  p = await startPlatform({ seed: "demo" });
  startJobWorker(p.ctx);
  admin = await createUserWithToken(p.ctx, "insight-admin", ["admin"]);
  reader = await createUserWithToken(p.ctx, "insight-reader", [
    "kg__model__read",
    "kg__statistics__read",
    "kg__log__read",
    "kg__feedback__read",
  ]);
  nobody = await createUserWithToken(p.ctx, "insight-nobody", []);
  await eventually(
    async () =>
      !(await one(sql`SELECT 1 AS x FROM kg_model_runs WHERE status IN ('queued', 'running')`)),
  );
});
afterAll(async () => {
  stopJobWorker(p.ctx);
  await p.close();
});

type Who = { token: string; csrf: string };
const call = async (method: string, path: string, who: Who | null, body?: unknown) => {
  const res = await fetch(`${p.api}${path}`, {
    method,
    headers: who ? authHeaders(who) : {},
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString("utf8");
  let json: Json = text;
  try {
    json = JSON.parse(text);
  } catch {
    // CSV and event streams stay text
  }
  return { status: res.status, body: json, headers: res.headers, text };
};
const get = (path: string, who: Who | null = admin) => call("GET", path, who);
const post = (path: string, body: unknown, who: Who | null = admin) =>
  call("POST", path, who, body);
const all = (query: RawBuilder<unknown>) => rows<Json>(p.ctx, query);
const one = async (query: RawBuilder<unknown>) => (await oneRow<Json>(p.ctx, query)) as Json;

async function createModel(fields: Record<string, unknown>) {
  const r = await post("/kg/models/", { version: "1.0.0", holdout: 20, ...fields });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

async function finishedRun(modelId: number, runId: number) {
  let run: Json;
  await eventually(async () => {
    run = await one(sql`SELECT status FROM kg_model_runs WHERE id = ${runId}`);
    return ["succeeded", "failed", "cancelled"].includes(run.status);
  });
  // The job settles just after the run.
  await eventually(async () =>
    ["succeeded", "failed", "cancelled"].includes(
      (
        await one(
          sql`SELECT j.status FROM jobs j JOIN kg_model_runs r ON r.job_id = j.id WHERE r.id = ${runId}`,
        )
      ).status,
    ),
  );
  return (await get(`/kg/models/${modelId}/runs/${runId}/`)).body;
}

describe("models (generic resource kg/models)", () => {
  it("serves the schema with model types, statuses and the read-only metrics", async () => {
    const r = await get("/kg/models/schema/");
    expect(r.status).toBe(200);
    expect(r.body.select_options.type.map((o: Json) => o.key)).toEqual([
      "ner",
      "relation",
      "event",
    ]);
    expect(r.body.table_fields.metrics.label).toBe("评估指标");
    expect(r.body.form_fields.metrics).toBeUndefined();
    expect(r.body.form_fields.status).toBeUndefined();
    expect(r.body.permissions).toEqual({ create: true, read: true, update: true, delete: true });
  });

  it("lists the demo models with the metrics of their seeded training runs", async () => {
    const r = await get("/kg/models/?ordering=id");
    expect(r.body.count).toBe(5);
    const ner = r.body.results.find((m: Json) => m.name === "军事实体识别");
    expect(ner).toMatchObject({ type: "ner", graph: 245, status: "ready", version: "1.1.0" });
    expect(ner.metrics).toMatch(/^P \d+\.\d% · R \d+\.\d% · F1 \d+\.\d%$/);
    expect(r.body.results.find((m: Json) => m.name === "新闻事件抽取")).toMatchObject({
      status: "new",
      metrics: "",
    });
  });

  it("refuses a model with a bad version or test share, naming the field", async () => {
    const r = await post("/kg/models/", {
      name: "x",
      version: "v1",
      type: "ner",
      graph: 245,
      holdout: 80,
    });
    expect(r.status).toBe(400);
    expect(r.body.errors.version[0]).toContain("版本格式");
    expect(r.body.errors.holdout[0]).toBe("测试集比例不能大于50%");
  });
});

describe("model runs", () => {
  it("evaluates the extraction on the held-out articles, with counts that match the store", async () => {
    const model = await createModel({ name: "事件评估", type: "event", graph: 245 });
    const created = await post(`/kg/models/${model.id}/runs/`, { kind: "evaluation" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      model_id: model.id,
      kind: "evaluation",
      status: "queued",
      holdout: 20,
    });
    expect(created.body.job_id).toBeGreaterThan(0);
    const run = await finishedRun(model.id, created.body.id);
    expect(run.status).toBe("succeeded");

    const ev = (await get(`/kg/models/${model.id}/evaluation/`)).body.evaluation;
    const { test } = await splitArticles(p.ctx, 245, 20);
    const gold = (
      await one(
        sql`SELECT count(*) AS n FROM kg_event_articles WHERE article_id IN (${sql.join(test)})`,
      )
    ).n;
    let predicted = 0;
    const knowledge = await trainingKnowledge(
      p.ctx,
      245,
      (await splitArticles(p.ctx, 245, 20)).train,
    );
    for (const id of test) {
      const a = await one(sql`SELECT content, published_at FROM kg_articles WHERE id = ${id}`);
      predicted += (
        await analyzeText(p.ctx, 245, a.content, {
          referenceDate: a.published_at.slice(0, 10),
          knowledge,
        })
      ).events.filter((e) => e.confidence >= REPORT_CONFIDENCE).length;
    }
    expect(ev).toMatchObject({ articles: test.length, gold, predicted });
    expect(ev.tp).toBeLessThanOrEqual(Math.min(gold, predicted));
    expect(ev.precision).toBeCloseTo(ev.tp / predicted, 4);
    expect(ev.recall).toBeCloseTo(ev.tp / gold, 4);
    const sumSupport = ev.per_class.reduce((n: number, c: Json) => n + c.support, 0);
    expect(sumSupport).toBe(gold);
    // Every gold item is in one row of the confusion matrix, every prediction in one column.
    const matrix: number[][] = ev.confusion.matrix;
    const none = ev.confusion.labels.length - 1;
    expect(
      matrix
        .slice(0, none)
        .flat()
        .reduce((a, b) => a + b, 0),
    ).toBe(gold);
    expect(matrix.reduce((n, row) => n + row.slice(0, none).reduce((a, b) => a + b, 0), 0)).toBe(
      predicted,
    );
    expect(ev.confusion.labels.at(-1)).toBe("O");

    const m = (await get(`/kg/models/${model.id}/`)).body;
    expect(m).toMatchObject({ status: "ready", f1: ev.f1, version: "1.0.0" });
  });

  it("judges held-out articles with a dictionary built from the training articles only", async () => {
    const { train, test } = await splitArticles(p.ctx, 245, 20);
    const knowledge = await trainingKnowledge(p.ctx, 245, train);
    const known = new Set(knowledge.dictionary.ids);
    // Entities mentioned in held-out articles only: not in the dictionary.
    const unseen = (
      await all(sql`SELECT DISTINCT m.entity_id AS id FROM kg_entity_mentions m
        WHERE m.article_id IN (${sql.join(test)})
          AND m.entity_id NOT IN (SELECT entity_id FROM kg_entity_mentions
                                   WHERE article_id IN (${sql.join(train)}))`)
    ).map((r) => r.id as number);
    expect(unseen.length).toBeGreaterThan(0);
    for (const id of unseen) expect(known.has(id)).toBe(false);
    // Every dictionary entity is mentioned by a training article.
    const taught = new Set(
      (
        await all(
          sql`SELECT DISTINCT entity_id AS id FROM kg_entity_mentions WHERE article_id IN (${sql.join(train)})`,
        )
      ).map((r) => r.id as number),
    );
    for (const id of known) expect(taught.has(id)).toBe(true);

    // So the entity model misses them on the held-out texts: recall below 100 %.
    const model = await createModel({ name: "实体留出", type: "ner", graph: 245 });
    const created = await post(`/kg/models/${model.id}/runs/`, { kind: "evaluation" });
    expect((await finishedRun(model.id, created.body.id)).status).toBe("succeeded");
    const ev = (await get(`/kg/models/${model.id}/evaluation/`)).body.evaluation;
    const missed = (
      await one(sql`SELECT count(*) AS n FROM kg_entity_mentions WHERE article_id IN (${sql.join(test)})
          AND entity_id IN (${sql.join(unseen)})`)
    ).n;
    expect(missed).toBeGreaterThan(0);
    expect(ev.gold - ev.tp).toBeGreaterThanOrEqual(missed);
    expect(ev.recall).toBeLessThan(1);
    const log = (
      await get(`/kg/models/${model.id}/runs/${created.body.id}/?log_page_size=100`)
    ).body.logs.results.map((l: Json) => l.message);
    expect(log).toContain(`词典仅由训练集构建：实体 ${known.size} 个（测试集文章不参与构建）`);
  });

  it("trains on the other articles, bumps the version, and evaluates what it learnt", async () => {
    const model = await createModel({
      name: "关系训练",
      type: "relation",
      graph: 245,
      holdout: 30,
    });
    const created = await post(`/kg/models/${model.id}/runs/`, { kind: "training" });
    const run = await finishedRun(model.id, created.body.id);
    expect(run.status).toBe("succeeded");
    const log = (await get(`/kg/models/${model.id}/runs/${run.id}/?log_page_size=100`)).body.logs;
    const row = await one(sql`SELECT version, learned FROM kg_models WHERE id = ${model.id}`);
    expect(row.version).toBe("1.1.0");
    const learned = JSON.parse(row.learned);
    const { train } = await splitArticles(p.ctx, 245, 30);
    expect(learned.trained_articles).toBe(train.length);
    const ev = (await get(`/kg/models/${model.id}/evaluation/`)).body.evaluation;
    const messages: string[] = log.results.map((l: Json) => l.message);
    expect(messages).toContain(
      `数据划分：训练集 ${learned.trained_articles} 篇，测试集 ${ev.articles} 篇（测试集比例 30%）`,
    );
    expect(messages.some((m) => m.startsWith("训练集预测"))).toBe(true);
    // The patterns come from the training articles' sentences, and find relations in held-out ones.
    const knowledge = await trainingKnowledge(p.ctx, 245, train);
    const patterns = [...knowledge.relations.byKey.values()].flat().length;
    expect(patterns).toBeGreaterThan(0);
    expect(messages.find((m) => m.startsWith("关系模式由训练集学习"))).toContain(
      `得到模式 ${patterns} 个`,
    );
    expect(ev.tp).toBeGreaterThan(0);
    expect(ev.precision).toBeGreaterThan(0.5);
  });

  it("shows per relation type the held-out precision before and after the last review round's verdicts", async () => {
    const model = await createModel({
      name: "审核轮次",
      type: "relation",
      graph: 245,
      holdout: 30,
    });
    const trained = await post(`/kg/models/${model.id}/runs/`, { kind: "training" });
    expect((await finishedRun(model.id, trained.body.id)).status).toBe("succeeded");
    expect((await get(`/kg/models/${model.id}/evaluation/`)).body.evaluation.review).toMatchObject({
      verdicts: 0,
    });

    // Two reports of extracted relations, both confirmed (the relations were wrong): one about
    // a new text, one about a sentence of a held-out article, which must not teach the model.
    const { test } = await splitArticles(p.ctx, 245, 30);
    const reportAndConfirm = async (sentence: string, articleId?: number) => {
      const [r] = (await analyzeText(p.ctx, 245, sentence)).relations;
      const recorded = await post("/kg/feedback/extraction/", {
        graph: 245,
        sentence,
        subject: r.subject.uuid,
        predicate: r.predicate,
        object: r.object.uuid,
        article_id: articleId,
      });
      expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
      const created = await post("/kg/feedback/", { ...recorded.body, content: "关系有误" });
      expect(created.status).toBe(201);
      expect(
        (await post(`/kg/feedback/${created.body.id}/status/`, { status: "confirmed" })).status,
      ).toBe(200);
      return r.predicate;
    };
    const predicate = await reportAndConfirm("南昌舰在编制上隶属于美国海军第七舰队。");
    const heldOut = await all(
      sql`SELECT id, content FROM kg_articles WHERE id IN (${sql.join(test)}) ORDER BY id`,
    );
    let reportedHeldOut = false;
    for (const a of heldOut) {
      const [stated] = (await analyzeText(p.ctx, 245, a.content)).relations;
      if (!stated) continue;
      const { start, end } = stated.text_sentence;
      await reportAndConfirm(a.content.slice(start, end), a.id);
      reportedHeldOut = true;
      break;
    }
    expect(reportedHeldOut).toBe(true);

    const run = await post(`/kg/models/${model.id}/runs/`, { kind: "evaluation" });
    expect((await finishedRun(model.id, run.body.id)).status).toBe("succeeded");
    const ev = (await get(`/kg/models/${model.id}/evaluation/`)).body.evaluation;
    const learned = JSON.parse(
      (await one(sql`SELECT learned FROM kg_models WHERE id = ${model.id}`)).learned,
    );
    expect(ev.review).toMatchObject({
      since: learned.trained_at,
      verdicts: 1,
      accepted: 0,
      rejected: 1,
    });
    const row = ev.review.per_type.find((t: Json) => t.label === predicate);
    expect(row.before.predicted).toBeGreaterThan(0);
    expect(row.after.predicted).toBeLessThanOrEqual(row.before.predicted);
    const after = ev.per_class.find((c: Json) => c.label === predicate);
    expect(row.after).toEqual({
      predicted: after.tp + after.fp,
      right: after.tp,
      precision: after.precision,
    });
    const log = (await get(`/kg/models/${model.id}/runs/${run.body.id}/?log_page_size=100`)).body
      .logs.results;
    expect(log.map((l: Json) => l.message)).toContain("上一轮审核：裁定 1 条（采纳 0，驳回 1）");
  });

  it("pages the run's log newest first and lists runs newest first", async () => {
    const model = await createModel({ name: "日志", type: "ner", graph: 246 });
    const first = await post(`/kg/models/${model.id}/runs/`, { kind: "evaluation" });
    await finishedRun(model.id, first.body.id);
    const second = await post(`/kg/models/${model.id}/runs/`, { kind: "training" });
    await finishedRun(model.id, second.body.id);
    const runs = (await get(`/kg/models/${model.id}/runs/`, reader)).body;
    expect(runs.count).toBe(2);
    expect(runs.results.map((r: Json) => r.id)).toEqual([second.body.id, first.body.id]);
    expect(runs.results[0].f1).not.toBeNull();

    const page1 = (
      await get(`/kg/models/${model.id}/runs/${first.body.id}/?log_page=1&log_page_size=5`, reader)
    ).body;
    const page2 = (
      await get(`/kg/models/${model.id}/runs/${first.body.id}/?log_page=2&log_page_size=5`, reader)
    ).body;
    expect(page1.logs.results).toHaveLength(5);
    expect(page1.logs.results[0].message).toBe("任务完成");
    const ids = [...page1.logs.results, ...page2.logs.results].map((l: Json) => l.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(page1.logs.count).toBeGreaterThan(10);
  });

  it("streams a run's progress and log lines as server-sent events until it is done", async () => {
    const model = await createModel({ name: "直播", type: "event", graph: 246 });
    const created = await post(`/kg/models/${model.id}/runs/`, { kind: "training" });
    const res = await fetch(
      `${p.api}/kg/models/${model.id}/runs/${created.body.id}/events/?after_log=0`,
      { headers: authHeaders(reader) },
    );
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const text = await res.text();
    expect(text).toContain("event: log");
    expect(text).toContain("event: progress");
    const done = text.split("\n\n").find((b) => b.startsWith("event: done"))!;
    expect(JSON.parse(done.split("data: ")[1])).toMatchObject({
      status: "succeeded",
      progress: 100,
    });
    expect(text).toContain("任务完成");
  });

  it("refuses a second run while one is queued or running (409), and cancels one", async () => {
    const model = await createModel({ name: "忙碌", type: "ner", graph: 245 });
    stopJobWorker(p.ctx);
    try {
      const first = await post(`/kg/models/${model.id}/runs/`, { kind: "evaluation" });
      expect(first.status).toBe(201);
      const again = await post(`/kg/models/${model.id}/runs/`, { kind: "evaluation" });
      expect(again.status).toBe(409);
      expect(again.body.detail).toBe(
        `模型已有运行中的任务（#${first.body.id}），请等它结束后再运行`,
      );
      const refusedDelete = await call("DELETE", `/kg/models/${model.id}/`, admin);
      expect(refusedDelete.status).toBe(409);
      expect(refusedDelete.body.detail).toContain("有运行中的任务");
      const cancelled = await post(`/kg/models/${model.id}/runs/${first.body.id}/cancel/`, {});
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.status).toBe("cancelled");
      expect((await one(sql`SELECT status FROM kg_models WHERE id = ${model.id}`)).status).toBe(
        "new",
      );
    } finally {
      startJobWorker(p.ctx);
    }
  });

  it("fails a run on a graph without articles, saying why, in the log and the run", async () => {
    const model = await createModel({ name: "空图谱", type: "event", graph: 247 });
    const created = await post(`/kg/models/${model.id}/runs/`, { kind: "training" });
    const run = await finishedRun(model.id, created.body.id);
    expect(run).toMatchObject({
      status: "failed",
      error: "测试集为空：知识图谱中没有可用于评估的文章",
    });
    expect(
      run.logs.results.some((l: Json) => l.level === "error" && l.message.includes("测试集为空")),
    ).toBe(true);
    expect((await one(sql`SELECT status FROM kg_models WHERE id = ${model.id}`)).status).toBe(
      "failed",
    );
    expect((await get(`/kg/models/${model.id}/evaluation/`)).body.evaluation).toBeNull();
  });

  it("fails a run on a graph a job is writing, naming the job, instead of training on part of it", async () => {
    const model = await createModel({ name: "写入中", type: "event", graph: 245 });
    const writer = (
      await one(
        sql`INSERT INTO jobs (kind, graph_id, status, worker, heartbeat_at)
            VALUES ('graph.build', 245, 'running', 'test-writer', '9999-01-01T00:00:00.000Z') RETURNING id`,
      )
    ).id as number;
    await run(p.ctx, sql`INSERT INTO kg_graph_writes (graph_id, job_id) VALUES (245, ${writer})`);
    try {
      const created = await post(`/kg/models/${model.id}/runs/`, { kind: "training" });
      const done = await finishedRun(model.id, created.body.id);
      expect(done).toMatchObject({
        status: "failed",
        error: `知识图谱正在由任务 #${writer} 写入，完成后即可浏览`,
      });
    } finally {
      await run(p.ctx, sql`DELETE FROM kg_graph_writes WHERE graph_id = 245`);
      await run(p.ctx, sql`UPDATE jobs SET status = 'succeeded' WHERE id = ${writer}`);
    }
  });

  it("answers bad input with a clear message", async () => {
    const model = await createModel({ name: "参数", type: "ner", graph: 245 });
    expect((await post(`/kg/models/${model.id}/runs/`, { kind: "deploy" })).body.detail).toBe(
      "运行类型必须是 evaluation（评估）或 training（训练）",
    );
    expect((await post(`/kg/models/${model.id}/runs/`, { holdout: 90 })).body.detail).toBe(
      "测试集比例必须是5到50之间的整数",
    );
    const unknown = await post("/kg/models/999999/runs/", {});
    expect(unknown).toMatchObject({ status: 404, body: { detail: "模型不存在" } });
    expect((await get("/kg/models/999999/evaluation/")).status).toBe(404);
    expect((await get(`/kg/models/${model.id}/runs/999999/`)).body.detail).toBe("运行记录不存在");
  });

  it("needs kg__model__read to read and kg__model__update to run", async () => {
    expect((await get("/kg/models/1/runs/", nobody)).status).toBe(403);
    expect((await get("/kg/models/1/evaluation/", nobody)).status).toBe(403);
    expect((await post("/kg/models/1/runs/", {}, reader)).status).toBe(403);
    expect((await get("/kg/models/1/runs/", null)).status).toBe(401);
  });
});

describe("retrieval statistics", () => {
  it("records searches, ignoring blank ones", async () => {
    const before = (await one(sql`SELECT count(*) AS n FROM kg_search_log`)).n;
    await logSearch(p.ctx, {
      graphId: 245,
      userId: admin.id,
      query: "  歼-20  ",
      kind: "entity",
      resultCount: 3,
    });
    await logSearch(p.ctx, {
      graphId: 245,
      userId: admin.id,
      query: "   ",
      kind: "entity",
      resultCount: 0,
    });
    expect((await one(sql`SELECT count(*) AS n FROM kg_search_log`)).n).toBe(before + 1);
    expect((await one(sql`SELECT query FROM kg_search_log ORDER BY id DESC LIMIT 1`)).query).toBe(
      "歼-20",
    );
  });

  it("is fed by the knowledge-graph search endpoints, once per search (not per page)", async () => {
    const count = async () =>
      (
        await one(
          sql`SELECT count(*) AS n FROM kg_search_log WHERE query = '美国海军' AND user_id = ${reader.id}`,
        )
      ).n;
    const entities = await get("/kg/graphs/245/entities/?search=美国海军", reader);
    expect(entities.status).toBe(200);
    await get("/kg/graphs/245/articles/?search=美国海军", reader);
    await get("/kg/graphs/245/events/?search=美国海军", reader);
    await get("/kg/graphs/245/entities/?search=美国海军&page=2", reader);
    await get("/kg/graphs/245/entities/", reader);
    expect(await count()).toBe(3);
    const row = await one(
      sql`SELECT kind, result_count, graph_id FROM kg_search_log WHERE query = '美国海军' AND user_id = ${reader.id} AND kind = 'entity'`,
    );
    expect(row).toMatchObject({ graph_id: 245, result_count: entities.body.count });
    await get("/kg/graphs/245/event-graph/events/?search=演习", null);
    expect(
      await one(sql`SELECT user_id, kind FROM kg_search_log ORDER BY id DESC LIMIT 1`),
    ).toMatchObject({
      user_id: null,
      kind: "event",
    });
  });

  it("gives searches per day for every day of the window, top queries and queries without results", async () => {
    const r = await get("/kg/statistics/searches/?graph=245&days=30&limit=10", reader);
    expect(r.status).toBe(200);
    const s = r.body;
    expect(s.series).toHaveLength(30);
    expect(s.series.at(-1).day).toBe(new Date().toISOString().slice(0, 10));
    const total = (
      await one(
        sql`SELECT count(*) AS n FROM kg_search_log WHERE graph_id = 245 AND created_at >= ${`${s.from}T00:00:00.000Z`}`,
      )
    ).n;
    expect(s.total).toBe(total);
    expect(s.series.reduce((n: number, d: Json) => n + d.searches, 0)).toBe(total);
    expect(s.top).toHaveLength(10);
    expect(s.top[0].searches).toBeGreaterThanOrEqual(s.top[1].searches);
    expect(s.empty.length).toBeGreaterThan(0);
    for (const q of s.empty) {
      expect(
        (
          await one(
            sql`SELECT count(*) AS n FROM kg_search_log WHERE lower(query) = lower(${q.query}) AND result_count = 0 AND graph_id = 245 AND created_at >= ${`${s.from}T00:00:00.000Z`}`,
          )
        ).n,
      ).toBe(q.searches);
    }
    expect(s.kinds.map((k: Json) => k.kind)).toContain("entity");
  });

  it("exports each table as CSV with a BOM, neutralising formula-like queries", async () => {
    await logSearch(p.ctx, {
      graphId: 246,
      userId: admin.id,
      query: "=HYPERLINK(1)",
      kind: "article",
      resultCount: 0,
    });
    const r = await get("/kg/statistics/searches/export/?graph=246&days=7&table=empty", reader);
    expect(r.headers.get("content-type")).toContain("text/csv");
    expect(r.text.charCodeAt(0)).toBe(0xfeff);
    expect(r.text).toContain("检索词,检索次数,最近检索");
    expect(r.text).toContain("'=HYPERLINK(1)");
    expect((await get("/kg/statistics/searches/export/?table=nope", reader)).status).toBe(400);
  });

  it("is empty, not an error, for a graph nobody searched, and 404 for an unknown graph", async () => {
    const r = await get("/kg/statistics/searches/?graph=247&days=7", reader);
    expect(r.body).toMatchObject({ total: 0, empty_total: 0, top: [], empty: [] });
    expect(r.body.series).toHaveLength(7);
    expect((await get("/kg/statistics/searches/?graph=9999", reader)).body.detail).toBe(
      "知识图谱不存在",
    );
    expect((await get("/kg/statistics/searches/", nobody)).status).toBe(403);
  });
});

describe("entity, verb and keyword statistics", () => {
  it("counts entities per type and ranks them by mentions", async () => {
    const s = (await get("/kg/statistics/entities/?graph=245&limit=10", reader)).body;
    expect(s.totals.entities).toBe(
      (await one(sql`SELECT count(*) AS n FROM kg_entities WHERE graph_id = 245`)).n,
    );
    expect(s.totals.mentions).toBe(
      (
        await one(
          sql`SELECT count(*) AS n FROM kg_entity_mentions m JOIN kg_articles a ON a.id = m.article_id WHERE a.graph_id = 245`,
        )
      ).n,
    );
    expect(s.by_type.reduce((n: number, t: Json) => n + t.entities, 0)).toBe(s.totals.entities);
    expect(s.by_type.reduce((n: number, t: Json) => n + t.mentions, 0)).toBe(s.totals.mentions);
    expect(s.top).toHaveLength(10);
    const first = s.top[0];
    const mentions = (
      await one(
        sql`SELECT count(*) AS n FROM kg_entity_mentions m JOIN kg_entities e ON e.id = m.entity_id WHERE e.uuid = ${first.uuid}`,
      )
    ).n;
    expect(first.mentions).toBe(mentions);
    expect(s.top[1].mentions).toBeLessThanOrEqual(first.mentions);
    expect(s.trend.total.reduce((a: number, b: number) => a + b, 0)).toBe(s.totals.mentions);
    expect(s.trend.series).toHaveLength(5);
    expect(s.trend.bucket).toBe("month");
  });

  it("filters the ranking by an entity type and its subclasses", async () => {
    const place = (
      await one(
        sql`SELECT c.id FROM kg_classes c JOIN kg_graph_ontology g ON g.ontology_id = c.ontology_id WHERE g.graph_id = 245 AND c.name = '地点'`,
      )
    ).id;
    const s = (await get(`/kg/statistics/entities/?graph=245&type=${place}`, reader)).body;
    const placeTypes = ["地点", "国家", "城市", "军事基地", "海域"];
    expect(s.top.length).toBeGreaterThan(0);
    for (const e of s.top) expect(placeTypes).toContain(e.type);
  });

  it("details one entity: mentions over time, relations per predicate, articles", async () => {
    const e = await one(
      sql`SELECT e.uuid, e.id FROM kg_entities e JOIN kg_relations r ON r.subject_id = e.id WHERE e.graph_id = 245 GROUP BY e.id ORDER BY count(*) DESC LIMIT 1`,
    );
    const s = (await get(`/kg/statistics/entities/${e.uuid}/`, reader)).body;
    const out = (await one(sql`SELECT count(*) AS n FROM kg_relations WHERE subject_id = ${e.id}`))
      .n;
    const inc = (await one(sql`SELECT count(*) AS n FROM kg_relations WHERE object_id = ${e.id}`))
      .n;
    expect(s.totals.relations).toBe(out + inc);
    expect(s.relations.reduce((n: number, r: Json) => n + r.outgoing, 0)).toBe(out);
    expect(s.mentions.total.reduce((a: number, b: number) => a + b, 0)).toBe(s.totals.mentions);
    expect(s.articles.length).toBeLessThanOrEqual(10);
    expect((await get("/kg/statistics/entities/no-such-uuid/", reader)).body.detail).toBe(
      "实体不存在",
    );
    const csv = await get(`/kg/statistics/entities/${e.uuid}/export/?table=relations`, reader);
    expect(csv.text).toContain("关系,作为主体,作为客体,合计");
  });

  it("counts events per trigger verb and type, with a monthly trend", async () => {
    const s = (await get("/kg/statistics/verbs/?graph=245", reader)).body;
    expect(s.totals.events).toBe(
      (await one(sql`SELECT count(*) AS n FROM kg_events WHERE graph_id = 245`)).n,
    );
    const top = await one(
      sql`SELECT trigger_word, count(*) AS n FROM kg_events WHERE graph_id = 245 GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`,
    );
    expect(s.verbs[0]).toMatchObject({ rank: 1, events: top.n });
    expect(s.by_type.reduce((n: number, t: Json) => n + t.events, 0)).toBe(s.totals.events);
    expect(s.trend.bucket).toBe("month");
    expect(s.trend.periods[0]).toMatch(/^\d{4}-\d{2}$/);
  });

  it("finds the graph's keywords with Intl.Segmenter, without stopwords", async () => {
    const s = (await get("/kg/statistics/keywords/?graph=245&limit=30", reader)).body;
    expect(s.articles).toBe(
      (await one(sql`SELECT count(*) AS n FROM kg_articles WHERE graph_id = 245`)).n,
    );
    expect(s.sampled).toBe(false);
    expect(s.keywords).toHaveLength(30);
    const words = s.keywords.map((k: Json) => k.word);
    expect(words).not.toContain("我们");
    expect(words).not.toContain("表示");
    expect(words.every((w: string) => w.length >= 2)).toBe(true);
    const first = s.keywords[0];
    const occurrences = (
      await all(sql`SELECT title, content FROM kg_articles WHERE graph_id = 245`)
    ).filter((a) => `${a.title}\n${a.content}`.includes(first.word)).length;
    expect(first.articles).toBeLessThanOrEqual(occurrences);
    expect(first.count).toBeGreaterThanOrEqual(first.articles);
    const csv = await get("/kg/statistics/keywords/export/?graph=245", reader);
    expect(csv.status).toBe(200);
    expect(csv.text.split("\n")[0]).toBe("\uFEFF排名,关键词,出现次数,文章数");
  });

  it("keeps the graph's entity names whole and drops stop words and name fragments", async () => {
    const s = (await get("/kg/statistics/keywords/?graph=245&limit=500", reader)).body;
    const words: string[] = s.keywords.map((k: Json) => k.word);
    for (const w of words) expect(STOPWORDS.has(w), w).toBe(false);
    // Junk the segmenter alone made: pieces of 马拉巴尔 and news boilerplate.
    for (const junk of ["巴尔", "马拉", "更多", "细节"]) expect(words).not.toContain(junk);
    // A seeded exercise's name the segmenter cuts in pieces is counted whole.
    const segmenter = new Intl.Segmenter("zh", { granularity: "word" });
    expect([...segmenter.segment("马拉巴尔-2024")].length).toBeGreaterThan(1);
    expect(
      await one(
        sql`SELECT 1 AS x FROM kg_entities WHERE graph_id = 245 AND name = '马拉巴尔-2024'`,
      ),
    ).toBeTruthy();
    const name = s.keywords.find((k: Json) => k.word === "马拉巴尔-2024");
    expect(name?.count).toBeGreaterThan(0);
    // Counted as written: in no more articles than the texts that contain it.
    const texts = (await all(sql`SELECT title, content FROM kg_articles WHERE graph_id = 245`)).map(
      (a) => `${a.title}\n${a.content}`,
    );
    expect(texts.filter((t) => t.includes("马拉巴尔-2024")).length).toBeGreaterThanOrEqual(
      name.articles,
    );
  });

  it("shows an empty graph as zeros and empty lists, not an error", async () => {
    for (const path of ["entities", "verbs", "keywords"]) {
      const r = await get(`/kg/statistics/${path}/?graph=247`, reader);
      expect(r.status, path).toBe(200);
    }
    const e = (await get("/kg/statistics/entities/?graph=247", reader)).body;
    expect(e).toMatchObject({
      totals: { entities: 0, mentions: 0 },
      top: [],
      by_type: [],
      trend: { periods: [] },
    });
    expect((await get("/kg/statistics/keywords/?graph=247", reader)).body).toMatchObject({
      articles: 0,
      keywords: [],
    });
  });

  it("needs the graph, a known graph, and kg__statistics__read", async () => {
    expect((await get("/kg/statistics/entities/", reader)).body.detail).toBe(
      "请指定知识图谱（参数 graph）",
    );
    expect((await get("/kg/statistics/verbs/?graph=9999", reader)).status).toBe(404);
    expect((await get("/kg/statistics/keywords/?graph=245", nobody)).status).toBe(403);
    expect((await get("/kg/statistics/entities/?graph=245&limit=0", reader)).status).toBe(400);
  });
});

describe("feedback", () => {
  let visitor: { id: number; token: string; csrf: string };
  beforeAll(async () => {
    visitor = await createUserWithToken(p.ctx, "insight-visitor", [
      "kg__graph__read",
      "kg__feedback__create",
    ]);
  });

  it("lets a visitor report a wrong fact, keeping a snapshot and a link to it", async () => {
    const e = await one(
      sql`SELECT uuid, name FROM kg_entities WHERE graph_id = 245 ORDER BY id LIMIT 1`,
    );
    const r = await post(
      "/kg/feedback/",
      { graph: 245, kind: "entity", target: e.uuid, content: "类型标注有误" },
      visitor,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({
      status: "new",
      kind: "entity",
      reporter: "insight-visitor",
      link: `/245/entity/${e.uuid}`,
    });
    expect(r.body.target_label.startsWith(e.name)).toBe(true);
    const rel = await one(
      sql`SELECT id, article_id, sent_start, sent_end FROM kg_relations WHERE graph_id = 245 AND article_id IS NOT NULL LIMIT 1`,
    );
    const r2 = await post(
      "/kg/feedback/",
      { graph: 245, kind: "relation", target: String(rel.id), content: "方向反了" },
      visitor,
    );
    expect(r2.body.link).toBe(
      `/245/article/${rel.article_id}?sent=${rel.sent_start}-${rel.sent_end}#s-${rel.sent_start}`,
    );
    expect(r2.body.target_label).toContain("→");
    expect(
      await one(
        sql`SELECT action, resource FROM audit_log WHERE record_id = ${String(r.body.id)} AND resource = 'kg/feedback'`,
      ),
    ).toMatchObject({
      action: "create",
    });
  });

  it("describes the fact a visitor is about to report, or says why it cannot", async () => {
    const ev = await one(sql`SELECT id, title FROM kg_events WHERE graph_id = 245 LIMIT 1`);
    const r = await get(`/kg/feedback/fact/?graph=245&kind=event&target=${ev.id}`, visitor);
    expect(r.body).toMatchObject({
      graph: 245,
      kind: "event",
      kind_label: "事件",
      link: `/hotevent/${ev.id}?id=245`,
    });
    expect(r.body.label.startsWith(ev.title)).toBe(true);
    expect(
      (await get("/kg/feedback/fact/?graph=245&kind=event&target=99999", visitor)).body.detail,
    ).toBe("该知识图谱中没有这个事件：99999");
    expect((await get("/kg/feedback/fact/?graph=245&kind=article&target=1", visitor)).status).toBe(
      400,
    );
    expect((await get("/kg/feedback/fact/?graph=9999&kind=event&target=1", visitor)).status).toBe(
      404,
    );
    // A graph id no graph can have is refused before the store (PostgreSQL's bigint ends at 19 digits).
    for (const graph of ["99999999999999999999", "1e20", "0"])
      expect(
        (await get(`/kg/feedback/fact/?graph=${graph}&kind=event&target=1`, visitor)).body,
      ).toMatchObject({ detail: "请指定知识图谱（参数 graph）" });
  });

  it("refuses a report on a fact the graph does not have, or without content", async () => {
    const other = (await one(sql`SELECT uuid FROM kg_entities WHERE graph_id = 246 LIMIT 1`)).uuid;
    const r = await post(
      "/kg/feedback/",
      { graph: 245, kind: "entity", target: other, content: "x" },
      visitor,
    );
    expect(r).toMatchObject({
      status: 400,
      body: { detail: `该知识图谱中没有这个实体：${other}` },
    });
    expect(r.body.errors.target).toHaveLength(1);
    const empty = await post(
      "/kg/feedback/",
      { graph: 245, kind: "event", target: "1", content: "" },
      visitor,
    );
    expect(empty.body.errors.content).toEqual(["请填写反馈内容"]);
    const kind = await post(
      "/kg/feedback/",
      { graph: 245, kind: "article", target: "1", content: "x" },
      visitor,
    );
    expect(kind.status).toBe(400);
    expect(
      (
        await post(
          "/kg/feedback/",
          { graph: 245, kind: "event", target: "1", content: "x" },
          nobody,
        )
      ).status,
    ).toBe(403);
  });

  it("moves a report new → confirmed → fixed with the handler's note, and refuses other moves", async () => {
    const ev = await one(sql`SELECT id FROM kg_events WHERE graph_id = 245 LIMIT 1`);
    const created = (
      await post(
        "/kg/feedback/",
        { graph: 245, kind: "event", target: String(ev.id), content: "时间不对" },
        visitor,
      )
    ).body;
    const info = (await get(`/kg/feedback/${created.id}/status/`, reader)).body;
    expect(info.allowed.map((s: Json) => s.key)).toEqual(["confirmed", "rejected"]);

    const skip = await post(`/kg/feedback/${created.id}/status/`, { status: "fixed" });
    expect(skip).toMatchObject({
      status: 409,
      body: {
        detail: "不能将反馈从“新建”改为“已修复”：只能改为“已确认”或“已驳回”",
        allowed: ["confirmed", "rejected"],
      },
    });
    const confirmed = await post(`/kg/feedback/${created.id}/status/`, {
      status: "confirmed",
      note: "已核实",
    });
    expect(confirmed.body).toMatchObject({
      status: "confirmed",
      note: "已核实",
      handler: "insight-admin",
    });
    expect(confirmed.body.handled_at).toBeTruthy();
    const fixed = await post(`/kg/feedback/${created.id}/status/`, { status: "fixed" });
    expect(fixed.body).toMatchObject({ status: "fixed", note: "已核实" });
    const reopen = await post(`/kg/feedback/${created.id}/status/`, { status: "new" });
    expect(reopen.status).toBe(409);
    expect(reopen.body.detail).toBe("不能将反馈从“已修复”改为“新建”：已修复的反馈不能再变更状态");
    expect((await one(sql`SELECT status FROM kg_feedback WHERE id = ${created.id}`)).status).toBe(
      "fixed",
    );
    expect(
      (
        await all(
          sql`SELECT action FROM audit_log WHERE resource = 'kg/feedback' AND record_id = ${String(created.id)}`,
        )
      ).map((a) => a.action),
    ).toEqual(["create", "update", "update"]);
    expect((await post(`/kg/feedback/${created.id}/status/`, { status: "done" })).status).toBe(400);
    expect(
      (await post(`/kg/feedback/${created.id}/status/`, { status: "rejected" }, reader)).status,
    ).toBe(403);
    expect((await post("/kg/feedback/999999/status/", { status: "confirmed" })).status).toBe(404);
  });

  it("lists reports through the generic resource, status not writable by PATCH", async () => {
    const list = (await get("/kg/feedback/?status=new&ordering=-id", reader)).body;
    expect(list.count).toBeGreaterThan(0);
    expect(list.results.every((f: Json) => f.status === "new")).toBe(true);
    const id = list.results[0].id;
    const patched = await call("PATCH", `/kg/feedback/${id}/`, admin, {
      status: "fixed",
      note: "看过",
    });
    expect(patched.body).toMatchObject({ status: "new", note: "看过" });
    const changed = await call("PATCH", `/kg/feedback/${id}/`, admin, { content: "改掉用户的话" });
    expect(changed.status).toBe(400);
  });
});

describe("demo seed", () => {
  it("seeds models, a search history and feedback once, and never over existing data", async () => {
    const counts = async () =>
      await one(
        sql`SELECT (SELECT count(*) FROM kg_models) AS m, (SELECT count(*) FROM kg_search_log) AS s, (SELECT count(*) FROM kg_feedback) AS f`,
      );
    const before = await counts();
    expect(await seedInsightDemo(p.ctx)).toBeUndefined();
    expect(await counts()).toEqual(before);
    const statuses = (await all(sql`SELECT DISTINCT status FROM kg_feedback ORDER BY 1`)).map(
      (r) => r.status,
    );
    expect(statuses).toEqual(["confirmed", "fixed", "new", "rejected"]);
    const days = (
      await one(sql`SELECT count(DISTINCT substr(created_at, 1, 10)) AS n FROM kg_search_log`)
    ).n;
    expect(days).toBeGreaterThanOrEqual(55);
  });
});
