import type { Page } from "@playwright/test";
import { axeViolations } from "./kg-shared";
import { chooseScheme, expect, hasJs, shot, test } from "./fixtures";
import { ready, seedTriples, tagFor } from "./table-helpers";

/**
 * The adjustable grid (issue 24 §5, decision 029): on the triples table, with JavaScript, the
 * user turns on mantine-react-table's grid; a column's width, a pinned column and the density are
 * kept per user on the server (a reload shows them); the grid replaces the plain table without
 * moving the page; without JavaScript the plain table is the same as before.
 */
const TRIPLES = "/data/triaddata";

/** Layout shifts not caused by input (CLS), summed from the page's start. */
async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!e.hadRecentInput) w.__cls += e.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
}
const cls = (page: Page) => page.evaluate(() => (window as unknown as { __cls: number }).__cls);

/** A pointer moving over the page: the person's first input, which loads the grid's code. */
async function firstInput(page: Page) {
  await page.mouse.move(300, 400);
  await page.mouse.move(320, 420);
}

const header = (page: Page, name: string) =>
  page.getByTestId("mrt-table").locator("thead th").filter({ hasText: name }).first();
const width = (page: Page, name: string) =>
  header(page, name).evaluate((th) => Math.round(th.getBoundingClientRect().width));

/** Waits for the table's action to keep the grid's settings (the fetcher's POST). */
const saved = (page: Page) =>
  page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes(TRIPLES));

/**
 * The table in the server's HTML for this user (what a browser without JavaScript shows), its
 * relative times left out (they follow the clock).
 */
async function serverTable(page: Page, url: string) {
  const html = await (await page.request.get(url)).text();
  const table = html.match(/data-testid="resource-table"[^]*?<\/table>/)?.[0] ?? "";
  return table.replace(/<time [^>]*>[^<]*<\/time>/g, "<time/>");
}

test.describe("the adjustable grid (mantine-react-table) on the triples table", () => {
  test("resize, pin and density are kept after a reload; no layout shift; axe light and dark @js-only", async ({
    adminPage: page,
  }, testInfo) => {
    // A long walk (three reloads, two axe runs, a scheme change) on a machine shared with others.
    test.setTimeout(90_000);
    const tag = tagFor(testInfo, "grid");
    seedTriples(tag, 12);
    await watchShifts(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    const url = `${TRIPLES}?search=${tag}`;
    await page.goto(url);
    await ready(page, testInfo);
    // The switch appears after hydration; the plain table stays until it is pressed.
    const toggle = page.getByRole("button", { name: "可调表格" });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await page.waitForTimeout(300);
    const firstLoad = await cls(page);
    testInfo.annotations.push({ type: "CLS, first load", description: String(firstLoad) });
    expect(firstLoad, "first load").toBeLessThan(0.02);
    await expect(page.getByTestId("mrt-table")).toHaveCount(0);

    await Promise.all([saved(page), toggle.click()]);
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("mrt-table")).toBeVisible();
    await expect(page.getByTestId("mrt-table").locator("tbody tr")).toHaveCount(10);

    // Resize 主体 with the pointer: drag its handle 120 px to the right.
    const before = await width(page, "主体");
    const handle = header(page, "主体").locator(".mrt-table-head-cell-resize-handle");
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2, { steps: 4 });
    await Promise.all([saved(page), page.mouse.up()]);
    const resized = await width(page, "主体");
    expect(resized).toBeGreaterThan(before + 100);

    // Wider by keyboard: the column's menu (a button), Wider.
    const menu = header(page, "客体").getByRole("button", { name: "列操作" });
    await menu.focus();
    await page.keyboard.press("Enter");
    const wider = page.getByRole("menuitem", { name: "加宽列" });
    await expect(wider).toBeVisible();
    // MRT's filters are off, so its filter inputs (the only place it names @mantine/dates, which
    // the build replaces: decision 029) are out of reach: no filter item in a column's menu, no
    // filter or search button in its toolbar, no input in the grid but the selection boxes.
    const items = await page.getByRole("menuitem").allTextContents();
    testInfo.annotations.push({ type: "column menu", description: items.join(" | ") });
    expect(items.filter((i) => /过滤|筛选|搜索/.test(i))).toEqual([]);
    await expect(
      page.locator(".rt-mrt").getByRole("button", { name: /过滤|筛选|搜索/ }),
    ).toHaveCount(0);
    await expect(page.locator(".rt-mrt input:not([type=checkbox])")).toHaveCount(0);
    const objectBefore = await width(page, "客体");
    await wider.focus();
    await Promise.all([saved(page), page.keyboard.press("Enter")]);
    await expect.poll(() => width(page, "客体")).toBe(objectBefore + 40);

    // Pin 关系 to the left from its menu.
    await header(page, "关系").getByRole("button", { name: "列操作" }).click();
    await Promise.all([saved(page), page.getByRole("menuitem", { name: "固定至左边" }).click()]);
    await expect(header(page, "关系")).toHaveAttribute("data-column-pinned", "left");

    // Density: the toolbar's switch, md → xs.
    await Promise.all([saved(page), page.getByRole("button", { name: "切换间距" }).click()]);
    await expect(page.getByTestId("mrt-table")).toHaveAttribute("data-density", "xs");
    await shot(page, testInfo, "grid-on");

    // A reload: the plain table until the person's first input (the grid's code is not loaded
    // to idle: the table JS budget), then the grid with the settings, and the page does not shift.
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await page.reload();
    await ready(page, testInfo);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(500);
    await expect(page.getByTestId("mrt-table")).toHaveCount(0);
    await expect(page.getByTestId("resource-table").locator("table.rt-grid")).toBeVisible();
    expect(scripts.filter((u) => u.includes("/mrt-grid-"))).toEqual([]);
    await firstInput(page);
    await expect(page.getByTestId("mrt-table")).toBeVisible();
    expect(scripts.filter((u) => u.includes("/mrt-grid-"))).toHaveLength(1);
    await page.waitForTimeout(500);
    const withGrid = await cls(page);
    testInfo.annotations.push({
      type: "CLS, reload with the grid on",
      description: String(withGrid),
    });
    expect(withGrid, "reload with the grid on").toBeLessThan(0.02);
    expect(Math.abs((await width(page, "主体")) - resized)).toBeLessThanOrEqual(2);
    expect(await width(page, "客体")).toBe(objectBefore + 40);
    await expect(header(page, "关系")).toHaveAttribute("data-column-pinned", "left");
    await expect(page.getByTestId("mrt-table")).toHaveAttribute("data-density", "xs");

    expect(await axeViolations(page, testInfo), "light").toEqual([]);
    await chooseScheme(page, "深色");
    await expect(page.getByTestId("mrt-table")).toBeVisible();
    expect(await axeViolations(page, testInfo), "dark").toEqual([]);
    await shot(page, testInfo, "grid-on-dark");
    await chooseScheme(page, "浅色");

    // On a phone the plain table (its cards) stays, and the switch is not offered.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByTestId("resource-table").locator("table.rt-grid")).toBeVisible();
    await expect(page.getByTestId("mrt-table")).toHaveCount(0);
    await expect(toggle).toBeHidden();

    // Turned off, the plain table is back.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await ready(page, testInfo);
    await firstInput(page);
    await expect(page.getByTestId("mrt-table")).toBeVisible();
    await Promise.all([saved(page), toggle.click()]);
    await expect(page.getByTestId("mrt-table")).toHaveCount(0);
    await expect(page.getByTestId("resource-table").locator("table.rt-grid")).toBeVisible();
  });

  test("the server's table (what a browser without JavaScript shows) is unchanged, whatever the grid's settings", async ({
    adminPage: page,
  }, testInfo) => {
    const tag = tagFor(testInfo, "gridoff");
    seedTriples(tag, 3);
    const url = `${TRIPLES}?search=${tag}`;
    const before = await serverTable(page, url);
    expect(before).toContain(`${tag}-s01`);
    await page.goto(url);
    await expect(page.getByTestId("grid-toggle")).toHaveCount(hasJs(testInfo) ? 1 : 0);
    // The settings go through a plain form post (redirectTo: back to the table)...
    const csrf = await page.locator('input[name="csrf"]').first().inputValue();
    const grid = {
      on: true,
      widths: { subject: 300 },
      left: ["predicate"],
      right: [],
      density: "xl",
    };
    const res = await page.request.post(TRIPLES, {
      form: { csrf, intent: "grid", grid: JSON.stringify(grid), redirectTo: url },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(302);
    expect(res.headers()["location"]).toBe(url);
    // ...and the server's table is the same plain table.
    expect(await serverTable(page, url)).toBe(before);
    await page.reload();
    if (hasJs(testInfo)) {
      // With JavaScript (a desktop's width) the grid replaces it at the first input, with the settings.
      await ready(page, testInfo);
      await firstInput(page);
      await expect(page.getByTestId("mrt-table")).toHaveAttribute("data-density", "xl");
      await expect(header(page, "关系")).toHaveAttribute("data-column-pinned", "left");
    } else {
      await expect(page.getByTestId("mrt-table")).toHaveCount(0);
      await expect(page.getByTestId("resource-table").locator("table.rt-grid")).toBeVisible();
    }
  });
});
