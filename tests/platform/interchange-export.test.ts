import { parse as parseCsv } from "csv-parse/sync";
import { sql, type RawBuilder } from "kysely";
import { unzipSync } from "fflate";
import Graph from "graphology";
import { parse as parseGraphml } from "graphology-graphml";
import jsonld from "jsonld";
import { Parser, type Quad } from "n3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOwl } from "../../platform/interchange/owl-read.js";
import { ontologyQuads } from "../../platform/interchange/owl.js";
import {
  KG,
  NS,
  graphBaseIri,
  iri,
  ontologyBaseIri,
} from "../../platform/interchange/vocabulary.js";
import {
  authHeaders,
  startPlatform,
  createUserWithToken,
  type TestUser,
  type TestPlatform,
} from "../helpers/platform.js";
import { one, rows, run, value } from "../helpers/sql.js";

let p: TestPlatform;
let reader: TestUser;
let admin: TestUser;
let outsider: TestUser;
const G = 245;
/** Graph 245's ontology and its own base IRI as the store holds them (the tests change neither). */
let ontology: number;
let graphBase: string;

beforeAll(async () => {
  p = await startPlatform({ seed: "demo" });
  reader = await createUserWithToken(p.ctx, "export-reader", [
    "kg__graph__read",
    "kg__ontology__read",
  ]);
  admin = await createUserWithToken(p.ctx, "export-admin", ["admin"]);
  outsider = await createUserWithToken(p.ctx, "export-outsider", ["kg__feedback__create"]);
  ontology = await value<number>(
    p.ctx,
    sql`SELECT ontology_id FROM kg_graph_ontology WHERE graph_id = ${G}`,
  );
  graphBase = await value<string>(p.ctx, sql`SELECT base_iri FROM graphs WHERE id = ${G}`);
});
afterAll(() => p.close());

async function get(path: string, user: TestUser | null = reader) {
  const res = await fetch(`${p.api}${path}`, { headers: user ? authHeaders(user) : {} });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

async function exportText(query: string) {
  const { res, body } = await get(`/kg/graphs/${G}/export/?${query}`);
  expect(res.status, body.toString().slice(0, 200)).toBe(200);
  return body.toString("utf8");
}

const parseRdf = (text: string, format: string): Quad[] => new Parser({ format }).parse(text);
const ontologyId = () => ontology;
const base = () => graphBaseIri(G, graphBase);
const obase = () => ontologyBaseIri(ontologyId());
const count = (query: RawBuilder<unknown>) => value<number>(p.ctx, query);
const countIn = (table: "kg_entities" | "kg_relations", graphId: number) =>
  count(sql`SELECT count(*) AS n FROM ${sql.table(table)} WHERE graph_id = ${graphId}`);
const relationPredicate = (q: Quad) => q.predicate.value.startsWith(`${obase()}relation/`);
const key = (q: Quad) =>
  `${q.subject.value} ${q.predicate.value} ${q.object.termType === "Literal" ? JSON.stringify([q.object.value, q.object.language, q.object.datatype.value]) : q.object.value}`;

/** The triple count of a whole-graph export by the formula of docs/interchange.md, from the store. */
async function expectedTriples(graphId: number): Promise<number> {
  const entities = await rows<{
    class_id: number | null;
    aliases: string;
    description: string;
    properties: string;
  }>(
    p.ctx,
    sql`SELECT class_id, aliases, description, properties FROM kg_entities WHERE graph_id = ${graphId}`,
  );
  let n = 0;
  for (const e of entities) {
    n +=
      (e.class_id === null ? 0 : 1) +
      1 +
      (JSON.parse(e.aliases) as string[]).length +
      (e.description ? 1 : 0);
    n += Object.values(JSON.parse(e.properties) as Record<string, unknown>).filter(
      (v) => v !== null && v !== "",
    ).length;
  }
  const articles = await rows<{ published_at: string; source: string; url: string }>(
    p.ctx,
    sql`SELECT published_at, source, url FROM kg_articles
      WHERE graph_id = ${graphId} AND id IN (SELECT article_id FROM kg_relations WHERE graph_id = ${graphId})`,
  );
  for (const a of articles)
    n += 2 + (a.published_at ? 1 : 0) + (a.source ? 1 : 0) + (a.url ? 1 : 0);
  n += 6 * (await countIn("kg_relations", graphId));
  n += await count(
    sql`SELECT count(*) AS n FROM kg_relations WHERE graph_id = ${graphId} AND article_id IS NOT NULL`,
  );
  n +=
    3 *
    (await count(
      sql`SELECT count(*) AS n FROM kg_relations WHERE graph_id = ${graphId} AND article_id IS NOT NULL AND sent_start IS NOT NULL AND sent_end >= sent_start`,
    ));
  return n;
}

describe("graph export", () => {
  it("graph 245 as Turtle parses with N3.js; its relation and triple counts equal the store's", async () => {
    const { res, body } = await get(`/kg/graphs/${G}/export/?format=ttl`);
    expect(res.headers.get("content-type")).toBe("text/turtle; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="graph-245.ttl"');
    const quads = parseRdf(body.toString(), "text/turtle");
    const relations = await countIn("kg_relations", G);
    expect(relations).toBeGreaterThan(50);
    expect(quads.filter(relationPredicate)).toHaveLength(relations);
    expect(quads.filter((q) => q.object.value === `${NS.rdf}Statement`)).toHaveLength(relations);
    expect(quads).toHaveLength(await expectedTriples(G));
  });

  it("labels keep their language tag, entities their class, and provenance travels as reification", async () => {
    const quads = parseRdf(await exportText("format=nt"), "application/n-triples");
    const navy = (await one<{ uuid: string; class_id: number }>(
      p.ctx,
      sql`SELECT uuid, class_id FROM kg_entities WHERE graph_id = ${G} AND name = '美国海军'`,
    ))!;
    const entity = iri.entity(base(), navy.uuid);
    const label = quads.find(
      (q) => q.subject.value === entity && q.predicate.value === `${NS.rdfs}label`,
    )!;
    expect(label.object).toMatchObject({ value: "美国海军", language: "zh" });
    const className = await value<string>(
      p.ctx,
      sql`SELECT name FROM kg_classes WHERE id = ${navy.class_id}`,
    );
    expect(
      quads.some(
        (q) =>
          q.subject.value === entity &&
          q.predicate.value === `${NS.rdf}type` &&
          q.object.value === iri.class(obase(), className),
      ),
    ).toBe(true);
    // An `entity` property points at the entity of that name.
    const usa = await value<string>(
      p.ctx,
      sql`SELECT uuid FROM kg_entities WHERE graph_id = ${G} AND name = '美国'`,
    );
    const country = quads.find(
      (q) =>
        q.subject.value === entity &&
        q.predicate.value.endsWith(`/${encodeURIComponent("所属国家")}`),
    )!;
    expect(country.object.value).toBe(iri.entity(base(), usa));

    // One relation with an article: its statement says subject, predicate, object, confidence, article and sentence.
    const r = (await one<{
      id: number;
      su: string;
      ou: string;
      type: string;
      confidence: number;
      article_id: number;
      sent_start: number;
      sent_end: number;
      content: string;
    }>(
      p.ctx,
      sql`SELECT r.id, s.uuid AS su, o.uuid AS ou, t.name AS type, r.confidence, r.article_id, r.sent_start, r.sent_end, a.content
           FROM kg_relations r JOIN kg_entities s ON s.id = r.subject_id JOIN kg_entities o ON o.id = r.object_id
           JOIN kg_relation_types t ON t.id = r.relation_type_id JOIN kg_articles a ON a.id = r.article_id
          WHERE r.graph_id = ${G} AND r.sent_start IS NOT NULL ORDER BY r.id LIMIT 1`,
    ))!;
    const st = iri.statement(base(), r.id);
    const about = new Map(
      quads.filter((q) => q.subject.value === st).map((q) => [q.predicate.value, q.object]),
    );
    expect(about.get(`${NS.rdf}type`)?.value).toBe(`${NS.rdf}Statement`);
    expect(about.get(`${NS.rdf}subject`)?.value).toBe(iri.entity(base(), r.su));
    expect(about.get(`${NS.rdf}predicate`)?.value).toBe(iri.relationType(obase(), r.type));
    expect(about.get(`${NS.rdf}object`)?.value).toBe(iri.entity(base(), r.ou));
    expect(Number(about.get(KG.confidence)?.value)).toBe(r.confidence);
    expect(about.get(`${NS.prov}wasDerivedFrom`)?.value).toBe(iri.article(base(), r.article_id));
    expect(about.get(KG.sentence)).toMatchObject({
      value: r.content.slice(r.sent_start, r.sent_end),
      language: "zh",
    });
    expect(about.get(KG.sentenceStart)?.value).toBe(String(r.sent_start));
    // The fact itself, and its article described.
    expect(
      quads.some(
        (q) =>
          q.subject.value === iri.entity(base(), r.su) &&
          q.predicate.value === iri.relationType(obase(), r.type) &&
          q.object.value === iri.entity(base(), r.ou),
      ),
    ).toBe(true);
    const article = iri.article(base(), r.article_id);
    expect(
      quads.find((q) => q.subject.value === article && q.predicate.value === `${NS.rdf}type`)
        ?.object.value,
    ).toBe(KG.Article);
    expect(
      quads.some((q) => q.subject.value === article && q.predicate.value === `${NS.dcterms}title`),
    ).toBe(true);
  });

  it("N-Triples, Turtle and JSON-LD hold the same triples (JSON-LD read by jsonld's toRDF)", async () => {
    const nt = parseRdf(await exportText("format=nt"), "application/n-triples")
      .map(key)
      .sort();
    const ttl = parseRdf(await exportText("format=ttl"), "text/turtle")
      .map(key)
      .sort();
    const text = await exportText("format=jsonld");
    const nquads = (await jsonld.toRDF(JSON.parse(text), {
      format: "application/n-quads",
    })) as unknown as string;
    const fromJsonld = [...new Set(parseRdf(nquads, "application/n-quads").map(key))].sort();
    expect(ttl).toEqual(nt);
    expect(fromJsonld).toEqual([...new Set(nt)].sort());
  });

  it("GraphML reads back with graphology-graphml: every entity a node, every relation an edge", async () => {
    const { res, body } = await get(`/kg/graphs/${G}/export/?format=graphml`);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="graph-245.graphml"');
    const graph = parseGraphml(Graph, body.toString());
    expect(graph.order).toBe(await countIn("kg_entities", G));
    expect(graph.size).toBe(await countIn("kg_relations", G));
    const navy = await value<string>(
      p.ctx,
      sql`SELECT uuid FROM kg_entities WHERE graph_id = ${G} AND name = '美国海军'`,
    );
    expect(graph.getNodeAttributes(navy)).toMatchObject({
      label: "美国海军",
      iri: iri.entity(base(), navy),
    });
    const r = (await one<{ id: number; confidence: number; name: string }>(
      p.ctx,
      sql`SELECT r.id, r.confidence, t.name FROM kg_relations r JOIN kg_relation_types t ON t.id = r.relation_type_id WHERE r.graph_id = ${G} ORDER BY r.id LIMIT 1`,
    ))!;
    expect(graph.getEdgeAttributes(`r${r.id}`)).toMatchObject({
      label: r.name,
      confidence: r.confidence,
    });
  });

  it("Neo4j: a zip of nodes.csv and relationships.csv in neo4j-admin's header format", async () => {
    const { res, body } = await get(`/kg/graphs/${G}/export/?format=neo4j`);
    expect(res.headers.get("content-type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(body));
    expect(Object.keys(files).sort()).toEqual(["nodes.csv", "relationships.csv"]);
    const nodes = parseCsv(Buffer.from(files["nodes.csv"]).toString(), { columns: true }) as Record<
      string,
      string
    >[];
    const rels = parseCsv(Buffer.from(files["relationships.csv"]).toString(), {
      columns: true,
    }) as Record<string, string>[];
    expect(Object.keys(nodes[0]).slice(0, 3)).toEqual(["uuid:ID", "name", ":LABEL"]);
    expect(Object.keys(rels[0])).toEqual([
      ":START_ID",
      ":END_ID",
      ":TYPE",
      "confidence:float",
      "article",
      "sentence",
    ]);
    expect(nodes).toHaveLength(await countIn("kg_entities", G));
    expect(rels).toHaveLength(await countIn("kg_relations", G));
    const ship = nodes.find((n) => n.name === "美国海军")!;
    expect(ship[":LABEL"].split(";").length).toBeGreaterThan(1); // the class and its ancestors
    const ids = new Set(nodes.map((n) => n["uuid:ID"]));
    expect(
      rels.every(
        (r) =>
          ids.has(r[":START_ID"]) && ids.has(r[":END_ID"]) && Number(r["confidence:float"]) <= 1,
      ),
    ).toBe(true);
  });
});

describe("filters", () => {
  it("a class: its entities (with subclasses) and their relations in either direction", async () => {
    const cls = (await one<{ id: number; name: string }>(
      p.ctx,
      sql`SELECT id, name FROM kg_classes WHERE ontology_id = ${ontologyId()} AND name = '武器装备'`,
    ))!;
    const quads = parseRdf(
      await exportText(`format=nt&class=${encodeURIComponent(cls.name)}`),
      "application/n-triples",
    );
    const facts = quads.filter(relationPredicate);
    const expected = await count(
      sql`WITH RECURSIVE sub(id) AS (SELECT id FROM kg_classes WHERE id = ${cls.id} UNION SELECT c.id FROM kg_classes c JOIN sub ON c.parent_id = sub.id)
       SELECT count(*) AS n FROM kg_relations r WHERE r.graph_id = ${G}
         AND (r.subject_id IN (SELECT id FROM kg_entities WHERE class_id IN (SELECT id FROM sub))
           OR r.object_id IN (SELECT id FROM kg_entities WHERE class_id IN (SELECT id FROM sub)))`,
    );
    expect(expected).toBeGreaterThan(0);
    expect(facts).toHaveLength(expected);
    // By id the same, with its own file name.
    const { res } = await get(`/kg/graphs/${G}/export/?format=nt&class=${cls.id}`);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="graph-245-class-${cls.id}.nt"`,
    );
  });

  it("a relation type: only its relations and the entities they join", async () => {
    const type = (await one<{ id: number; name: string }>(
      p.ctx,
      sql`SELECT t.id, t.name FROM kg_relation_types t JOIN kg_relations r ON r.relation_type_id = t.id WHERE r.graph_id = ${G} GROUP BY t.id, t.name ORDER BY count(*) DESC, t.id LIMIT 1`,
    ))!;
    const quads = parseRdf(
      await exportText(`format=nt&relation_type=${encodeURIComponent(type.name)}`),
      "application/n-triples",
    );
    const facts = quads.filter(relationPredicate);
    expect(facts).toHaveLength(
      await count(
        sql`SELECT count(*) AS n FROM kg_relations WHERE graph_id = ${G} AND relation_type_id = ${type.id}`,
      ),
    );
    expect(new Set(facts.map((q) => q.predicate.value))).toEqual(
      new Set([iri.relationType(obase(), type.name)]),
    );
    const labelled = new Set(
      quads.filter((q) => q.predicate.value === `${NS.rdfs}label`).map((q) => q.subject.value),
    );
    expect(new Set(facts.flatMap((q) => [q.subject.value, q.object.value]))).toEqual(labelled);
  });

  it("a neighbourhood: the relations and entities the relation page shows", async () => {
    const uuid = await value<string>(
      p.ctx,
      sql`SELECT uuid FROM kg_entities WHERE graph_id = ${G} AND name = '美国海军'`,
    );
    for (const depth of [1, 2]) {
      const shown = await (
        await fetch(
          `${p.api}/kg/graphs/${G}/entities/${uuid}/neighbours/?depth=${depth}&limit=50`,
          { headers: authHeaders(reader) },
        )
      ).json();
      const graph = parseGraphml(
        Graph,
        await exportText(`format=graphml&entity=${uuid}&depth=${depth}&limit=50`),
      );
      expect(graph.edges().sort()).toEqual(
        shown.edges.map((e: { id: number }) => `r${e.id}`).sort(),
      );
      expect(graph.nodes().sort()).toEqual(shown.nodes.map((n: { id: string }) => n.id).sort());
    }
  });
});

describe("permissions and parameters", () => {
  it("needs graph read: 401 without a token, 403 without the codename; visitors may", async () => {
    expect((await get(`/kg/graphs/${G}/export/?format=nt`, null)).res.status).toBe(401);
    const refused = await get(`/kg/graphs/${G}/export/?format=nt`, outsider);
    expect(refused.res.status).toBe(403);
    expect(JSON.parse(refused.body.toString()).detail).toBe("您没有执行该操作的权限");
    const visitor = await createUserWithToken(p.ctx, "export-visitor", [
      "kg__graph__read",
      "kg__feedback__create",
    ]);
    expect((await get(`/kg/graphs/${G}/export/?format=nt`, visitor)).res.status).toBe(200);
    // The OWL needs ontology read.
    expect((await get(`/graphadmin/ontologies/${ontologyId()}/owl/`, visitor)).res.status).toBe(
      403,
    );
  });

  it("refuses what it cannot read exactly: 400 naming the parameter", async () => {
    const cases: [string, string][] = [
      ["format=xml", "format"],
      ["format=nt&foo=1", "foo"],
      ["class=武器装备&relation_type=装备", "relation_type"],
      ["depth=2", "depth"],
      ["class=不存在的类", "class"],
      ["relation_type=不存在", "relation_type"],
      ["entity=x&depth=3", "depth"],
      ["format=nt&format=ttl", "format"],
    ];
    for (const [query, param] of cases) {
      const { res, body } = await get(`/kg/graphs/${G}/export/?${query}`);
      expect(res.status, query).toBe(400);
      expect(JSON.parse(body.toString()).param, query).toBe(param);
    }
    expect((await get(`/kg/graphs/999999/export/?format=nt`)).res.status).toBe(404);
    expect((await get(`/kg/graphs/${G}/export/?format=nt&entity=no-such-entity`)).res.status).toBe(
      404,
    );
    expect((await get(`/graphadmin/ontologies/${ontologyId()}/owl/?x=1`)).res.status).toBe(400);
  });

  it("without format, answers the media type the Accept header asks for (Turtle by default)", async () => {
    const res = await fetch(
      `${p.api}/kg/graphs/${G}/export/?relation_type=${encodeURIComponent("装备")}`,
      { headers: { ...authHeaders(reader), Accept: "application/n-triples" } },
    );
    expect(res.headers.get("content-type")).toBe("application/n-triples; charset=utf-8");
    await res.arrayBuffer();
    const plain = await get(`/kg/graphs/${G}/export/?relation_type=${encodeURIComponent("装备")}`);
    expect(plain.res.headers.get("content-type")).toBe("text/turtle; charset=utf-8");
  });
});

describe("base IRI and label language", () => {
  it("a graph's base IRI and language change its export; bad ones are refused", async () => {
    const patch = (path: string, body: unknown, user = admin) =>
      fetch(`${p.api}${path}`, {
        method: "PATCH",
        headers: { ...authHeaders(user), "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const bad = await patch(`/graphadmin/graphs/246/iri/`, {
      base_iri: "not an iri",
      lang: "中文",
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).errors).sort()).toEqual(["base_iri", "lang"]);
    expect(
      (await patch(`/graphadmin/graphs/246/iri/`, { base_iri: "https://example.org/kg/" }, reader))
        .status,
    ).toBe(403);
    const ok = await patch(`/graphadmin/graphs/246/iri/`, {
      base_iri: "https://example.org/kg/",
      lang: "en",
    });
    expect(await ok.json()).toMatchObject({
      base_iri: "https://example.org/kg/",
      lang: "en",
      effective_base_iri: "https://example.org/kg/",
    });
    const { body } = await get(`/kg/graphs/246/export/?format=nt`);
    const quads = parseRdf(body.toString(), "application/n-triples");
    const labels = quads.filter((q) => q.predicate.value === `${NS.rdfs}label`);
    expect(labels.length).toBeGreaterThan(0);
    expect(
      labels.every(
        (q) =>
          q.subject.value.startsWith("https://example.org/kg/entity/") &&
          q.object.termType === "Literal" &&
          q.object.language === "en",
      ),
    ).toBe(true);
    // A field the body leaves out keeps its value; the audit log has the change.
    expect(await (await patch(`/graphadmin/graphs/246/iri/`, { lang: "zh" })).json()).toMatchObject(
      { base_iri: "https://example.org/kg/", lang: "zh" },
    );
    const [last] = await rows<{ before_json: string; after_json: string }>(
      p.ctx,
      sql`SELECT before_json, after_json FROM audit_log WHERE resource = 'graphadmin/graph-iri' ORDER BY id DESC LIMIT 1`,
    );
    expect([JSON.parse(last.before_json), JSON.parse(last.after_json)]).toEqual([
      { base_iri: "https://example.org/kg/", lang: "en" },
      { base_iri: "https://example.org/kg/", lang: "zh" },
    ]);
    // Back to the default.
    expect(
      await (await patch(`/graphadmin/graphs/246/iri/`, { base_iri: "", lang: "zh" })).json(),
    ).toMatchObject({ effective_base_iri: graphBaseIri(246) });
  });

  it("an ontology's base IRI names its terms in the OWL and in graph exports", async () => {
    const id = ontologyId();
    const r = await fetch(`${p.api}/graphadmin/ontologies/${id}/iri/`, {
      method: "PATCH",
      headers: { ...authHeaders(admin), "Content-Type": "application/json" },
      body: JSON.stringify({ base_iri: "https://example.org/onto#" }),
    });
    expect(r.status).toBe(200);
    const owl = parseRdf(
      (await get(`/graphadmin/ontologies/${id}/owl/`)).body.toString(),
      "text/turtle",
    );
    expect(
      owl.some(
        (q) =>
          q.subject.value ===
          "https://example.org/onto#class/舰艇".replace("舰艇", encodeURIComponent("舰艇")),
      ),
    ).toBe(true);
    const quads = parseRdf(
      await exportText(`format=nt&relation_type=${encodeURIComponent("装备")}`),
      "application/n-triples",
    );
    expect(
      quads.some(
        (q) => q.predicate.value === iri.relationType("https://example.org/onto#", "装备"),
      ),
    ).toBe(true);
    await run(p.ctx, sql`UPDATE kg_ontologies SET base_iri = '' WHERE id = ${id}`);
  });
});

describe("the ontology as OWL", () => {
  it("is Turtle with classes, object and datatype properties labelled in Chinese, and imports back as no change", async () => {
    const id = ontologyId();
    const { res, body } = await get(`/graphadmin/ontologies/${id}/owl/`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="ontology-${id}.owl.ttl"`,
    );
    const text = body.toString();
    const quads = parseRdf(text, "text/turtle");
    const typed = (t: string) =>
      quads.filter(
        (q) => q.predicate.value === `${NS.rdf}type` && q.object.value === `${NS.owl}${t}`,
      ).length;
    expect(typed("Class")).toBe(
      await count(sql`SELECT count(*) AS n FROM kg_classes WHERE ontology_id = ${id}`),
    );
    expect(typed("DatatypeProperty") + typed("ObjectProperty")).toBe(
      (await count(sql`SELECT count(*) AS n FROM kg_relation_types WHERE ontology_id = ${id}`)) +
        (await count(
          sql`SELECT count(*) AS n FROM kg_class_properties p JOIN kg_classes c ON c.id = p.class_id WHERE c.ontology_id = ${id}`,
        )),
    );
    expect(quads.some((q) => q.predicate.value === `${NS.rdfs}subClassOf`)).toBe(true);
    expect(
      quads.find(
        (q) =>
          q.subject.value === iri.class(obase(), "舰艇") && q.predicate.value === `${NS.rdfs}label`,
      )?.object,
    ).toMatchObject({ value: "舰艇", language: "zh" });
    // The same statements ontologyQuads gives (what an import compares with).
    expect(quads.map(key).sort()).toEqual((await ontologyQuads(p.ctx, id)).quads.map(key).sort());
    // Read back by the OWL reader: the ontology's classes and relation types, with their parents, domains and ranges.
    const read = await readOwl(text);
    const classes = await rows<{ name: string; parent: string | null }>(
      p.ctx,
      sql`SELECT c.name, p.name AS parent FROM kg_classes c LEFT JOIN kg_classes p ON p.id = c.parent_id WHERE c.ontology_id = ${id}`,
    );
    expect(
      read.classes
        .map((c) => ({ name: c.name, parent: c.parent }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    ).toEqual(classes.sort((a, b) => a.name.localeCompare(b.name)));
    // And through the import's dry run: no change.
    const form = new FormData();
    form.append("file", new File([text], "ontology.ttl", { type: "text/turtle" }));
    const dry = await fetch(`${p.api}/graphadmin/ontologies/${id}/import/`, {
      method: "POST",
      headers: authHeaders(admin, false),
      body: form,
    });
    expect(await dry.json()).toMatchObject({ unchanged: true, applied: false });
  });
});

describe("the ontology's English labels in OWL", () => {
  it("each term has its name @zh and its English label @en; the reader reads both", async () => {
    const id = ontologyId();
    const text = (await get(`/graphadmin/ontologies/${id}/owl/`)).body.toString();
    const quads = parseRdf(text, "text/turtle");
    const labels = (s: string) =>
      quads
        .filter((q) => q.subject.value === s && q.predicate.value === `${NS.rdfs}label`)
        .map((q) => `${q.object.value}@${(q.object as { language: string }).language}`)
        .sort();
    expect(labels(iri.class(obase(), "舰艇"))).toEqual(["Naval vessel@en", "舰艇@zh"]);
    expect(labels(iri.relationType(obase(), "装备"))).toEqual(["equipped with@en", "装备@zh"]);
    expect(labels(iri.property(obase(), "舰艇", "排水量"))).toEqual([
      "Displacement@en",
      "排水量@zh",
    ]);
    // One @en label for each term that has an English label, and none for one that has not.
    const english = quads.filter(
      (q) =>
        q.predicate.value === `${NS.rdfs}label` &&
        (q.object as { language?: string }).language === "en",
    ).length;
    expect(english).toBe(
      (await count(
        sql`SELECT count(*) AS n FROM kg_classes WHERE ontology_id = ${id} AND label_en <> ''`,
      )) +
        (await count(
          sql`SELECT count(*) AS n FROM kg_relation_types WHERE ontology_id = ${id} AND label_en <> ''`,
        )) +
        (await count(
          sql`SELECT count(*) AS n FROM kg_class_properties p JOIN kg_classes c ON c.id = p.class_id WHERE c.ontology_id = ${id} AND p.label_en <> ''`,
        )),
    );
    expect(english).toBeGreaterThan(40);
    const read = await readOwl(text);
    expect(read.classes.find((c) => c.name === "舰艇")).toMatchObject({ labelEn: "Naval vessel" });
    expect(read.relationTypes.find((r) => r.name === "装备")).toMatchObject({
      labelEn: "equipped with",
    });
    expect(
      read.properties.find((x) => x.className === "舰艇" && x.name === "排水量"),
    ).toMatchObject({ labelEn: "Displacement" });
    // A term without one has no @en label.
    const classId = await value<number>(
      p.ctx,
      sql`SELECT id FROM kg_classes WHERE ontology_id = ${id} AND name = '舰艇'`,
    );
    await run(p.ctx, sql`UPDATE kg_classes SET label_en = '' WHERE id = ${classId}`);
    try {
      const again = parseRdf(
        (await get(`/graphadmin/ontologies/${id}/owl/`)).body.toString(),
        "text/turtle",
      );
      expect(
        again
          .filter(
            (q) =>
              q.subject.value === iri.class(obase(), "舰艇") &&
              q.predicate.value === `${NS.rdfs}label`,
          )
          .map((q) => q.object.value),
      ).toEqual(["舰艇"]);
    } finally {
      await run(p.ctx, sql`UPDATE kg_classes SET label_en = 'Naval vessel' WHERE id = ${classId}`);
    }
  });
});

describe("streaming", () => {
  it("a slow download holds up no writer, and is the graph as it was when it began", async () => {
    const { generateGraph } = await import("../../platform/kg/generate.js");
    const graph = 950;
    await generateGraph(p.ctx, graph, {
      entities: 2_000,
      relations: 20_000,
      name: "导出流测试图谱",
    });
    const relations = await countIn("kg_relations", graph);
    const res = await fetch(`${p.api}/kg/graphs/${graph}/export/?format=nt`, {
      headers: authHeaders(reader),
    });
    const stream = res.body!.getReader();
    const first = await stream.read();
    expect(first.done).toBe(false);
    // Mid-download: the store takes writes (the export reads on a connection of its own)…
    const r = (await one<Record<string, number>>(
      p.ctx,
      sql`SELECT subject_id, relation_type_id, object_id FROM kg_relations WHERE graph_id = ${graph} LIMIT 1`,
    ))!;
    await run(
      p.ctx,
      sql`INSERT INTO kg_relations (graph_id, subject_id, relation_type_id, object_id)
        VALUES (${graph}, ${r.subject_id}, ${r.relation_type_id}, ${r.object_id})`,
    );
    const patched = await fetch(`${p.api}/graphadmin/graphs/${graph}/iri/`, {
      method: "PATCH",
      headers: { ...authHeaders(admin), "Content-Type": "application/json" },
      body: JSON.stringify({ lang: "zh" }),
    });
    expect(patched.status).toBe(200);
    // …and the download finishes as the snapshot it started from.
    const chunks: Uint8Array[] = [first.value!];
    for (let c = await stream.read(); !c.done; c = await stream.read()) chunks.push(c.value);
    const quads = parseRdf(Buffer.concat(chunks).toString(), "application/n-triples");
    expect(quads.filter((q) => q.object.value === `${NS.rdf}Statement`)).toHaveLength(relations);
    expect(await countIn("kg_relations", graph)).toBe(relations + 1);
  });
});
