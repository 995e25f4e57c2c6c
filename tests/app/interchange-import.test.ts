import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActionError, OwlPreview, UnmappedPredicate } from "~/graph-admin/types";
import { action as increasedAction } from "~/routes/_admin.graph.increased.($id)";
import { action as jobAction, loader as jobLoader } from "~/routes/_admin.jobs.$id";
import { action as schemaAction } from "~/routes/_admin.schema";
import { ensureBuiltinOntologies } from "../../platform/kg/ontology.js";
import { NS, iri, ontologyBaseIri } from "../../platform/interchange/vocabulary.js";
import { useTestPlatform } from "../helpers/console";
import {
  authHeaders,
  settled,
  startPlatform,
  userWithToken,
  type TestPlatform,
} from "../helpers/platform";
import { args, as, flashOf, location, post, run } from "./table-helpers";
import { sqliteHandle } from "../helpers/sql.js";

let p: TestPlatform;
let admin: Awaited<ReturnType<typeof as>>;
let military: number;
let graphId: number;

beforeAll(async () => {
  p = await startPlatform();
  useTestPlatform(p);
  military = (await ensureBuiltinOntologies(p.ctx)).military;
  admin = await as(p, "import-admin", ["admin"]);
  const db = sqliteHandle(p.ctx);
  graphId = Number(
    db
      .prepare("INSERT INTO graphs (name, domain, description) VALUES ('RDF 导入', 'military', '')")
      .run().lastInsertRowid,
  );
  db.prepare("INSERT INTO kg_graph_ontology (graph_id, ontology_id) VALUES (?, ?)").run(
    graphId,
    military,
  );
});
afterAll(() => p.close());

const jobIdOf = (r: { response?: Response }) =>
  Number(/\/jobs\/(\d+)$/.exec(location(r) ?? "")?.[1]);

describe("the job page maps an RDF import's unknown predicates", () => {
  const O = () => ontologyBaseIri(military);
  const foreign = "http://schema.example/equips";
  const nt = () =>
    [
      `<http://example.org/navy> <${NS.rdf}type> <${iri.class(O(), "军队")}> .`,
      `<http://example.org/navy> <${NS.rdfs}label> "东部战区海军"@zh .`,
      `<http://example.org/ship> <${NS.rdf}type> <${iri.class(O(), "舰艇")}> .`,
      `<http://example.org/ship> <${NS.rdfs}label> "辽宁舰"@zh .`,
      `<http://example.org/navy> <${foreign}> <http://example.org/ship> .`,
    ].join("\n");

  it("lists them with the relation types, runs the dry run again with the choices, then applies", async () => {
    const form = new FormData();
    form.append("intent", "dryRun");
    form.append("upload", new File([nt()], "fleet.nt", { type: "application/n-triples" }));
    const dry = await run(() =>
      increasedAction(
        args(post(`/graph/increased/${graphId}`, admin, form), { id: String(graphId) }),
      ),
    );
    expect(dry.status).toBe(302);
    const first = jobIdOf(dry);
    expect((await settled(p, first)).status).toBe("succeeded");

    const page = await run(() =>
      jobLoader(
        args(
          new Request(`http://console.test/jobs/${first}`, { headers: { Cookie: admin.cookie } }),
          { id: String(first) },
        ),
      ),
    );
    const result = (
      page.data as {
        job: { result: { unmapped_predicates: UnmappedPredicate[]; relation_types: string[] } };
      }
    ).job.result;
    expect(result.unmapped_predicates).toEqual([
      { iri: foreign, count: 1, ref: '文件"fleet.nt"第 5 行' },
    ]);
    expect(result.relation_types).toContain("装备");

    const broken = await run(() =>
      jobAction(
        args(post(`/jobs/${first}`, admin, { intent: "mapPredicates", predicate: [foreign] }), {
          id: String(first),
        }),
      ),
    );
    expect(broken.status).toBe(400);

    const mapped = await run(() =>
      jobAction(
        args(
          post(`/jobs/${first}`, admin, {
            intent: "mapPredicates",
            predicate: [foreign],
            relation_type: ["装备"],
          }),
          { id: String(first) },
        ),
      ),
    );
    expect(mapped.status).toBe(302);
    expect((await flashOf(mapped.response))?.message).toBe("预演任务已创建");
    const second = jobIdOf(mapped);
    const planned = await settled(p, second);
    expect(planned.params).toMatchObject({ predicate_map: { [foreign]: "装备" } });
    expect(
      (
        planned.result as {
          report: { summary: { bad_rows: number; relations: { added: number } } };
        }
      ).report.summary,
    ).toMatchObject({
      bad_rows: 0,
      relations: { added: 1 },
    });

    const applied = await run(() =>
      jobAction(args(post(`/jobs/${second}`, admin, { intent: "apply" }), { id: String(second) })),
    );
    expect(applied.status).toBe(302);
    expect((await settled(p, jobIdOf(applied))).status).toBe("succeeded");
    expect(
      sqliteHandle(p.ctx)
        .prepare("SELECT count(*) FROM kg_relations WHERE graph_id = ?")
        .pluck()
        .get(graphId),
    ).toBe(1);
  });
});

describe("/schema imports an OWL file", () => {
  const owlForm = (fields: Record<string, string>, file?: { name: string; text: string }) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (file) form.append("file", new File([file.text], file.name, { type: "text/turtle" }));
    return post(`/schema?o=${military}`, admin, form);
  };
  const exported = async () => {
    const reader = userWithToken(p.ctx, `owl-reader-${Math.random()}`, ["admin"]);
    return (
      await fetch(`${p.api}/graphadmin/ontologies/${military}/owl/`, {
        headers: authHeaders(reader),
      })
    ).text();
  };

  it("the ontology's own export is no change", async () => {
    const text = await exported();
    const r = await run(() =>
      schemaAction(
        args(
          owlForm({ intent: "owlPreview", id: String(military) }, { name: "military.ttl", text }),
        ),
      ),
    );
    expect(r.status).toBe(200);
    const preview = (r.data as { owlPreview: OwlPreview }).owlPreview;
    expect(preview.diff).toMatchObject({
      unchanged: true,
      summary: { added: 0, changed: 0, removed: 0 },
    });
    expect(preview.filename).toBe("military.ttl");
  });

  it("a dry run shows the diff and carries the file to the apply, which changes the ontology", async () => {
    const text = `${await exported()}\n<${iri.class(ontologyBaseIri(military), "潜艇")}> a <${NS.owl}Class> ; <${NS.rdfs}subClassOf> <${iri.class(ontologyBaseIri(military), "舰艇")}> .\n`;
    const r = await run(() =>
      schemaAction(
        args(owlForm({ intent: "owlPreview", id: String(military) }, { name: "more.ttl", text })),
      ),
    );
    const preview = (r.data as { owlPreview: OwlPreview }).owlPreview;
    expect(preview.diff.changes).toEqual([
      { kind: "class", change: "added", name: "潜艇", detail: "父类：舰艇" },
    ]);
    expect(preview.text).toBe(text);

    const applied = await run(() =>
      schemaAction(
        args(
          owlForm({
            intent: "owlApply",
            id: String(military),
            owl_text: preview.text!,
            filename: "more.ttl",
          }),
        ),
      ),
    );
    expect(applied.status).toBe(302);
    expect(location(applied)).toBe(`/schema?o=${military}`);
    expect(
      sqliteHandle(p.ctx)
        .prepare("SELECT count(*) FROM kg_classes WHERE ontology_id = ? AND name = '潜艇'")
        .pluck()
        .get(military),
    ).toBe(1);
  });

  it("says what is wrong: no file, a file that is not Turtle", async () => {
    const none = await run(() =>
      schemaAction(args(owlForm({ intent: "owlPreview", id: String(military) }))),
    );
    expect(none.status).toBe(400);
    expect(none.data).toMatchObject({
      target: "owlImport",
      error: "请选择要导入的 OWL（Turtle）文件",
    });
    const bad = await run(() =>
      schemaAction(
        args(
          owlForm(
            { intent: "owlPreview", id: String(military) },
            { name: "x.ttl", text: "foo:x a foo:y ." },
          ),
        ),
      ),
    );
    expect(bad.status).toBe(400);
    expect((bad.data as ActionError).error).toMatch(/^OWL 文件第 1 行：RDF 语法错误/);
  });
});
