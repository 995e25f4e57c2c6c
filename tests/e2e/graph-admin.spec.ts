import type { Locator, Page, TestInfo } from "@playwright/test";
import { db, expect, hasJs, shot, test, toNextJob, waitForJob } from "./fixtures";

/**
 * Graph administration with JavaScript on and off: a graph built from an uploaded triple
 * CSV (with its progress followed live, or by the self-refreshing page), a build refused
 * for bad rows, an incremental update through its dry run, and ontology edits with a
 * refused delete.
 */

const BASE_CSV = [
  "subject,predicate,object,confidence",
  "东部战区海军,类型,军队,",
  "辽宁舰,类型,舰艇,",
  "歼-15,类型,飞机,",
  "沈阳飞机工业集团,类型,军工企业,",
  "大连,类型,城市,",
  "东部战区海军,装备,辽宁舰,0.95",
  "东部战区海军,装备,歼-15,0.9",
  "沈阳飞机工业集团,研制,歼-15,0.98",
  "辽宁舰,部署于,大连,0.8",
  "辽宁舰,排水量,60900吨,",
];
/** A few hundred more relations so the build has something to show progress on. */
function biggerCsv(): string {
  const lines = [...BASE_CSV];
  for (let i = 0; i < 300; i++) {
    lines.push(`第${i}舰,类型,舰艇,`, `东部战区海军,装备,第${i}舰,0.${(i % 9) + 1}`);
  }
  return lines.join("\n") + "\n";
}

const unique = (testInfo: TestInfo, label: string) =>
  `${label}-${testInfo.project.name}-${Date.now().toString(36)}`;

async function createGraph(page: Page, name: string, csv: string, skipBadRows = false) {
  await page.goto("/graph/create");
  await page.getByLabel("图谱名称").fill(name);
  await page.locator('select[name="domain"]').selectOption("military");
  await page.getByTestId("ontology-select").selectOption({ label: "军事领域本体（军事）" });
  await page
    .getByTestId("source-upload")
    .setInputFiles({ name: `${name}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv) });
  if (skipBadRows) await page.getByTestId("skip-bad-rows").check();
  await Promise.all([page.waitForURL(/\/jobs\/\d+$/), page.getByTestId("submit-build").click()]);
  return Number(/\/jobs\/(\d+)/.exec(page.url())![1]);
}

test.describe("graph administration", () => {
  test.describe.configure({ timeout: 60_000 });

  test("creates a graph from an uploaded triple CSV and watches it build", async ({
    adminPage: page,
  }, testInfo) => {
    const name = unique(testInfo, "上传构建");
    await page.goto("/graph/create");
    await shot(page, testInfo, "graph-create");
    const jobId = await createGraph(page, name, biggerCsv());
    if (hasJs(testInfo)) {
      // A marker that a reload would wipe: with JavaScript the page follows the job live.
      await page.evaluate(() => ((window as unknown as { followed: boolean }).followed = true));
    }
    await waitForJob(page, "已完成");
    if (hasJs(testInfo))
      expect(
        await page.evaluate(() => (window as unknown as { followed?: boolean }).followed),
      ).toBe(true);
    await expect(page.getByTestId("job-progress")).toHaveAttribute("value", "100");
    await expect(page.getByTestId("job-counts")).toContainText("305");
    await expect(page.getByTestId("job-logs")).toContainText("构建完成");
    await shot(page, testInfo, "graph-build-job");

    await page.getByTestId("job-relations-link").click();
    await expect(page).toHaveURL(new RegExp(`/graph/relation/result\\?job=${jobId}`));
    await expect(page.getByText("共 304 条")).toBeVisible();
    await expect(page.getByText("东部战区海军").first()).toBeVisible();
    await shot(page, testInfo, "graph-relation-result");

    await page.goto("/graph/index");
    const row = page.getByTestId("graph-table").locator("tr", { hasText: name });
    await expect(row).toContainText("305");
    await expect(row.getByTestId("job-status")).toHaveText("已完成");
    await shot(page, testInfo, "graph-index");

    await row.getByRole("link", { name: "浏览" }).click();
    await page.getByLabel("搜索实体").fill("辽宁");
    await page.getByRole("button", { name: "搜索" }).click();
    await page.getByTestId("entity-table").getByRole("link", { name: "辽宁舰" }).click();
    await expect(page.getByTestId("neighbours-out")).toContainText("大连");
    await expect(page.getByTestId("neighbours-in")).toContainText("东部战区海军");
    await shot(page, testInfo, "graph-detail");
  });

  test("reports each bad row of a file and builds nothing", async ({
    adminPage: page,
  }, testInfo) => {
    const name = unique(testInfo, "坏行");
    const csv = [...BASE_CSV, ",装备,辽宁舰,", "辽宁舰,停靠,青岛,", "辽宁舰,部署于,大连,1.5"].join(
      "\n",
    );
    await createGraph(page, name, csv);
    await waitForJob(page, "失败");
    await expect(page.getByTestId("job-error")).toContainText(
      "源数据中有 3 行有问题，未构建任何内容",
    );
    const problems = page.getByTestId("problem-table");
    await expect(problems).toContainText("第 12 行");
    await expect(problems).toContainText("主体不能为空");
    await expect(problems).toContainText('谓词"停靠"不在本体"军事领域本体"的关系类型中');
    await expect(problems).toContainText('置信度"1.5"必须是0到1之间的数字');
    const graphId = db()
      .prepare("SELECT id FROM graphs WHERE name = ?")
      .pluck()
      .get(name) as number;
    expect(
      db().prepare("SELECT count(*) FROM kg_entities WHERE graph_id = ?").pluck().get(graphId),
    ).toBe(0);
    await shot(page, testInfo, "graph-build-bad-rows");
  });

  test("runs an incremental update: dry run first, then apply", async ({
    adminPage: page,
  }, testInfo) => {
    const name = unique(testInfo, "增量");
    await createGraph(page, name, BASE_CSV.join("\n"));
    await waitForJob(page, "已完成");
    const graphId = db()
      .prepare("SELECT id FROM graphs WHERE name = ?")
      .pluck()
      .get(name) as number;

    await page.goto(`/graph/increased/${graphId}`);
    await expect(page.getByTestId("increase-help")).toBeVisible();
    const update = [
      "subject,predicate,object,confidence,op",
      "山东舰,类型,舰艇,,",
      "东部战区海军,装备,山东舰,0.9,",
      "东部战区海军,装备,辽宁舰,0.5,",
      "东部战区海军,装备,歼-15,,delete",
      "辽宁舰,停靠,青岛,,",
    ].join("\n");
    await page
      .getByTestId("source-upload")
      .setInputFiles({ name: "update.csv", mimeType: "text/csv", buffer: Buffer.from(update) });
    await Promise.all([
      page.waitForURL(/\/jobs\/\d+$/),
      page.getByTestId("submit-dry-run").click(),
    ]);
    await waitForJob(page, "已完成");
    const diff = page.getByTestId("plan-diff");
    await expect(diff.locator(".ga-stat").nth(0)).toContainText("1");
    await expect(diff.locator(".ga-stat").nth(3)).toContainText("1");
    await expect(diff.locator(".ga-stat").nth(4)).toContainText("1");
    await expect(diff.locator(".ga-stat").nth(5)).toContainText("1");
    await expect(page.getByTestId("problem-table")).toContainText('谓词"停靠"');
    await expect(page.getByTestId("plan-report")).toContainText("0.95 → 0.5");
    expect(
      db()
        .prepare("SELECT count(*) FROM kg_entities WHERE graph_id = ? AND name = '山东舰'")
        .pluck()
        .get(graphId),
    ).toBe(0);
    await shot(page, testInfo, "graph-dry-run");

    // Applying with a bad row needs the operator to accept skipping it.
    await page.getByTestId("apply-update").click();
    await expect(page.getByTestId("action-error")).toContainText("预演发现 1 行有问题");
    await page.getByTestId("skip-bad-rows").check();
    await toNextJob(page, () => page.getByTestId("apply-update").click());
    await waitForJob(page, "已完成");
    await expect(page.getByTestId("job-counts")).toBeVisible();
    expect(
      db()
        .prepare("SELECT count(*) FROM kg_entities WHERE graph_id = ? AND name = '山东舰'")
        .pluck()
        .get(graphId),
    ).toBe(1);
    await shot(page, testInfo, "graph-update-applied");
  });

  test("edits the ontology and sees a refused delete", async ({ adminPage: page }, testInfo) => {
    // Six round trips over the whole ontology page; with both projects sharing one server on two
    // cores it has run past 60 s in CI.
    test.slow();
    await page.goto("/schema");
    await expect(page.getByTestId("ontology-name")).toHaveText("军事领域本体");

    const className = unique(testInfo, "测试类");
    await page.getByTestId("open-createClass").click();
    const addForm = page.locator("form", { has: page.getByTestId("submit-createClass") });
    await addForm.getByLabel("类名").fill(className);
    await addForm.locator('select[name="parent_id"]').selectOption({ label: "\u3000舰艇" });
    await addForm.getByTestId("submit-createClass").click();
    await expect(page.getByTestId(`class-row-${className}`)).toBeVisible();
    await expect(page.getByTestId(`class-row-${className}`)).toContainText("└");

    // A second class of the same name is refused, with what the user typed kept.
    await page.getByTestId("open-createClass").click();
    await addForm.getByLabel("类名").fill(className);
    await addForm.getByTestId("submit-createClass").click();
    await expect(page.getByTestId("action-error")).toHaveText(`类名"${className}"已存在`);

    // A class still used by entities cannot be deleted; the message says by how many. The
    // editor is rendered afresh when a navigation completes (so finished forms close), in the
    // same render as the action's answer (useSettledActionData): a confirmation opened once the
    // answer shows stays open.
    const confirmDelete = async (row: Locator) => {
      await row.getByTestId(/^delete-deleteClass-/).click();
      await row.getByTestId(/^confirm-deleteClass-/).click();
    };
    const armyRow = page.getByTestId("class-row-军队");
    await confirmDelete(armyRow);
    await expect(page.getByTestId("action-error")).toHaveText(
      /^类"军队"仍被 \d+ 个实体使用，无法删除$/,
    );
    await expect(page.getByTestId("class-row-军队")).toBeVisible();
    await shot(page, testInfo, "schema-refused-delete");

    // The unused class goes.
    const row = page.getByTestId(`class-row-${className}`);
    await confirmDelete(row);
    await expect(page.getByTestId(`class-row-${className}`)).toHaveCount(0);
  });

  test("English labels: added, edited and listed for a class, a property and a relation type", async ({
    adminPage: page,
  }, testInfo) => {
    test.slow();
    await page.goto("/schema");
    await expect(page.getByTestId("ontology-name")).toHaveText("军事领域本体");
    // The demo ontology's terms have theirs.
    await expect(page.getByTestId("class-row-舰艇")).toContainText("Naval vessel");
    await expect(page.getByTestId("relation-row-装备")).toContainText("equipped with");

    const className = unique(testInfo, "英文类");
    await page.getByTestId("open-createClass").click();
    const addForm = page.locator("form", { has: page.getByTestId("submit-createClass") });
    await addForm.getByLabel("类名").fill(className);
    await addForm.getByLabel("英文名称").fill("  Test class ");
    await addForm.getByTestId("submit-createClass").click();
    const row = page.getByTestId(`class-row-${className}`);
    await expect(row).toContainText("Test class");
    const labelOf = (table: string, name: string) =>
      db().prepare(`SELECT label_en FROM ${table} WHERE name = ?`).pluck().get(name);
    expect(labelOf("kg_classes", className)).toBe("Test class");

    // Edited in the row's editor, which also adds a property with its English label.
    await page.getByTestId(`edit-class-${className}`).click();
    const editForm = page.locator("form", { has: page.getByTestId("save-class") });
    await expect(editForm.getByLabel("英文名称")).toHaveValue("Test class");
    await editForm.getByLabel("英文名称").fill("Edited class");
    await editForm.getByTestId("save-class").click();
    await expect(page.getByTestId(`class-row-${className}`)).toContainText("Edited class");
    expect(labelOf("kg_classes", className)).toBe("Edited class");
    const classId = db()
      .prepare("SELECT id FROM kg_classes WHERE name = ?")
      .pluck()
      .get(className) as number;
    await page.goto(`/schema?edit=class-${classId}`);
    const propertyName = unique(testInfo, "英文属性");
    const propertyForm = page.locator("form", { has: page.getByTestId(`add-property-${classId}`) });
    await propertyForm.getByLabel("新属性").fill(propertyName);
    await page.getByTestId(`property-label-en-${classId}`).fill("Test property");
    await page.getByTestId(`add-property-${classId}`).click();
    await expect.poll(() => labelOf("kg_class_properties", propertyName)).toBe("Test property");
    await page.goto(`/schema?edit=class-${classId}`);
    await expect(page.getByTestId(`properties-${classId}`)).toContainText("Test property");

    const relationName = unique(testInfo, "英文关系");
    await page.getByTestId("open-createRelationType").click();
    const relationForm = page.locator("form", {
      has: page.getByTestId("submit-createRelationType"),
    });
    await relationForm.getByLabel("关系名称").fill(relationName);
    await relationForm.getByLabel("英文名称").fill("tests");
    await relationForm.getByTestId("submit-createRelationType").click();
    await expect(page.getByTestId(`relation-row-${relationName}`)).toContainText("tests");
    expect(labelOf("kg_relation_types", relationName)).toBe("tests");
    await shot(page, testInfo, "schema-english-labels");

    // Too long: refused next to the field, what was typed kept.
    await page.getByTestId("open-createRelationType").click();
    await relationForm.getByLabel("关系名称").fill(`${relationName}-2`);
    await relationForm.getByLabel("英文名称").fill("x".repeat(51));
    await relationForm.getByTestId("submit-createRelationType").click();
    await expect(relationForm.getByText("英文名称不能超过50个字符").first()).toBeVisible();
    await expect(relationForm.getByLabel("英文名称")).toHaveAttribute("aria-invalid", "true");
    await expect(relationForm.getByLabel("英文名称")).toHaveValue("x".repeat(51));

    db().prepare("DELETE FROM kg_relation_types WHERE name = ?").run(relationName);
    db().prepare("DELETE FROM kg_class_properties WHERE class_id = ?").run(classId);
    db().prepare("DELETE FROM kg_classes WHERE id = ?").run(classId);
  });

  test("a waiting job's page refreshes itself without JavaScript, and the job can be cancelled", async ({
    adminPage: page,
    admin,
  }, testInfo) => {
    // A kind no worker runs, so the job stays queued while the page is looked at.
    const id = Number(
      db()
        .prepare(
          "INSERT INTO jobs (kind, status, message, created_by, created_at) VALUES ('e2e.parked', 'queued', '排队中', ?, ?)",
        )
        .run(admin.id, new Date().toISOString()).lastInsertRowid,
    );
    await page.goto(`/jobs/${id}`);
    await expect(page.getByTestId("job-status")).toHaveText("排队中");
    if (hasJs(testInfo)) {
      // With JavaScript the page follows the job over its event stream and never reloads.
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      await page.waitForTimeout(2500);
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
        true,
      );
    } else {
      expect(await page.content()).toContain(
        '<noscript><meta http-equiv="refresh" content="2"></noscript>',
      );
    }
    await shot(page, testInfo, "job-queued");
    await page.getByTestId("cancel-job").click();
    await expect(page.getByTestId("job-status")).toHaveText("已取消");
    await expect(page.getByTestId("job-logs")).toContainText("任务在开始前被取消");
    expect(db().prepare("SELECT status FROM jobs WHERE id = ?").pluck().get(id)).toBe("cancelled");
  });

  test("a graph's ontology edit page warns that the ontology is shared", async ({
    adminPage: page,
  }, testInfo) => {
    await page.goto("/graph/schemaedit/246");
    await expect(page.getByTestId("graph-ontology-name")).toHaveText("通用领域本体");
    await expect(page.getByTestId("shared-warning")).toContainText("新闻事件知识图谱");
    await expect(page.getByTestId("ontology-editor")).toBeVisible();
    await shot(page, testInfo, "graph-schemaedit");
  });
});
