import fs from "node:fs";
import { Parser, Writer } from "n3";
import { db, expect, shot, test, toNextJob, waitForJob } from "./fixtures";

/**
 * Interchange import with JavaScript on and off: an N-Triples file through the incremental
 * update's dry run (a foreign predicate mapped to a relation type on the job page), then
 * applied; the military ontology downloaded as OWL and imported back: no changes. Every step
 * is a plain form, so both projects take the same path.
 */

const military = () =>
  db().prepare("SELECT id FROM kg_ontologies WHERE name = '军事领域本体'").pluck().get() as number;
const count = (sql: string, ...params: unknown[]) =>
  db()
    .prepare(sql)
    .pluck()
    .get(...params) as number;

/** An empty graph on the military ontology, of this project's own. */
function emptyGraph(name: string): number {
  const id = Number(
    db()
      .prepare("INSERT INTO graphs (name, domain, description) VALUES (?, 'military', '')")
      .run(name).lastInsertRowid,
  );
  db()
    .prepare("INSERT INTO kg_graph_ontology (graph_id, ontology_id) VALUES (?, ?)")
    .run(id, military());
  return id;
}

test.describe("interchange import", () => {
  test.describe.configure({ timeout: 90_000 });

  test("an N-Triples file: dry run, a predicate mapped, then applied", async ({
    adminPage: page,
  }, testInfo) => {
    const graphId = emptyGraph(`RDF 导入 ${testInfo.project.name} ${Date.now()}`);
    const O = `https://kg-console.example/ontology/${military()}/`;
    const cls = (name: string) => `<${O}class/${encodeURIComponent(name)}>`;
    const TYPE = "<http://www.w3.org/1999/02/22-rdf-syntax-ns#type>";
    const LABEL = "<http://www.w3.org/2000/01/rdf-schema#label>";
    const foreign = "http://schema.example/deployedAt";
    const nt = [
      `<http://example.org/navy> ${TYPE} ${cls("军队")} .`,
      `<http://example.org/navy> ${LABEL} "东部战区海军"@zh .`,
      `<http://example.org/liaoning> ${TYPE} ${cls("舰艇")} .`,
      `<http://example.org/liaoning> ${LABEL} "辽宁舰"@zh .`,
      `<http://example.org/liaoning> ${LABEL} "Liaoning"@en .`,
      `_:dalian ${TYPE} ${cls("城市")} .`,
      `_:dalian ${LABEL} "大连"@zh .`,
      `<http://example.org/navy> <${O}relation/${encodeURIComponent("装备")}> <http://example.org/liaoning> .`,
      `<http://example.org/liaoning> <${foreign}> _:dalian .`,
    ].join("\n");

    await page.goto(`/graph/increased/${graphId}`);
    // A file name of its own: mappings are remembered per file name (or data source), and the other project imports too.
    const file = `fleet-${testInfo.project.name}-${Date.now()}.nt`;
    await page
      .getByTestId("source-upload")
      .setInputFiles({ name: file, mimeType: "application/n-triples", buffer: Buffer.from(nt) });
    await Promise.all([
      page.waitForURL(/\/jobs\/\d+$/),
      page.getByTestId("submit-dry-run").click(),
    ]);
    await waitForJob(page, "已完成");
    const diff = page.getByTestId("plan-diff");
    await expect(diff.locator(".ga-stat").nth(0)).toContainText("3");
    await expect(diff.locator(".ga-stat").nth(3)).toContainText("1");
    await expect(page.getByTestId("problem-table")).toContainText(`谓词 <${foreign}>`);
    const unmapped = page.getByTestId("unmapped-predicates");
    await expect(unmapped).toContainText(foreign);
    await expect(unmapped).toContainText(`文件"${file}"第 9 行`);
    await shot(page, testInfo, "interchange-import-unmapped");

    // The foreign predicate means 部署于: the dry run again with that choice.
    const first = page.url();
    await page.getByLabel(`谓词 ${foreign} 映射到的关系类型`).selectOption("部署于");
    await Promise.all([
      page.waitForURL((u) => /\/jobs\/\d+$/.test(u.pathname) && u.href !== first),
      page.getByTestId("map-dry-run").click(),
    ]);
    await waitForJob(page, "已完成");
    await expect(diff.locator(".ga-stat").nth(0)).toContainText("3");
    await expect(diff.locator(".ga-stat").nth(3)).toContainText("2");
    await expect(page.getByTestId("problem-table")).toHaveCount(0);
    await expect(page.getByTestId("unmapped-predicates")).toHaveCount(0);
    expect(count("SELECT count(*) FROM kg_entities WHERE graph_id = ?", graphId)).toBe(0);
    await shot(page, testInfo, "interchange-import-mapped");

    await toNextJob(page, () => page.getByTestId("apply-update").click());
    await waitForJob(page, "已完成");
    await expect(page.getByTestId("job-counts")).toBeVisible();
    expect(count("SELECT count(*) FROM kg_entities WHERE graph_id = ?", graphId)).toBe(3);
    expect(count("SELECT count(*) FROM kg_relations WHERE graph_id = ?", graphId)).toBe(2);
    expect(
      db()
        .prepare("SELECT aliases FROM kg_entities WHERE graph_id = ? AND name = '辽宁舰'")
        .pluck()
        .get(graphId),
    ).toBe('["Liaoning"]');
    await shot(page, testInfo, "interchange-import-applied");
  });

  test("the military ontology exported as OWL imports back as no change", async ({
    adminPage: page,
  }, testInfo) => {
    await page.goto(`/schema?o=${military()}`);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("owl-download").click(),
    ]);
    const owl = fs.readFileSync((await download.path())!, "utf8");
    expect(owl).toContain("owl:Class");

    await page.getByTestId("open-owl-import").click();
    await page.getByTestId("owl-file").setInputFiles({
      name: download.suggestedFilename(),
      mimeType: "text/turtle",
      buffer: Buffer.from(owl),
    });
    await page.getByTestId("owl-dry-run").click();
    await expect(page.getByTestId("owl-unchanged")).toContainText("与当前本体一致，没有变化");
    await expect(page.getByTestId("owl-apply-form")).toHaveCount(0);
    await shot(page, testInfo, "interchange-owl-unchanged");

    // The same file without one class: the diff names it, and the facts its removal would break.
    const ship = `https://kg-console.example/ontology/${military()}/class/${encodeURIComponent("舰艇")}`;
    const shipProperty = `https://kg-console.example/ontology/${military()}/property/${encodeURIComponent("舰艇")}/`;
    const writer = new Writer({
      prefixes: {
        owl: "http://www.w3.org/2002/07/owl#",
        rdfs: "http://www.w3.org/2000/01/rdf-schema#",
      },
    });
    writer.addQuads(
      new Parser()
        .parse(owl)
        .filter((q) => q.subject.value !== ship && !q.subject.value.startsWith(shipProperty)),
    );
    const without = await new Promise<string>((resolve, reject) =>
      writer.end((e, out) => (e ? reject(e) : resolve(out))),
    );
    await page.getByTestId("owl-file").setInputFiles({
      name: "without.ttl",
      mimeType: "text/turtle",
      buffer: Buffer.from(without),
    });
    await page.getByTestId("owl-dry-run").click();
    await expect(page.getByTestId("owl-changes")).toContainText("舰艇");
    await expect(page.getByTestId("owl-breaks")).toContainText("舰艇");
    await shot(page, testInfo, "interchange-owl-diff");
    await page.getByTestId("owl-apply").click();
    await expect(page.getByTestId("action-error")).toContainText("无法删除");
    expect(
      count("SELECT count(*) FROM kg_classes WHERE ontology_id = ? AND name = '舰艇'", military()),
    ).toBe(1);
  });

  test("a file chosen as soon as the dry run answers is the one the next dry run sends @js-only", async ({
    adminPage: page,
  }) => {
    // The action answers first, the page's data is read again after it (slowly on a busy
    // server: held 1.5 s here). A form rendered afresh only once that read is done dropped
    // a file chosen in between, and the next click posted nothing.
    await page.route(/\/schema\.data\?/, async (route) => {
      if (route.request().method() === "GET") await new Promise((r) => setTimeout(r, 1_500));
      await route.continue();
    });
    await page.goto(`/schema?o=${military()}`);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("owl-download").click(),
    ]);
    const owl = fs.readFileSync((await download.path())!, "utf8");
    await page.getByTestId("open-owl-import").click();
    const choose = (name: string, text: string) =>
      page
        .getByTestId("owl-file")
        .setInputFiles({ name, mimeType: "text/turtle", buffer: Buffer.from(text) });
    await choose("same.ttl", owl);
    await page.getByTestId("owl-dry-run").click();
    await expect(page.getByTestId("owl-unchanged")).toContainText("same.ttl");
    await choose("broken.ttl", "@prefix : <");
    // The person clicks once the page has settled (its data read again).
    await page.waitForLoadState("networkidle");
    await page.getByTestId("owl-dry-run").click();
    await expect(page.getByTestId("action-error")).toBeVisible();
    await expect(page.getByTestId("owl-unchanged")).toHaveCount(0);
  });
});
