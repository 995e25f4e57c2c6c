import AxeBuilder from "@axe-core/playwright";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";
import { seedExploreGraph } from "../app/kg-fixtures";
import { chooseScheme, e2eStore, expect as baseExpect, hasJs, shot, test } from "./fixtures";
import { goLive } from "./live-chart";

const expect = baseExpect.configure({ timeout: 20_000 });

/** A fixture graph id per project (both run side by side against one store; see kg-path.spec.ts). */
const fixtureGraph = (testInfo: TestInfo, base: number) =>
  base * 1000 + (hasJs(testInfo) ? 0 : 500);

/** axe's WCAG A and AA rules (the JavaScript project: the HTML and CSS are the same either way). */
async function axeViolations(page: Page, testInfo: TestInfo) {
  if (!hasJs(testInfo)) return [];
  const { violations } = await new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .setLegacyMode()
    .analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
}

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

  test("reads in lynx: the nodes in order, each action a numbered link", async ({
    adminPage: page,
  }, testInfo) => {
    test.skip(hasJs(testInfo), "lynx has no JavaScript: the no-JS project runs it");
    const { graphId, uuid } = await seedExploreGraph(e2eStore(), fixtureGraph(testInfo, 936));
    // The signed-in session of the browser, handed to lynx as a cookie file.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kg-lynx-explore-"));
    const jar = path.join(dir, "cookies");
    const cookies = await page.context().cookies();
    fs.writeFileSync(
      jar,
      cookies
        .map((c) =>
          [
            c.domain,
            "FALSE",
            c.path,
            c.secure ? "TRUE" : "FALSE",
            "2147483647",
            c.name,
            c.value,
          ].join("\t"),
        )
        .join("\n") + "\n",
    );
    fs.writeFileSync(
      path.join(dir, "lynx.cfg"),
      "PERSISTENT_COOKIES:TRUE\nACCEPT_ALL_COOKIES:TRUE\nPREFERRED_LANGUAGE:zh-CN\nCHARACTER_SET:utf-8\nASSUME_CHARSET:utf-8\n",
    );
    const base = new URL(page.url()).origin;
    const url = `${base}/${graphId}/explore?entity=${uuid("C")}&x=${uuid("C")}~*~any~1`;
    const text = execFileSync(
      "lynx",
      ["-dump", "-width=100", `-cookie_file=${jar}`, `-cookie_save_file=${jar}`, url],
      {
        env: { ...process.env, HOME: dir, LYNX_CFG: path.join(dir, "lynx.cfg"), TERM: "vt100" },
        encoding: "utf8",
      },
    );
    fs.rmSync(dir, { recursive: true, force: true });
    expect(text).toContain("展开探索");
    expect(text).toContain("25 个节点，25 条关系");
    // The node list in order, the entity first, each with its actions as numbered links.
    const first = text.indexOf("点C");
    expect(first).toBeGreaterThan(-1);
    expect(text.indexOf("点O0", first)).toBeGreaterThan(first);
    expect(text).toMatch(/\[\d+\]还有 13 个（.+，出向）/);
    expect(text).toMatch(/\[\d+\]设为中心/);
    expect(text).toMatch(/\[\d+\]隐藏/);
    // The references lead to the next batch.
    expect(text).toContain(`x=${uuid("C")}~`);
  });
});
