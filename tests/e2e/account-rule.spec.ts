import { createUser, db, expect, hasJs, loginByRequest, shot, test } from "./fixtures";
import { ready, tableRows } from "./table-helpers";

/**
 * The account rule as a user manager and a group manager meet it (JavaScript on and off):
 * what the rule forbids is greyed out, and a refusal the page could not foresee is worded
 * in the form, with what was typed kept and nothing changed.
 */

const USERS = "/backend/setting/users";
const USER_CRUD = [
  "auth__user__create",
  "auth__user__read",
  "auth__user__update",
  "auth__user__delete",
];
const GROUP_CRUD = [
  "auth__group__create",
  "auth__group__read",
  "auth__group__update",
  "auth__group__delete",
];

const adminGroupId = () =>
  db().prepare("SELECT id FROM groups WHERE name = '管理员'").pluck().get() as number;

test.describe("the account rule in the console", () => {
  test("a user manager sees protected accounts locked and cannot pick the admin group", async ({
    page,
  }, testInfo) => {
    const manager = createUser({ codenames: USER_CRUD, prefix: "um" });
    const target = createUser({ prefix: "um-target" });
    const admin = createUser({ codenames: ["admin"], prefix: "um-protected" });
    await loginByRequest(page, manager);

    await page.goto(`${USERS}?search=${admin.username}`);
    await ready(page, testInfo);
    const locked = tableRows(page).filter({ hasText: admin.username });
    await expect(locked.getByTestId("row-edit")).toHaveCount(0);
    await expect(locked.locator(".rt-locked", { hasText: "编辑" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    await expect(locked.locator(".rt-locked", { hasText: "删除" })).toHaveAttribute(
      "title",
      "仅管理员可以操作该记录",
    );
    expect((await page.goto(`${USERS}/${admin.id}/edit`))?.status()).toBe(403);

    await page.goto(`${USERS}?search=${target.username}`);
    await ready(page, testInfo);
    await tableRows(page).filter({ hasText: target.username }).getByTestId("row-edit").click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByLabel("用户名")).toHaveValue(target.username);
    if (hasJs(testInfo)) {
      await dialog.getByRole("textbox", { name: "用户组" }).click();
      await expect(dialog.getByRole("option", { name: "管理员" })).toHaveAttribute(
        "data-combobox-disabled",
        "true",
      );
      await page.keyboard.press("Escape");
    } else {
      await expect(
        dialog.locator('select[name="groups"] option', { hasText: "管理员" }),
      ).toBeDisabled();
    }
    await shot(page, testInfo, "account-rule-user-form");
  });

  test("a refusal the page could not foresee is worded in the form and changes nothing", async ({
    page,
  }, testInfo) => {
    const manager = createUser({ codenames: USER_CRUD, prefix: "um2" });
    const target = createUser({ prefix: "um2-target" });
    await loginByRequest(page, manager);
    await page.goto(`${USERS}/${target.id}/edit?search=${target.username}`);
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByLabel("用户名")).toHaveValue(target.username);

    // Meanwhile an administrator puts the target into the admin group: it is now protected.
    db()
      .prepare("INSERT INTO user_groups (user_id, group_id) VALUES (?, ?)")
      .run(target.id, adminGroupId());
    await dialog.getByLabel("邮箱").fill("typed-by-manager@example.com");
    await dialog.getByTestId("save").click();
    await expect(dialog.getByTestId("form-error")).toContainText(
      "只有管理员可以修改超级用户或管理员组成员",
    );
    await expect(dialog.getByLabel("邮箱")).toHaveValue("typed-by-manager@example.com");
    const email = db().prepare("SELECT email FROM users WHERE id = ?").pluck().get(target.id);
    expect(email).toBe(`${target.username}@example.com`);
    await shot(page, testInfo, "account-rule-refused");
  });

  test("a group manager cannot change its own group's permissions nor the admin group", async ({
    page,
  }, testInfo) => {
    const manager = createUser({ codenames: [...GROUP_CRUD, "auth__user__read"], prefix: "gm" });
    const own = db()
      .prepare("SELECT group_id FROM user_groups WHERE user_id = ?")
      .pluck()
      .get(manager.id) as number;
    await loginByRequest(page, manager);

    await page.goto(`/backend/setting/permission?group=${own}`);
    const form = page.getByTestId("permission-form");
    await expect(
      form.locator('input[type="checkbox"][name="permissions"][value="auth__group__read"]'),
    ).toBeDisabled();
    await expect(
      form.locator(`input[type="checkbox"][name="members"][value="${manager.id}"]`),
    ).toBeDisabled();
    await expect(page.getByTestId("permission-save")).toBeVisible();

    await page.goto(`/backend/setting/permission?group=${adminGroupId()}`);
    await expect(page.getByTestId("permission-save")).toHaveCount(0);
    await expect(page.getByTestId("permission-locked")).toHaveText("仅管理员可以操作该记录");
    await expect(
      page
        .getByTestId("permission-form")
        .locator('input[type="checkbox"][name="permissions"][value="admin"]'),
    ).toBeDisabled();
    await shot(page, testInfo, "account-rule-permission-page");
  });
});
