import fs from "node:fs";
import type { Download, Page } from "@playwright/test";
import Graph from "graphology";
import { parse as parseGraphml } from "graphology-graphml";
import { Parser } from "n3";
import { createUser, db, expect, loginByRequest, shot, test } from "./fixtures";

/**
 * Interchange export with JavaScript on and off: graph 245 downloaded as Turtle and as
 * GraphML from graph management, the military ontology as OWL from the ontology screen, and
 * a class of the graph from a public page by a visitor. Downloads are plain GET forms and
 * links, so both projects take the same path.
 */

const G = 245;
const count = (sql: string, ...params: unknown[]) =>
  db()
    .prepare(sql)
    .pluck()
    .get(...params) as number;

async function download(
  page: Page,
  click: () => Promise<void>,
): Promise<{ download: Download; text: string }> {
  const [d] = await Promise.all([page.waitForEvent("download"), click()]);
  const file = await d.path();
  return { download: d, text: fs.readFileSync(file!, "utf8") };
}

test.describe("interchange export", () => {
  test.describe.configure({ timeout: 60_000 });

  test("graph management downloads graph 245 as Turtle and as GraphML", async ({
    adminPage: page,
  }, testInfo) => {
    await page.goto("/graph/index");
    const form = page.getByTestId(`export-${G}`);
    await expect(form).toBeVisible();
    await shot(page, testInfo, "interchange-graph-index");

    const ttl = await download(page, () => form.getByRole("button").click());
    expect(ttl.download.suggestedFilename()).toBe(`graph-${G}.ttl`);
    expect(ttl.text.startsWith("@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>.")).toBe(
      true,
    );
    const quads = new Parser({ format: "text/turtle" }).parse(ttl.text);
    const statements = quads.filter(
      (q) => q.object.value === "http://www.w3.org/1999/02/22-rdf-syntax-ns#Statement",
    );
    expect(statements).toHaveLength(
      count("SELECT count(*) FROM kg_relations WHERE graph_id = ?", G),
    );

    await page.getByTestId(`export-${G}-format`).selectOption("graphml");
    const graphml = await download(page, () => form.getByRole("button").click());
    expect(graphml.download.suggestedFilename()).toBe(`graph-${G}.graphml`);
    const graph = parseGraphml(Graph, graphml.text);
    expect(graph.order).toBe(count("SELECT count(*) FROM kg_entities WHERE graph_id = ?", G));
    expect(graph.size).toBe(count("SELECT count(*) FROM kg_relations WHERE graph_id = ?", G));
    await expect(page).toHaveURL(/\/graph\/index$/);
  });

  test("the ontology screen downloads the military ontology as OWL and edits its base IRI", async ({
    adminPage: page,
  }, testInfo) => {
    const military = db()
      .prepare("SELECT id FROM kg_ontologies WHERE name = '军事领域本体'")
      .pluck()
      .get() as number;
    await page.goto(`/schema?o=${military}`);
    const owl = await download(page, () => page.getByTestId("owl-download").click());
    expect(owl.download.suggestedFilename()).toBe(`ontology-${military}.owl.ttl`);
    const quads = new Parser({ format: "text/turtle" }).parse(owl.text);
    const classes = quads.filter((q) => q.object.value === "http://www.w3.org/2002/07/owl#Class");
    expect(classes).toHaveLength(
      count("SELECT count(*) FROM kg_classes WHERE ontology_id = ?", military),
    );
    // Each term's name @zh, its English label @en beside it.
    const shipLabels = quads
      .filter((q) => q.subject.value.endsWith(`/class/${encodeURIComponent("舰艇")}`))
      .filter((q) => q.predicate.value === "http://www.w3.org/2000/01/rdf-schema#label")
      .map((q) => `${q.object.value}@${(q.object as { language: string }).language}`);
    expect(shipLabels.sort()).toEqual(["Naval vessel@en", "舰艇@zh"]);

    // A bad base IRI is refused next to the field, what was typed kept.
    const form = page.getByTestId("ontology-iri-form");
    await form.getByLabel("基础 IRI").fill("not an iri");
    await form.getByRole("button", { name: "保存" }).click();
    await expect(form.getByTestId("action-error")).toContainText("基础 IRI 应为绝对 IRI");
    await expect(form.getByLabel("基础 IRI")).toHaveValue("not an iri");
    await shot(page, testInfo, "interchange-ontology-iri");
  });

  test("a visitor downloads a class of the graph from the hot-entity page", async ({
    page,
  }, testInfo) => {
    const visitor = createUser({
      codenames: ["kg__graph__read", "kg__feedback__create"],
      prefix: "visitor",
    });
    await loginByRequest(page, visitor);
    await page.goto(`/hotentity?id=${G}`);
    const form = page.getByTestId("hot-export");
    await expect(form).toBeVisible();
    await form.locator('select[name="class"]').selectOption({ label: "军队" });
    await form.locator('select[name="format"]').selectOption("nt");
    await shot(page, testInfo, "interchange-hotentity");
    const nt = await download(page, () => form.getByRole("button").click());
    expect(nt.download.suggestedFilename()).toMatch(/^graph-245-class-\d+\.nt$/);
    const quads = new Parser({ format: "application/n-triples" }).parse(nt.text);
    expect(
      quads.some(
        (q) =>
          q.object.termType === "Literal" &&
          q.object.value === "美国海军" &&
          q.object.language === "zh",
      ),
    ).toBe(true);
  });
});
