import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuiltinOntologies } from "../../platform/kg/ontology.js";
import { NS, iri, ontologyBaseIri } from "../../platform/interchange/vocabulary.js";
import {
  authHeaders,
  startPlatform,
  createUserWithToken,
  type TestPlatform,
} from "../helpers/platform.js";
import {
  MILITARY_CSV,
  call,
  csv,
  graphFacts,
  settled,
  uploadCsv,
  type Caller,
} from "./graph-admin-helpers.js";
import { run, value } from "../helpers/sql.js";
import { sql } from "kysely";
import type { PlanReport } from "@contract/graph-admin";

/** Graph create and rebuild through a dry run (graph.plan of mode "create" / "replace"), then apply. */

let p: TestPlatform;
let admin: Caller;
let military: number;
let graphNo = 0;

beforeAll(async () => {
  p = await startPlatform();
  military = (await ensureBuiltinOntologies(p.ctx)).military;
  admin = await createUserWithToken(p.ctx, "dry-runner", ["admin"]);
});
afterAll(() => p.close());

const fields = () => ({ name: `预演图谱${++graphNo}`, domain: "military", ontology_id: military });

/** A create dry run: the graph (empty) and its finished plan job. */
async function createDryRun(fileIds: number[], who = admin) {
  const r = await call(p, who, "POST", "/graphadmin/graphs/dry-run/", {
    ...fields(),
    file_ids: fileIds,
  });
  expect(r.status).toBe(202);
  return { graphId: r.body.graph.id as number, job: await settled(p, r.body.job_id) };
}

async function apply(graphId: number, planJobId: number, skip = false, who = admin) {
  const r = await call(p, who, "POST", `/graphadmin/graphs/${graphId}/update/`, {
    plan_job_id: planJobId,
    skip_bad_rows: skip,
  });
  return r.status === 202 ? { status: 202, job: await settled(p, r.body.job_id) } : r;
}

async function directBuild(fileIds: number[]) {
  const r = await call(p, admin, "POST", "/graphadmin/graphs/", { ...fields(), file_ids: fileIds });
  expect(r.status).toBe(202);
  expect((await settled(p, r.body.job_id)).status).toBe("succeeded");
  return r.body.graph.id as number;
}

const reportOf = (job: { result: unknown }) => (job.result as { report: PlanReport }).report;

const factsOf = (graphId: number) => graphFacts(p, graphId);

const count = (table: string, graphId: number) =>
  value(p.ctx, sql`SELECT count(*) AS n FROM ${sql.table(table)} WHERE graph_id = ${graphId}`);

describe("graph create through a dry run", () => {
  it("creates the graph without building, reports, then applies into what a direct build gives", async () => {
    const file = await uploadCsv(p, admin, "create.csv", MILITARY_CSV);
    const { graphId, job } = await createDryRun([file]);
    expect(job).toMatchObject({ kind: "graph.plan", status: "succeeded", graph_id: graphId });
    expect(job.kind_label).toBe("图谱创建预演");
    expect(
      await value(
        p.ctx,
        sql`SELECT message FROM job_logs WHERE job_id = ${job.id} ORDER BY id LIMIT 1`,
      ),
    ).toBe("任务已创建：图谱创建预演");
    expect(job.result).toMatchObject({ mode: "create" });
    expect(reportOf(job).summary).toMatchObject({
      bad_rows: 0,
      entities: { added: 5, changed: 0, removed: 0 },
      relations: { added: 4, changed: 0, removed: 0 },
    });
    // Nothing is written by the dry run: the graph exists, with its ontology, and is empty.
    expect(await count("kg_entities", graphId)).toBe(0);
    const card = await call(p, admin, "GET", `/graphadmin/graphs/${graphId}/`);
    expect(card.body.ontology).toMatchObject({ id: military });

    const applied = (await apply(graphId, job.id)) as {
      job: { status: string; kind_label: string; result: unknown };
    };
    expect(applied.job.status).toBe("succeeded");
    expect(applied.job.kind_label).toBe("图谱创建");
    expect(applied.job.result).toMatchObject({
      mode: "create",
      applied: { entities: { added: 5 }, relations: { added: 4 } },
    });
    expect(await factsOf(graphId)).toEqual(await factsOf(await directBuild([file])));
    // The dashboard names the graph's last job as the job list does.
    const built = await call(p, admin, "GET", `/graphadmin/graphs/${graphId}/`);
    expect(built.body.last_build).toMatchObject({ kind: "graph.update", kind_label: "图谱创建" });
    const en = await fetch(`${p.api}/graphadmin/graphs/${graphId}/`, {
      headers: { ...authHeaders(admin), "Accept-Language": "en" },
    });
    expect((await en.json()).last_build.kind_label).toBe("Graph create");
  });

  it("refuses bad rows unless they are skipped, all or nothing", async () => {
    const file = await uploadCsv(
      p,
      admin,
      "bad.csv",
      csv([
        "subject,predicate,object,confidence",
        "辽宁舰,类型,舰艇,",
        "大连,类型,城市,",
        "辽宁舰,部署于,大连,0.8",
        "辽宁舰,不存在的谓词,x,",
        "大连,部署于,辽宁舰,2",
      ]),
    );
    const { graphId, job } = await createDryRun([file]);
    const report = reportOf(job);
    expect(report.summary.bad_rows).toBe(2);
    expect(report.problems.map((x) => x.ref).sort()).toEqual([
      '文件"bad.csv"第 5 行',
      '文件"bad.csv"第 6 行',
    ]);
    const refused = (await apply(graphId, job.id)) as { status: number; body: { errors: object } };
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toHaveProperty("skip_bad_rows");
    expect(await count("kg_entities", graphId)).toBe(0);
    const skipped = (await apply(graphId, job.id, true)) as { job: { status: string } };
    expect(skipped.job.status).toBe("succeeded");
    expect((await factsOf(graphId)).relations).toEqual([
      { s: "辽宁舰", p: "部署于", o: "大连", confidence: 0.8 },
    ]);
  });

  it("takes an N-Triples file, with a foreign predicate mapped in a second dry run of the same mode", async () => {
    const O = ontologyBaseIri(military);
    const EX = "http://example.org/kg/";
    const foreign = "http://schema.example/basedAt";
    const nt = [
      `<${EX}liaoning> <${NS.rdf}type> <${iri.class(O, "舰艇")}> .`,
      `<${EX}liaoning> <${NS.rdfs}label> "辽宁舰"@zh .`,
      `<${EX}dalian> <${NS.rdf}type> <${iri.class(O, "城市")}> .`,
      `<${EX}dalian> <${NS.rdfs}label> "大连"@zh .`,
      `<${EX}liaoning> <${foreign}> <${EX}dalian> .`,
    ].join("\n");
    const file = await uploadCsv(p, admin, "fleet.nt", nt);
    const { graphId, job } = await createDryRun([file]);
    expect(reportOf(job).problems).toEqual([
      expect.objectContaining({ ref: '文件"fleet.nt"第 5 行', kind: "ontology" }),
    ]);
    expect(job.result).toMatchObject({ unmapped_predicates: [{ iri: foreign, count: 1 }] });
    const again = await call(p, admin, "POST", `/graphadmin/graphs/${graphId}/update/dry-run/`, {
      from_plan_job_id: job.id,
      predicate_map: { [foreign]: "部署于" },
    });
    expect(again.status).toBe(202);
    const second = await settled(p, again.body.job_id);
    expect(second.result).toMatchObject({ mode: "create", predicate_map: { [foreign]: "部署于" } });
    expect(second.kind_label).toBe("图谱创建预演");
    expect(reportOf(second).summary).toMatchObject({ bad_rows: 0, relations: { added: 1 } });
    expect(((await apply(graphId, second.id)) as { job: { status: string } }).job.status).toBe(
      "succeeded",
    );
    expect((await factsOf(graphId)).relations).toEqual([
      { s: "辽宁舰", p: "部署于", o: "大连", confidence: 1 },
    ]);
  });

  it("is a creator's: kg__graph__create may dry-run and apply a create, not rebuild or update", async () => {
    const creator = await createUserWithToken(p.ctx, "creator-only", ["kg__graph__create"]);
    const file = await uploadCsv(p, admin, "creator.csv", MILITARY_CSV);
    const { graphId, job } = await createDryRun([file], creator);
    expect(job.status).toBe("succeeded");
    const applied = (await apply(graphId, job.id, false, creator)) as { job: { status: string } };
    expect(applied.job.status).toBe("succeeded");
    const rebuild = await call(p, creator, "POST", `/graphadmin/graphs/${graphId}/build/dry-run/`, {
      file_ids: [file],
    });
    expect(rebuild.status).toBe(403);
    const update = await call(p, creator, "POST", `/graphadmin/graphs/${graphId}/update/dry-run/`, {
      file_ids: [file],
    });
    expect(update.status).toBe(403);
  });

  it("refuses a taken name before creating anything", async () => {
    const file = await uploadCsv(p, admin, "strict.csv", MILITARY_CSV);
    const graphs = () => value(p.ctx, sql`SELECT count(*) AS n FROM graphs`);
    const before = await graphs();
    const taken = await call(p, admin, "POST", "/graphadmin/graphs/dry-run/", {
      ...fields(),
      name: "预演图谱1",
      file_ids: [file],
    });
    expect(taken.status).toBe(400);
    expect(taken.body.errors.name[0]).toContain("已存在");
    expect(await graphs()).toBe(before);
  });
});

describe("graph rebuild through a dry run", () => {
  const SMALLER = csv([
    "subject,predicate,object,confidence",
    "东部战区海军,类型,军队,",
    "辽宁舰,类型,舰艇,",
    "大连,类型,城市,",
    "东部战区海军,装备,辽宁舰,0.5",
    "辽宁舰,部署于,大连,0.8",
  ]);

  it("reports what the sources no longer have as removals, then replaces the facts at once", async () => {
    const graphId = await directBuild([await uploadCsv(p, admin, "full.csv", MILITARY_CSV)]);
    const before = await factsOf(graphId);
    const uuid = () =>
      value(
        p.ctx,
        sql`SELECT uuid FROM kg_entities WHERE graph_id = ${graphId} AND name = '辽宁舰'`,
      );
    const liaoning = await uuid();
    const smaller = await uploadCsv(p, admin, "smaller.csv", SMALLER);
    const r = await call(p, admin, "POST", `/graphadmin/graphs/${graphId}/build/dry-run/`, {
      file_ids: [smaller],
    });
    expect(r.status).toBe(202);
    const job = await settled(p, r.body.job_id);
    expect(job.kind_label).toBe("图谱重建预演");
    expect(job.result).toMatchObject({ mode: "replace" });
    const report = reportOf(job);
    expect(report.summary).toMatchObject({
      bad_rows: 0,
      entities: { added: 0, removed: 2 },
      relations: { added: 0, changed: 1, removed: 2, unchanged: 1 },
    });
    expect(report.samples.entities_removed.map((e) => e.name).sort()).toEqual(
      ["歼-15", "沈阳飞机工业集团"].sort(),
    );
    expect(
      report.samples.relations_removed.map((x) => `${x.subject} ${x.predicate} ${x.object}`).sort(),
    ).toEqual(["东部战区海军 装备 歼-15", "沈阳飞机工业集团 研制 歼-15"].sort());
    // 辽宁舰 loses its property and alias: a change.
    expect(report.samples.entities_changed.map((e) => e.name)).toEqual(["辽宁舰"]);
    expect(await factsOf(graphId)).toEqual(before);

    const applied = (await apply(graphId, job.id)) as {
      job: { status: string; kind_label: string };
    };
    expect(applied.job).toMatchObject({ status: "succeeded", kind_label: "图谱重建" });
    expect(await factsOf(graphId)).toEqual(await factsOf(await directBuild([smaller])));
    expect(await uuid()).toBe(liaoning);
  });

  it("refuses a plan the graph has moved away from (the update's rule)", async () => {
    const graphId = await directBuild([await uploadCsv(p, admin, "moving.csv", MILITARY_CSV)]);
    const r = await call(p, admin, "POST", `/graphadmin/graphs/${graphId}/build/dry-run/`, {
      file_ids: [await uploadCsv(p, admin, "moving2.csv", SMALLER)],
    });
    const job = await settled(p, r.body.job_id);
    await run(
      p.ctx,
      sql`DELETE FROM kg_relations WHERE id = (SELECT max(id) FROM kg_relations WHERE graph_id = ${graphId})`,
    );
    const applied = (await apply(graphId, job.id)) as { job: { status: string; error: string } };
    expect(applied.job.status).toBe("failed");
    expect(applied.job.error).toContain("图谱在预演之后已被修改");
  });

  it("names the events and articles a rebuild would clear", async () => {
    const graphId = await directBuild([await uploadCsv(p, admin, "events.csv", MILITARY_CSV)]);
    await run(
      p.ctx,
      sql`INSERT INTO kg_articles (graph_id, title, source, url, published_at, content) VALUES (${graphId}, 't', '', '', '2024-01-01', 'x')`,
    );
    const r = await call(p, admin, "POST", `/graphadmin/graphs/${graphId}/build/dry-run/`, {
      file_ids: [await uploadCsv(p, admin, "events2.csv", MILITARY_CSV)],
    });
    const job = await settled(p, r.body.job_id);
    expect(reportOf(job).warnings).toContain("重建会清除图谱现有的 0 个事件和 1 篇文章");
    expect(reportOf(job).summary).toMatchObject({
      entities: { added: 0, changed: 0, removed: 0 },
      relations: { added: 0, changed: 0, removed: 0 },
    });
  });
});
