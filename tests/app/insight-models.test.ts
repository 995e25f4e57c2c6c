import { sql, type RawBuilder } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableData } from "~/table/data";
import { loader as evaluationLoader } from "~/routes/_admin.model.evaluation.$id";
import { loader as evaluationRedirect } from "~/routes/_admin.model.index.$id.evaluation";
import { loader as logsRedirect } from "~/routes/_admin.model.index.$id.logs";
import { action as runAction, loader as runLoader } from "~/routes/_admin.model.index.$id.run";
import { loader as modelsLoader } from "~/table/routes/list";
import { action as createModel } from "~/table/routes/new";
import { action as logsAction, loader as logsLoader } from "~/routes/_admin.model.logs.$id";
import { loader as eventsLoader } from "~/routes/_admin.model.logs.$id.events";
import { startJobWorker, stopJobWorker } from "../../platform/jobs/worker.js";
import { useTestPlatform } from "../helpers/console";
import { eventually, startPlatform, type TestPlatform } from "../helpers/platform";
import { one as oneRow } from "../helpers/sql";
import { args, as, flashOf, get, location, post, run } from "./table-helpers";

type Json = any;

let p: TestPlatform;
let admin: Awaited<ReturnType<typeof as>>;
let reader: Awaited<ReturnType<typeof as>>;
let nobody: Awaited<ReturnType<typeof as>>;

const one = async (query: RawBuilder<unknown>) => (await oneRow<Json>(p.ctx, query)) as Json;
const idOf = async (name: string) =>
  (await one(sql`SELECT id FROM kg_models WHERE name = ${name}`)).id as number;

const settled = () =>
  eventually(
    async () =>
      (await one(sql`SELECT count(*) AS n FROM jobs WHERE status IN ('queued', 'running')`)).n ===
      0,
  );

beforeAll(async () => {
  p = await startPlatform({ seed: "demo" });
  useTestPlatform(p);
  admin = await as(p, "model-admin", ["admin"]);
  reader = await as(p, "model-reader", ["kg__model__read"]);
  nobody = await as(p, "model-nobody", ["kg__graph__read"]);
  await settled();
});
afterAll(() => p.close());

describe("models table (/model/index)", () => {
  it("lists the models through the generic table, with their metrics", async () => {
    const r = await run(() => modelsLoader(args(get("/model/index", admin))));
    const d = r.data as TableData;
    expect(d.error).toBeNull();
    expect(d.count).toBeGreaterThanOrEqual(5);
    expect(Object.keys(d.schema!.table_fields)).toEqual(
      expect.arrayContaining(["name", "version", "type", "status", "metrics"]),
    );
    expect(d.rows.find((m) => m.name === "军事事件抽取")?.metrics).toMatch(/^P /);
  });

  it("creates a model with the generic form, and refuses a bad version with the field's message", async () => {
    const fields = {
      name: "表单模型",
      version: "2.0.0",
      type: "relation",
      graph: "246",
      holdout: "25",
      description: "",
    };
    const r = await run(() => createModel(args(post("/model/index/new", admin, fields))));
    expect(location(r)).toBe("/model/index");
    expect(
      await one(sql`SELECT type, graph_id, holdout, status FROM kg_models WHERE name = '表单模型'`),
    ).toMatchObject({ type: "relation", graph_id: 246, holdout: 25, status: "new" });
    const bad = await run(() =>
      createModel(
        args(post("/model/index/new", admin, { ...fields, name: "坏版本", version: "v2" })),
      ),
    );
    expect(bad.status).toBe(400);
    expect((bad.data as Json).errors.version).toContain("版本格式");
  });

  it("sends the logs and evaluation row actions to the model's pages", async () => {
    expect(
      location(await run(() => logsRedirect(args(get("/model/index/2/logs", admin), { id: "2" })))),
    ).toBe("/model/logs/2");
    expect(
      location(
        await run(() =>
          evaluationRedirect(args(get("/model/index/2/evaluation", admin), { id: "2" })),
        ),
      ),
    ).toBe("/model/evaluation/2");
    expect(
      (await run(() => logsRedirect(args(get("/model/index/x/logs", admin), { id: "x" })))).status,
    ).toBe(404);
  });
});

describe("run dialog (/model/index/:id/run)", () => {
  it("offers the model's test share and starts a run, landing on its live log", async () => {
    const id = await idOf("军事关系抽取");
    const loaded = (
      await run(() => runLoader(args(get(`/model/index/${id}/run`, admin), { id: String(id) })))
    ).data as Json;
    expect(loaded.model).toMatchObject({ id, holdout: 30 });
    const r = await run(() =>
      runAction(
        args(post(`/model/index/${id}/run`, admin, { kind: "evaluation", holdout: "25" }), {
          id: String(id),
        }),
      ),
    );
    const runId = (await one(sql`SELECT max(id) AS id FROM kg_model_runs WHERE model_id = ${id}`))
      .id;
    expect(r.status).toBe(302);
    expect(location(r)).toBe(`/model/logs/${id}?run=${runId}`);
    expect((await flashOf(r.response))?.message).toBe("已开始运行，正在跳转到运行日志");
    expect(
      await one(sql`SELECT kind, holdout FROM kg_model_runs WHERE id = ${runId}`),
    ).toMatchObject({
      kind: "evaluation",
      holdout: 25,
    });
    await settled();
  });

  it("keeps the dialog open with the platform's reason when the run is refused", async () => {
    const id = await idOf("军事实体识别");
    const bad = await run(() =>
      runAction(
        args(post(`/model/index/${id}/run`, admin, { kind: "training", holdout: "80" }), {
          id: String(id),
        }),
      ),
    );
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      message: "测试集比例必须是5到50之间的整数",
      values: { kind: "training", holdout: "80" },
    });
    stopJobWorker(p.ctx);
    try {
      await run(() =>
        runAction(
          args(post(`/model/index/${id}/run`, admin, { kind: "evaluation", holdout: "20" }), {
            id: String(id),
          }),
        ),
      );
      const busy = await run(() =>
        runAction(
          args(post(`/model/index/${id}/run`, admin, { kind: "evaluation", holdout: "20" }), {
            id: String(id),
          }),
        ),
      );
      expect(busy.status).toBe(409);
      expect((busy.data as Json).message).toMatch(/^模型已有运行中的任务/);
    } finally {
      startJobWorker(p.ctx);
    }
    await settled();
  });

  it("is refused to a reader (no kg__model__update) by the platform, and 404s for an unknown model", async () => {
    const id = await idOf("军事实体识别");
    const r = await run(() =>
      runAction(
        args(post(`/model/index/${id}/run`, reader, { kind: "evaluation" }), { id: String(id) }),
      ),
    );
    expect(r.status).toBe(403);
    expect(
      (await run(() => runLoader(args(get("/model/index/9999/run", admin), { id: "9999" }))))
        .status,
    ).toBe(404);
  });
});

describe("run logs (/model/logs/:id)", () => {
  it("shows the latest run and its log newest first, paged by 20", async () => {
    const id = await idOf("军事事件抽取");
    const d = (
      await run(() => logsLoader(args(get(`/model/logs/${id}`, reader), { id: String(id) })))
    ).data as Json;
    expect(d.model.id).toBe(id);
    expect(d.run.id).toBe(d.runs[0].id);
    expect(d.run.status).toBe("succeeded");
    expect(d.active).toBe(false);
    expect(d.run.logs.results).toHaveLength(20);
    expect(d.run.logs.results[0].message).toBe("任务完成");
    const ids = d.run.logs.results.map((l: Json) => l.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const page2 = (
      await run(() => logsLoader(args(get(`/model/logs/${id}?page=2`, reader), { id: String(id) })))
    ).data as Json;
    expect(page2.run.logs.results[0].id).toBeLessThan(ids.at(-1));
    expect(d.canRun).toBe(false);
  });

  it("is a 404 page for an unknown model or run", async () => {
    const unknown = await run(() =>
      logsLoader(args(get("/model/logs/9999", reader), { id: "9999" })),
    );
    expect(unknown.status).toBe(404);
    expect(await unknown.response!.text()).toBe("模型不存在");
    const badRun = await run(() =>
      logsLoader(args(get("/model/logs/1?run=9999", reader), { id: "1" })),
    );
    expect(badRun.status).toBe(404);
    expect(await badRun.response!.text()).toBe("运行记录不存在");
    expect(
      (await run(() => logsLoader(args(get("/model/logs/1", nobody), { id: "1" })))).status,
    ).toBe(403);
  });

  it("shows a model that never ran with no run", async () => {
    const id = await idOf("新闻事件抽取");
    const d = (
      await run(() => logsLoader(args(get(`/model/logs/${id}`, reader), { id: String(id) })))
    ).data as Json;
    expect(d.run).toBeNull();
    expect(d.runs).toEqual([]);
  });

  it("follows a running job: marked active, and cancelled by the cancel action", async () => {
    const id = await idOf("通用实体识别");
    stopJobWorker(p.ctx);
    try {
      await run(() =>
        runAction(
          args(post(`/model/index/${id}/run`, admin, { kind: "training", holdout: "20" }), {
            id: String(id),
          }),
        ),
      );
      const d = (
        await run(() => logsLoader(args(get(`/model/logs/${id}`, admin), { id: String(id) })))
      ).data as Json;
      expect(d).toMatchObject({ active: true, canRun: true, run: { status: "queued" } });
      const r = await run(() =>
        logsAction(
          args(post(`/model/logs/${id}`, admin, { intent: "cancel", run: String(d.run.id) }), {
            id: String(id),
          }),
        ),
      );
      expect(location(r)).toBe(`/model/logs/${id}?run=${d.run.id}`);
      expect((await flashOf(r.response))?.message).toBe("已请求取消运行");
      expect((await one(sql`SELECT status FROM kg_model_runs WHERE id = ${d.run.id}`)).status).toBe(
        "cancelled",
      );
      const again = await run(() =>
        logsAction(
          args(post(`/model/logs/${id}`, admin, { intent: "cancel", run: String(d.run.id) }), {
            id: String(id),
          }),
        ),
      );
      expect(await flashOf(again.response)).toMatchObject({
        type: "error",
        message: "任务已结束，无法取消",
      });
      const unknown = await run(() =>
        logsAction(args(post(`/model/logs/${id}`, admin, { intent: "rerun" }), { id: String(id) })),
      );
      expect(unknown.status).toBe(400);
    } finally {
      startJobWorker(p.ctx);
    }
  });

  it("streams a run's events to the page's EventSource", async () => {
    const id = await idOf("军事事件抽取");
    const runId = (await one(sql`SELECT max(id) AS id FROM kg_model_runs WHERE model_id = ${id}`))
      .id;
    const r = await run(() =>
      eventsLoader(
        args(get(`/model/logs/${id}/events?run=${runId}&after_log=0`, reader), { id: String(id) }),
      ),
    );
    expect(r.response!.headers.get("Content-Type")).toContain("text/event-stream");
    expect(r.response!.headers.get("Cache-Control")).toContain("no-transform");
    const text = await r.response!.text();
    expect(text).toContain("event: log");
    expect(text).toContain("event: done");
    expect(
      (
        await run(() =>
          eventsLoader(args(get(`/model/logs/${id}/events`, reader), { id: String(id) })),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await run(() =>
          eventsLoader(
            args(get(`/model/logs/${id}/events?run=${runId}`, nobody), { id: String(id) }),
          ),
        )
      ).status,
    ).toBe(403);
  });
});

describe("evaluation (/model/evaluation/:id)", () => {
  it("shows precision, recall and F1 per class, the confusion matrix and the charts", async () => {
    const id = await idOf("军事事件抽取");
    const r = await run(() =>
      evaluationLoader(
        args(get(`/model/evaluation/${id}`, reader, { "Sec-Fetch-Dest": "document" }), {
          id: String(id),
        }),
      ),
    );
    const d = r.data as Json;
    const stored = await one(
      sql`SELECT * FROM kg_model_evaluations WHERE model_id = ${id} ORDER BY id DESC LIMIT 1`,
    );
    expect(d.evaluation).toMatchObject({
      run_id: stored.run_id,
      precision: stored.precision,
      recall: stored.recall,
      f1: stored.f1,
    });
    expect(d.evaluation.per_class.length).toBeGreaterThan(0);
    expect(d.evaluation.confusion.labels.at(-1)).toBe("O");
    // Review rounds are of relation models only; the seeded one has had none yet.
    expect(d.evaluation.review).toBeNull();
    const relation = await idOf("军事关系抽取");
    const rel = (
      await run(() =>
        evaluationLoader(
          args(get(`/model/evaluation/${relation}`, reader), { id: String(relation) }),
        ),
      )
    ).data as Json;
    expect(rel.evaluation.review).toMatchObject({
      verdicts: 0,
      per_type: expect.any(Array),
    });
    expect(d.charts.perClass.svg).toContain("<svg");
    // A phone's drawing of the same metrics: a band of 36 px or more per class.
    const narrow = d.charts.perClass.narrow;
    expect(narrow.svg).toContain("<svg");
    expect(narrow.option.yAxis).toMatchObject({
      type: "category",
      data: d.evaluation.per_class.map((c: Json) => c.label),
    });
    expect(narrow.height / d.evaluation.per_class.length).toBeGreaterThanOrEqual(36);
    expect(d.history.length).toBeGreaterThanOrEqual(1);
  });

  it("picks a run's evaluation with ?run=, and says when a model has none", async () => {
    const id = await idOf("军事关系抽取");
    const first = (
      await one(sql`SELECT min(run_id) AS run FROM kg_model_evaluations WHERE model_id = ${id}`)
    ).run;
    const d = (
      await run(() =>
        evaluationLoader(
          args(get(`/model/evaluation/${id}?run=${first}`, reader), { id: String(id) }),
        ),
      )
    ).data as Json;
    expect(d.evaluation.run_id).toBe(first);
    expect(d.charts.history.svg === null || typeof d.charts.history.svg === "string").toBe(true);
    const none = await idOf("新闻事件抽取");
    const empty = (
      await run(() =>
        evaluationLoader(args(get(`/model/evaluation/${none}`, reader), { id: String(none) })),
      )
    ).data as Json;
    expect(empty.evaluation).toBeNull();
    expect(empty.charts.perClass).toBeNull();
  });

  it("is a 404 page with the model's reason for an unknown model", async () => {
    const r = await run(() =>
      evaluationLoader(args(get("/model/evaluation/424242", reader), { id: "424242" })),
    );
    expect(r.status).toBe(404);
    expect(await r.response!.text()).toBe("模型不存在");
  });
});
