import { DEMO } from "../app/kg-fixtures";
import { expect as baseExpect, hasJs, shot, test } from "./fixtures";
import { ready, seedUsers, tableRows, tagFor } from "./table-helpers";

/**
 * Issue 12 by keyboard and without sight, JavaScript on and off: charts as named figures with
 * their data as a table, scrolling boxes a keyboard can reach, named progress bars, pagers
 * whose dead steps are not links and whose page size does not jump on an arrow key.
 */

/** The server may be drawing a big graph for another test: wait longer than the default. */
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 60_000 });

test.describe("charts for people who do not see them", () => {
  test("a chart is a named figure whose data opens as a table", async ({
    adminPage: page,
  }, testInfo) => {
    await page.goto(`/?id=${DEMO.military}`);
    const figure = page.getByRole("figure", { name: "实体类型分布" });
    await expect(figure).toBeVisible();
    // The picture is hidden from assistive technology: the table is its alternative.
    await expect(figure.locator(".chart")).toHaveAttribute("aria-hidden", "true");
    const details = figure.getByTestId("chart-data");
    await expect(details).not.toHaveAttribute("open", "");
    const table = details.getByRole("table", { name: "实体类型分布" });
    await expect(table).toBeHidden();
    await details.getByText("查看数据表").click();
    await expect(table).toBeVisible();
    await expect(table.getByRole("columnheader", { name: "类别" })).toBeVisible();
    await expect(table.getByRole("rowheader", { name: "军队" })).toBeVisible();
    await shot(page, testInfo, "a11y-chart-data");
  });

  test("a wide diagram scrolls in a named region the keyboard reaches", async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/eeg?id=${DEMO.military}`);
    const section = page.getByTestId("event-graph");
    const region = section.getByRole("region", { name: "关联最强的事件" });
    await expect(region).toHaveAttribute("tabindex", "0");
    await region.focus();
    await expect(region).toBeFocused();
    // With JavaScript the focus is the gesture that makes the chart live (issue 11), as the
    // pointer over it is: keyboard users get the live chart too.
    if (hasJs(testInfo))
      await expect(section.getByTestId("graph-chart")).toHaveAttribute("data-live", "true");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    // The graph's nodes and links as tables, collapsed, with the rest counted.
    const details = section.getByTestId("chart-data");
    await details.locator("summary").click();
    await expect(details.getByRole("table", { name: "关联最强的事件：节点" })).toBeVisible();
    await expect(details.getByRole("table", { name: "关联最强的事件：关系" })).toBeVisible();
    await shot(page, testInfo, "a11y-eeg-390");
  });

  test("the evaluation's tables scroll in named regions; job progress bars are named", async ({
    adminPage: page,
  }) => {
    await page.goto("/model/evaluation/1");
    await expect(page.getByRole("region", { name: /^行是标注类别，列是预测类别/ })).toBeAttached();
    await expect(page.getByRole("region", { name: "各类别指标" })).toBeAttached();
    await page.goto("/jobs/1");
    await expect(page.getByRole("progressbar", { name: "任务 #1 的进度" })).toBeVisible();
  });
});

test.describe("pagers by keyboard", () => {
  test("the table pager: dead steps are not links, arrow keys do not change the page size", async ({
    adminPage: page,
  }, testInfo) => {
    const tag = tagFor(testInfo, "pg");
    seedUsers(tag, 12);
    await page.goto(`/backend/setting/users?search=${tag}`);
    await ready(page, testInfo);
    await expect(tableRows(page)).toHaveCount(10);
    const pager = page.getByRole("navigation", { name: "分页" });
    // On the first page 上一页 leads nowhere: no link, out of the Tab order.
    await expect(pager.getByRole("link", { name: "上一页" })).toHaveCount(0);
    await expect(pager.locator('span[aria-disabled="true"]', { hasText: "上一页" })).toBeVisible();
    await expect(pager.locator('[aria-current="page"]')).toHaveText("1");

    // An arrow key steps the size without loading a page (WCAG 3.2.2)...
    const size = pager.getByRole("combobox", { name: "每页条数" });
    await size.focus();
    await page.keyboard.press("ArrowDown");
    await expect(size).toHaveValue("20");
    await page.waitForTimeout(600);
    expect(page.url()).not.toContain("page_size");
    await expect(tableRows(page)).toHaveCount(10);
    // ...and Enter (with JavaScript) or the Apply button applies it.
    if (hasJs(testInfo)) await page.keyboard.press("Enter");
    else await pager.getByRole("button", { name: "应用" }).click();
    await expect(page).toHaveURL(/page_size=20/);
    await expect(tableRows(page)).toHaveCount(12);
    const after = page.getByRole("navigation", { name: "分页" });
    await expect(after.getByRole("link", { name: "下一页" })).toHaveCount(0);
    await expect(after.locator('span[aria-disabled="true"]', { hasText: "下一页" })).toBeVisible();
    await shot(page, testInfo, "a11y-table-pager");
  });

  test("the graph pages' pager: the current page is marked, a dead step is no link", async ({
    adminPage: page,
  }) => {
    await page.goto(`/${DEMO.military}/articles`);
    const pager = page.getByRole("navigation", { name: "分页" });
    await expect(pager.locator('[aria-current="page"]')).toHaveText("1");
    await expect(pager.getByRole("link", { name: "上一页" })).toHaveCount(0);
    await expect(pager.locator('span[aria-disabled="true"]', { hasText: "上一页" })).toBeAttached();
    await expect(pager.getByRole("link", { name: "下一页" })).toHaveAttribute("href", /page=2/);
  });
});
