import type { APIRequestContext, Page } from "@playwright/test";
import {
  createUser,
  db,
  expect,
  hasJs,
  loginByRequest,
  shot,
  test,
  type TestUser,
} from "./fixtures";
import { download, ready, seedUsers, tableRows, tagFor, toast } from "./table-helpers";

/**
 * The spec's details that were only helpers (issue 13, part 3), JavaScript on and off:
 * relative time on a real page (§9), the export message (§8), the SSO ticket login and the
 * users/valid password check (§7).
 */

const USERS = "/backend/setting/users";
const RULE = "密码至少8位，且包含字母和数字";

const pad = (n: number) => String(n).padStart(2, "0");
/** Spec §9's default format in this machine's zone (the e2e server runs here too). */
const absolute = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

/** React's complaints about server and client HTML that differ. */
function hydrationErrors(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /hydrat|did not match|server rendered/i.test(m.text()))
      seen.push(m.text());
  });
  page.on("pageerror", (e) => {
    if (/hydrat|did not match/i.test(e.message)) seen.push(e.message);
  });
  return seen;
}

/**
 * An operator's ticket for `username`, issued as docs/api.md says: the operator logs in to the
 * platform's API (captcha answered from the store) and posts ssoticket with its token.
 */
async function issueTicket(request: APIRequestContext, operator: TestUser, username: string) {
  await request.get("/api/common/configs/all");
  const csrf = (await request.storageState()).cookies.find((c) => c.name === "csrftoken")!.value;
  const captcha = (await (await request.get("/api/common/users/captcha/")).json()) as {
    captcha_id: string;
  };
  const answer = db()
    .prepare("SELECT answer FROM captchas WHERE id = ?")
    .pluck()
    .get(captcha.captcha_id) as string;
  const login = await request.post("/api/common/users/login/", {
    headers: { "X-CSRFToken": csrf },
    data: { ...operator, captcha_id: captcha.captcha_id, captcha: answer },
  });
  expect(login.status()).toBe(200);
  const session = (await login.json()) as { token: string; csrf_token: string };
  const issued = await request.post("/api/common/users/ssoticket/", {
    headers: { Authorization: `Token ${session.token}`, "X-CSRFToken": session.csrf_token },
    data: { username },
  });
  expect(issued.status()).toBe(201);
  return ((await issued.json()) as { ticket: string }).ticket;
}

test.describe("spec details that were only helpers", () => {
  test.describe.configure({ timeout: 60_000 });
  test("the users table shows how long ago, with the time itself on hover", async ({
    adminPage: page,
  }, testInfo) => {
    const errors = hydrationErrors(page);
    const tag = tagFor(testInfo, "rt");
    seedUsers(tag, 2);
    const recent = new Date(Date.now() - 270_000);
    const old = new Date(2024, 2, 5, 14, 7, 9);
    const setLogin = db().prepare("UPDATE users SET last_login = ? WHERE username = ?");
    setLogin.run(recent.toISOString(), `${tag}-u01`);
    setLogin.run(old.toISOString(), `${tag}-u02`);
    await page.goto(`${USERS}?search=${tag}&ordering=username`);
    await ready(page, testInfo);

    // Each row also has its join time (just now): the last login is the one of that instant.
    const first = tableRows(page)
      .filter({ hasText: `${tag}-u01` })
      .locator(`time[datetime="${recent.toISOString()}"]`);
    await expect(first).toHaveText("5分钟前");
    await expect(first).toHaveAttribute("datetime", recent.toISOString());
    await expect(first).toHaveAttribute("title", absolute(recent));
    const second = tableRows(page)
      .filter({ hasText: `${tag}-u02` })
      .locator(`time[datetime="${old.toISOString()}"]`);
    await expect(second).toHaveText("3月5日14时7分");
    await expect(second).toHaveAttribute("title", "2024-03-05 14:07:09");
    await shot(page, testInfo, "relative-time-users");
    expect(errors).toEqual([]);
  });

  test("an export says 记录导出成功！ with JavaScript at once, without it on the next page", async ({
    adminPage: page,
  }, testInfo) => {
    const tag = tagFor(testInfo, "xm");
    seedUsers(tag, 2);
    await page.goto(`${USERS}?search=${tag}`);
    await ready(page, testInfo);
    const file = await download(page, () => page.getByTestId("export").click());
    expect(file.name).toBe("export.csv");
    const said = toast(page, "记录导出成功！");
    if (hasJs(testInfo)) {
      await expect(said).toBeVisible();
      // Said once: the next page has no second message.
      await page.reload();
      await expect(tableRows(page)).toHaveCount(2);
      await expect(said).toHaveCount(0);
    } else {
      // The page stays under a download; the message came with the file.
      await expect(said).toHaveCount(0);
      await page.reload();
      await expect(said).toBeVisible();
      await shot(page, testInfo, "export-message-next-page");
      await page.reload();
      await expect(said).toHaveCount(0);
    }
  });

  test("/login?ticket= logs in with an operator's ticket, honours a safe redirect and refuses a spent one", async ({
    page,
    browser,
    request,
  }, testInfo) => {
    const operator = createUser({ codenames: ["admin"], prefix: "sso-op" });
    const user = createUser({ codenames: ["kg__graph__read"], prefix: "sso" });
    const ticket = await issueTicket(request, operator, user.username);

    await page.goto(
      `/login?ticket=${ticket}&redirect=${encodeURIComponent("/backend/profile/password")}`,
    );
    await expect(page).toHaveURL(/\/backend\/profile\/password$/);
    await expect(page.getByTestId("password-heading")).toHaveText("修改密码");
    // The same session as a form login: a write (logout, with the platform's CSRF token) works.
    await page.getByTestId("user-menu").locator("summary").click();
    await page.getByTestId("logout").click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
    const ended = db()
      .prepare("SELECT ended_reason FROM tokens WHERE user_id = ? ORDER BY created_at DESC LIMIT 1")
      .pluck()
      .get(user.id);
    expect(ended).toBe("logout");

    // The ticket is spent: the login form says the platform's reason.
    await page.goto(`/login?ticket=${ticket}`);
    await expect(page.getByTestId("login-error")).toHaveText("登录凭证无效或已过期");
    await expect(page.getByPlaceholder("请输入用户名")).toBeVisible();
    await shot(page, testInfo, "sso-spent-ticket");

    // A foreign redirect is refused: the ticket still logs in, and the console stays home.
    const other = await browser.newContext();
    const visitor = await other.newPage();
    const next = await issueTicket(request, operator, user.username);
    await visitor.goto(
      `/login?ticket=${next}&redirect=${encodeURIComponent("https://evil.example/")}`,
    );
    await expect(visitor).toHaveURL((u) => u.origin === new URL(page.url()).origin);
    await visitor.goto("/dashboard");
    await expect(visitor.getByText(`欢迎，${user.username}`)).toBeVisible();
    await other.close();
  });

  test("the password form checks the new password with the platform's rule", async ({
    page,
  }, testInfo) => {
    const user = createUser({ codenames: ["kg__graph__read"], prefix: "pwcheck" });
    await loginByRequest(page, user);
    await page.goto("/backend/profile/password");
    const field = page.getByLabel("新密码");
    const error = page.locator(".mantine-PasswordInput-error");
    await page.getByLabel("原密码").fill(user.password);
    await field.fill("onlyletters");
    if (hasJs(testInfo)) {
      // Asked when the field is left, before any save.
      await field.press("Tab");
      await expect(error).toHaveText(RULE);
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByTestId("password-check")).toHaveText(RULE);
      await shot(page, testInfo, "password-check-weak");
      // Asked again as the person types, once it has answered.
      await field.fill("Letters4nd-digits");
      await expect(page.getByText("密码符合要求").first()).toBeVisible();
      await expect(error).toHaveCount(0);
      await field.fill("onlyletters");
      await expect(error).toHaveText(RULE);
    }
    // On save, with JavaScript or without: the same answer under the field, nothing changed.
    await page.getByLabel("确认密码").fill("onlyletters");
    await page.locator("form").getByRole("button", { name: "保存" }).click();
    await expect(error).toHaveText(RULE);
    await expect(field).toHaveAttribute("aria-invalid", "true");
    if (!hasJs(testInfo)) await shot(page, testInfo, "password-check-weak");
    await expect(page).toHaveURL(/\/backend\/profile\/password$/);
  });
});
