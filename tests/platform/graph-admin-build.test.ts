import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planRows } from "../../platform/admin/graph-admin/plan.js";
import { SourceRows } from "../../platform/admin/graph-admin/source-rows.js";
import { getJob } from "../../platform/jobs/store.js";
import { recoverJobs, startJobWorker, stopJobWorker } from "../../platform/jobs/worker.js";
import { assignOntology, ensureBuiltinOntologies } from "../../platform/kg/ontology.js";
import { startPlatform, createUserWithToken, type TestPlatform } from "../helpers/platform.js";
import { one, rows, run, value } from "../helpers/sql.js";
import { sql } from "kysely";
import {
  MILITARY_CSV,
  call,
  csv,
  failMidway,
  settled,
  uploadCsv,
  type Caller,
} from "./graph-admin-helpers.js";

let p: TestPlatform;
let admin: Caller;
let military: number;
let general: number;

beforeAll(async () => {
  p = await startPlatform();
  const ids = await ensureBuiltinOntologies(p.ctx);
  military = ids.military;
  general = ids.general;
  admin = await createUserWithToken(p.ctx, "builder", ["admin"]);
});
afterAll(() => p.close());

const count = (table: string, graphId: number) =>
  value<number>(
    p.ctx,
    sql`SELECT count(*) AS n FROM ${sql.table(table)} WHERE graph_id = ${graphId}`,
  );

async function createGraph(name: string, body: Record<string, unknown>) {
  return call(p, admin, "POST", "/graphadmin/graphs/", {
    name,
    domain: "military",
    ontology_id: military,
    ...body,
  });
}

describe("creating a graph from an uploaded triple file", () => {
  let graphId: number;
  let jobId: number;

  it("creates the graph and queues its build (202)", async () => {
    const fileId = await uploadCsv(p, admin, "military.csv", MILITARY_CSV);
    const r = await createGraph("舰载机图谱", { file_ids: [fileId], description: "测试" });
    expect(r.status).toBe(202);
    expect(r.body.graph).toMatchObject({
      name: "舰载机图谱",
      domain: "military",
      domain_name: "军事",
      ontology: { id: military },
    });
    graphId = r.body.graph.id;
    jobId = r.body.job_id;
    expect(await getJob(p.ctx.store.db, jobId)).toMatchObject({
      kind: "graph.build",
      graph_id: graphId,
    });
  });

  it("builds entities with classes, properties and aliases, and typed relations", async () => {
    const job = await settled(p, jobId);
    expect(job.status).toBe("succeeded");
    const result = job.result as {
      written: { entities: { added: number }; relations: { added: number } };
      report: { summary: { bad_rows: number } };
    };
    expect(result.written.entities.added).toBe(5);
    expect(result.written.relations.added).toBe(4);
    expect(result.report.summary.bad_rows).toBe(0);
    const ship = (await one<{ aliases: string; properties: string; class: string }>(
      p.ctx,
      sql`SELECT e.aliases, e.properties, c.name AS class FROM kg_entities e JOIN kg_classes c ON c.id = e.class_id WHERE e.graph_id = ${graphId} AND e.name = '辽宁舰'`,
    ))!;
    expect(ship.class).toBe("舰艇");
    expect(JSON.parse(ship.aliases)).toEqual(["16号舰"]);
    expect(JSON.parse(ship.properties)).toEqual({ 排水量: "60900吨" });
  });

  it("shows the graph on the dashboard with its counts and last build", async () => {
    const r = await call(p, admin, "GET", "/graphadmin/graphs/");
    const card = r.body.results.find((g: { id: number }) => g.id === graphId);
    expect(card.counts).toEqual({ entities: 5, relations: 4, events: 0, articles: 0 });
    expect(card.last_build).toMatchObject({ id: jobId, kind: "graph.build", status: "succeeded" });
    const empty = r.body.results.find((g: { id: number }) => g.id === 247);
    expect(empty.counts).toEqual({ entities: 0, relations: 0, events: 0, articles: 0 });
    expect(empty.last_build).toBeNull();
  });

  it("lists the build's relations as a generic resource, filterable by build", async () => {
    const r = await call(
      p,
      admin,
      "GET",
      `/graphadmin/relations/?job=${jobId}&ordering=-confidence`,
    );
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(4);
    expect(r.body.results[0]).toMatchObject({
      subject: "沈阳飞机工业集团",
      predicate: "研制",
      object: "歼-15",
      confidence: 0.98,
      job: jobId,
      graph: graphId,
    });
    const schema = await call(p, admin, "GET", "/graphadmin/relations/schema/");
    expect(schema.body.permissions).toEqual({
      create: false,
      read: true,
      update: false,
      delete: false,
    });
    const refused = await call(p, admin, "POST", "/graphadmin/relations/", { subject: "x" });
    expect(refused.status).toBe(405);
  });

  it("refuses a second graph of the same name", async () => {
    const fileId = await uploadCsv(p, admin, "again.csv", MILITARY_CSV);
    const r = await createGraph("舰载机图谱", { file_ids: [fileId] });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe('图谱名称"舰载机图谱"已存在');
  });

  it("refuses a build with no source data, naming what is missing", async () => {
    const r = await createGraph("空图谱", {});
    expect(r.status).toBe(400);
    expect(r.body.errors.file_ids).toEqual(["请至少选择一项源数据：文件、数据来源或三元组数据"]);
    expect(await one(p.ctx, sql`SELECT 1 AS x FROM graphs WHERE name = '空图谱'`)).toBeUndefined();
  });

  it("browses entities by name and opens an entity's neighbourhood", async () => {
    const list = await call(p, admin, "GET", `/graphadmin/graphs/${graphId}/entities/?search=辽宁`);
    expect(list.body.count).toBe(1);
    const ship = list.body.results[0];
    expect(ship).toMatchObject({
      name: "辽宁舰",
      class: "舰艇",
      out_relations: 1,
      in_relations: 1,
    });
    const byAlias = await call(
      p,
      admin,
      "GET",
      `/graphadmin/graphs/${graphId}/entities/?search=16号`,
    );
    expect(byAlias.body.results[0].name).toBe("辽宁舰");
    const n = await call(p, admin, "GET", `/graphadmin/graphs/${graphId}/entities/${ship.id}/`);
    expect(n.body.outgoing).toEqual([
      expect.objectContaining({
        predicate: "部署于",
        entity: expect.objectContaining({ name: "大连", class: "城市" }),
      }),
    ]);
    expect(n.body.incoming[0]).toMatchObject({
      predicate: "装备",
      entity: { name: "东部战区海军" },
    });
    expect(
      (await call(p, admin, "GET", `/graphadmin/graphs/${graphId}/entities/999999/`)).status,
    ).toBe(404);
  });
});

describe("a build from a file with bad rows", () => {
  const BAD = csv([
    "subject,predicate,object,confidence",
    "辽宁舰,类型,舰艇,",
    "东部战区海军,类型,军队,",
    "东部战区海军,装备,辽宁舰,0.9",
    ",装备,辽宁舰,",
    "辽宁舰,装备,东部战区海军,",
    "辽宁舰,停靠,青岛,",
    "辽宁舰,部署于,大连,1.7",
    "辽宁舰,类型,航母,",
  ]);

  it("reports each bad row and builds nothing", async () => {
    const fileId = await uploadCsv(p, admin, "bad.csv", BAD);
    const r = await createGraph("坏数据图谱", { file_ids: [fileId] });
    const job = await settled(p, r.body.job_id);
    expect(job.status).toBe("failed");
    expect(job.error).toBe(
      '源数据中有 5 行有问题，未构建任何内容。可修正后重试，或选择"跳过错误行"只构建其余 3 行',
    );
    const problems = (job.result as { report: { problems: { ref: string; message: string }[] } })
      .report.problems;
    expect(problems).toEqual([
      { ref: '文件"bad.csv"第 5 行', kind: "format", message: "主体不能为空" },
      { ref: '文件"bad.csv"第 8 行', kind: "format", message: '置信度"1.7"必须是0到1之间的数字' },
      {
        ref: '文件"bad.csv"第 9 行',
        kind: "ontology",
        message: '类"航母"不在本体"军事领域本体"中',
      },
      {
        ref: '文件"bad.csv"第 6 行',
        kind: "ontology",
        message: '关系"装备"的主体应属于"组织机构"，实体"辽宁舰"的类是"舰艇"',
      },
      {
        ref: '文件"bad.csv"第 7 行',
        kind: "ontology",
        message: '谓词"停靠"不在本体"军事领域本体"的关系类型中，也不是任何类的属性',
      },
    ]);
    expect(await count("kg_entities", r.body.graph.id)).toBe(0);
    const logs = (
      await rows<{ message: string }>(
        p.ctx,
        sql`SELECT message FROM job_logs WHERE job_id = ${r.body.job_id} AND level = 'warn'`,
      )
    ).map((l) => l.message);
    expect(logs).toContain('文件"bad.csv"第 5 行：主体不能为空');
  });

  it("builds only the good rows when the operator chooses to skip bad rows", async () => {
    const fileId = await uploadCsv(p, admin, "bad2.csv", BAD);
    const r = await createGraph("跳过错误行图谱", { file_ids: [fileId], skip_bad_rows: true });
    const job = await settled(p, r.body.job_id);
    expect(job.status).toBe("succeeded");
    expect(await count("kg_entities", r.body.graph.id)).toBe(2);
    expect(await count("kg_relations", r.body.graph.id)).toBe(1);
  });

  it("refuses a file that is not a table, with its name", async () => {
    const form = new FormData();
    form.append("file", new File(["%PDF-1.4"], "report.pdf", { type: "application/pdf" }));
    const up = await fetch(`${p.api}/data/files/`, {
      method: "POST",
      headers: { Authorization: `Token ${admin.token}`, "X-CSRFToken": admin.csrf },
      body: form,
    });
    const r = await createGraph("PDF图谱", { file_ids: [(await up.json()).id] });
    const job = await settled(p, r.body.job_id);
    expect(job.error).toBe(
      '文件"report.pdf"不是 CSV/TSV 或 RDF（N-Triples .nt、Turtle .ttl、JSON-LD .jsonld）文件，无法作为三元组数据',
    );
  });
});

describe("a build from triple data and sources", () => {
  it("reads the rows of triple data tagged with a graph and of a source, with Chinese headers in files", async () => {
    const source = await value<number>(
      p.ctx,
      sql`INSERT INTO data_sources (name, type, url) VALUES ('新华社', 'web', 'https://example.com') RETURNING id`,
    );
    const insert = (
      s: string,
      pr: string,
      o: string,
      graph: number | null,
      src: number | null,
      confidence: number | null,
    ) =>
      run(
        p.ctx,
        sql`INSERT INTO data_triples (subject, predicate, object, graph_id, source_id, confidence) VALUES (${s}, ${pr}, ${o}, ${graph}, ${src}, ${confidence})`,
      );
    await insert("华为", "类型", "企业", 246, null, null);
    await insert("深圳", "类型", "城市", 246, null, null);
    await insert("华为", "总部位于", "深圳", 246, null, 0.99);
    await insert("任正非", "创办", "华为", null, source, 0.97);
    const form = new FormData();
    form.append("file", new File(["主体,关系,客体\n任正非,类型,人物\n"], "people.csv"));
    form.append("source", String(source));
    const up = await fetch(`${p.api}/data/files/`, {
      method: "POST",
      headers: { Authorization: `Token ${admin.token}`, "X-CSRFToken": admin.csrf },
      body: form,
    });
    expect(up.status).toBe(201);
    const r = await call(p, admin, "POST", "/graphadmin/graphs/", {
      name: "企业图谱",
      domain: "general",
      ontology_id: general,
      triple_graph_ids: [246],
      source_ids: [source],
    });
    const job = await settled(p, r.body.job_id);
    expect(job.status).toBe("succeeded");
    const rel = (
      await rows<{ fact: string }>(
        p.ctx,
        sql`SELECT s.name || ' ' || t.name || ' ' || o.name AS fact FROM kg_relations r JOIN kg_entities s ON s.id = r.subject_id JOIN kg_entities o ON o.id = r.object_id JOIN kg_relation_types t ON t.id = r.relation_type_id WHERE r.graph_id = ${r.body.graph.id} ORDER BY 1`,
      )
    ).map((x) => x.fact);
    expect(rel).toEqual(["任正非 创办 华为", "华为 总部位于 深圳"]);
    expect((job.result as { sources: string }).sources).toBe(
      "数据来源 新华社；图谱 通用百科知识图谱 的三元组数据",
    );
  });
});

describe("the dry run of an incremental update", () => {
  function rows(lines: string[][]): SourceRows {
    const table = new SourceRows();
    lines.forEach(
      (
        [subject, predicate, object, confidence = "", op = "", subject_type = "", object_type = ""],
        i,
      ) =>
        table.push({
          ref: `第 ${i + 2} 行`,
          subject,
          predicate,
          object,
          confidence,
          op,
          subject_type,
          object_type,
        }),
    );
    return table;
  }
  let graphId: number;

  beforeAll(async () => {
    const fileId = await uploadCsv(p, admin, "base.csv", MILITARY_CSV);
    const r = await createGraph("增量测试图谱", { file_ids: [fileId] });
    graphId = r.body.graph.id;
    await settled(p, r.body.job_id);
  });

  it("tells added, changed and removed entities and relations apart, and what breaks the ontology", async () => {
    const plan = await planRows(p.ctx, {
      graphId,
      baseline: "graph",
      rows: rows([
        ["山东舰", "类型", "舰艇"],
        ["南部战区海军", "装备", "山东舰", "0.9", "", "军队"],
        ["东部战区海军", "装备", "辽宁舰", "0.5"],
        ["东部战区海军", "装备", "歼-15", "", "delete"],
        ["沈阳飞机工业集团", "研制", "歼-15", "0.98"],
        ["辽宁舰", "排水量", "67500吨"],
        ["大连", "类型", "城市", "", "delete"],
        ["辽宁舰", "停靠", "青岛"],
        ["辽宁舰", "类型", "城市"],
        ["东部战区海军", "装备", "不存在的关系", "", "delete"],
      ]),
    });
    const r = plan.report;
    expect(r.summary).toMatchObject({
      rows: 10,
      bad_rows: 2,
      entities: { added: 2, changed: 1, removed: 1, unchanged: 3 },
      relations: { added: 1, changed: 1, removed: 1, unchanged: 1 },
    });
    expect(r.samples.entities_added).toEqual([
      { name: "山东舰", class: "舰艇", inferred: false },
      { name: "南部战区海军", class: "军队", inferred: false },
    ]);
    expect(r.samples.entities_changed).toEqual([
      { name: "辽宁舰", changes: ["属性 排水量：60900吨 → 67500吨"] },
    ]);
    expect(r.samples.entities_removed).toEqual([{ name: "大连", class: "城市" }]);
    expect(r.samples.relations_added).toEqual([
      { subject: "南部战区海军", predicate: "装备", object: "山东舰", confidence: 0.9 },
    ]);
    expect(r.samples.relations_changed).toEqual([
      { subject: "东部战区海军", predicate: "装备", object: "辽宁舰", before: 0.95, after: 0.5 },
    ]);
    expect(r.samples.relations_removed).toEqual([
      { subject: "东部战区海军", predicate: "装备", object: "歼-15", confidence: 0.9 },
    ]);
    expect(r.problems).toEqual([
      {
        ref: "第 10 行",
        kind: "ontology",
        message: '实体"辽宁舰"改为类"城市"后，其已有的 1 条"装备"关系的客体应属于"武器装备"',
      },
      {
        ref: "第 9 行",
        kind: "ontology",
        message: '谓词"停靠"不在本体"军事领域本体"的关系类型中，也不是任何类的属性',
      },
    ]);
    expect(r.warnings).toEqual(['第 11 行：要删除的关系"东部战区海军 装备 不存在的关系"不存在']);
  });

  it("runs as a job that writes nothing, then applies in one job when the operator accepts the bad rows", async () => {
    const fileId = await uploadCsv(
      p,
      admin,
      "update.csv",
      csv([
        "subject,predicate,object,confidence,op",
        "山东舰,类型,舰艇,,",
        "东部战区海军,装备,山东舰,0.9,",
        "东部战区海军,装备,辽宁舰,0.5,",
        "东部战区海军,装备,歼-15,,delete",
        "辽宁舰,停靠,青岛,,",
      ]),
    );
    const before = {
      entities: await count("kg_entities", graphId),
      relations: await count("kg_relations", graphId),
    };
    const dry = await call(p, admin, "POST", `/graphadmin/graphs/${graphId}/update/dry-run/`, {
      file_ids: [fileId],
    });
    expect(dry.status).toBe(202);
    const planJob = await settled(p, dry.body.job_id);
    expect(planJob.status).toBe("succeeded");
    expect((planJob.result as { report: { summary: unknown } }).report.summary).toMatchObject({
      bad_rows: 1,
      entities: { added: 1 },
      relations: { added: 1, changed: 1, removed: 1 },
    });
    expect({
      entities: await count("kg_entities", graphId),
      relations: await count("kg_relations", graphId),
    }).toEqual(before);

    const notAccepted = await call(p, admin, "POST", `/graphadmin/graphs/${graphId}/update/`, {
      plan_job_id: dry.body.job_id,
    });
    expect(notAccepted.status).toBe(400);
    expect(notAccepted.body.detail).toBe(
      '预演发现 1 行有问题：请修正数据后重新预演，或选择"跳过错误行"',
    );

    const apply = await call(p, admin, "POST", `/graphadmin/graphs/${graphId}/update/`, {
      plan_job_id: dry.body.job_id,
      skip_bad_rows: true,
    });
    expect(apply.status).toBe(202);
    const job = await settled(p, apply.body.job_id);
    expect(job.status).toBe("succeeded");
    expect((job.result as { applied: unknown }).applied).toEqual({
      entities: { added: 1, changed: 0, removed: 0 },
      relations: { added: 1, changed: 1, removed: 1 },
    });
    expect(await count("kg_entities", graphId)).toBe(before.entities + 1);
    expect(await count("kg_relations", graphId)).toBe(before.relations);
    const conf = await value(
      p.ctx,
      sql`SELECT r.confidence FROM kg_relations r JOIN kg_entities o ON o.id = r.object_id WHERE r.graph_id = ${graphId} AND o.name = '辽宁舰' AND r.relation_type_id = (SELECT id FROM kg_relation_types WHERE name = '装备' AND ontology_id = ${military})`,
    );
    expect(conf).toBe(0.5);
    const latest = await call(p, admin, "GET", `/graphadmin/relations/?job=${apply.body.job_id}`);
    expect(latest.body.count).toBe(2);
  });

  it("refuses to apply when the graph changed after the dry run", async () => {
    const fileId = await uploadCsv(
      p,
      admin,
      "later.csv",
      csv(["subject,predicate,object", "北部战区海军,类型,军队"]),
    );
    const dry = await call(p, admin, "POST", `/graphadmin/graphs/${graphId}/update/dry-run/`, {
      file_ids: [fileId],
    });
    await settled(p, dry.body.job_id);
    await run(
      p.ctx,
      sql`UPDATE kg_relations SET confidence = 0.42 WHERE id = (SELECT max(id) FROM kg_relations WHERE graph_id = ${graphId})`,
    );
    const apply = await call(p, admin, "POST", `/graphadmin/graphs/${graphId}/update/`, {
      plan_job_id: dry.body.job_id,
    });
    const job = await settled(p, apply.body.job_id);
    expect(job.status).toBe("failed");
    expect(job.error).toBe("图谱在预演之后已被修改，请重新预演");
    expect(
      await one(
        p.ctx,
        sql`SELECT 1 AS x FROM kg_entities WHERE graph_id = ${graphId} AND name = '北部战区海军'`,
      ),
    ).toBeUndefined();
  });

  it("applies all or nothing: a failure in the middle leaves the graph as it was", async () => {
    const fileId = await uploadCsv(
      p,
      admin,
      "atomic.csv",
      csv([
        "subject,predicate,object,confidence",
        "西部战区,类型,军队,",
        "西部战区,装备,辽宁舰,0.61",
        "西部战区,装备,歼-15,0.123",
      ]),
    );
    const dry = await call(p, admin, "POST", `/graphadmin/graphs/${graphId}/update/dry-run/`, {
      file_ids: [fileId],
    });
    await settled(p, dry.body.job_id);
    const before = {
      entities: await count("kg_entities", graphId),
      relations: await count("kg_relations", graphId),
    };
    await failMidway(p, true);
    try {
      const apply = await call(p, admin, "POST", `/graphadmin/graphs/${graphId}/update/`, {
        plan_job_id: dry.body.job_id,
      });
      const job = await settled(p, apply.body.job_id);
      expect(job.status).toBe("failed");
      // The error's own text stays in the server log: the job says the service message.
      expect(job.error).toBe("任务出错：服务异常，请联系系统管理员！");
    } finally {
      await failMidway(p, false);
    }
    expect({
      entities: await count("kg_entities", graphId),
      relations: await count("kg_relations", graphId),
    }).toEqual(before);
  });

  it("refuses a second writing job on a graph while one is queued", async () => {
    // The worker stopped meanwhile, so the queued job stays queued (it would otherwise take it
    // before the request is made: a race seen under load).
    stopJobWorker(p.ctx);
    try {
      await run(
        p.ctx,
        sql`INSERT INTO jobs (kind, graph_id, status) VALUES ('graph.build', ${graphId}, 'queued')`,
      );
      const fileId = await uploadCsv(p, admin, "busy.csv", MILITARY_CSV);
      const r = await call(p, admin, "POST", `/graphadmin/graphs/${graphId}/build/`, {
        file_ids: [fileId],
      });
      expect(r.status).toBe(409);
      expect(r.body.detail).toMatch(/^该图谱已有正在进行的构建或更新任务（#\d+），请等它结束$/);
    } finally {
      await run(
        p.ctx,
        sql`UPDATE jobs SET status = 'cancelled' WHERE graph_id = ${graphId} AND status = 'queued'`,
      );
      startJobWorker(p.ctx);
    }
  });
});

describe("a build cut off by a restart", () => {
  it("is resumable: re-queued and built from the start", async () => {
    const fileId = await uploadCsv(p, admin, "restart.csv", MILITARY_CSV);
    const graph = await value<number>(
      p.ctx,
      sql`INSERT INTO graphs (name, domain) VALUES ('重启图谱', 'military') RETURNING id`,
    );
    await assignOntology(p.ctx, graph, military);
    // What a killed process leaves: a running build with part of the graph written.
    await run(
      p.ctx,
      sql`INSERT INTO kg_entities (uuid, graph_id, name) VALUES ('half-built', ${graph}, '半成品')`,
    );
    const params = JSON.stringify({
      sources: {
        file_ids: [fileId],
        source_ids: [],
        triple_graph_ids: [],
        all_triples: false,
      },
      skip_bad_rows: false,
    });
    const id = await value<number>(
      p.ctx,
      sql`INSERT INTO jobs (kind, graph_id, status, params_json, progress, heartbeat_at) VALUES ('graph.build', ${graph}, 'running', ${params}, 55, '2000-01-01T00:00:00.000Z') RETURNING id`,
    );
    expect((await recoverJobs(p.ctx)).requeued).toContain(id);
    const job = await settled(p, id);
    expect(job.status).toBe("succeeded");
    expect(await count("kg_entities", graph)).toBe(5);
    expect(
      await one(p.ctx, sql`SELECT 1 AS x FROM kg_entities WHERE uuid = 'half-built'`),
    ).toBeUndefined();
  });
});

describe("a graph's own ontology", () => {
  it("forks a private copy and moves the graph's facts onto it; switches back; refuses an incompatible one", async () => {
    const fileId = await uploadCsv(p, admin, "fork.csv", MILITARY_CSV);
    const created = await createGraph("独立本体图谱", { file_ids: [fileId] });
    const graphId = created.body.graph.id;
    await settled(p, created.body.job_id);
    const info = await call(p, admin, "GET", `/graphadmin/graphs/${graphId}/ontology/`);
    expect(info.body.ontology.id).toBe(military);
    expect(info.body.shared_with.length).toBeGreaterThan(0);

    const fork = await call(p, admin, "POST", `/graphadmin/graphs/${graphId}/ontology/fork/`, {
      name: "独立本体",
    });
    expect(fork.status).toBe(201);
    expect(fork.body.ontology.name).toBe("独立本体");
    expect(fork.body.shared_with).toEqual([]);
    const classOntology = (
      await rows<{ ontology_id: number }>(
        p.ctx,
        sql`SELECT DISTINCT c.ontology_id FROM kg_entities e JOIN kg_classes c ON c.id = e.class_id WHERE e.graph_id = ${graphId}`,
      )
    ).map((x) => x.ontology_id);
    expect(classOntology).toEqual([fork.body.ontology.id]);

    const back = await call(p, admin, "PUT", `/graphadmin/graphs/${graphId}/ontology/`, {
      ontology_id: military,
    });
    expect(back.status).toBe(200);
    expect(back.body.ontology.id).toBe(military);

    const incompatible = await call(p, admin, "PUT", `/graphadmin/graphs/${graphId}/ontology/`, {
      ontology_id: general,
    });
    expect(incompatible.status).toBe(409);
    expect(incompatible.body.detail).toMatch(
      /^目标本体"通用领域本体"缺少类"(军队|舰艇|飞机|军工企业)"（被 1 个实体使用）/,
    );
  });
});

describe("graph administration permissions", () => {
  it("lets a reader see the dashboard and refuses builds (403)", async () => {
    const reader = await createUserWithToken(p.ctx, "graph-reader", ["kg__graph__read"]);
    expect((await call(p, reader, "GET", "/graphadmin/graphs/")).status).toBe(200);
    expect((await call(p, reader, "POST", "/graphadmin/graphs/", { name: "x" })).status).toBe(403);
    expect(
      (
        await call(p, reader, "POST", "/graphadmin/graphs/245/update/dry-run/", {
          all_triples: true,
        })
      ).status,
    ).toBe(403);
    expect((await call(p, reader, "GET", "/graphadmin/source-options/")).status).toBe(403);
  });
});

describe("CSV files with quoted cells", () => {
  it("reads commas and line breaks inside quotes and names the line a bad row starts on", async () => {
    const text = [
      "subject,predicate,object,confidence",
      '"辽宁舰",类型,舰艇,',
      '"辽宁舰",排水量,"60,900吨',
      '（满载）",',
      '"",装备,辽宁舰,',
    ].join("\n");
    const fileId = await uploadCsv(p, admin, "quoted.csv", text);
    const r = await createGraph("引号图谱", { file_ids: [fileId] });
    const job = await settled(p, r.body.job_id);
    expect(job.status).toBe("failed");
    const problems = (job.result as { report: { problems: { ref: string; message: string }[] } })
      .report.problems;
    expect(problems).toEqual([
      { ref: '文件"quoted.csv"第 5 行', kind: "format", message: "主体不能为空" },
    ]);
    const again = await createGraph("引号图谱2", { file_ids: [fileId], skip_bad_rows: true });
    expect((await settled(p, again.body.job_id)).status).toBe("succeeded");
    const props = await value<string>(
      p.ctx,
      sql`SELECT properties FROM kg_entities WHERE graph_id = ${again.body.graph.id} AND name = '辽宁舰'`,
    );
    expect(JSON.parse(props)).toEqual({ 排水量: "60,900吨\n（满载）" });
  });
});

describe("the fact signature of a dry run", () => {
  it("ignores ontology edits but sees any change of the graph's entities and relations", async () => {
    const { factSignature } = await import("../../platform/admin/graph-admin/plan.js");
    const fileId = await uploadCsv(p, admin, "sig.csv", MILITARY_CSV);
    const r = await createGraph("签名图谱", { file_ids: [fileId] });
    await settled(p, r.body.job_id);
    const g = r.body.graph.id;
    const before = await factSignature(p.ctx.store.db, g);
    const added = await call(p, admin, "POST", `/graphadmin/ontologies/${military}/classes/`, {
      name: "签名测试类",
    });
    await call(p, admin, "DELETE", `/graphadmin/classes/${added.body.id}/`);
    expect(await factSignature(p.ctx.store.db, g)).toBe(before);
    await run(
      p.ctx,
      sql`UPDATE kg_entities SET description = '改' WHERE graph_id = ${g} AND name = '大连'`,
    );
    const afterEntity = await factSignature(p.ctx.store.db, g);
    expect(afterEntity).not.toBe(before);
    await run(
      p.ctx,
      sql`DELETE FROM kg_relations WHERE id = (SELECT min(id) FROM kg_relations WHERE graph_id = ${g})`,
    );
    expect(await factSignature(p.ctx.store.db, g)).not.toBe(afterEntity);
  });
});
