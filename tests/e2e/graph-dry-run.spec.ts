import { db, expect, shot, test, toNextJob, waitForJob } from "./fixtures";

/**
 * Graph create and rebuild through a dry run, with JavaScript on and off: a graph created from
 * an N-Triples file with the form's "预演" button (the graph is created, nothing is written), the
 * report on the job page, then applied (the build); then a rebuild's dry run of a smaller file
 * lists what would be removed, and its apply replaces the graph's data. Plain forms throughout.
 */

const military = () =>
  db().prepare("SELECT id FROM kg_ontologies WHERE name = '军事领域本体'").pluck().get() as number;
const count = (table: string, graphId: number) =>
  db().prepare(`SELECT count(*) FROM ${table} WHERE graph_id = ?`).pluck().get(graphId) as number;

function fleet(lines: "all" | "ship-only") {
  const O = `https://kg-console.example/ontology/${military()}/`;
  const cls = (name: string) => `<${O}class/${encodeURIComponent(name)}>`;
  const rel = (name: string) => `<${O}relation/${encodeURIComponent(name)}>`;
  const TYPE = "<http://www.w3.org/1999/02/22-rdf-syntax-ns#type>";
  const LABEL = "<http://www.w3.org/2000/01/rdf-schema#label>";
  const ship = [
    `<http://example.org/liaoning> ${TYPE} ${cls("舰艇")} .`,
    `<http://example.org/liaoning> ${LABEL} "辽宁舰"@zh .`,
  ];
  if (lines === "ship-only") return ship.join("\n");
  return [
    `<http://example.org/navy> ${TYPE} ${cls("军队")} .`,
    `<http://example.org/navy> ${LABEL} "东部战区海军"@zh .`,
    ...ship,
    `_:dalian ${TYPE} ${cls("城市")} .`,
    `_:dalian ${LABEL} "大连"@zh .`,
    `<http://example.org/navy> ${rel("装备")} <http://example.org/liaoning> .`,
    `<http://example.org/liaoning> ${rel("部署于")} _:dalian .`,
  ].join("\n");
}

test.describe("graph create and rebuild through a dry run", () => {
  test.describe.configure({ timeout: 90_000 });

  test("an N-Triples file: create by dry run, apply (build); rebuild by dry run, apply (replace)", async ({
    adminPage: page,
  }, testInfo) => {
    const name = `预演新建 ${testInfo.project.name} ${Date.now()}`;
    await page.goto("/graph/create");
    await page.getByLabel("图谱名称").fill(name);
    await page.locator('select[name="domain"]').selectOption("military");
    await page.getByTestId("ontology-select").selectOption({ label: "军事领域本体（军事）" });
    await page.getByTestId("source-upload").setInputFiles({
      name: `fleet-${testInfo.project.name}.nt`,
      mimeType: "application/n-triples",
      buffer: Buffer.from(fleet("all")),
    });
    await expect(page.getByTestId("submit-build-dry-run")).toHaveText("预演");
    await shot(page, testInfo, "graph-create-dry-run-form");
    await toNextJob(page, () => page.getByTestId("submit-build-dry-run").click());
    await waitForJob(page, "已完成");
    const graphId = db()
      .prepare("SELECT id FROM graphs WHERE name = ?")
      .pluck()
      .get(name) as number;
    expect(graphId).toBeGreaterThan(0);
    expect(count("kg_entities", graphId)).toBe(0);
    await expect(page.getByRole("heading", { name: "预演结果：创建图谱" })).toBeVisible();
    const diff = page.getByTestId("plan-diff");
    await expect(diff.locator(".ga-stat").nth(0)).toContainText("3");
    await expect(diff.locator(".ga-stat").nth(3)).toContainText("2");
    await expect(page.getByTestId("apply-update")).toHaveText("应用：构建图谱");
    await shot(page, testInfo, "graph-create-dry-run-report");

    await toNextJob(page, () => page.getByTestId("apply-update").click());
    await waitForJob(page, "已完成");
    await expect(page.getByTestId("job-counts")).toBeVisible();
    expect([count("kg_entities", graphId), count("kg_relations", graphId)]).toEqual([3, 2]);

    // Rebuild from a file with the ship only: the dry run lists the removals, the graph stays.
    await page.goto(`/graph/create/${graphId}`);
    await page.getByTestId("source-upload").setInputFiles({
      name: `ship-${testInfo.project.name}.nt`,
      mimeType: "application/n-triples",
      buffer: Buffer.from(fleet("ship-only")),
    });
    await toNextJob(page, () => page.getByTestId("submit-build-dry-run").click());
    await waitForJob(page, "已完成");
    await expect(page.getByRole("heading", { name: "预演结果：重新构建" })).toBeVisible();
    await expect(diff.locator(".ga-stat").nth(2)).toContainText("2");
    await expect(diff.locator(".ga-stat").nth(5)).toContainText("2");
    await expect(page.getByTestId("apply-update")).toHaveText("应用：替换图谱数据");
    expect(count("kg_relations", graphId)).toBe(2);
    await shot(page, testInfo, "graph-rebuild-dry-run-report");

    await toNextJob(page, () => page.getByTestId("apply-update").click());
    await waitForJob(page, "已完成");
    expect([count("kg_entities", graphId), count("kg_relations", graphId)]).toEqual([1, 0]);
  });
});
