import AxeBuilder from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";
import { chooseScheme, expect, hasJs, test } from "./fixtures";
import { OUTLINE_PAGES, outlineProblems } from "./outline";
import { ADMIN_PAGES, GRAPH_PAGES } from "./pages";

/**
 * Issue 12: every page of the route tree passes axe's WCAG 2.0/2.1 A and AA rules, with
 * JavaScript on and off (the two projects). Best-practice rules are left to review.
 */
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

const PUBLIC = () => [...GRAPH_PAGES(), "/no/such/page"];
// The page list of the page-wide checks, and the one page only the outline check walked.
const ADMIN = () => [...ADMIN_PAGES(), "/graph/increased"];

/**
 * One axe run on the loaded page, for violations only: axe collects no node details of what
 * passed (`resultTypes`, axe's documented speed option), and runs in the page itself (legacy
 * mode) instead of opening a blank page per run to merge per-frame results — the console
 * draws no iframes.
 */
const axe = (page: Page) =>
  new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .withTags(WCAG)
    .setLegacyMode()
    .analyze();

/**
 * Without JavaScript the audit uses the project's own page, whose browser runs no script: each
 * page loads with script execution off — Chromium parses <noscript> as markup and runs none
 * of the page's scripts, the document a browser without JavaScript renders — and is turned on
 * only once the page has loaded, for axe, which runs inside the page. The page's own scripts
 * were skipped while it loaded and never run.
 */
async function audit(page: Page, paths: string[], testInfo: TestInfo, selfCheck = false) {
  const found: string[] = [];
  // With JavaScript the walk also checks the outline (outline.ts) of the pages that check
  // covers (its /404 is this walk's unknown page): one load of each page for both checks, as
  // html-valid.spec.ts does without JavaScript.
  const outlined = new Set(OUTLINE_PAGES().map((p) => (p === "/404" ? "/no/such/page" : p)));
  const cdp = hasJs(testInfo) ? null : await page.context().newCDPSession(page);
  const scripts = (off: boolean) =>
    cdp?.send("Emulation.setScriptExecutionDisabled", { value: off });
  for (const path of paths) {
    await scripts(true);
    const res = await page.goto(path);
    const status = res?.status() ?? 0;
    if (status >= (path === "/no/such/page" ? 500 : 400)) found.push(`${path} answered ${status}`);
    await scripts(false);
    if (cdp)
      expect(
        await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated")),
        `${path}: no page script ran`,
      ).toBe(false);
    if (!cdp && outlined.has(path)) found.push(...(await outlineProblems(page, path)));
    const { violations } = await axe(page);
    for (const v of violations)
      found.push(
        `${path} ${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(" | ")}`,
      );
  }
  if (selfCheck) {
    // The audit reports what it should: an image without a text alternative is found.
    await page.evaluate(() =>
      document.querySelector("main")?.append(document.createElement("img")),
    );
    expect((await axe(page)).violations.map((v) => v.id)).toContain("image-alt");
  }
  await scripts(true);
  await cdp?.detach();
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

    test(`the login page, ${scheme}`, async ({ page }, testInfo) => {
      await page.goto("/login");
      await prepare(page);
      expect(await audit(page, ["/login", "/login?lng=en"], testInfo, true)).toEqual([]);
    });

    test(`the public graph pages, ${scheme}`, async ({ adminPage: page }, testInfo) => {
      await prepare(page);
      expect(await audit(page, pick(PUBLIC(), testInfo), testInfo)).toEqual([]);
    });

    for (const which of [0, 1] as const)
      test(`the admin pages (${which + 1}/2), ${scheme}`, async ({ adminPage: page }, testInfo) => {
        await prepare(page);
        expect(await audit(page, pick(half(ADMIN(), which), testInfo), testInfo)).toEqual([]);
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
