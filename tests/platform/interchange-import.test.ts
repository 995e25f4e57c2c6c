import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuiltinOntologies } from "../../platform/kg/ontology.js";
import { DataFactory, Writer, type Quad } from "n3";
import { ontologyQuads } from "../../platform/interchange/owl.js";
import { KG, NS, iri, ontologyBaseIri } from "../../platform/interchange/vocabulary.js";
import {
  authHeaders,
  startPlatform,
  createUserWithToken,
  type TestPlatform,
} from "../helpers/platform.js";
import { MILITARY_CSV, call, settled, uploadCsv, type Caller } from "./graph-admin-helpers.js";
import { one, rows, run, value } from "../helpers/sql.js";

let p: TestPlatform;
let admin: Caller;
let military: number;
let O: string;

beforeAll(async () => {
  p = await startPlatform();
  military = (await ensureBuiltinOntologies(p.ctx)).military;
  O = ontologyBaseIri(military);
  admin = await createUserWithToken(p.ctx, "importer", ["admin"]);
});
afterAll(() => p.close());

const EX = "http://example.org/kg/";
const cls = (name: string) => `<${iri.class(O, name)}>`;
const rel = (name: string) => `<${iri.relationType(O, name)}>`;
const prop = (c: string, name: string) => `<${iri.property(O, c, name)}>`;
const TYPE = `<${NS.rdf}type>`;
const LABEL = `<${NS.rdfs}label>`;

async function upload(name: string, content: string, sourceId?: number): Promise<number> {
  const form = new FormData();
  form.append("name", name);
  if (sourceId) form.append("source", String(sourceId));
  form.append("file", new File([content], name, { type: "application/octet-stream" }));
  const res = await fetch(`${p.api}/data/files/`, {
    method: "POST",
    headers: authHeaders(admin, false),
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload failed ${res.status} ${await res.text()}`);
  return (await res.json()).id;
}

let graphNo = 0;
async function newGraph(): Promise<number> {
  // An empty graph of the military ontology: built from a one-row CSV, then emptied.
  const r = await call(p, admin, "POST", "/graphadmin/graphs/", {
    name: `导入测试${++graphNo}`,
    domain: "military",
    ontology_id: military,
    file_ids: [await upload(`seed${graphNo}.csv`, "subject,predicate,object\n种子,类型,城市\n")],
  });
  expect(r.status).toBe(202);
  expect((await settled(p, r.body.job_id)).status).toBe("succeeded");
  const g = r.body.graph.id as number;
  await run(p.ctx, sql`DELETE FROM kg_entities WHERE graph_id = ${g}`);
  return g;
}

async function dryRun(graphId: number, body: Record<string, unknown>) {
  const r = await call(p, admin, "POST", `/graphadmin/graphs/${graphId}/update/dry-run/`, body);
  expect(r.status).toBe(202);
  return settled(p, r.body.job_id);
}

async function apply(graphId: number, planJobId: number, skip = false) {
  const r = await call(p, admin, "POST", `/graphadmin/graphs/${graphId}/update/`, {
    plan_job_id: planJobId,
    skip_bad_rows: skip,
  });
  return r.status === 202 ? settled(p, r.body.job_id) : r;
}

const facts = (graphId: number) =>
  rows(
    p.ctx,
    sql`SELECT s.name AS s, t.name AS p, o.name AS o, r.confidence, a.title AS article,
              CASE WHEN a.id IS NULL THEN NULL ELSE substr(a.content, CAST(r.sent_start + 1 AS integer), CAST(r.sent_end - r.sent_start AS integer)) END AS sentence
         FROM kg_relations r JOIN kg_entities s ON s.id = r.subject_id JOIN kg_entities o ON o.id = r.object_id
         JOIN kg_relation_types t ON t.id = r.relation_type_id LEFT JOIN kg_articles a ON a.id = r.article_id
        WHERE r.graph_id = ${graphId} ORDER BY s.name, t.name, o.name`,
  );
const entities = (graphId: number) =>
  rows<{ name: string; class: string | null; aliases: string; properties: string }>(
    p.ctx,
    sql`SELECT e.name, c.name AS class, e.aliases, e.properties FROM kg_entities e LEFT JOIN kg_classes c ON c.id = e.class_id
        WHERE e.graph_id = ${graphId} ORDER BY e.name`,
  );
const counts = (graphId: number) =>
  Promise.all(
    ["kg_entities", "kg_relations", "kg_articles"].map((t) =>
      value<number>(
        p.ctx,
        sql`SELECT count(*) AS n FROM ${sql.table(t)} WHERE graph_id = ${graphId}`,
      ),
    ),
  );

const nt = () =>
  [
    `<${EX}navy> ${TYPE} ${cls("军队")} .`,
    `<${EX}navy> ${LABEL} "东部战区海军"@zh .`,
    `<${EX}liaoning> ${TYPE} ${cls("舰艇")} .`,
    `<${EX}liaoning> ${LABEL} "辽宁舰"@zh .`,
    `<${EX}liaoning> ${LABEL} "Liaoning"@en .`,
    `<${EX}liaoning> ${prop("舰艇", "排水量")} "60900吨" .`,
    `<${EX}navy> ${rel("装备")} <${EX}liaoning> .`,
    `_:dalian ${TYPE} ${cls("城市")} .`,
    `_:dalian ${LABEL} "大连"@zh .`,
    `<${EX}liaoning> ${rel("部署于")} _:dalian .`,
  ].join("\n");

describe("N-Triples through the dry run and apply", () => {
  it("plans an import into a graph, then applies it all at once", async () => {
    const g = await newGraph();
    const file = await upload("fleet.nt", nt());
    const plan = await dryRun(g, { file_ids: [file] });
    expect(plan.status).toBe("succeeded");
    const report = (
      plan.result as {
        report: {
          summary: { bad_rows: number; entities: { added: number }; relations: { added: number } };
        };
      }
    ).report;
    expect((report as unknown as { problems: unknown[] }).problems).toEqual([]);
    expect(report.summary).toMatchObject({
      bad_rows: 0,
      entities: { added: 3 },
      relations: { added: 2 },
    });
    expect(await counts(g)).toEqual([0, 0, 0]);
    const done = (await apply(g, plan.id)) as { status: string };
    expect(done.status).toBe("succeeded");
    expect(await entities(g)).toEqual([
      { name: "东部战区海军", class: "军队", aliases: "[]", properties: "{}" },
      { name: "大连", class: "城市", aliases: "[]", properties: "{}" },
      {
        name: "辽宁舰",
        class: "舰艇",
        aliases: '["Liaoning"]',
        properties: '{"排水量":"60900吨"}',
      },
    ]);
    expect(await facts(g)).toEqual([
      { s: "东部战区海军", p: "装备", o: "辽宁舰", confidence: 1, article: null, sentence: null },
      { s: "辽宁舰", p: "部署于", o: "大连", confidence: 1, article: null, sentence: null },
    ]);
  });
});

const plannedReport = (job: { result: unknown }) =>
  (
    job.result as {
      report: {
        summary: {
          bad_rows: number;
          accepted_rows: number;
          entities: { added: number };
          relations: { added: number };
        };
        problems: { ref: string; kind: string; message: string }[];
      };
    }
  ).report;

describe("Turtle and JSON-LD", () => {
  it("imports Turtle with prefixes, blank nodes, datatypes and language tags", async () => {
    const g = await newGraph();
    const ttl = [
      `@prefix o: <${O}> .`,
      `@prefix rdfs: <${NS.rdfs}> .`,
      `@prefix ex: <${EX}> .`,
      "",
      `ex:navy a <${iri.class(O, "军队")}> ; rdfs:label "东部战区海军"@zh ;`,
      `  <${iri.relationType(O, "装备")}> ex:j15 .`,
      `ex:j15 a <${iri.class(O, "飞机")}> ; rdfs:label "歼-15"@zh ;`,
      `  <${iri.property(O, "飞机", "最大速度")}> "2.4"^^<${NS.xsd}decimal> .`,
    ].join("\n");
    const plan = await dryRun(g, { file_ids: [await upload("fleet.ttl", ttl)] });
    expect(plannedReport(plan).problems).toEqual([]);
    expect(((await apply(g, plan.id)) as { status: string }).status).toBe("succeeded");
    expect(await facts(g)).toEqual([
      { s: "东部战区海军", p: "装备", o: "歼-15", confidence: 1, article: null, sentence: null },
    ]);
    expect((await entities(g)).find((e) => e.name === "歼-15")).toMatchObject({
      class: "飞机",
      properties: '{"最大速度":"2.4"}',
    });
  });

  it("imports JSON-LD with an inline context", async () => {
    const g = await newGraph();
    const doc = {
      "@context": { o: O, rdfs: NS.rdfs, label: { "@id": `${NS.rdfs}label`, "@language": "zh" } },
      "@graph": [
        {
          "@id": `${EX}navy`,
          "@type": iri.class(O, "军队"),
          label: "东部战区海军",
          [iri.relationType(O, "装备")]: { "@id": "_:ship" },
        },
        { "@id": "_:ship", "@type": iri.class(O, "舰艇"), label: "山东舰" },
      ],
    };
    const plan = await dryRun(g, { file_ids: [await upload("fleet.jsonld", JSON.stringify(doc))] });
    expect(plannedReport(plan).problems).toEqual([]);
    expect(((await apply(g, plan.id)) as { status: string }).status).toBe("succeeded");
    expect(await facts(g)).toEqual([
      { s: "东部战区海军", p: "装备", o: "山东舰", confidence: 1, article: null, sentence: null },
    ]);
  });
});

describe("malformed files: clear errors, nothing changed", () => {
  it("N-Triples: a bad IRI and an unterminated literal are problems of their own lines; the rest is read", async () => {
    const g = await newGraph();
    const text = [
      `<${EX}navy> ${TYPE} ${cls("军队")} .`,
      `<${EX}bad iri> ${TYPE} ${cls("军队")} .`,
      `<${EX}navy> ${LABEL} "东部战区海军 .`,
      `<${EX}x> ${TYPE} <relative> .`,
      `<${EX}navy> ${LABEL} "东部战区海军"@zh .`,
    ].join("\n");
    const plan = await dryRun(g, { file_ids: [await upload("bad.nt", text)] });
    const report = plannedReport(plan);
    expect(report.problems.map((x) => [x.ref, x.kind])).toEqual([
      ['文件"bad.nt"第 2 行', "format"],
      ['文件"bad.nt"第 3 行', "format"],
      ['文件"bad.nt"第 4 行', "format"],
    ]);
    expect(report.problems[0].message).toMatch(
      /RDF 语法错误：Unexpected "<http:\/\/example.org\/kg\/bad"/,
    );
    expect(report.problems[1].message).toMatch(/RDF 语法错误：Unexpected ""东部战区海军"/);
    expect(report.problems[2].message).toMatch(/RDF 语法错误：Invalid IRI/);
    expect(report.summary.accepted_rows).toBe(1);
    const refused = (await apply(g, plan.id)) as { status: number; body: { detail: string } };
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(/预演发现 3 行有问题/);
    expect(await counts(g)).toEqual([0, 0, 0]);
  });

  it("Turtle: an unknown prefix fails the dry run naming the line", async () => {
    const g = await newGraph();
    const ttl = [
      `@prefix ex: <${EX}> .`,
      `ex:navy a ${cls("军队")} .`,
      "",
      `foo:navy a ${cls("军队")} .`,
    ].join("\n");
    const plan = await dryRun(g, { file_ids: [await upload("bad.ttl", ttl)] });
    expect(plan.status).toBe("failed");
    expect(plan.error).toBe('文件"bad.ttl"第 4 行：RDF 语法错误：Undefined prefix "foo:"');
    expect(await counts(g)).toEqual([0, 0, 0]);
  });

  it("Turtle: an unterminated literal names its line", async () => {
    const g = await newGraph();
    const ttl = [
      `@prefix rdfs: <${NS.rdfs}> .`,
      `<${EX}navy> rdfs:label "东部 .`,
      `<${EX}a> rdfs:label "x" .`,
    ].join("\n");
    const plan = await dryRun(g, { file_ids: [await upload("lit.ttl", ttl)] });
    expect(plan.status).toBe("failed");
    expect(plan.error).toMatch(/^文件"lit.ttl"第 2 行：RDF 语法错误：/);
  });

  it("JSON-LD: a remote or wrong context is refused without any network", async () => {
    const g = await newGraph();
    const remote = await dryRun(g, {
      file_ids: [
        await upload(
          "remote.jsonld",
          JSON.stringify({ "@context": "https://schema.org/", "@id": `${EX}x` }),
        ),
      ],
    });
    expect(remote.status).toBe("failed");
    expect(remote.error).toMatch(/不能加载远程 JSON-LD 上下文 <https:\/\/schema.org\/>/);
    const wrong = await dryRun(g, {
      file_ids: [await upload("wrong.jsonld", JSON.stringify({ "@context": 5, "@id": `${EX}x` }))],
    });
    expect(wrong.status).toBe("failed");
    expect(wrong.error).toMatch(/^文件"wrong.jsonld"JSON-LD 错误：invalid local context/);
    const dropped = await dryRun(g, {
      file_ids: [
        await upload(
          "dropped.jsonld",
          JSON.stringify({ "@context": { ex: EX }, "@id": "ex:x", name: "x" }),
        ),
      ],
    });
    expect(dropped.status).toBe("failed");
    expect(dropped.error).toMatch(
      /JSON-LD 内容无法无损转换为 RDF（invalid property.*"property":"name"/,
    );
    expect(await counts(g)).toEqual([0, 0, 0]);
  });
});

describe("ontology checks", () => {
  it("skips bad rows when asked, applying the rest", async () => {
    const g = await newGraph();
    const text = [
      `<${EX}navy> ${TYPE} ${cls("军队")} .`,
      `<${EX}navy> ${LABEL} "海军"@zh .`,
      `<${EX}x> ${TYPE} ${cls("不存在的类")} .`,
    ].join("\n");
    const plan = await dryRun(g, { file_ids: [await upload("skip.nt", text)] });
    expect(plannedReport(plan).problems).toEqual([
      {
        ref: '文件"skip.nt"第 3 行',
        kind: "ontology",
        message: expect.stringContaining('类"不存在的类"不在本体'),
      },
    ]);
    const done = (await apply(g, plan.id, true)) as { status: string };
    expect(done.status).toBe("succeeded");
    expect((await entities(g)).map((e) => e.name)).toEqual(["海军"]);
  });

  it("refuses a relation outside its domain or range, on its line", async () => {
    const g = await newGraph();
    const text = [
      `<${EX}dalian> ${TYPE} ${cls("城市")} .`,
      `<${EX}dalian> ${LABEL} "大连"@zh .`,
      `<${EX}j15> ${TYPE} ${cls("飞机")} .`,
      `<${EX}dalian> ${rel("装备")} <${EX}j15> .`,
    ].join("\n");
    const plan = await dryRun(g, { file_ids: [await upload("domain.nt", text)] });
    expect(plannedReport(plan).problems).toEqual([
      {
        ref: '文件"domain.nt"第 4 行',
        kind: "ontology",
        message: expect.stringContaining('关系"装备"的主体应属于"组织机构"'),
      },
    ]);
  });

  it("refuses an unknown predicate, then maps it in a second dry run and remembers the mapping", async () => {
    const g = await newGraph();
    const foreign = "http://schema.example/equips";
    const text = [
      `<${EX}navy> ${TYPE} ${cls("军队")} .`,
      `<${EX}ship> ${TYPE} ${cls("舰艇")} .`,
      `<${EX}navy> <${foreign}> <${EX}ship> .`,
    ].join("\n");
    const file = await upload("foreign.nt", text);
    const first = await dryRun(g, { file_ids: [file] });
    const r1 = first.result as { unmapped_predicates: unknown[]; relation_types: string[] };
    expect(plannedReport(first).problems).toEqual([
      {
        ref: '文件"foreign.nt"第 3 行',
        kind: "ontology",
        message: expect.stringContaining(`谓词 <${foreign}> 不是本体`),
      },
    ]);
    expect(r1.unmapped_predicates).toEqual([
      { iri: foreign, count: 1, ref: '文件"foreign.nt"第 3 行' },
    ]);
    expect(r1.relation_types).toContain("装备");

    const badMap = await call(p, admin, "POST", `/graphadmin/graphs/${g}/update/dry-run/`, {
      from_plan_job_id: first.id,
      predicate_map: { "not an iri": "装备" },
    });
    expect(badMap.status).toBe(400);
    expect(badMap.body.errors.predicate_map[0]).toMatch(/IRI <not an iri> 无效/);

    const second = await dryRun(g, {
      from_plan_job_id: first.id,
      predicate_map: { [foreign]: "装备" },
    });
    expect(plannedReport(second).problems).toEqual([]);
    expect(((await apply(g, second.id)) as { status: string }).status).toBe("succeeded");
    expect(await facts(g)).toEqual([
      { s: "navy", p: "装备", o: "ship", confidence: 1, article: null, sentence: null },
    ]);
    expect(
      await rows(
        p.ctx,
        sql`SELECT source_key, predicate_iri, relation_type FROM kg_predicate_mappings`,
      ),
    ).toEqual([{ source_key: "file:foreign.nt", predicate_iri: foreign, relation_type: "装备" }]);

    // The next import of the same source needs no choice.
    const g2 = await newGraph();
    const again = await dryRun(g2, { file_ids: [await upload("foreign.nt", text)] });
    expect(plannedReport(again).problems).toEqual([]);
    expect((again.result as { unmapped_predicates?: unknown }).unmapped_predicates).toBeUndefined();
  });
});

describe("provenance from reified statements", () => {
  it("restores confidence, article and sentence into an empty graph", async () => {
    const g = await newGraph();
    const B = "https://other.example/graph/9/";
    const sentence = "辽宁舰由东部战区海军装备。";
    const st = `<${iri.statement(B, 1)}>`;
    const art = `<${iri.article(B, 7)}>`;
    const text = [
      `<${iri.entity(B, "u1")}> ${TYPE} ${cls("军队")} .`,
      `<${iri.entity(B, "u1")}> ${LABEL} "东部战区海军"@zh .`,
      `<${iri.entity(B, "u2")}> ${TYPE} ${cls("舰艇")} .`,
      `<${iri.entity(B, "u2")}> ${LABEL} "辽宁舰"@zh .`,
      `<${iri.entity(B, "u1")}> ${rel("装备")} <${iri.entity(B, "u2")}> .`,
      `${st} ${TYPE} <${NS.rdf}Statement> .`,
      `${st} <${NS.rdf}subject> <${iri.entity(B, "u1")}> .`,
      `${st} <${NS.rdf}predicate> ${rel("装备")} .`,
      `${st} <${NS.rdf}object> <${iri.entity(B, "u2")}> .`,
      `${st} <${KG.confidence}> "0.85"^^<${NS.xsd}decimal> .`,
      `${st} <${NS.prov}wasDerivedFrom> ${art} .`,
      `${st} <${KG.sentence}> "${sentence}"@zh .`,
      `${st} <${KG.sentenceStart}> "12"^^<${NS.xsd}integer> .`,
      `${st} <${KG.sentenceEnd}> "${12 + sentence.length}"^^<${NS.xsd}integer> .`,
      `${art} ${TYPE} <${KG.Article}> .`,
      `${art} <${NS.dcterms}title> "海军新闻"@zh .`,
      `${art} <${NS.dcterms}issued> "2024-05-01"^^<${NS.xsd}date> .`,
      `${art} <${NS.rdfs}seeAlso> <https://news.example/1> .`,
    ].join("\n");
    const plan = await dryRun(g, { file_ids: [await upload("prov.nt", text)] });
    expect(plannedReport(plan).problems).toEqual([]);
    expect(((await apply(g, plan.id)) as { status: string }).status).toBe("succeeded");
    expect(await facts(g)).toEqual([
      {
        s: "东部战区海军",
        p: "装备",
        o: "辽宁舰",
        confidence: 0.85,
        article: "海军新闻",
        sentence,
      },
    ]);
    expect(
      await one(p.ctx, sql`SELECT url, published_at FROM kg_articles WHERE graph_id = ${g}`),
    ).toEqual({
      url: "https://news.example/1",
      published_at: "2024-05-01",
    });
    // The same file again is no change.
    const again = await dryRun(g, { file_ids: [await upload("prov.nt", text)] });
    expect(plannedReport(again).summary).toMatchObject({
      entities: { added: 0 },
      relations: { added: 0 },
    });
    expect(
      (again.result as { report: { summary: { relations: { changed: number } } } }).report.summary
        .relations.changed,
    ).toBe(0);
  });
});

/** The ontology as the export writes it: the OWL endpoint's Turtle. */
async function owlOf(ontologyId: number): Promise<string> {
  const res = await fetch(`${p.api}/graphadmin/ontologies/${ontologyId}/owl/`, {
    headers: authHeaders(admin),
  });
  expect(res.status).toBe(200);
  return res.text();
}

/** The export's OWL statements (ontologyQuads) without those `drop` picks, as Turtle. */
async function owlWithout(ontologyId: number, drop: (q: Quad) => boolean): Promise<string> {
  const w = new Writer({ prefixes: { owl: NS.owl, rdfs: NS.rdfs, xsd: NS.xsd } });
  w.addQuads((await ontologyQuads(p.ctx, ontologyId)).quads.filter((q) => !drop(q)));
  return new Promise((resolve, reject) => w.end((e, out) => (e ? reject(e) : resolve(out))));
}

async function importOwl(ontologyId: number, text: string, apply = false, lng?: string) {
  const form = new FormData();
  form.append("file", new File([text], "ontology.ttl", { type: "text/turtle" }));
  if (apply) form.append("apply", "1");
  const res = await fetch(`${p.api}/graphadmin/ontologies/${ontologyId}/import/`, {
    method: "POST",
    headers: { ...authHeaders(admin, false), ...(lng ? { "Accept-Language": lng } : {}) },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

describe("OWL import into an ontology", () => {
  it("an export of the ontology imports back as no change", async () => {
    const r = await importOwl(military, await owlOf(military));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      unchanged: true,
      summary: { added: 0, changed: 0, removed: 0 },
      changes: [],
      breaks: [],
      applied: false,
    });
  });

  it("a removed class lists the facts it would break, and the apply refuses as the ontology editor does", async () => {
    const built = await call(p, admin, "POST", "/graphadmin/graphs/", {
      name: "OWL 导入事实",
      domain: "military",
      ontology_id: military,
      file_ids: [await uploadCsv(p, admin, "owl-facts.csv", MILITARY_CSV)],
    });
    expect((await settled(p, built.body.job_id)).status).toBe("succeeded");
    const classes = async () =>
      JSON.stringify(
        await rows(
          p.ctx,
          sql`SELECT * FROM kg_classes WHERE ontology_id = ${military} ORDER BY id`,
        ),
      );
    const before = await classes();
    // The class 舰艇 and its properties left out (relation types still name it as domain or range).
    const owl = await owlWithout(
      military,
      (q) =>
        q.subject.value === iri.class(O, "舰艇") ||
        q.subject.value.startsWith(`${O}property/${encodeURIComponent("舰艇")}/`),
    );
    const dry = await importOwl(military, owl);
    expect(dry.status).toBe(200);
    expect(dry.body.changes).toEqual(
      expect.arrayContaining([
        { kind: "class", change: "removed", name: "舰艇", detail: "" },
        { kind: "property", change: "removed", name: "舰艇.排水量", detail: "string" },
      ]),
    );
    expect(dry.body.breaks).toEqual(
      expect.arrayContaining([
        {
          kind: "class",
          name: "舰艇",
          count: expect.any(Number),
          samples: expect.arrayContaining(["辽宁舰（OWL 导入事实）"]),
        },
        {
          kind: "property",
          name: "舰艇.排水量",
          count: expect.any(Number),
          samples: expect.arrayContaining(["辽宁舰（OWL 导入事实）"]),
        },
      ]),
    );
    const applied = await importOwl(military, owl, true);
    expect(applied.status).toBe(409);
    expect(applied.body.detail).toMatch(/仍被 \d+ 个实体使用，无法删除/);
    expect(await classes()).toBe(before);
  });

  it("applies added classes, relation types and properties, then reads back as no change", async () => {
    const created = await call(p, admin, "POST", "/graphadmin/ontologies/", {
      name: "导入本体",
      domain: "general",
      description: "",
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const base = ontologyBaseIri(id);
    const ttl = [
      `@prefix owl: <${NS.owl}> . @prefix rdfs: <${NS.rdfs}> . @prefix xsd: <${NS.xsd}> .`,
      `<${iri.class(base, "组织")}> a owl:Class ; rdfs:label "组织"@zh, "Organisation"@en .`,
      `<${iri.class(base, "公司")}> a owl:Class ; rdfs:subClassOf <${iri.class(base, "组织")}> .`,
      `<http://foreign.example/Person> a owl:Class ; rdfs:label "人物"@zh .`,
      `<${iri.relationType(base, "雇佣")}> a owl:ObjectProperty ; rdfs:domain <${iri.class(base, "公司")}> ; rdfs:range <http://foreign.example/Person> .`,
      `<${iri.property(base, "公司", "成立年份")}> a owl:DatatypeProperty ; rdfs:domain <${iri.class(base, "公司")}> ; rdfs:range xsd:date .`,
    ].join("\n");
    const dry = await importOwl(id, ttl);
    expect(dry.body.summary).toEqual({ added: 5, changed: 0, removed: 0 });
    const applied = await importOwl(id, ttl, true);
    expect(applied.status).toBe(200);
    const detail = await call(p, admin, "GET", `/graphadmin/ontologies/${id}/`);
    expect(detail.body.relation_types.map((r: { name: string }) => r.name)).toEqual(["雇佣"]);
    expect((await importOwl(id, await owlOf(id))).body.unchanged).toBe(true);
    expect((await importOwl(id, ttl)).body.unchanged).toBe(true);
  });

  it("an English label changed in the file is a change of its term; the apply stores it", async () => {
    const ship = iri.class(O, "舰艇");
    const equip = iri.relationType(O, "装备");
    const displacement = iri.property(O, "舰艇", "排水量");
    const english = (q: Quad, s: string) =>
      q.subject.value === s &&
      q.predicate.value === `${NS.rdfs}label` &&
      (q.object as { language?: string }).language === "en";
    // 舰艇 relabelled, 装备's English label left out (kept as it is), 排水量's relabelled.
    const w = new Writer({ prefixes: { owl: NS.owl, rdfs: NS.rdfs, xsd: NS.xsd } });
    for (const q of (await ontologyQuads(p.ctx, military)).quads) {
      if (english(q, equip)) continue;
      if (english(q, ship))
        w.addQuad(DataFactory.quad(q.subject, q.predicate, DataFactory.literal("Warship", "en")));
      else if (english(q, displacement))
        w.addQuad(
          DataFactory.quad(q.subject, q.predicate, DataFactory.literal("Tonnage", "en-GB")),
        );
      else w.addQuad(q);
    }
    const owl = await new Promise<string>((resolve, reject) =>
      w.end((e, out) => (e ? reject(e) : resolve(out))),
    );
    const dry = await importOwl(military, owl);
    expect(dry.status).toBe(200);
    expect(dry.body.summary).toEqual({ added: 0, changed: 2, removed: 0 });
    expect(dry.body.changes).toEqual([
      {
        kind: "class",
        change: "changed",
        name: "舰艇",
        detail: "英文名称：Naval vessel → Warship",
      },
      {
        kind: "property",
        change: "changed",
        name: "舰艇.排水量",
        detail: "英文名称：Displacement → Tonnage",
      },
    ]);
    // In English and Spanish, the wording of the change too.
    for (const [lng, detail] of [
      ["en", "English label: Naval vessel → Warship"],
      ["es", "Etiqueta en inglés: Naval vessel → Warship"],
    ]) {
      expect((await importOwl(military, owl, false, lng)).body.changes[0].detail).toBe(detail);
    }
    const applied = await importOwl(military, owl, true);
    expect(applied.status).toBe(200);
    expect(
      await value(
        p.ctx,
        sql`SELECT label_en FROM kg_classes WHERE ontology_id = ${military} AND name = '舰艇'`,
      ),
    ).toBe("Warship");
    expect(
      await value(
        p.ctx,
        sql`SELECT label_en FROM kg_relation_types WHERE ontology_id = ${military} AND name = '装备'`,
      ),
    ).toBe("equipped with");
    expect(
      await value(
        p.ctx,
        sql`SELECT p.label_en FROM kg_class_properties p JOIN kg_classes c ON c.id = p.class_id WHERE c.ontology_id = ${military} AND c.name = '舰艇' AND p.name = '排水量'`,
      ),
    ).toBe("Tonnage");
    // The file again, and the export of the result: no change.
    expect((await importOwl(military, owl)).body.unchanged).toBe(true);
    expect((await importOwl(military, await owlOf(military))).body.unchanged).toBe(true);
    // Back as it was.
    await run(
      p.ctx,
      sql`UPDATE kg_classes SET label_en = 'Naval vessel' WHERE ontology_id = ${military} AND name = '舰艇'`,
    );
    await run(
      p.ctx,
      sql`UPDATE kg_class_properties SET label_en = 'Displacement' WHERE name = '排水量' AND class_id = (SELECT id FROM kg_classes WHERE ontology_id = ${military} AND name = '舰艇')`,
    );
  });

  it("a class added with an English label names it; one changed reads parent and label in one detail", async () => {
    const created = await call(p, admin, "POST", "/graphadmin/ontologies/", {
      name: "双语本体",
      domain: "general",
      description: "",
    });
    const id = created.body.id as number;
    const base = ontologyBaseIri(id);
    const head = `@prefix owl: <${NS.owl}> . @prefix rdfs: <${NS.rdfs}> .`;
    const first = [
      head,
      `<${iri.class(base, "组织")}> a owl:Class ; rdfs:label "组织"@zh, "Organisation"@en .`,
      `<${iri.class(base, "公司")}> a owl:Class .`,
    ].join("\n");
    expect((await importOwl(id, first)).body.changes).toEqual([
      { kind: "class", change: "added", name: "组织", detail: "英文名称：Organisation" },
      { kind: "class", change: "added", name: "公司", detail: "" },
    ]);
    for (const [lng, detail] of [
      ["en", "English label: Organisation"],
      ["es", "Etiqueta en inglés: Organisation"],
    ])
      expect((await importOwl(id, first, false, lng)).body.changes[0].detail).toBe(detail);
    expect((await importOwl(id, first, true)).status).toBe(200);
    const classes = (await call(p, admin, "GET", `/graphadmin/ontologies/${id}/`)).body.classes;
    expect(classes.find((c: { name: string }) => c.name === "组织").label_en).toBe("Organisation");
    const second = [
      head,
      `<${iri.class(base, "组织")}> a owl:Class ; rdfs:label "组织"@zh, "Organisation"@en .`,
      `<${iri.class(base, "公司")}> a owl:Class ; rdfs:label "Company"@en ; rdfs:subClassOf <${iri.class(base, "组织")}> .`,
    ].join("\n");
    const dry = await importOwl(id, second);
    expect(dry.body.changes).toEqual([
      {
        kind: "class",
        change: "changed",
        name: "公司",
        detail: "父类：（无） → 组织；英文名称：（无） → Company",
      },
    ]);
    expect((await importOwl(id, second, false, "en")).body.changes[0].detail).toBe(
      "Parent class: (none) → 组织; English label: (none) → Company",
    );
  });

  it("refuses a file that is not Turtle, naming the line", async () => {
    const r = await importOwl(
      military,
      "@prefix owl: <http://www.w3.org/2002/07/owl#> .\nfoo:x a owl:Class .\n",
    );
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe('OWL 文件第 2 行：RDF 语法错误：Undefined prefix "foo:"');
  });
});

describe("round trip: the demo graph exported, then imported into an empty graph", () => {
  let d: TestPlatform;
  let who: Caller;
  const G = 245;
  beforeAll(async () => {
    d = await startPlatform({ seed: "demo" });
    who = await createUserWithToken(d.ctx, "round-trip", ["admin"]);
  });
  afterAll(() => d.close());

  const factsOf = (graphId: number) =>
    rows(
      d.ctx,
      sql`SELECT s.name AS s, t.name AS p, o.name AS o, r.confidence, a.title AS article, a.source, a.url, a.published_at,
                CASE WHEN a.id IS NULL OR r.sent_start IS NULL THEN NULL ELSE substr(a.content, CAST(r.sent_start + 1 AS integer), CAST(r.sent_end - r.sent_start AS integer)) END AS sentence
           FROM kg_relations r JOIN kg_entities s ON s.id = r.subject_id JOIN kg_entities o ON o.id = r.object_id
           JOIN kg_relation_types t ON t.id = r.relation_type_id LEFT JOIN kg_articles a ON a.id = r.article_id
          WHERE r.graph_id = ${graphId} ORDER BY s.name, t.name, o.name`,
    );
  // Property values as text: the demo seed holds some numbers as strings ("1884"), an import
  // stores them as the ontology's datatype says (1884), as a CSV build does.
  const entitiesOf = async (graphId: number) =>
    (
      await rows<{ properties: string }>(
        d.ctx,
        sql`SELECT e.name, c.name AS class, e.aliases, e.properties, e.description FROM kg_entities e LEFT JOIN kg_classes c ON c.id = e.class_id
            WHERE e.graph_id = ${graphId} ORDER BY e.name`,
      )
    ).map((e) => ({
      ...e,
      properties: Object.fromEntries(
        Object.entries(JSON.parse(e.properties)).map(([k, v]) => [k, String(v)]),
      ),
    }));

  let copies = 0;
  for (const [format, ext] of [
    ["nt", "nt"],
    ["ttl", "ttl"],
    ["jsonld", "jsonld"],
  ] as const) {
    it(`${format}: the same facts, labels and provenance`, async () => {
      const exported = await fetch(`${d.api}/kg/graphs/${G}/export/?format=${format}`, {
        headers: authHeaders(who),
      });
      expect(exported.status).toBe(200);
      const text = await exported.text();
      const form = new FormData();
      form.append("name", `graph-245.${ext}`);
      form.append(
        "file",
        new File([text], `graph-245.${ext}`, { type: "application/octet-stream" }),
      );
      const up = await fetch(`${d.api}/data/files/`, {
        method: "POST",
        headers: authHeaders(who, false),
        body: form,
      });
      expect(up.status).toBe(201);
      const fileId = (await up.json()).id as number;
      const ontologyId = await value<number>(
        d.ctx,
        sql`SELECT ontology_id FROM kg_graph_ontology WHERE graph_id = ${G}`,
      );
      const built = await call(d, who, "POST", "/graphadmin/graphs/", {
        name: `往返 ${format} ${++copies}`,
        domain: "military",
        ontology_id: ontologyId,
        file_ids: [fileId],
      });
      expect(built.status).toBe(202);
      const job = await settled(d, built.body.job_id, 60_000);
      expect(job.error ?? null).toBeNull();
      expect((job.result as { report: { problems: unknown[] } }).report.problems).toEqual([]);
      const copy = built.body.graph.id as number;
      expect((await factsOf(G)).length).toBeGreaterThan(50);
      expect((await factsOf(G)).every((f) => (f as { sentence: string | null }).sentence)).toBe(
        true,
      );
      expect(await factsOf(copy)).toEqual(await factsOf(G));
      expect(await entitiesOf(copy)).toEqual(await entitiesOf(G));

      // The same file into the copy is no change at all (entities, relations, provenance).
      const again = await call(d, who, "POST", `/graphadmin/graphs/${copy}/update/dry-run/`, {
        file_ids: [fileId],
      });
      const plan = await settled(d, again.body.job_id, 60_000);
      expect((plan.result as { report: { summary: unknown } }).report.summary).toMatchObject({
        bad_rows: 0,
        entities: { added: 0, changed: 0, removed: 0 },
        relations: { added: 0, changed: 0, removed: 0 },
      });
    });
  }
});
