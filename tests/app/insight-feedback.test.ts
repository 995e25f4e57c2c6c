import { sql, type RawBuilder } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableData } from "~/table/data";
import { loader as feedbackTable } from "~/table/routes/list";
import {
  action as reviewAction,
  loader as reviewLoader,
} from "~/routes/_admin.kgfeedback.index.$id.review";
import { action as createAction } from "~/table/routes/new";
import { action as reportAction, loader as reportLoader } from "~/routes/feedback.new";
import { useTestPlatform } from "../helpers/console";
import { startPlatform, type TestPlatform } from "../helpers/platform";
import { one as oneRow } from "../helpers/sql";
import { args, as, flashOf, get, location, post, run } from "./table-helpers";

type Json = any;

let p: TestPlatform;
let handler: Awaited<ReturnType<typeof as>>;
let reader: Awaited<ReturnType<typeof as>>;
let visitor: Awaited<ReturnType<typeof as>>;

const one = async (query: RawBuilder<unknown>) => (await oneRow<Json>(p.ctx, query)) as Json;

beforeAll(async () => {
  p = await startPlatform({ seed: "demo" });
  useTestPlatform(p);
  handler = await as(p, "fb-handler", ["kg__feedback__read", "kg__feedback__update"]);
  reader = await as(p, "fb-reader", ["kg__feedback__read"]);
  visitor = await as(p, "fb-visitor", ["kg__graph__read", "kg__feedback__create"]);
});
afterAll(() => p.close());

describe("a visitor reports a wrong fact (/feedback/new)", () => {
  const relation = async () =>
    (await one(sql`SELECT id FROM kg_relations WHERE graph_id = 245 ORDER BY id LIMIT 1`))
      .id as number;

  it("shows the fact and where to go back", async () => {
    const id = await relation();
    const d = (
      await run(() =>
        reportLoader(
          args(
            get(
              `/feedback/new?graph=245&kind=relation&target=${id}&redirect=/245/articles`,
              visitor,
            ),
          ),
        ),
      )
    ).data as Json;
    expect(d.fact).toMatchObject({
      graph: 245,
      kind: "relation",
      kind_label: "关系",
      target: String(id),
    });
    expect(d.fact.label).toContain("→");
    expect(d.back).toBe("/245/articles");
    const noBack = (
      await run(() =>
        reportLoader(
          args(
            get(
              `/feedback/new?graph=245&kind=relation&target=${id}&redirect=https://evil.example`,
              visitor,
            ),
          ),
        ),
      )
    ).data as Json;
    expect(noBack.back).toBe(noBack.fact.link);
  });

  it("files the report and goes back with a thank-you", async () => {
    const id = await relation();
    const r = await run(() =>
      reportAction(
        args(
          post("/feedback/new", visitor, {
            graph: "245",
            kind: "relation",
            target: String(id),
            content: "方向反了",
            back: "/245/articles",
          }),
        ),
      ),
    );
    expect(location(r)).toBe("/245/articles");
    expect((await flashOf(r.response))?.message).toBe("反馈已提交，感谢您的帮助！");
    expect(
      await one(sql`SELECT status, reporter, content FROM kg_feedback ORDER BY id DESC LIMIT 1`),
    ).toMatchObject({
      status: "new",
      reporter: "fb-visitor",
      content: "方向反了",
    });
  });

  it("keeps the form with a message when the content is empty or the fact is gone", async () => {
    const empty = await run(() =>
      reportAction(
        args(
          post("/feedback/new", visitor, {
            graph: "245",
            kind: "relation",
            target: "1",
            content: "  ",
          }),
        ),
      ),
    );
    expect(empty).toMatchObject({ status: 400, data: { message: "请填写反馈内容" } });
    const gone = await run(() =>
      reportAction(
        args(
          post("/feedback/new", visitor, {
            graph: "245",
            kind: "event",
            target: "999999",
            content: "错了",
          }),
        ),
      ),
    );
    expect(gone).toMatchObject({
      status: 400,
      data: { message: "该知识图谱中没有这个事件：999999", content: "错了" },
    });
  });

  it("is a 404 page for a fact that does not exist, and asks for login first", async () => {
    const r = await run(() =>
      reportLoader(args(get("/feedback/new?graph=245&kind=entity&target=nope", visitor))),
    );
    expect(r.status).toBe(404);
    const anonymous = await run(() =>
      reportLoader(
        args(get("/feedback/new?graph=245&kind=entity&target=x", { cookie: "", csrfToken: "" })),
      ),
    );
    expect(location(anonymous)).toBe(
      "/login?redirect=%2Ffeedback%2Fnew%3Fgraph%3D245%26kind%3Dentity%26target%3Dx",
    );
  });

  it("refuses a user without kg__feedback__create (403 from the platform)", async () => {
    const r = await run(() =>
      reportAction(
        args(
          post("/feedback/new", reader, {
            graph: "245",
            kind: "relation",
            target: "1",
            content: "x",
          }),
        ),
      ),
    );
    expect(r.status).toBe(403);
  });
});

describe("feedback management (/kgfeedback/index)", () => {
  const newest = async (status: string) =>
    (await one(sql`SELECT id FROM kg_feedback WHERE status = ${status} ORDER BY id DESC LIMIT 1`))
      .id as number;

  it("lists the reports in the generic table, newest first, filterable by status", async () => {
    const d = (await run(() => feedbackTable(args(get("/kgfeedback/index?status=new", reader)))))
      .data as TableData;
    expect(d.error).toBeNull();
    expect(d.rows.length).toBeGreaterThan(0);
    expect(d.rows.every((r) => r.status === "new")).toBe(true);
    expect(Object.keys(d.schema!.table_fields)).toEqual(
      expect.arrayContaining(["status", "kind", "target_label", "content", "reporter"]),
    );
    expect(d.schema!.table_fields.link).toBeUndefined();
  });

  it("shows a report with its fact link and the moves its status allows", async () => {
    const id = await newest("new");
    const d = (
      await run(() =>
        reviewLoader(args(get(`/kgfeedback/index/${id}/review`, handler), { id: String(id) })),
      )
    ).data as Json;
    expect(d.record.id).toBe(id);
    expect(d.record.link).toMatch(/^\/(245|246)\/|^\/hotevent\//);
    expect(d.allowed.map((s: Json) => s.key)).toEqual(["confirmed", "rejected"]);
    expect(d.canHandle).toBe(true);
    expect(d.graphName).toMatch(/知识图谱$/);
    const readOnly = (
      await run(() =>
        reviewLoader(args(get(`/kgfeedback/index/${id}/review`, reader), { id: String(id) })),
      )
    ).data as Json;
    expect(readOnly.canHandle).toBe(false);
  });

  it("moves new → confirmed → fixed with a note, back to the table with its state, and says when it cannot", async () => {
    const id = await newest("new");
    const confirm = await run(() =>
      reviewAction(
        args(
          post(`/kgfeedback/index/${id}/review?status=new&page=1`, handler, {
            intent: "status",
            status: "confirmed",
            note: "已核实",
          }),
          { id: String(id) },
        ),
      ),
    );
    expect(location(confirm)).toBe("/kgfeedback/index?status=new&page=1");
    expect((await flashOf(confirm.response))?.message).toBe("反馈状态已改为“已确认”");
    expect(
      await one(sql`SELECT status, note, handler FROM kg_feedback WHERE id = ${id}`),
    ).toMatchObject({
      status: "confirmed",
      note: "已核实",
      handler: "fb-handler",
    });

    const stale = await run(() =>
      reviewAction(
        args(
          post(`/kgfeedback/index/${id}/review`, handler, {
            intent: "status",
            status: "confirmed",
            note: "再次确认",
          }),
          { id: String(id) },
        ),
      ),
    );
    expect(stale).toMatchObject({
      status: 409,
      data: { message: "反馈已是“已确认”状态", note: "再次确认" },
    });

    await run(() =>
      reviewAction(
        args(
          post(`/kgfeedback/index/${id}/review`, handler, { intent: "status", status: "fixed" }),
          { id: String(id) },
        ),
      ),
    );
    const reopen = await run(() =>
      reviewAction(
        args(post(`/kgfeedback/index/${id}/review`, handler, { intent: "status", status: "new" }), {
          id: String(id),
        }),
      ),
    );
    expect(reopen).toMatchObject({
      status: 409,
      data: { message: "不能将反馈从“已修复”改为“新建”：已修复的反馈不能再变更状态" },
    });
    const after = (
      await run(() =>
        reviewLoader(args(get(`/kgfeedback/index/${id}/review`, handler), { id: String(id) })),
      )
    ).data as Json;
    expect(after.allowed).toEqual([]);
    expect(after.record).toMatchObject({ status: "fixed", note: "已核实" });
  });

  it("files a report from the table's own create dialog too, checked against the graph", async () => {
    const admin = await as(p, "fb-admin", ["admin"]);
    const e = await one(
      sql`SELECT uuid, name FROM kg_entities WHERE graph_id = 246 ORDER BY id LIMIT 1`,
    );
    const r = await run(() =>
      createAction(
        args(
          post("/kgfeedback/index/new", admin, {
            kind: "entity",
            graph: "246",
            target: e.uuid,
            content: "别名缺失",
            note: "",
          }),
        ),
      ),
    );
    expect(location(r)).toBe("/kgfeedback/index");
    expect(
      await one(
        sql`SELECT reporter, target_label, status FROM kg_feedback ORDER BY id DESC LIMIT 1`,
      ),
    ).toMatchObject({ reporter: "fb-admin", status: "new" });
    const bad = await run(() =>
      createAction(
        args(
          post("/kgfeedback/index/new", admin, {
            kind: "entity",
            graph: "246",
            target: "nope",
            content: "x",
            note: "",
          }),
        ),
      ),
    );
    expect(bad.status).toBe(400);
    expect((bad.data as Json).errors.target).toBe("该知识图谱中没有这个实体：nope");
  });

  it("refuses a reader's status change (403), an unknown intent (400) and an unknown report (404)", async () => {
    const id = await newest("new");
    expect(
      (
        await run(() =>
          reviewAction(
            args(
              post(`/kgfeedback/index/${id}/review`, reader, {
                intent: "status",
                status: "rejected",
              }),
              { id: String(id) },
            ),
          ),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await run(() =>
          reviewAction(
            args(post(`/kgfeedback/index/${id}/review`, handler, { intent: "delete" }), {
              id: String(id),
            }),
          ),
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await run(() =>
          reviewLoader(args(get("/kgfeedback/index/999999/review", handler), { id: "999999" })),
        )
      ).status,
    ).toBe(404);
  });
});
