import type { Locator, Page } from "@playwright/test";
import { db, expect, hasJs, shot, test } from "./fixtures";
import { openPanel, ready, search, seedUsers, tableRows, tagFor, toast } from "./table-helpers";

/**
 * Issue 12, focus after actions (docs/decisions/017-focus-after-actions.md): where the
 * keyboard is after a save, a delete or a search with JavaScript; the dialog page without
 * JavaScript (its form before the table, named by its title); the flash message after the
 * skip link, in a polite status region.
 */

const USERS = "/backend/setting/users";

const userId = (username: string) =>
  db().prepare("SELECT id FROM users WHERE username = ?").pluck().get(username) as number;

/** Whether `a` comes before `b` in the document. */
const precedes = async (a: Locator, b: Locator) =>
  a.evaluate(
    (x, y) => !!(x.compareDocumentPosition(y) & Node.DOCUMENT_POSITION_FOLLOWING),
    await b.elementHandle(),
  );

/** Opens a link or presses a button from the keyboard, as a keyboard user does. */
async function press(target: Locator) {
  await target.focus();
  await target.press("Enter");
}

const focusIsIn = (page: Page, selector: string) =>
  page.evaluate((s) => !!document.activeElement?.closest(s), selector);

test.describe("focus after actions, and the dialog page without JavaScript", () => {
  test("a dialog page has the dialog after the h1 and before the table, named by its title; the skip link still leads to main", async ({
    adminPage: page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const tag = tagFor(testInfo, "fo");
    seedUsers(tag, 1);
    const id = userId(`${tag}-u01`);
    const dialogs: [string, string][] = [
      [`${USERS}/new`, "新增"],
      [`${USERS}/${id}/edit`, "编辑"],
      [`${USERS}/${id}/delete`, "提示"],
      [`${USERS}/import`, "导入"],
      [`${USERS}/${id}/password`, "重置密码"],
    ];
    for (const [path, name] of dialogs) {
      await page.goto(path);
      const dialog = page.getByRole("dialog", { name });
      await expect(dialog, path).toBeVisible();
      // The table is still drawn behind it.
      const table = page.getByTestId("resource-table");
      await expect(table, path).toBeVisible();
      expect(await precedes(page.locator("h1"), dialog), path).toBe(true);
      expect(await precedes(dialog, table), path).toBe(true);
      if (hasJs(testInfo)) {
        // A modal: focus is in it from the start.
        await expect.poll(() => focusIsIn(page, '[role="dialog"]'), path).toBe(true);
      } else {
        // Skip link, then <main>, then the dialog: no table controls on the way.
        await page.keyboard.press("Tab");
        await expect(page.getByTestId("skip-link"), path).toBeFocused();
        await page.keyboard.press("Enter");
        await expect(page.locator("main#main"), path).toBeFocused();
        await page.keyboard.press("Tab");
        expect(await focusIsIn(page, '[role="dialog"]'), path).toBe(true);
      }
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${USERS}/${id}/edit`);
    await shot(page, testInfo, "focus-edit-dialog-1440");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${USERS}/${id}/edit`);
    await shot(page, testInfo, "focus-edit-dialog-390");
  });

  test("after a save the message is in a polite status region first in main, after the skip link", async ({
    adminPage: page,
  }, testInfo) => {
    const tag = tagFor(testInfo, "fm");
    await page.goto(`${USERS}/new?search=${tag}`);
    const dialog = page.getByRole("dialog", { name: "新增" });
    await dialog.getByLabel("用户名").fill(`${tag}-new`);
    await dialog.getByLabel("邮箱").fill(`${tag}@example.com`);
    await dialog.getByRole("textbox", { name: "密码", exact: true }).fill("Passw0rd-e2e");
    await dialog.getByTestId("save").click();
    await expect(toast(page, "记录新增成功！")).toBeVisible();
    const status = page.getByRole("main").getByRole("status").filter({ hasText: "记录新增成功！" });
    await expect(status).toHaveCount(1);
    // The region is the first thing in <main>; the message is no second (assertive) live region.
    expect(
      await page.evaluate(() => document.querySelector("main")?.firstElementChild?.className),
    ).toBe("flash-region");
    await expect(page.locator('.flash-toast [role="alert"]')).toHaveCount(0);
    const close = page.locator(".flash-toast").getByRole("button", { name: "关闭提示" });
    expect(await precedes(page.getByTestId("skip-link"), close)).toBe(true);
    if (!hasJs(testInfo)) {
      // The page after the save: the skip link is still the first Tab stop.
      await page.keyboard.press("Tab");
      await expect(page.getByTestId("skip-link")).toBeFocused();
    }
    await shot(page, testInfo, "focus-flash-after-save");
  });

  test(
    "after a save focus is back on the row's edit link, after a delete on the row that took its place",
    { tag: "@js-only" },
    async ({ adminPage: page }, testInfo) => {
      const tag = tagFor(testInfo, "fr");
      seedUsers(tag, 3);
      await page.goto(`${USERS}?search=${tag}&ordering=username`);
      await ready(page, testInfo);

      // Escape: back to the opener.
      await press(tableRows(page).nth(0).getByTestId("row-edit"));
      await expect(page.getByRole("dialog", { name: "编辑" })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(tableRows(page).nth(0).getByTestId("row-edit")).toBeFocused();

      // A save: back to the saved row's edit link; the message is read from the status region.
      await press(tableRows(page).nth(1).getByTestId("row-edit"));
      const edit = page.getByRole("dialog", { name: "编辑" });
      await edit.getByLabel("邮箱").fill(`${tag}-edited@example.com`);
      await press(edit.getByTestId("save"));
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page.getByRole("status").filter({ hasText: "记录保存成功！" })).toHaveCount(1);
      await expect(tableRows(page).nth(1)).toContainText(`${tag}-edited@example.com`);
      await expect(tableRows(page).nth(1).getByTestId("row-edit")).toBeFocused();

      // A delete: the row that took its place.
      await press(tableRows(page).nth(1).getByTestId("row-delete"));
      await press(page.getByRole("dialog", { name: "提示" }).getByTestId("confirm-delete"));
      await expect(page.getByRole("status").filter({ hasText: "记录删除成功！" })).toHaveCount(1);
      await expect(tableRows(page)).toHaveCount(2);
      await expect(tableRows(page).nth(1)).toBeFocused();
      await expect(tableRows(page).nth(1)).toContainText(`${tag}-u03`);
      await shot(page, testInfo, "focus-row-after-delete");
      // Tab goes on from that row, into it.
      await page.keyboard.press("Tab");
      expect(
        await page.evaluate(() => document.activeElement?.closest("tr")?.textContent ?? ""),
      ).toContain(`${tag}-u03`);

      // The last row deleted: the row before it.
      await press(tableRows(page).nth(1).getByTestId("row-delete"));
      await press(page.getByRole("dialog", { name: "提示" }).getByTestId("confirm-delete"));
      await expect(tableRows(page)).toHaveCount(1);
      await expect(tableRows(page).nth(0)).toBeFocused();
      await expect(tableRows(page).nth(0)).toContainText(`${tag}-u01`);

      // The only row deleted: the table's "no data" row.
      await press(tableRows(page).nth(0).getByTestId("row-delete"));
      await press(page.getByRole("dialog", { name: "提示" }).getByTestId("confirm-delete"));
      await expect(tableRows(page).nth(0)).toHaveText("暂无数据");
      await expect(tableRows(page).nth(0)).toBeFocused();
    },
  );

  test(
    "after a search focus stays in the search box and the number of results is announced; other view changes keep focus too",
    { tag: "@js-only" },
    async ({ adminPage: page }, testInfo) => {
      const tag = tagFor(testInfo, "fs");
      seedUsers(tag, 12);
      await page.goto(USERS);
      await ready(page, testInfo);
      const status = page.getByTestId("result-status");
      await expect(status).toHaveAttribute("role", "status");
      await expect(status).toHaveText("");

      const box = page.getByRole("searchbox", { name: "搜索" });
      await search(page, tag);
      await expect(tableRows(page)).toHaveCount(10);
      await expect(box).toBeFocused();
      await expect(status).toHaveText("找到 12 条记录");

      // Another page: focus on the page now current, not on <body>; nothing new to announce.
      await press(page.getByTestId("pager").getByRole("link", { name: "2", exact: true }));
      await page.waitForURL((u) => u.searchParams.get("page") === "2");
      await expect(page.getByTestId("pager").locator('[aria-current="page"]')).toBeFocused();

      await search(page, `${tag}-u01`);
      await expect(tableRows(page)).toHaveCount(1);
      await expect(box).toBeFocused();
      await expect(box).toHaveValue(`${tag}-u01`);
      await expect(status).toHaveText("找到 1 条记录");

      // From the button: focus stays on it; the same count again is read again.
      await box.fill(tag);
      await press(page.getByTestId("search-submit"));
      await expect(page.getByTestId("total")).toHaveText("共 12 条");
      await expect(page.getByTestId("search-submit")).toBeFocused();
      await expect(status).toHaveText("找到 12 条记录");

      // A filter: the panel closes; focus on its summary, the count announced.
      const filters = await openPanel(page, "filters");
      await filters.getByLabel("禁用").check();
      await press(filters.getByRole("button", { name: "筛选" }));
      await page.waitForURL(/is_active=0/);
      await expect(page.getByTestId("filters").locator("summary")).toBeFocused();
      await expect(status).toHaveText("找到 6 条记录");

      // A page size applied from the keyboard: focus stays on the select drawn for it.
      const size = page.getByRole("combobox", { name: "每页条数" });
      await size.focus();
      await size.selectOption("20");
      await size.press("Enter");
      await page.waitForURL((u) => u.searchParams.get("page_size") === "20");
      await expect(size).toBeFocused();
    },
  );
});
