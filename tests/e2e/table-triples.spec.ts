import { db, expect, hasJs, shot, test } from "./fixtures";
import {
  column,
  csvLines,
  download,
  openPanel,
  ready,
  search,
  seedTriples,
  tableRows,
  tagFor,
  toast,
} from "./table-helpers";

const TRIPLES = "/data/triaddata";
const count = (tag: string) =>
  db().prepare("SELECT count(*) FROM data_triples WHERE subject LIKE ?").pluck().get(`${tag}-%`);

test.describe("triple data table (generic table, spec §2 and §4)", () => {
  test("lists, searches, sorts, filters and pages triples", async ({
    adminPage: page,
  }, testInfo) => {
    const tag = tagFor(testInfo, "tl");
    seedTriples(tag, 13);
    await page.goto(TRIPLES);
    await ready(page, testInfo);
    await search(page, tag);
    await expect(page.getByTestId("total")).toHaveText("共 13 条");
    await expect(tableRows(page)).toHaveCount(10);

    await page.getByRole("link", { name: /^主体/ }).click();
    await expect(page).toHaveURL(/ordering=subject/);
    // With JavaScript the address changes before the sorted page is drawn: click the header of
    // that page, whose link asks for the other order, not the one before it.
    await expect(page.getByRole("columnheader", { name: /^主体/ })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    await page.getByRole("link", { name: /^主体/ }).click();
    await expect(page).toHaveURL(/ordering=-subject/);
    await expect(column(page, 2).first()).toHaveText(`${tag}-s13`);

    await page.getByRole("link", { name: "2", exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(tableRows(page)).toHaveCount(3);

    // Filter by one predicate (predicate=…): searching and sorting stay, the page starts again.
    const filters = await openPanel(page, "filters");
    await filters.getByLabel("关系").fill("位于");
    await filters.getByRole("button", { name: "筛选" }).click();
    await expect(page).toHaveURL(/predicate=/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(page.getByTestId("total")).toHaveText("共 6 条");
    await expect(column(page, 3)).toHaveText(Array(6).fill("位于"));

    // Remembered column choice: hide 客体.
    const columns = await openPanel(page, "columns");
    await columns.getByLabel("客体").uncheck();
    await columns.getByRole("button", { name: "保存" }).click();
    await expect(page.getByRole("columnheader", { name: "客体" })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("columnheader", { name: "客体" })).toHaveCount(0);
    const back = await openPanel(page, "columns");
    await back.getByLabel("客体").check();
    await back.getByRole("button", { name: "保存" }).click();
    await expect(page.getByRole("columnheader", { name: "客体" })).toHaveCount(1);
    await shot(page, testInfo, "triples-table");
  });

  test("creates, refuses a bad confidence, edits and deletes a triple", async ({
    adminPage: page,
  }, testInfo) => {
    const tag = tagFor(testInfo, "tc");
    await page.goto(`${TRIPLES}?search=${tag}`);
    await ready(page, testInfo);
    await page.getByTestId("add").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("主体").fill(`${tag}-s1`);
    await dialog.getByLabel("关系").fill("属于");
    await dialog.getByLabel("客体").fill("客体");
    await dialog.getByLabel("置信度").fill("7");
    await shot(page, testInfo, "triples-create");
    await dialog.getByTestId("save").click();
    if (hasJs(testInfo)) {
      await expect(dialog.getByText("置信度不能大于1")).toBeVisible();
    } else {
      // Without JavaScript the browser checks max=1 itself and does not send the form.
      await expect(page).toHaveURL(new RegExp(`${TRIPLES}/new`));
      expect(
        await dialog
          .getByLabel("置信度")
          .evaluate((el) => (el as HTMLInputElement).validity.rangeOverflow),
      ).toBe(true);
    }
    await expect(dialog.getByLabel("主体")).toHaveValue(`${tag}-s1`);
    expect(count(tag)).toBe(0);

    await dialog.getByLabel("置信度").fill("0.75");
    await dialog.getByTestId("save").click();
    await expect(toast(page, "记录新增成功！")).toBeVisible();
    await expect(tableRows(page)).toHaveCount(1);
    await expect(tableRows(page).first()).toContainText("0.75");

    await tableRows(page).first().getByTestId("row-edit").click();
    const edit = page.getByRole("dialog");
    await expect(edit.getByLabel("主体")).toHaveValue(`${tag}-s1`);
    await edit.getByLabel("客体").fill("新客体");
    await edit.getByTestId("save").click();
    await expect(toast(page, "记录保存成功！")).toBeVisible();
    await expect(tableRows(page).first()).toContainText("新客体");

    await tableRows(page).first().getByTestId("row-delete").click();
    await expect(page.getByTestId("delete-question")).toHaveText("确定删除？");
    await page.getByTestId("dialog-cancel").click();
    await expect(tableRows(page)).toHaveCount(1);
    await tableRows(page).first().getByTestId("row-delete").click();
    await page.getByTestId("confirm-delete").click();
    await expect(toast(page, "记录删除成功！")).toBeVisible();
    await expect(tableRows(page)).toHaveText(["暂无数据"]);
  });

  test("bulk deletes the checked triples and exports all and the selection", async ({
    adminPage: page,
  }, testInfo) => {
    const tag = tagFor(testInfo, "tb");
    seedTriples(tag, 4);
    await page.goto(`${TRIPLES}?search=${tag}&ordering=subject`);
    await ready(page, testInfo);

    const all = await download(page, () => page.getByTestId("export").click());
    expect(all.name).toBe("export.csv");
    expect(csvLines(all.text)).toHaveLength(5);
    expect(csvLines(all.text)[0]).toBe(
      "id,subject,predicate,object,graph,source,confidence,created_at",
    );

    await tableRows(page).nth(0).getByRole("checkbox").check();
    await tableRows(page).nth(3).getByRole("checkbox").check();
    const picked = await download(page, () => page.getByTestId("export-selected").click());
    const lines = csvLines(picked.text);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${tag}-s01`);
    expect(lines[2]).toContain(`${tag}-s04`);

    if (!hasJs(testInfo)) {
      // The checkboxes keep their state across a download; tick them again only if the page reloaded.
      await page.goto(`${TRIPLES}?search=${tag}&ordering=subject`);
      await tableRows(page).nth(0).getByRole("checkbox").check();
      await tableRows(page).nth(3).getByRole("checkbox").check();
    }
    await page.getByTestId("delete-selected").click();
    await expect(page.getByTestId("delete-count")).toHaveText("将删除 2 条记录");
    await page.getByTestId("confirm-delete").click();
    await expect(toast(page, "记录删除成功！（共 2 条）")).toBeVisible();
    await expect(column(page, 2)).toHaveText([`${tag}-s02`, `${tag}-s03`]);
  });

  test("imports triples: a bad row changes nothing, then the fixed file goes in", async ({
    adminPage: page,
  }, testInfo) => {
    const tag = tagFor(testInfo, "ti");
    await page.goto(`${TRIPLES}/import?search=${tag}`);
    const bad = `subject,predicate,object,confidence\n${tag}-s1,属于,客体,0.5\n${tag}-s2,属于,客体,9\n`;
    await page
      .getByTestId("import-file")
      .setInputFiles({ name: "triples.csv", mimeType: "text/csv", buffer: Buffer.from(bad) });
    await page.getByTestId("import-check").click();
    await expect(page.getByTestId("import-errors")).toContainText("置信度不能大于1");
    await expect(page.getByTestId("import-commit")).toHaveCount(0);
    expect(count(tag)).toBe(0);
    await shot(page, testInfo, "triples-import-errors");

    if (!hasJs(testInfo)) await page.goto(`${TRIPLES}/import?search=${tag}`);
    const good = bad.replace(",9\n", ",0.9\n");
    await page
      .getByTestId("import-file")
      .setInputFiles({ name: "triples.csv", mimeType: "text/csv", buffer: Buffer.from(good) });
    await page.getByTestId("import-check").click();
    await expect(page.getByTestId("import-check-result")).toContainText("将新增 2 条");
    await page.getByTestId("import-commit").click();
    await expect(toast(page, "上传成功！（新增 2 条，更新 0 条）")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${TRIPLES}\\?search=${tag}$`));
    await expect(tableRows(page)).toHaveCount(2);
    expect(count(tag)).toBe(2);
  });
});
