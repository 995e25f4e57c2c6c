import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActionError } from "~/graph-admin/types";
import { action as createAction, loader as createLoader } from "~/routes/_admin.graph.create.($id)";
import { loader as detailLoader } from "~/routes/_admin.graph.detail.$id";
import {
  action as increasedAction,
  loader as increasedLoader,
} from "~/routes/_admin.graph.increased.($id)";
import { loader as indexLoader } from "~/routes/_admin.graph.index";
import { loader as relationResultLoader } from "~/routes/_admin.graph.relation.result";
import {
  action as schemaEditAction,
  loader as schemaEditLoader,
} from "~/routes/_admin.graph.schemaedit.($id)";
import { action as jobAction, loader as jobLoader } from "~/routes/_admin.jobs.$id";
import { action as schemaAction, loader as schemaLoader } from "~/routes/_admin.schema";
import { loader as eventsLoader } from "~/routes/jobs.$id.events";
import { ensureBuiltinOntologies } from "../../platform/kg/ontology.js";
import { useTestPlatform } from "../helpers/console";
import { settled, startPlatform, type TestPlatform } from "../helpers/platform";
import { args, as, flashOf, get, location, post, run } from "./table-helpers";
import { sqliteHandle } from "../helpers/sql.js";

let p: TestPlatform;
let admin: Awaited<ReturnType<typeof as>>;
let military: number;

const CSV = [
  "subject,predicate,object,confidence",
  "东部战区海军,类型,军队,",
  "辽宁舰,类型,舰艇,",
  "大连,类型,城市,",
  "东部战区海军,装备,辽宁舰,0.95",
  "辽宁舰,部署于,大连,0.8",
].join("\n");

beforeAll(async () => {
  p = await startPlatform();
  useTestPlatform(p);
  military = (await ensureBuiltinOntologies(p.ctx)).military;
  sqliteHandle(p.ctx)
    .prepare("INSERT OR REPLACE INTO kg_graph_ontology (graph_id, ontology_id) VALUES (245, ?)")
    .run(military);
  admin = await as(p, "ga-admin", ["admin"]);
});
afterAll(() => p.close());

/** A build or update form as the browser sends it, with the file in the "upload" input. */
function sendForm(
  path: string,
  fields: Record<string, string>,
  file?: { name: string; content: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append("upload", new File([file.content], file.name, { type: "text/csv" }));
  return post(path, admin, form);
}

const jobIdOf = (r: { response?: Response }) =>
  Number(/\/jobs\/(\d+)$/.exec(location(r) ?? "")?.[1]);

describe("/schema", () => {
  it("loads the ontologies and the chosen one with the viewer's rights", async () => {
    const r = await run(() => schemaLoader(args(get(`/schema?o=${military}`, admin))));
    const d = r.data as {
      ontologies: { name: string }[];
      detail: { id: number; classes: { name: string }[] };
      rights: object;
    };
    expect(d.ontologies.map((o) => o.name)).toEqual(["军事领域本体", "通用领域本体"]);
    expect(d.detail.id).toBe(military);
    expect(d.detail.classes.map((c) => c.name)).toContain("舰艇");
    expect(d.rights).toEqual({ create: true, update: true, remove: true });
  });

  it("adds a class, flashes 操作成功！ and returns to the page without the open editor", async () => {
    const r = await run(() =>
      schemaAction(
        args(
          post(`/schema?o=${military}&edit=class-3`, admin, {
            intent: "createClass",
            id: String(military),
            name: "潜艇",
            parent_id: "",
            color: "#000000",
            description: "",
          }),
        ),
      ),
    );
    expect(r.status).toBe(302);
    expect(location(r)).toBe(`/schema?o=${military}`);
    expect((await flashOf(r.response))?.message).toBe("操作成功！");
    expect(
      sqliteHandle(p.ctx)
        .prepare("SELECT color FROM kg_classes WHERE name = '潜艇' AND ontology_id = ?")
        .pluck()
        .get(military),
    ).toBe("");
  });

  it("keeps what the user typed when the platform refuses (duplicate name)", async () => {
    const r = await run(() =>
      schemaAction(
        args(
          post(`/schema?o=${military}`, admin, {
            intent: "createClass",
            id: String(military),
            name: "潜艇",
          }),
        ),
      ),
    );
    expect(r.status).toBe(400);
    const d = r.data as ActionError;
    expect(d).toMatchObject({
      error: '类名"潜艇"已存在',
      target: `createClass:${military}`,
      values: { name: "潜艇" },
    });
    expect(d.fieldErrors?.name).toEqual(['类名"潜艇"已存在']);
  });

  it("shows a refused delete with the platform's reason", async () => {
    const cls = sqliteHandle(p.ctx)
      .prepare("SELECT id FROM kg_classes WHERE name = '军队' AND ontology_id = ?")
      .pluck()
      .get(military) as number;
    sqliteHandle(p.ctx)
      .prepare(
        "INSERT INTO kg_entities (uuid, graph_id, class_id, name) VALUES ('app-army', 245, ?, '某集团军')",
      )
      .run(cls);
    const r = await run(() =>
      schemaAction(
        args(post(`/schema?o=${military}`, admin, { intent: "deleteClass", id: String(cls) })),
      ),
    );
    expect(r.status).toBe(409);
    expect(r.data).toMatchObject({
      error: '类"军队"仍被 1 个实体使用，无法删除',
      target: `deleteClass:${cls}`,
    });
  });

  it("edits a relation type and an event type, adds a property", async () => {
    const rt = sqliteHandle(p.ctx)
      .prepare("SELECT id FROM kg_relation_types WHERE name = '同盟' AND ontology_id = ?")
      .pluck()
      .get(military);
    const updated = await run(() =>
      schemaAction(
        args(
          post(`/schema?o=${military}`, admin, {
            intent: "updateRelationType",
            id: String(rt),
            name: "同盟",
            domain_class_id: "",
            range_class_id: "",
            description: "国家间同盟",
          }),
        ),
      ),
    );
    expect(updated.status).toBe(302);
    const et = sqliteHandle(p.ctx)
      .prepare("SELECT id FROM kg_event_types WHERE name = '演习' AND ontology_id = ?")
      .pluck()
      .get(military);
    await run(() =>
      schemaAction(
        args(
          post(`/schema?o=${military}`, admin, {
            intent: "updateEventType",
            id: String(et),
            name: "演习",
            triggers: "演习、军演",
            subject_role: "参演方",
            object_role: "参演兵力",
            color: "#c23531",
          }),
        ),
      ),
    );
    expect(
      sqliteHandle(p.ctx)
        .prepare("SELECT triggers FROM kg_event_types WHERE id = ?")
        .pluck()
        .get(et),
    ).toBe('["演习","军演"]');
    const sub = sqliteHandle(p.ctx)
      .prepare("SELECT id FROM kg_classes WHERE name = '潜艇'")
      .pluck()
      .get();
    const prop = await run(() =>
      schemaAction(
        args(
          post(`/schema?o=${military}`, admin, {
            intent: "createProperty",
            id: String(sub),
            name: "潜深",
            datatype: "number",
          }),
        ),
      ),
    );
    expect(prop.status).toBe(302);
  });

  it("refuses an unknown intent (400) and a user without the codename (403)", async () => {
    const r = await run(() => schemaAction(args(post("/schema", admin, { intent: "dance" }))));
    expect(r.status).toBe(400);
    const nobody = await as(p, "ga-nobody", ["kg__graph__read"]);
    expect((await run(() => schemaLoader(args(get("/schema", nobody))))).status).toBe(403);
  });
});

describe("graph creation, jobs and updates", () => {
  let graphId: number;
  let buildJob: number;

  it("the create page offers the ontologies and source data", async () => {
    const r = await run(() => createLoader(args(get("/graph/create", admin))));
    const d = r.data as { graph: null; options: { ontologies: { name: string }[] } };
    expect(d.graph).toBeNull();
    expect(d.options.ontologies.map((o) => o.name)).toContain("军事领域本体");
    expect(
      (await run(() => createLoader(args(get("/graph/create/99999", admin), { id: "99999" }))))
        .status,
    ).toBe(404);
  });

  it("creating with an uploaded CSV stores the file, creates the graph and goes to its build job", async () => {
    const r = await run(() =>
      createAction(
        args(
          sendForm(
            "/graph/create",
            {
              intent: "create",
              name: "页面构建图谱",
              domain: "military",
              description: "",
              ontology_id: String(military),
            },
            { name: "triples.csv", content: CSV },
          ),
        ),
      ),
    );
    expect(r.status).toBe(302);
    buildJob = jobIdOf(r);
    expect((await flashOf(r.response))?.message).toBe("构建任务已创建");
    const job = await settled(p, buildJob);
    expect(job.status).toBe("succeeded");
    graphId = job.graph_id!;
    expect(
      sqliteHandle(p.ctx)
        .prepare("SELECT count(*) FROM kg_relations WHERE graph_id = ?")
        .pluck()
        .get(graphId),
    ).toBe(2);
    expect(
      sqliteHandle(p.ctx)
        .prepare("SELECT filename FROM data_files ORDER BY id DESC LIMIT 1")
        .pluck()
        .get(),
    ).toBe("triples.csv");
  });

  it("refuses a build without any source data, naming the field", async () => {
    const r = await run(() =>
      createAction(
        args(
          sendForm("/graph/create", {
            intent: "create",
            name: "无数据",
            domain: "general",
            ontology_id: String(military),
          }),
        ),
      ),
    );
    expect(r.status).toBe(400);
    expect((r.data as ActionError).fieldErrors?.file_ids).toEqual([
      "请至少选择一项源数据：文件、数据来源或三元组数据",
    ]);
  });

  it("the job page loads the job with its log; cancel on a finished job says why not", async () => {
    const r = await run(() =>
      jobLoader(args(get(`/jobs/${buildJob}`, admin), { id: String(buildJob) })),
    );
    const d = r.data as { job: { status: string; logs: { count: number } } };
    expect(d.job.status).toBe("succeeded");
    expect(d.job.logs.count).toBeGreaterThan(3);
    const cancel = await run(() =>
      jobAction(
        args(post(`/jobs/${buildJob}`, admin, { intent: "cancel" }), { id: String(buildJob) }),
      ),
    );
    expect(cancel.status).toBe(400);
    expect((cancel.data as ActionError).error).toBe("任务已结束，无法取消");
    expect(
      (await run(() => jobLoader(args(get("/jobs/999999", admin), { id: "999999" })))).status,
    ).toBe(404);
  });

  it("streams the job's events to the browser", async () => {
    const request = get(`/jobs/${buildJob}/events`, admin);
    const res = (await eventsLoader(args(request, { id: String(buildJob) }))) as Response;
    expect(res.headers.get("Content-Type")).toBe("text/event-stream");
    expect(res.headers.get("Cache-Control")).toBe("no-cache, no-transform");
    const text = await res.text();
    expect(text).toContain("event: progress");
    expect(text).toContain("event: done");
    expect(text).toContain('"status":"succeeded"');
  });

  it("the dashboard shows the graph with its counts and last build", async () => {
    const r = await run(() => indexLoader(args(get("/graph/index", admin))));
    const d = r.data as {
      graphs: { id: number; counts: { relations: number }; last_build: { id: number } }[];
      jobs: { id: number }[];
    };
    const card = d.graphs.find((g) => g.id === graphId)!;
    expect(card.counts.relations).toBe(2);
    expect(card.last_build.id).toBe(buildJob);
    expect(d.jobs.map((j) => j.id)).toContain(buildJob);
  });

  it("an incremental update: dry run (a job), then apply from the job page", async () => {
    const picker = await run(() => increasedLoader(args(get("/graph/increased", admin))));
    expect((picker.data as { graphs: unknown[] }).graphs.length).toBeGreaterThan(0);
    const page = await run(() =>
      increasedLoader(args(get(`/graph/increased/${graphId}`, admin), { id: String(graphId) })),
    );
    expect((page.data as { graph: { id: number } }).graph.id).toBe(graphId);

    const update =
      "subject,predicate,object,confidence\n东部战区海军,装备,辽宁舰,0.5\n辽宁舰,停靠,青岛,\n";
    const dry = await run(() =>
      increasedAction(
        args(
          sendForm(
            `/graph/increased/${graphId}`,
            { intent: "dryRun" },
            { name: "update.csv", content: update },
          ),
          { id: String(graphId) },
        ),
      ),
    );
    expect(dry.status).toBe(302);
    const planJob = jobIdOf(dry);
    expect((await settled(p, planJob)).status).toBe("succeeded");

    const refused = await run(() =>
      jobAction(
        args(post(`/jobs/${planJob}`, admin, { intent: "apply" }), { id: String(planJob) }),
      ),
    );
    expect(refused.status).toBe(400);
    expect((refused.data as ActionError).error).toBe(
      '预演发现 1 行有问题：请修正数据后重新预演，或选择"跳过错误行"',
    );

    const applied = await run(() =>
      jobAction(
        args(post(`/jobs/${planJob}`, admin, { intent: "apply", skip_bad_rows: "on" }), {
          id: String(planJob),
        }),
      ),
    );
    expect(applied.status).toBe(302);
    const updateJob = jobIdOf(applied);
    expect((await settled(p, updateJob)).status).toBe("succeeded");
    expect(
      sqliteHandle(p.ctx)
        .prepare("SELECT min(confidence) FROM kg_relations WHERE graph_id = ?")
        .pluck()
        .get(graphId),
    ).toBe(0.5);
  });

  it("the relation results open on the latest build or update", async () => {
    const r = await run(() => relationResultLoader(args(get("/graph/relation/result", admin))));
    expect(r.status).toBe(302);
    expect(location(r)).toMatch(/^\/graph\/relation\/result\?job=\d+$/);
    const table = await run(() =>
      relationResultLoader(args(get(`/graph/relation/result?graph=${graphId}`, admin))),
    );
    const d = table.data as { rows: { subject: string }[]; count: number; error: string | null };
    expect(d.error).toBeNull();
    expect(d.count).toBe(2);
  });

  it("browses entities and an entity's neighbourhood", async () => {
    const eid = sqliteHandle(p.ctx)
      .prepare("SELECT id FROM kg_entities WHERE graph_id = ? AND name = '辽宁舰'")
      .pluck()
      .get(graphId);
    const r = await run(() =>
      detailLoader(
        args(get(`/graph/detail/${graphId}?search=辽宁&entity=${eid}`, admin), {
          id: String(graphId),
        }),
      ),
    );
    const d = r.data as {
      entities: { count: number };
      neighbourhood: { outgoing: { entity: { name: string } }[]; incoming: unknown[] };
    };
    expect(d.entities.count).toBe(1);
    expect(d.neighbourhood.outgoing[0].entity.name).toBe("大连");
    expect(d.neighbourhood.incoming).toHaveLength(1);
    expect(
      (await run(() => detailLoader(args(get("/graph/detail/99999", admin), { id: "99999" }))))
        .status,
    ).toBe(404);
  });

  it("shows an empty graph as an empty state, not an error", async () => {
    const r = await run(() => detailLoader(args(get("/graph/detail/247", admin), { id: "247" })));
    expect(r.status).toBe(200);
    expect((r.data as { entities: { count: number } }).entities.count).toBe(0);
  });
});

describe("/graph/schemaedit/:id", () => {
  it("shows the graph's ontology and who shares it, then forks a private copy", async () => {
    const r = await run(() =>
      schemaEditLoader(args(get("/graph/schemaedit/245", admin), { id: "245" })),
    );
    const d = r.data as {
      info: { ontology: { id: number }; shared_with: unknown[] };
      detail: { id: number };
    };
    expect(d.info.ontology.id).toBe(military);
    expect(d.detail.id).toBe(military);
    const fork = await run(() =>
      schemaEditAction(
        args(
          post("/graph/schemaedit/245", admin, { intent: "forkOntology", name: "245专用本体" }),
          { id: "245" },
        ),
      ),
    );
    expect(fork.status).toBe(302);
    expect((await flashOf(fork.response))?.message).toBe("已为该图谱复制独立本体");
    const after = await run(() =>
      schemaEditLoader(args(get("/graph/schemaedit/245", admin), { id: "245" })),
    );
    expect((after.data as { info: { ontology: { name: string } } }).info.ontology.name).toBe(
      "245专用本体",
    );
  });

  it("refuses an intent named after an object's own properties as unknown", async () => {
    for (const intent of ["constructor", "toString", "__proto__"]) {
      const r = await run(() =>
        schemaEditAction(args(post("/graph/schemaedit/245", admin, { intent }), { id: "245" })),
      );
      expect(r.status, intent).toBe(400);
    }
  });

  it("refuses switching to an ontology that lacks what the graph uses", async () => {
    const general = sqliteHandle(p.ctx)
      .prepare("SELECT id FROM kg_ontologies WHERE name = '通用领域本体'")
      .pluck()
      .get();
    const r = await run(() =>
      schemaEditAction(
        args(
          post("/graph/schemaedit/245", admin, {
            intent: "switchOntology",
            ontology_id: String(general),
          }),
          { id: "245" },
        ),
      ),
    );
    expect(r.status).toBe(409);
    expect((r.data as ActionError).error).toMatch(
      /^目标本体"通用领域本体"缺少类"军队"（被 1 个实体使用）/,
    );
  });
});
