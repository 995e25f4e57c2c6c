import type { Page } from "@playwright/test";
import { DEMO } from "../app/kg-fixtures";
import { expect, hasJs, shot, test } from "./fixtures";

/**
 * Issue 12, the layouts: a skip link first on every layout, a phone menu the keyboard can use
 * (JavaScript on and off), separators a text browser shows, and a navbar that fits a 390 px
 * phone. One <main> and one h1 per page and named landmarks (outline.ts) are checked on the
 * walks that load every page anyway: a11y.spec.ts with JavaScript, html-valid.spec.ts without.
 */

/** Where the keyboard is: the focused element's test id, or its tag and text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return {
      testId: el?.getAttribute("data-testid") ?? null,
      inSidebar: !!el?.closest(".sidebar"),
      inMain: !!el?.closest("main"),
      tag: el?.tagName.toLowerCase(),
    };
  });

test.describe("layouts for the keyboard, screen readers and text browsers", () => {
  test("the skip link is the first Tab stop of every layout and moves focus to main", async ({
    adminPage: page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const { baseURL, locale, javaScriptEnabled } = testInfo.project.use;
    const anonymous = await browser.newPage({ baseURL, locale, javaScriptEnabled });
    const pages: [Page, string][] = [
      [page, "/backend/setting/users"],
      [page, `/?id=${DEMO.military}`],
      [page, `/${DEMO.military}/entity/${DEMO.hub}`],
      [anonymous, "/login"],
      [anonymous, "/404"],
    ];
    for (const [p, path] of pages) {
      await p.goto(path);
      if (hasJs(testInfo))
        await p.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 15_000 });
      await p.keyboard.press("Tab");
      const skip = p.getByRole("link", { name: "跳到主要内容" });
      await expect(skip, path).toBeFocused();
      await expect(skip, path).toBeInViewport();
      await p.keyboard.press("Enter");
      await expect(p.locator("main#main"), path).toBeFocused();
      await p.keyboard.press("Tab");
      expect((await focused(p)).inMain, `${path}: the next Tab stop is in main`).toBe(true);
    }
    await anonymous.close();
  });

  test("on a phone the menu opens and closes by keyboard, and its links are no Tab stops while closed", async ({
    adminPage: page,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/dashboard");
    const sidebar = page.locator("aside.sidebar");
    const button = page.getByTestId("mobile-menu");
    // Closed: Tab goes skip link → menu button → …, never into the hidden sidebar.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(button).toBeFocused();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      expect((await focused(page)).inSidebar).toBe(false);
    }
    await expect(sidebar.getByRole("link", { name: "控制台" })).toBeHidden();

    await button.focus();
    if (hasJs(testInfo)) await expect(button).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Enter");
    await expect(sidebar).toBeInViewport();
    if (hasJs(testInfo)) await expect(button).toHaveAttribute("aria-expanded", "true");
    // Open: the keyboard is in the sidebar and reaches its links.
    let reached = false;
    for (let i = 0; i < 4 && !reached; i++) {
      await page.keyboard.press("Tab");
      const f = await focused(page);
      expect(f.inSidebar).toBe(true);
      reached =
        f.tag === "a" && (await page.evaluate(() => !!document.activeElement?.closest("nav")));
    }
    expect(reached).toBe(true);
    await shot(page, testInfo, "phone-menu-keyboard-open");

    if (hasJs(testInfo)) {
      await page.keyboard.press("Escape");
      await expect(button).toHaveAttribute("aria-expanded", "false");
    } else {
      // Without JavaScript the sidebar's first stop is its close link, back to the button.
      await page.getByTestId("mobile-menu-close").focus();
      await page.keyboard.press("Enter");
    }
    await expect(button).toBeFocused();
    await expect(sidebar).not.toBeInViewport();
    await expect(sidebar.getByRole("link", { name: "控制台" })).toBeHidden();
  });

  test("text browsers see separators between items that only CSS spaces apart", async ({
    adminPage: page,
  }) => {
    await page.goto(`/?id=${DEMO.military}`);
    await expect(page.getByTestId("header-nav")).toContainText(
      "首页 | 文本分析 | 文章列表 | 事件列表",
    );
    await expect(page.getByTestId("counts")).toContainText("67 文章 | 96 实体");
    // The separators are for text browsers only: not shown.
    await expect(page.getByTestId("header-nav").locator(".text-sep").first()).toBeHidden();
    await page.goto("/backend/setting/users");
    await expect(page.locator(".rt-actions").first()).toContainText("编辑 | 删除 | 重置密码");
    await expect(page.getByTestId("breadcrumb")).toContainText("控制台 > 系统设置 > 用户管理");
    // The search box has a label of its own (a text browser shows it), not only aria-label.
    await expect(page.getByLabel("搜索", { exact: true })).toHaveAttribute("name", "search");
    // Icon-only buttons say what they do in text.
    await expect(page.getByTestId("sidebar-toggle")).toContainText("折叠/展开侧边栏");
  });

  test("on a 390 px phone the navbar keeps to the screen and the breadcrumb shows the page", async ({
    adminPage: page,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 800 });
    for (const path of ["/backend/setting/users", "/dashboard"]) {
      await page.goto(path);
      const navbar = page.locator("header.navbar");
      const box = await navbar.boundingBox();
      expect(box?.width, path).toBeLessThanOrEqual(390);
      expect(box?.height, `${path}: one row`).toBeLessThanOrEqual(57);
      expect(
        await navbar.evaluate((n) => n.scrollWidth <= n.clientWidth),
        `${path}: nothing sticks out`,
      ).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
    }
    await expect(
      page.getByTestId("breadcrumb").getByRole("link", { name: "控制台" }),
    ).toBeVisible();
    await page.goto("/backend/setting/users");
    // The trail is cut to its last item: the page the user is on.
    await expect(page.getByTestId("breadcrumb").getByRole("link", { name: "控制台" })).toBeHidden();
    const current = page.getByTestId("breadcrumb").locator(".current");
    await expect(current).toHaveText("用户管理");
    const fits = await current.evaluate(
      (el) => el.scrollWidth <= el.clientWidth && el.clientWidth > 4 * 14 - 1,
    );
    expect(fits, "the current page's name is shown whole").toBe(true);
    await shot(page, testInfo, "users-390");
  });
});
