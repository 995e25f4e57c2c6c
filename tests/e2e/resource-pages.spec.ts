import AxeBuilder from "@axe-core/playwright";
import type { CDPSession, Page, TestInfo } from "@playwright/test";
import { createUser, expect, hasJs, loginByRequest, shot, test } from "./fixtures";

/**
 * Issue 24: a resource route (an export, a template, a download, a picture) opened in the
 * browser (a link, a bookmark) and refused answers with the console's own page for its status,
 * in the page's language, where it used to be an empty text/plain body the browser drew as its
 * own error page; a script still gets the bare status (server/status-pages.ts).
 */

const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * axe on the loaded page. Without JavaScript, as a11y.spec.ts does: the page's scripts stay off
 * through the CDP session opened before the page loaded (`scriptsOff`), and are turned on
 * after the load for axe alone (the page's own scripts never run).
 */
async function scriptsOff(page: Page, testInfo: TestInfo) {
  if (hasJs(testInfo)) return null;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setScriptExecutionDisabled", { value: true });
  return cdp;
}

async function expectNoAxeViolations(page: Page, cdp: CDPSession | null) {
  await cdp?.send("Emulation.setScriptExecutionDisabled", { value: false });
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).setLegacyMode().analyze();
  await cdp?.send("Emulation.setScriptExecutionDisabled", { value: true });
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
}

/** The page's language chosen as a person does: the language menu's post to /ui. */
async function chooseLanguage(page: Page, lng: string) {
  await page.goto("/dashboard");
  const csrf = await page.locator('input[name="csrf"]').first().inputValue();
  const res = await page.request.post("/ui", { form: { lng, csrf, redirectTo: "/dashboard" } });
  expect(res.ok()).toBe(true);
}

/** Desktop, dark, then a phone 390 px wide (loaded at that width). */
async function shots(page: Page, testInfo: TestInfo, name: string) {
  await shot(page, testInfo, `${name}-desktop`);
  await page.emulateMedia({ colorScheme: "dark" });
  await shot(page, testInfo, `${name}-dark`);
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await shot(page, testInfo, `${name}-phone`);
  await page.setViewportSize({ width: 1280, height: 720 });
}

const EXPORT = "/backend/setting/users/export";

test.describe("a resource route opened in the browser", () => {
  test.describe.configure({ timeout: 60_000 });

  test("refused: the console's 403 page inside the admin shell, in zh and en; a script gets the bare 403", async ({
    page,
  }, testInfo) => {
    // May open the graph pages, not the users screen (nor so its export).
    await loginByRequest(page, createUser({ codenames: ["kg__graph__read"] }));
    const cdp = await scriptsOff(page, testInfo);
    const refused = {
      zh: [
        "您没有访问该页面的权限",
        "403 您没有访问该页面的权限 - 知识图谱平台 · 医疗人工智能平台",
      ],
      en: [
        "You do not have permission to view this page",
        "403 You do not have permission to view this page - Knowledge Graph Platform · Medical AI Platform",
      ],
    };
    for (const [lng, [message, title]] of Object.entries(refused)) {
      if (lng !== "zh") await chooseLanguage(page, lng);
      const res = await page.goto(EXPORT);
      expect(res?.status()).toBe(403);
      expect(res?.headers()["content-type"]).toMatch(/^text\/html/);
      await expect(page.locator("html")).toHaveAttribute("lang", lng);
      await expect(page.getByTestId("admin-layout")).toBeVisible();
      const main = page.getByRole("main");
      await expect(main.getByTestId("error-status")).toHaveText("403");
      await expect(main.getByTestId("error-message")).toHaveText(message);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expectNoAxeViolations(page, cdp);
      if (lng === "zh") await shots(page, testInfo, "resource-403");
    }
    // Not a navigation (a script, fetch, curl): the status and its empty body, as before.
    const api = await page.request.get(EXPORT);
    expect(api.status()).toBe(403);
    expect(api.headers()["content-type"]).toMatch(/^text\/plain/);
    expect(await api.text()).toBe("");
    if (hasJs(testInfo)) {
      // The page is the console's: its links navigate in the page.
      await page.goto(EXPORT);
      await page.getByRole("main").getByRole("link", { name: "Back to home" }).click();
      await expect(page).not.toHaveURL(/\/export/);
      await expect(page.getByTestId("error-status")).toHaveCount(0);
    }
  });

  test("missing: the console's 404 page with the platform's reason, in zh and en", async ({
    page,
  }, testInfo) => {
    await loginByRequest(page, createUser({ codenames: ["kg__graph__read"] }));
    const cdp = await scriptsOff(page, testInfo);
    // A graph's RDF export (a public-layout route) of a graph that does not exist.
    const missing = { zh: "知识图谱不存在", en: "Knowledge graph not found" };
    for (const [lng, message] of Object.entries(missing)) {
      if (lng !== "zh") await chooseLanguage(page, lng);
      const res = await page.goto("/999999/export?format=ttl");
      expect(res?.status()).toBe(404);
      await expect(page.locator("html")).toHaveAttribute("lang", lng);
      await expect(page.getByTestId("error-status")).toHaveText("404");
      await expect(page.getByTestId("error-message")).toHaveText(message);
      await expect(page).toHaveTitle(/^404 /);
      await expectNoAxeViolations(page, cdp);
      if (lng === "zh") await shot(page, testInfo, "resource-404");
    }
    expect((await page.request.get("/999999/export?format=ttl")).status()).toBe(404);
  });
});
