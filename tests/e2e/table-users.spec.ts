import { db, expect, hasJs, shot, test } from "./fixtures";
import {
  column,
  csvLines,
  download,
  openPanel,
  ready,
  search,
  seedUsers,
  tableRows,
  tagFor,
  toast,
} from "./table-helpers";

const USERS = "/backend/setting/users";

test.describe("users table (generic table, spec §2 and §4)", () => {
  test("lists, searches, sorts, filters and pages users, keeping the view in the URL", async ({
    adminPage: page,
  }, testInfo) => {
    const tag = tagFor(testInfo, "ls");
    seedUsers(tag, 12);
    await page.goto(USERS);
    await ready(page, testInfo);
    await search(page, tag);
    await expect(page.getByTestId("total")).toHaveText("共 12 条");
    await expect(tableRows(page)).toHaveCount(10);

    // Sort: ascending, descending, then none (spec §4).
    await page.getByRole("link", { name: /^用户名/ }).click();
    await expect(page).toHaveURL(/ordering=username/);
    await expect(column(page, 2).first()).toHaveText(`${tag}-u01`);
    // With JavaScript the address changes before the sorted page is drawn, and the first row may
    // read the same in the order before: click the header of the sorted page (its link asks for
    // the other order).
    await expect(page.getByRole("columnheader", { name: /^用户名/ })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    await page.getByRole("link", { name: /^用户名/ }).click();
    await expect(page).toHaveURL(/ordering=-username/);
    await expect(column(page, 2).first()).toHaveText(`${tag}-u12`);

    // Paginate: the second page, then 20 a page (back to page 1).
    await page.getByRole("link", { name: "下一页" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(tableRows(page)).toHaveCount(2);
    // A size chosen without the pointer waits for 应用 (WCAG 3.2.2), JavaScript on or off.
    await page.getByRole("combobox", { name: "每页条数" }).selectOption("20");
    await page.getByRole("button", { name: "应用" }).click();
    await expect(page).toHaveURL(/page_size=20/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(tableRows(page)).toHaveCount(12);

    // A reload shows the same view.
    await page.reload();
    await expect(tableRows(page)).toHaveCount(12);
    await expect(column(page, 2).first()).toHaveText(`${tag}-u12`);
    await page.getByRole("link", { name: /^用户名/ }).click();
    await expect(page).not.toHaveURL(/ordering=/);

    // Filter: one value sends field=value, several field__in=a,b.
    const filters = await openPanel(page, "filters");
    await filters.getByLabel("禁用").check();
    await filters.getByRole("button", { name: "筛选" }).click();
    await expect(page).toHaveURL(/is_active=0/);
    await expect(page).toHaveURL(new RegExp(`search=${tag}`));
    await expect(page.getByTestId("total")).toHaveText("共 6 条");
    const again = await openPanel(page, "filters");
    await again.getByLabel("启用", { exact: true }).check();
    await again.getByRole("button", { name: "筛选" }).click();
    await expect(page).toHaveURL(/is_active__in=/);
    await expect(page.getByTestId("total")).toHaveText("共 12 条");
    await shot(page, testInfo, "users-table");
  });

  test("creates a user, refuses a taken name keeping what was typed, and edits", async ({
    adminPage: page,
  }, testInfo) => {
    const tag = tagFor(testInfo, "cr");
    seedUsers(tag, 1);
    await page.goto(`${USERS}?search=${tag}`);
    await ready(page, testInfo);
    await page.getByTestId("add").click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${USERS}/new\\?search=${tag}`));
    // The dialog's close button is named in the page's language.
    await expect(dialog.getByRole("button", { name: "关闭对话框" })).toHaveCount(1);
    if (hasJs(testInfo)) {
      // With JavaScript the merged rules are checked before anything is sent.
      await expect(dialog.locator("form[novalidate]")).toHaveCount(1);
      await dialog.getByTestId("save").click();
      await expect(dialog.getByText("请输入用户名")).toBeVisible();
    }
    await dialog.getByLabel("用户名").fill(`${tag}-u01`);
    await dialog.getByLabel("邮箱").fill(`${tag}-typed@example.com`);
    await dialog.getByRole("textbox", { name: "密码", exact: true }).fill("Passw0rd-e2e");
    await dialog.getByTestId("save").click();
    await expect(dialog.getByTestId("form-error")).toHaveText("记录新增失败！用户名已存在");
    await expect(dialog.getByText("用户名已存在", { exact: true })).toBeVisible();
    await expect(dialog.getByLabel("邮箱")).toHaveValue(`${tag}-typed@example.com`);
    await shot(page, testInfo, "users-create-error");

    await dialog.getByLabel("用户名").fill(`${tag}-new`);
    await dialog.getByRole("textbox", { name: "密码", exact: true }).fill("Passw0rd-e2e");
    await dialog.getByTestId("save").click();
    await expect(toast(page, "记录新增成功！")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${USERS}\\?search=${tag}$`));
    await expect(tableRows(page)).toHaveCount(2);
    const created = db()
      .prepare("SELECT need_init_password FROM users WHERE username = ?")
      .get(`${tag}-new`) as { need_init_password: number };
    expect(created.need_init_password).toBe(1);

    // Opened again, the form starts clean: no message from the refused save.
    await page.getByTestId("add").click();
    await expect(page.getByRole("dialog").getByTestId("schema-form")).toBeVisible();
    await expect(page.getByTestId("form-error")).toHaveCount(0);
    await expect(page.getByRole("dialog").getByText("用户名已存在")).toHaveCount(0);
    await page.getByTestId("dialog-cancel").click();
    if (hasJs(testInfo)) {
      // Focus goes back to what opened the dialog, not to the page's start.
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page.getByTestId("add")).toBeFocused();
    }

    const row = tableRows(page).filter({ hasText: `${tag}-new` });
    await row.getByTestId("row-edit").click();
    const edit = page.getByRole("dialog");
    await expect(edit.getByLabel("用户名")).toHaveValue(`${tag}-new`);
    await edit.getByLabel("邮箱").fill(`${tag}-edited@example.com`);
    await edit.getByTestId("save").click();
    await expect(toast(page, "记录保存成功！")).toBeVisible();
    await expect(tableRows(page).filter({ hasText: `${tag}-edited@example.com` })).toHaveCount(1);
  });

  // With JavaScript only (tag @js-only, left out of the no-JS project): without it the
  // browser itself sends one submission per click and shows the answer.
  test(
    "locks save for 1 second after a valid save (spec §9)",
    { tag: "@js-only" },
    async ({ adminPage: page }, testInfo) => {
      const tag = tagFor(testInfo, "lk");
      seedUsers(tag, 1);
      await page.goto(`${USERS}?search=${tag}`);
      await ready(page, testInfo);
      await tableRows(page).first().getByTestId("row-edit").click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("邮箱").fill(`${tag}-locked@example.com`);

      // The save is held at the network until the lock has been seen to end, so the
      // dialog stays open and the button can be watched.
      let posts = 0;
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      await page.route(
        (url) => /\/edit(\.data)?$/.test(url.pathname),
        async (route) => {
          if (route.request().method() !== "POST") return route.continue();
          posts++;
          await released;
          await route.continue();
        },
      );
      const save = dialog.getByTestId("save");
      const clicked = Date.now();
      await save.click();
      await expect(save).toHaveAttribute("data-locked", "true");
      await expect(save).toBeDisabled();
      await expect(save).not.toHaveAttribute("data-locked", { timeout: 5000 });
      const lockedFor = Date.now() - clicked;
      expect(lockedFor).toBeGreaterThanOrEqual(950);
      expect(posts).toBe(1);
      release();
      await expect(toast(page, "记录保存成功！")).toBeVisible();
      expect(posts).toBe(1);
    },
  );

  test("deletes with 确定删除？, steps back a page, bulk deletes the checked rows and all N matching", async ({
    adminPage: page,
  }, testInfo) => {
    const tag = tagFor(testInfo, "dl");
    seedUsers(tag, 11);
    await page.goto(`${USERS}?search=${tag}&ordering=username&page=2`);
    await ready(page, testInfo);
    await expect(tableRows(page)).toHaveCount(1);
    await tableRows(page).first().getByTestId("row-delete").click();
    const confirm = page.getByRole("dialog");
    await expect(confirm.getByTestId("delete-question")).toHaveText("确定删除？");
    await shot(page, testInfo, "users-delete-confirm");
    await confirm.getByTestId("confirm-delete").click();
    await expect(toast(page, "记录删除成功！")).toBeVisible();
    // The page it was on is empty now: one page back.
    await expect(page).toHaveURL(new RegExp(`${USERS}\\?search=${tag}&ordering=username$`));
    await expect(tableRows(page)).toHaveCount(10);

    await ready(page, testInfo);
    await tableRows(page).nth(0).getByRole("checkbox").check();
    await tableRows(page).nth(1).getByRole("checkbox").check();
    await page.getByTestId("delete-selected").click();
    await expect(page.getByTestId("delete-count")).toHaveText("将删除 2 条记录");
    await page.getByTestId("confirm-delete").click();
    await expect(toast(page, "记录删除成功！（共 2 条）")).toBeVisible();
    await expect(page.getByTestId("total")).toHaveText("共 8 条");

    await ready(page, testInfo);
    await page.getByTestId("select-all-matching").check();
    await page.getByTestId("delete-selected").click();
    await expect(page.getByTestId("delete-count")).toHaveText(
      "将删除当前搜索和筛选条件下的全部 8 条记录",
    );
    await page.getByTestId("confirm-delete").click();
    await expect(page.getByTestId("total")).toHaveText("共 0 条");
    expect(
      db().prepare("SELECT count(*) FROM users WHERE username LIKE ?").pluck().get(`${tag}-%`),
    ).toBe(0);
  });

  test("exports every matching user and the selection as export.csv", async ({
    adminPage: page,
  }, testInfo) => {
    const tag = tagFor(testInfo, "ex");
    seedUsers(tag, 3);
    await page.goto(`${USERS}?search=${tag}`);
    await ready(page, testInfo);
    const all = await download(page, () => page.getByTestId("export").click());
    expect(all.name).toBe("export.csv");
    expect(all.text.charCodeAt(0)).toBe(0xfeff);
    const lines = csvLines(all.text);
    expect(lines[0]).toMatch(/^id,username,email,groups/);
    expect(lines).toHaveLength(4);
    if (hasJs(testInfo)) await expect(toast(page, "记录导出成功！")).toBeVisible();

    await tableRows(page)
      .filter({ hasText: `${tag}-u02` })
      .getByRole("checkbox")
      .check();
    const one = await download(page, () => page.getByTestId("export-selected").click());
    expect(one.name).toBe("export.csv");
    expect(csvLines(one.text)).toHaveLength(2);
    expect(one.text).toContain(`${tag}-u02`);
  });

  test("imports a CSV: a bad row is listed and nothing written; a good file is checked then imported", async ({
    adminPage: page,
  }, testInfo) => {
    const tag = tagFor(testInfo, "im");
    await page.goto(`${USERS}/import`);
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByTestId("import-tip")).toHaveText("只能上传csv文件，且不超过2mb");
    await expect(dialog.getByRole("link", { name: "下载导入模板" })).toHaveAttribute(
      "href",
      `${USERS}/export?template=1`,
    );
    const bad = `username,email,password,is_active\n${tag}-a,a@example.com,Passw0rd-1,1\n,b@example.com,Passw0rd-1,1\n`;
    await dialog
      .getByTestId("import-file")
      .setInputFiles({ name: "users.csv", mimeType: "text/csv", buffer: Buffer.from(bad) });
    await dialog.getByTestId("import-check").click();
    const errors = page.getByTestId("import-errors");
    await expect(errors).toContainText("请输入用户名");
    await expect(errors.locator("tbody tr")).toHaveCount(1);
    await expect(errors.locator("tbody td").first()).toHaveText("3");
    expect(
      db().prepare("SELECT count(*) FROM users WHERE username LIKE ?").pluck().get(`${tag}-%`),
    ).toBe(0);
    const list = await download(page, () => page.getByTestId("download-errors").click());
    expect(list.name).toBe("import-errors.csv");
    expect(csvLines(list.text)).toEqual(["行号,字段,错误信息", "3,username,请输入用户名"]);
    await shot(page, testInfo, "users-import-errors");

    if (!hasJs(testInfo)) await page.goto(`${USERS}/import`);
    const good = `username,email,password,is_active\n${tag}-a,a@example.com,Passw0rd-1,1\n${tag}-b,b@example.com,Passw0rd-1,0\n`;
    await page
      .getByTestId("import-file")
      .setInputFiles({ name: "users.csv", mimeType: "text/csv", buffer: Buffer.from(good) });
    await page.getByTestId("import-check").click();
    await expect(page.getByTestId("import-check-result")).toContainText("将新增 2 条");
    await page.getByTestId("import-commit").click();
    await expect(toast(page, "上传成功！")).toBeVisible();
    expect(
      db().prepare("SELECT count(*) FROM users WHERE username LIKE ?").pluck().get(`${tag}-%`),
    ).toBe(2);
  });

  test("a user who may only read sees no add, import, edit or delete", async ({
    page,
  }, testInfo) => {
    const { createUser, loginByRequest } = await import("./fixtures");
    const reader = createUser({ codenames: ["auth__user__read"], prefix: "reader" });
    await loginByRequest(page, reader);
    await page.goto(USERS);
    await expect(page.getByTestId("table-users")).toBeVisible();
    await expect(page.getByTestId("add")).toHaveCount(0);
    await expect(page.getByTestId("import")).toHaveCount(0);
    await expect(page.getByTestId("row-edit")).toHaveCount(0);
    await expect(page.getByTestId("delete-selected")).toHaveCount(0);
    await expect(page.getByTestId("export")).toBeVisible();
    const res = await page.goto(`${USERS}/new`);
    expect(res?.status()).toBe(403);
    void testInfo;
  });
});
