import type { Locator, Page, TestInfo } from "@playwright/test";
import { DEMO } from "../app/kg-fixtures";
import { createUser, expect, loginByRequest, shot, test } from "./fixtures";

/**
 * Screens that looked unfinished (issue 13 §4): the password-first page, a visitor's dashboard,
 * the 403 of an admin page, the graph-admin forms and back-to-top on a short page. JavaScript
 * on and off (the two projects).
 */

/** Desktop, phone and dark screenshots of the page as it is now, to look at. */
async function shots(page: Page, testInfo: TestInfo, name: string) {
  await shot(page, testInfo, `${name}-desktop`);
  await page.emulateMedia({ colorScheme: "dark" });
  await shot(page, testInfo, `${name}-dark`);
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 390, height: 844 });
  // Loaded at phone width, so the off-canvas menu is not caught sliding away.
  await page.reload();
  await shot(page, testInfo, `${name}-phone`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

const heightOf = async (l: Locator) => (await l.boundingBox())!.height;

test.use({ viewport: { width: 1440, height: 900 } });

test.describe("screens that looked unfinished", () => {
  // Each test takes three screenshots a page on a machine the other suites share.
  test.describe.configure({ timeout: 60_000 });

  test("the password-first page has the product's navbar and no empty sidebar strip", async ({
    page,
  }, testInfo) => {
    await loginByRequest(page, createUser({ needInit: true }));
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/type=init$/);
    const layout = page.getByTestId("admin-layout");
    await expect(layout).toHaveAttribute("data-minimal", "true");
    await expect(page.locator("aside.sidebar")).toHaveCount(0);
    // No dark column drawn where the sidebar would be.
    expect(await layout.evaluate((el) => getComputedStyle(el).backgroundImage)).toBe("none");
    await expect(page.getByTestId("navbar-brand")).toHaveText("知识图谱平台");
    // The content starts at the window's left edge, not after a 62 px strip.
    const main = page.locator(".admin-main");
    expect((await main.boundingBox())!.x).toBe(0);
    await expect(page.getByTestId("password-heading")).toHaveText("首次登录请修改密码");
    await shots(page, testInfo, "password-init");
  });

  test("a visitor's dashboard lists their graphs, profile and password, not codenames", async ({
    page,
  }, testInfo) => {
    const visitor = createUser({
      codenames: ["kg__graph__read", "kg__feedback__create"],
      prefix: "visitor",
    });
    await loginByRequest(page, visitor);
    await page.goto("/dashboard");
    const graphs = page.getByTestId("dashboard-graphs");
    await expect(graphs.getByRole("link", { name: "军事装备知识图谱" })).toHaveAttribute(
      "href",
      `/?id=${DEMO.military}`,
    );
    await expect(graphs.getByRole("link", { name: "通用百科知识图谱" })).toBeVisible();
    const account = page.getByTestId("dashboard-account");
    await expect(account).toContainText(visitor.username);
    await expect(account).toContainText(`g-${visitor.username}`);
    await expect(account.getByRole("link", { name: "修改密码" })).toHaveAttribute(
      "href",
      "/backend/profile/password",
    );
    // No raw codenames, no admin shortcuts the visitor cannot use.
    await expect(page.locator("main")).not.toContainText(/kg__|KG__|default/i);
    await expect(page.getByTestId("dashboard-shortcuts")).toHaveCount(0);
    await graphs.getByRole("link", { name: "军事装备知识图谱" }).click();
    await expect(page).toHaveURL(new RegExp(`/\\?id=${DEMO.military}$`));
    await page.goto("/dashboard");
    await shots(page, testInfo, "dashboard-visitor");
  });

  test("an admin page the user may not open is a 403 inside the admin shell", async ({
    page,
  }, testInfo) => {
    await loginByRequest(page, createUser({ codenames: ["kg__graph__read"] }));
    await page.goto("/dashboard");
    for (const path of ["/backend/setting/users", "/graph/index", "/model/index"]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(403);
      await expect(page.getByTestId("admin-layout")).toBeVisible();
      await expect(
        page.locator("aside.sidebar").getByRole("link", { name: "控制台" }),
      ).toBeVisible();
      await expect(page.getByTestId("breadcrumb")).toBeVisible();
      const main = page.getByRole("main");
      await expect(main.getByTestId("error-status")).toHaveText("403");
      await expect(main.getByTestId("error-message")).toHaveText("您没有访问该页面的权限");
      // A page with an error boundary of its own keeps its title; the others are titled by the layout.
      await expect(page).toHaveTitle(
        path === "/backend/setting/users"
          ? "403 您没有访问该页面的权限 - 知识图谱平台 · 医疗人工智能平台"
          : / - 知识图谱平台 · 医疗人工智能平台$/,
      );
    }
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await shots(page, testInfo, "admin-403");
  });

  test("graph create: inputs and selects of one height, a small checkbox, no sideways scroll", async ({
    adminPage: page,
  }, testInfo) => {
    await page.goto("/graph/create");
    const name = page.getByLabel("图谱名称");
    const height = await heightOf(name);
    expect(height).toBeGreaterThan(30);
    for (const field of [
      page.locator('select[name="domain"]'),
      page.locator('textarea[name="description"]'),
      page.getByTestId("ontology-select"),
    ]) {
      expect(await heightOf(field)).toBeCloseTo(height, 0);
    }
    // The row's fields start on one line.
    const tops = await Promise.all(
      [
        name,
        page.locator('select[name="domain"]'),
        page.locator('textarea[name="description"]'),
      ].map(async (l) => (await l.boundingBox())!.y),
    );
    expect(new Set(tops.map(Math.round)).size).toBe(1);
    expect(await heightOf(page.getByTestId("skip-bad-rows"))).toBeLessThanOrEqual(20);
    await shots(page, testInfo, "graph-create");
    // On a phone the source picker's long format hint wraps instead of widening the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });

  test("graph detail: the entity search's input, select and button of one height", async ({
    adminPage: page,
  }, testInfo) => {
    await page.goto(`/graph/detail/${DEMO.military}`);
    const search = page.getByTestId("entity-search");
    const input = search.getByLabel("搜索实体");
    const inputHeight = await heightOf(input);
    expect(await heightOf(search.locator('select[name="class_id"]'))).toBeCloseTo(inputHeight, 0);
    expect(await heightOf(search.getByRole("button", { name: "搜索" }))).toBeCloseTo(
      inputHeight,
      0,
    );
    await shots(page, testInfo, "graph-detail");
  });

  test("back to top stays hidden on a page too short to scroll 400 px", async ({ page }) => {
    await page.goto(`/${DEMO.military}/flowchart`);
    const top = page.getByTestId("back-to-top");
    const shown = () =>
      top.evaluate((el) => {
        const style = getComputedStyle(el);
        return style.visibility !== "hidden" && Number(style.opacity) > 0.5;
      });
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    // Taller than the page: nothing to scroll.
    await page.setViewportSize({ width: 1280, height: height + 50 });
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(
      height + 50,
    );
    await expect.poll(shown).toBe(false);
    // 200 px to scroll, scrolled to the end: still short of 400.
    await page.setViewportSize({ width: 1280, height: height - 200 });
    await page.evaluate(() => window.scrollTo({ top: 10_000, behavior: "instant" }));
    await expect.poll(shown).toBe(false);
  });
});
