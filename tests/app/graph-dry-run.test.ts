import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as createAction } from "~/routes/_admin.graph.create.($id)";
import { action as jobAction, loader as jobLoader } from "~/routes/_admin.jobs.$id";
import { ensureBuiltinOntologies } from "../../platform/kg/ontology.js";
import { NS, iri, ontologyBaseIri } from "../../platform/interchange/vocabulary.js";
import { useTestPlatform } from "../helpers/console";
import { settled, startPlatform, type TestPlatform } from "../helpers/platform";
import { args, as, flashOf, location, post, run } from "./table-helpers";
import { sqliteHandle } from "../helpers/sql.js";

/** /graph/create and /graph/create/:id: the "dry run" button, and the job page's apply by mode. */

let p: TestPlatform;
let admin: Awaited<ReturnType<typeof as>>;
let military: number;

beforeAll(async () => {
  p = await startPlatform();
  useTestPlatform(p);
  military = (await ensureBuiltinOntologies(p.ctx)).military;
  admin = await as(p, "dry-run-admin", ["admin"]);
});
afterAll(() => p.close());

const jobIdOf = (r: { response?: Response }) =>
  Number(/\/jobs\/(\d+)$/.exec(location(r) ?? "")?.[1]);

const count = (table: string, graphId: number) =>
  sqliteHandle(p.ctx)
    .prepare(`SELECT count(*) FROM ${table} WHERE graph_id = ?`)
    .pluck()
    .get(graphId);

const nt = () => {
  const O = ontologyBaseIri(military);
  return [
    `<http://example.org/ship> <${NS.rdf}type> <${iri.class(O, "舰艇")}> .`,
    `<http://example.org/ship> <${NS.rdfs}label> "辽宁舰"@zh .`,
    `<http://example.org/city> <${NS.rdf}type> <${iri.class(O, "城市")}> .`,
    `<http://example.org/city> <${NS.rdfs}label> "大连"@zh .`,
    `<http://example.org/ship> <${iri.relationType(O, "部署于")}> <http://example.org/city> .`,
  ].join("\n");
};

function buildForm(fields: Record<string, string>, file: { name: string; text: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("upload", new File([file.text], file.name, { type: "application/octet-stream" }));
  return form;
}

async function jobPage(user: typeof admin, id: number) {
  const page = await run(() =>
    jobLoader(
      args(new Request(`http://console.test/jobs/${id}`, { headers: { Cookie: user.cookie } }), {
        id: String(id),
      }),
    ),
  );
  return page.data as { job: { kind: string; result: { mode?: string } }; mayApply: boolean };
}

describe("graph create: the dry run button", () => {
  it("creates the graph without building and opens the dry run, then applies it (the build)", async () => {
    const dry = await run(() =>
      createAction(
        args(
          post(
            "/graph/create",
            admin,
            buildForm(
              {
                intent: "create",
                dry_run: "1",
                name: "预演新建",
                domain: "military",
                ontology_id: String(military),
              },
              { name: "fleet.nt", text: nt() },
            ),
          ),
        ),
      ),
    );
    expect(dry.status).toBe(302);
    expect((await flashOf(dry.response))?.message).toBe("预演任务已创建");
    const planId = jobIdOf(dry);
    const plan = await settled(p, planId);
    expect(plan).toMatchObject({ kind: "graph.plan", status: "succeeded" });
    const graphId = plan.graph_id!;
    expect(count("kg_entities", graphId)).toBe(0);

    const page = await jobPage(admin, planId);
    expect(page.job.result.mode).toBe("create");
    expect(page.mayApply).toBe(true);

    const applied = await run(() =>
      jobAction(args(post(`/jobs/${planId}`, admin, { intent: "apply" }), { id: String(planId) })),
    );
    expect(applied.status).toBe(302);
    expect((await flashOf(applied.response))?.message).toBe("构建任务已创建");
    expect((await settled(p, jobIdOf(applied))).status).toBe("succeeded");
    expect([count("kg_entities", graphId), count("kg_relations", graphId)]).toEqual([2, 1]);
  });

  it("the plain button still creates and builds at once", async () => {
    const r = await run(() =>
      createAction(
        args(
          post(
            "/graph/create",
            admin,
            buildForm(
              {
                intent: "create",
                name: "直接新建",
                domain: "military",
                ontology_id: String(military),
              },
              { name: "fleet.nt", text: nt() },
            ),
          ),
        ),
      ),
    );
    expect(r.status).toBe(302);
    const job = await settled(p, jobIdOf(r));
    expect(job).toMatchObject({ kind: "graph.build", status: "succeeded" });
  });
});

describe("graph rebuild: the dry run button", () => {
  it("plans a replacement; the apply says it replaces the graph's data", async () => {
    const graphId = sqliteHandle(p.ctx)
      .prepare("SELECT id FROM graphs WHERE name = '直接新建'")
      .pluck()
      .get() as number;
    const fewer = nt().split("\n").slice(0, 2).join("\n");
    const dry = await run(() =>
      createAction(
        args(
          post(
            `/graph/create/${graphId}`,
            admin,
            buildForm({ intent: "rebuild", dry_run: "1" }, { name: "fewer.nt", text: fewer }),
          ),
          { id: String(graphId) },
        ),
      ),
    );
    expect(dry.status).toBe(302);
    const planId = jobIdOf(dry);
    const plan = await settled(p, planId);
    expect(plan.result).toMatchObject({
      mode: "replace",
      report: { summary: { entities: { removed: 1 }, relations: { removed: 1 } } },
    });
    expect(count("kg_relations", graphId)).toBe(1);
    const page = await jobPage(admin, planId);
    expect(page.job.result.mode).toBe("replace");
    const applied = await run(() =>
      jobAction(args(post(`/jobs/${planId}`, admin, { intent: "apply" }), { id: String(planId) })),
    );
    expect((await flashOf(applied.response))?.message).toBe("重新构建任务已创建");
    expect((await settled(p, jobIdOf(applied))).status).toBe("succeeded");
    expect([count("kg_entities", graphId), count("kg_relations", graphId)]).toEqual([1, 0]);
  });
});
