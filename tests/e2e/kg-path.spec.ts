import { seedPathGraph } from "../app/kg-fixtures";
import { chooseScheme, e2eStore, expect as baseExpect, hasJs, shot, test } from "./fixtures";
import { goLive } from "./live-chart";
import { axeViolations, fixtureGraph } from "./kg-shared";

const expect = baseExpect.configure({ timeout: 20_000 });

/** Issue 23: how two entities are connected, with JavaScript (suggestions, live chart) and without (forms, links, SVG). */
test.describe("path page", () => {
  test.describe.configure({ timeout: 90_000 });

  test("find a path from the entity page, choose the end, read each hop's evidence", async ({
    adminPage: page,
  }, testInfo) => {
    const { graphId, uuid, sentence } = await seedPathGraph(
      e2eStore(),
      fixtureGraph(testInfo, 907),
    );
    await page.goto(`/${graphId}/entity/${uuid("A")}`);
    await page.getByRole("link", { name: "查找路径" }).click();
    await expect(page).toHaveURL(new RegExp(`/${graphId}/path\\?from=${uuid("A")}`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("查找路径");
    await expect(page.getByTestId("picker-from")).toContainText("实体A");
    await expect(page.getByTestId("path-results")).toContainText("请先选择起点和终点实体");

    const to = page.getByTestId("picker-to");
    const field = to.getByLabel("按名称或别名搜索实体");
    if (hasJs(testInfo)) {
      // Suggestions as one types; a choice fills the end.
      await field.pressSequentially("实体D");
      await page.getByRole("option", { name: /实体D/ }).click();
    } else {
      // A plain search, then a link that fills the end.
      await field.fill("实体D");
      await to.getByRole("button", { name: "搜索" }).click();
      await expect(page).toHaveURL(/toq=/);
      await to.getByRole("link", { name: "以“实体D”为终点" }).click();
    }
    await expect(page).toHaveURL(new RegExp(`to=${uuid("D")}`));
    await expect(page).not.toHaveURL(/toq=/);
    await expect(page.getByTestId("path-count")).toContainText("找到 3 条路径");
    const list = page.getByTestId("path-list");
    await expect(list.locator(".path-item")).toHaveCount(3);
    const first = list.locator(".path-item").first();
    await expect(first.locator("h3")).toHaveText("路径 1（2 跳）");
    await expect(first).toContainText(sentence(0));
    await expect(first).toContainText(sentence(1));
    const chart = page.getByTestId("path-chart");
    if (hasJs(testInfo)) {
      await goLive(chart);
      await expect(chart.locator("canvas").first()).toBeVisible();
    } else {
      await expect(chart.locator("img.chart-svg")).toBeVisible();
    }
    expect(await axeViolations(page, testInfo)).toEqual([]);
    await shot(page, testInfo, "kg-path");

    // Only along relations: A→F←D is no longer a path.
    await page.getByLabel("方向").selectOption("out");
    await page.getByRole("button", { name: "查找路径" }).click();
    await expect(page).toHaveURL(/direction=out/);
    await expect(page.getByTestId("path-count")).toContainText("找到 2 条路径");

    // The evidence links to its article.
    await first.getByTestId("evidence-article").first().click();
    await expect(page).toHaveURL(new RegExp(`/${graphId}/article/\\d+`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText("路径证据");
  });

  test("no path within N hops says so and offers a larger N; a bad parameter keeps the choice", async ({
    adminPage: page,
  }, testInfo) => {
    const { graphId, uuid } = await seedPathGraph(e2eStore(), fixtureGraph(testInfo, 908));
    const base = `/${graphId}/path?from=${uuid("A")}&to=${uuid("D")}`;
    // The relation page links here too, its centre as the start.
    await page.goto(`/relation/${uuid("A")}?id=${graphId}`);
    await page.getByTestId("find-path").click();
    await expect(page).toHaveURL(new RegExp(`/${graphId}/path\\?from=${uuid("A")}$`));
    await expect(page.getByTestId("picker-from")).toContainText("实体A");

    await page.goto(`${base}&hops=1`);
    const none = page.getByTestId("no-path");
    await expect(none).toContainText("在 1 跳内没有找到路径");
    await none.getByRole("link", { name: "在 3 跳内查找" }).click();
    await expect(page).toHaveURL(/hops=3/);
    await expect(page.getByTestId("path-list").locator(".path-item")).toHaveCount(3);

    await page.goto(`${base}&hops=9`);
    await expect(page.getByTestId("path-error")).toContainText("hops");
    await expect(page.getByTestId("picker-from")).toContainText("实体A");
    await expect(page.getByTestId("picker-to")).toContainText("实体D");
    await expect(page.getByLabel("最多跳数")).toHaveValue("9");

    // Between two hubs of 6,000 leaves the search exceeds its budget: it stops and says so.
    await page.goto(`/${graphId}/path?from=${uuid("H")}&to=${uuid("G")}&hops=6`);
    await expect(page.getByTestId("path-stopped")).toContainText(
      "搜索超过 5,000 个实体后停止，请减少跳数或按关系类型筛选",
    );
  });

  test("reads well on a phone and in dark mode", async ({ adminPage: page }, testInfo) => {
    const { graphId, uuid } = await seedPathGraph(e2eStore(), fixtureGraph(testInfo, 909));
    const url = `/${graphId}/path?from=${uuid("A")}&to=${uuid("D")}`;
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(url);
    await expect(page.getByTestId("path-list").locator(".path-item")).toHaveCount(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await shot(page, testInfo, "kg-path-phone");
    await page.setViewportSize({ width: 1280, height: 900 });
    await chooseScheme(page, "深色");
    await page.goto(url);
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
    expect(await axeViolations(page, testInfo)).toEqual([]);
    await shot(page, testInfo, "kg-path-dark");
  });
});
