import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { test as base, expect, type Page, type TestInfo } from "@playwright/test";
import Database from "better-sqlite3";
import { E2E_DATA_DIR } from "../../playwright.config";
import { storeOverSqlite, type Store } from "../../platform/db/store.js";

export { expect };

let store: Database.Database | undefined;
/** The e2e server's own store, for setting up users and reading captcha answers. */
export function db(): Database.Database {
  if (!store) {
    store = new Database(path.join(E2E_DATA_DIR, "platform.sqlite"));
    store.pragma("busy_timeout = 5000");
  }
  return store;
}

let layer: Store | undefined;
/** The same store through the data layer, for fixtures written as they would be on either engine. */
export function e2eStore(): { store: Store } {
  layer ??= storeOverSqlite(path.join(E2E_DATA_DIR, "platform.sqlite"), db());
  return { store: layer };
}

function hashPassword(password: string): string {
  const salt = crypto.randomBytes(16);
  const hash = crypto.scryptSync(password, salt, 32, { N: 16384 });
  return `scrypt$16384$${salt.toString("base64")}$${hash.toString("base64")}`;
}

let counter = 0;
export interface TestUser {
  username: string;
  password: string;
  id: number;
}

/**
 * A fresh user for one test (one live token per user, so tests running side by side must
 * not share accounts), holding exactly these codenames through a group of their own.
 */
export function createUser(
  opts: {
    codenames?: string[];
    needInit?: boolean;
    prefix?: string;
    passwordChangedDaysAgo?: number;
  } = {},
): TestUser {
  const username = `${opts.prefix ?? "e2e"}-${process.pid}-${Date.now().toString(36)}-${++counter}`;
  const password = "Passw0rd-e2e";
  const d = db();
  const changedAt = new Date(
    Date.now() - (opts.passwordChangedDaysAgo ?? 0) * 86400_000,
  ).toISOString();
  const id = Number(
    d
      .prepare(
        "INSERT INTO users (username, email, password_hash, need_init_password, password_changed_at) VALUES (?, ?, ?, ?, ?)",
      )
      .run(
        username,
        `${username}@example.com`,
        hashPassword(password),
        opts.needInit ? 1 : 0,
        changedAt,
      ).lastInsertRowid,
  );
  const codenames = opts.codenames ?? [];
  if (codenames.length) {
    const gid = Number(
      d.prepare("INSERT INTO groups (name) VALUES (?)").run(`g-${username}`).lastInsertRowid,
    );
    d.prepare("INSERT INTO user_groups (user_id, group_id) VALUES (?, ?)").run(id, gid);
    for (const c of codenames) {
      d.prepare("INSERT OR IGNORE INTO permissions (codename, name) VALUES (?, ?)").run(c, c);
      const pid = d.prepare("SELECT id FROM permissions WHERE codename = ?").pluck().get(c);
      d.prepare("INSERT INTO group_permissions (group_id, permission_id) VALUES (?, ?)").run(
        gid,
        pid,
      );
    }
  }
  return { username, password, id };
}

/** The answer of the captcha shown on the page, read from the store (the server keeps it). */
export async function captchaAnswer(page: Page): Promise<string> {
  const id = await page.locator('input[name="captcha_id"]').inputValue();
  const answer = db().prepare("SELECT answer FROM captchas WHERE id = ?").pluck().get(id) as
    string | undefined;
  if (!answer) throw new Error(`no captcha ${id} in the store`);
  return answer;
}

export async function fillLogin(page: Page, username: string, password: string, captcha?: string) {
  await page.getByPlaceholder("请输入用户名").fill(username);
  await page.getByPlaceholder("请输入密码").fill(password);
  await page.getByPlaceholder("请输入验证码").fill(captcha ?? (await captchaAnswer(page)));
}

/**
 * Logs in through the login form, as a person would, and waits to leave /login: the address
 * and the page. With JavaScript the router sets the new address before React has drawn the
 * new page, so a test that acted at once could still click the login page's controls.
 */
export async function login(
  page: Page,
  user: { username: string; password: string },
  redirect?: string,
) {
  await page.goto(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : "/login");
  await fillLogin(page, user.username, user.password);
  await Promise.all([
    page.waitForURL((u) => !u.pathname.startsWith("/login")),
    page.getByRole("button", { name: "登录", exact: true }).click(),
  ]);
  await expect(page.locator("#login-title")).toHaveCount(0);
}

/**
 * Logs in by posting the login form over HTTP from the page's own context (its cookies), not
 * by drawing and filling the page: the same GET /login (its CSRF token and captcha) and the
 * same POST, with the captcha's answer read from the store. The session cookie lands in the
 * browser context; the redirect is not followed, so no page is drawn. Tests about login use
 * `login` (the form); the rest start here, through the `adminPage` fixture.
 */
export async function loginByRequest(page: Page, user: { username: string; password: string }) {
  const html = await (await page.request.get("/login")).text();
  const field = (name: string) => {
    const m = new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html);
    if (!m) throw new Error(`no ${name} on the login page`);
    return m[1];
  };
  const captchaId = field("captcha_id");
  const answer = db().prepare("SELECT answer FROM captchas WHERE id = ?").pluck().get(captchaId);
  const res = await page.request.post("/login", {
    form: {
      csrf: field("csrf"),
      username: user.username,
      password: user.password,
      captcha_id: captchaId,
      captcha: String(answer),
      captcha_kind: "image",
      redirect: "",
    },
    maxRedirects: 0,
  });
  expect(res.status(), "login by request: a redirect away from /login").toBe(302);
}

/** Saves a screenshot under test-results/screenshots/{project}-{name}.png to look at. */
export async function shot(page: Page, testInfo: TestInfo, name: string) {
  const dir = path.resolve("test-results/screenshots");
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({
    path: path.join(dir, `${testInfo.project.name}-${name}.png`),
    fullPage: true,
  });
}

export const hasJs = (testInfo: TestInfo) => testInfo.project.name === "js";

/**
 * With JavaScript on, a page counts as loaded once React has hydrated it (the root marks
 * <html data-hydrated>), so tests act on the interactive page; without it, at load.
 */
async function untilHydrated(page: Page) {
  await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 15_000 });
}

/** A test with a fresh administrator already logged in. */
export const test = base.extend<{ admin: TestUser; adminPage: Page }>({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args: Parameters<Page["goto"]>) => {
        const res = await goto(...args);
        await untilHydrated(page);
        return res;
      };
      page.reload = async (...args: Parameters<Page["reload"]>) => {
        const res = await reload(...args);
        await untilHydrated(page);
        return res;
      };
    }
    await use(page);
  },
  admin: async ({}, use) => {
    await use(createUser({ codenames: ["admin"], prefix: "admin" }));
  },
  adminPage: async ({ page, admin }, use) => {
    // Where the form's login lands (its default redirect): some tests act on that page first.
    await loginByRequest(page, admin);
    await page.goto("/");
    await use(page);
  },
});

/**
 * Chooses a colour scheme from the display menu, as a person would (a plain form post), and
 * waits for the page drawn in it (light or dark; "跟随系统" follows the browser).
 */
export async function chooseScheme(page: Page, scheme: "深色" | "浅色" | "跟随系统") {
  const menu = page.getByTestId("language-switch").first();
  await menu.locator("summary").click();
  await Promise.all([
    page.waitForResponse((r) => r.url().includes("/ui") && r.request().method() === "POST"),
    menu.getByRole("button", { name: scheme }).click(),
  ]);
  await page.waitForLoadState("load");
  if (scheme !== "跟随系统")
    await expect(page.locator("html")).toHaveAttribute(
      "data-mantine-color-scheme",
      scheme === "深色" ? "dark" : "light",
      { timeout: 20_000 },
    );
}

/** Waits for a job's page to reach a final state: live over SSE with JavaScript, by refreshing without. */
export async function waitForJob(page: Page, status: "已完成" | "失败") {
  await expect(page.getByTestId("job-page")).toBeVisible();
  await expect(page.getByTestId("job-status")).toHaveText(status, { timeout: 25_000 });
}

/**
 * Clicks what leads to another job's page (`click`), and waits until that job's page is drawn.
 * With JavaScript the router sets the new address before React has drawn the new page: from
 * one job's page to another's, `waitForJob` would otherwise read the old job's finished status
 * and a test would count the store before the new job had run.
 */
export async function toNextJob(page: Page, click: () => Promise<void>) {
  const from = page.url();
  await Promise.all([
    page.waitForURL((u) => /\/jobs\/\d+$/.test(u.pathname) && u.href !== from),
    click(),
  ]);
  const id = /\/jobs\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1];
  await expect(page.getByTestId("job-page").getByRole("heading", { level: 1 })).toContainText(
    `#${id}`,
  );
}
