import { seedExploreGraph } from "../app/kg-fixtures";
import { chooseScheme, e2eStore, expect as baseExpect, hasJs, shot, test } from "./fixtures";
import { goLive } from "./live-chart";
import { axeViolations, fixtureGraph } from "./kg-shared";

const expect = baseExpect.configure({ timeout: 20_000 });

/** Issue 23 item 2: exploration with a budget, every step in the URL, with JavaScript and without. */
test.describe("exploration page", () => {
  test.describe.configure({ timeout: 90_000 });

  test("explore from the entity page with a budget, open +N more, undo with Back, redo with Forward", async ({
    adminPage: page,
  }, testInfo) => {
    const { graphId, uuid } = await seedExploreGraph(e2eStore(), fixtureGraph(testInfo, 933));
    await page.goto(`/${graphId}/entity/${uuid("C")}`);
    await page.getByRole("link", { name: "展开探索" }).click();
    await expect(page).toHaveURL(new RegExp(`/${graphId}/explore\\?entity=${uuid("C")}&x=`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("展开探索");
    const size = page.getByTestId("explore-size");
    // The budget of 25 relations: 24 neighbours (one reached twice) and the entity.
    await expect(size).toHaveText("25 个节点，25 条关系");
    const nodes = page.getByTestId("explore-nodes");
    await expect(nodes.locator(":scope > li")).toHaveCount(25);
    const chart = page.getByTestId("explore-chart");
    if (hasJs(testInfo)) {
      await goLive(chart);
      // Marks this document: a full reload would lose it.
      await page.evaluate(() => ((window as unknown as { __kgStay: number }).__kgStay = 1));
    } else {
      await expect(chart.locator("img.chart-svg")).toBeVisible();
    }
    expect(await axeViolations(page, testInfo)).toEqual([]);
    await shot(page, testInfo, "kg-explore");

    // The rest of the big group is one link away: the next batch of that type and direction.
    const more = nodes.getByRole("link", { name: /^还有 13 个（.+，出向）$/ });
    await more.click();
    await expect(page).toHaveURL(/~out~1/);
    await expect(size).toHaveText("38 个节点，38 条关系");
    await expect(nodes.getByTestId("explore-more")).toHaveCount(0);
    if (hasJs(testInfo)) {
      // Changed in place: the same document, the picture live.
      expect(await page.evaluate(() => (window as unknown as { __kgStay?: number }).__kgStay)).toBe(
        1,
      );
      await expect(chart.locator("canvas").first()).toBeAttached();
    }

    // Hide a node: out of the picture and the lists, listed as hidden with a way back.
    await nodes
      .locator(":scope > li", { hasText: "点T1" })
      .getByRole("link", { name: "隐藏", exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`hide=${uuid("T1")}`));
    await expect(size).toHaveText("37 个节点，37 条关系");
    await expect(page.getByTestId("explore-hidden")).toContainText("点T1");

    // Back undoes each step, Forward redoes it.
    await page.goBack();
    await expect(size).toHaveText("38 个节点，38 条关系");
    await page.goBack();
    await expect(size).toHaveText("25 个节点，25 条关系");
    await page.goForward();
    await expect(size).toHaveText("38 个节点，38 条关系");

    // A smaller budget: the form keeps the steps taken.
    await page.getByLabel("每批最多邻居数").selectOption("10");
    await page.getByRole("button", { name: "应用" }).click();
    await expect(page).toHaveURL(/budget=10/);
    // A form writes ~ as %7E: the same state.
    await expect(page).toHaveURL(/(~|%7E)out(~|%7E)1/);
    await expect(size).toHaveText("21 个节点，20 条关系");
  });

  test("collapse and unfold a node, pin a centre, and refuse a state that does not parse", async ({
    adminPage: page,
  }, testInfo) => {
    const { graphId, uuid } = await seedExploreGraph(e2eStore(), fixtureGraph(testInfo, 934));
    await page.goto(`/relation/${uuid("C")}?id=${graphId}`);
    await page.getByTestId("open-explore").click();
    await expect(page).toHaveURL(new RegExp(`/${graphId}/explore\\?entity=${uuid("C")}`));
    const nodes = page.getByTestId("explore-nodes");
    const o0 = nodes.locator(":scope > li", { hasText: "点O0" }).first();
    await o0.getByRole("link", { name: "展开", exact: true }).click();
    await expect(nodes).toContainText("点Far");
    await o0.getByRole("link", { name: "折叠", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`collapse=${uuid("O0")}`));
    await expect(nodes).not.toContainText("点Far");
    await expect(page.getByTestId("explore-waiting")).toBeVisible();
    await o0.getByRole("link", { name: "恢复展开" }).click();
    await expect(nodes).toContainText("点Far");
    await o0.getByRole("link", { name: "设为中心" }).click();
    await expect(page).toHaveURL(new RegExp(`pin=${uuid("O0")}`));
    await expect(o0.locator(".explore-tag")).toHaveText("中心");
    await expect(o0.getByRole("link", { name: "设为中心" })).toHaveCount(0);

    // The path page offers an exploration from its start.
    await page.goto(`/${graphId}/path?from=${uuid("T1")}`);
    await page.getByRole("link", { name: "展开探索" }).click();
    await expect(page).toHaveURL(new RegExp(`/${graphId}/explore\\?entity=${uuid("T1")}&`));
    await expect(page.getByTestId("explore-size")).toHaveText("2 个节点，1 条关系");

    const res = await page.goto(`/${graphId}/explore?entity=${uuid("C")}&budget=abc`);
    expect(res?.status()).toBe(400);
    await expect(page.locator("body")).toContainText("budget");
  });

  test("reads well on a phone and in dark mode", async ({ adminPage: page }, testInfo) => {
    const { graphId, uuid } = await seedExploreGraph(e2eStore(), fixtureGraph(testInfo, 935));
    const url = `/${graphId}/explore?entity=${uuid("C")}&x=${uuid("C")}~*~any~1`;
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(url);
    await expect(page.getByTestId("explore-nodes").locator(":scope > li")).toHaveCount(25);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await shot(page, testInfo, "kg-explore-phone");
    await page.setViewportSize({ width: 1280, height: 900 });
    await chooseScheme(page, "深色");
    await page.goto(url);
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
    expect(await axeViolations(page, testInfo)).toEqual([]);
    await shot(page, testInfo, "kg-explore-dark");
  });
});
