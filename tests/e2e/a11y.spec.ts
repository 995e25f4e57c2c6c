import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { chooseScheme, expect, hasJs, test } from "./fixtures";
import { ADMIN_PAGES as ADMIN, GRAPH_PAGES } from "./pages";

/**
 * Issue 12: every page of the route tree passes axe's WCAG 2.0/2.1 A and AA rules, with
 * JavaScript on and off (the two projects). Best-practice rules are left to review.
 */
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

const PUBLIC = () => [...GRAPH_PAGES(), "/no/such/page"];

/**
 * axe runs inside the page, which a browser with JavaScript off does not allow. The no-JS
 * audit therefore opens each page in a context of its own (the same cookies) that loads no
 * script file, drops every inline script and shows what <noscript> holds: the document a
 * browser without JavaScript renders.
 */
async function withoutScripts(browser: Browser, page: Page, baseURL: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: "zh-CN",
    javaScriptEnabled: true,
    storageState: await page.context().storageState(),
  });
  await context.route("**/*", async (route) => {
    const type = route.request().resourceType();
    if (type === "script") return route.abort();
    if (type !== "document") return route.continue();
    // A browser sends a GET again when a kept-alive connection is reset under it; so does this.
    const response = await route
      .fetch({ maxRedirects: 0 })
      .catch((e: Error) =>
        /ECONNRESET/.test(e.message) ? route.fetch({ maxRedirects: 0 }) : Promise.reject(e),
      );
    const body = (await response.text())
      .replace(/<script\b[\s\S]*?<\/script>/gi, "")
      .replace(/<link[^>]+rel="modulepreload"[^>]*>/gi, "")
      .replace(/<\/?noscript>/gi, "");
    return route.fulfill({ response, body });
  });
  return context.newPage();
}

async function audit(page: Page, paths: string[], testInfo: TestInfo, browser: Browser) {
  const found: string[] = [];
  const baseURL = String(testInfo.project.use.baseURL);
  const target = hasJs(testInfo) ? page : await withoutScripts(browser, page, baseURL);
  for (const path of paths) {
    const res = await target.goto(path);
    const status = res?.status() ?? 0;
    if (status >= (path === "/no/such/page" ? 500 : 400)) found.push(`${path} answered ${status}`);
    const { violations } = await new AxeBuilder({ page: target }).withTags(WCAG).analyze();
    for (const v of violations)
      found.push(
        `${path} ${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(" | ")}`,
      );
  }
  if (target !== page) await target.context().close();
  return found;
}

const half = <T>(list: T[], which: 0 | 1) =>
  which === 0 ? list.slice(0, Math.ceil(list.length / 2)) : list.slice(Math.ceil(list.length / 2));

test.describe("accessibility (axe, WCAG 2.1 A and AA)", () => {
  test.describe.configure({ timeout: 300_000 });

  for (const scheme of ["light", "dark"] as const) {
    // A page is the same server HTML and CSS with JavaScript and without (hydration adds no
    // markup an audit of a loaded page sees). Every page is audited once per scheme — in light
    // by the no-JS project, in dark by the JS one — and a sample of each group in the other
    // project (the suite's longest spec: an axe run takes seconds a page).
    const pick = (paths: string[], testInfo: TestInfo) =>
      (scheme === "dark") === hasJs(testInfo) ? paths : paths.slice(0, 4);
    const prepare = async (page: Page) => {
      if (scheme === "dark") await chooseScheme(page, "深色");
      await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", scheme);
    };

    test(`the login page, ${scheme}`, async ({ page, browser }, testInfo) => {
      await page.goto("/login");
      await prepare(page);
      expect(await audit(page, ["/login", "/login?lng=en"], testInfo, browser)).toEqual([]);
    });

    test(`the public graph pages, ${scheme}`, async ({ adminPage: page, browser }, testInfo) => {
      await prepare(page);
      expect(await audit(page, pick(PUBLIC(), testInfo), testInfo, browser)).toEqual([]);
    });

    for (const which of [0, 1] as const)
      test(`the admin pages (${which + 1}/2), ${scheme}`, async ({
        adminPage: page,
        browser,
      }, testInfo) => {
        await prepare(page);
        expect(await audit(page, pick(half(ADMIN(), which), testInfo), testInfo, browser)).toEqual(
          [],
        );
      });
  }
});

test.describe("dark mode", () => {
  test("chosen from the display menu, kept across pages, and back to the system's", async ({
    adminPage: page,
  }) => {
    const html = page.locator("html");
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "light");
    await chooseScheme(page, "深色");
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "dark");
    await page.goto("/backend/setting/users");
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "dark");
    // The page itself is drawn dark: the table's surface, not only the attribute.
    const surface = await page
      .locator(".rt-table-wrap")
      .evaluate((e) => getComputedStyle(e).backgroundColor);
    expect(surface).toBe("rgb(24, 32, 42)");
    await chooseScheme(page, "跟随系统");
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "light");
  });

  test("follows a dark system when nothing is chosen", async ({ browser }, testInfo) => {
    const context = await browser.newContext({
      ...testInfo.project.use,
      colorScheme: "dark",
    });
    const page = await context.newPage();
    // Without JavaScript the server learns the system's scheme from Chromium's client hint,
    // which the browser sends once the console has asked for it (from the second request on).
    await page.goto("/login");
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
    await context.close();
  });
});
