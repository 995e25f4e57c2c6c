import type { Page, TestInfo } from "@playwright/test";
import { DEMO, SCRIPT_NAME, seedHubGraph, seedMarkupArticle } from "../app/kg-fixtures";
import { e2eStore, expect as baseExpect, hasJs, shot, test } from "./fixtures";
import { goLive } from "./live-chart";
import { fixtureGraph } from "./kg-shared";

/**
 * One server serves both projects side by side, and drawing a 2,000-node graph keeps it busy
 * for a moment: assertions wait longer than the default 7 s.
 */
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * The graph pages with JavaScript on (charts live: echarts on canvas) and off (the
 * server's SVG, links and GET forms), logged in as an administrator.
 */

/** With JavaScript the server's SVG (an image) gives way to the live chart; without it the image stays. */
async function expectChart(page: Page, testInfo: TestInfo, testId = "graph-chart") {
  const chart = page.getByTestId(testId).first();
  await expect(chart).toBeVisible();
  if (hasJs(testInfo)) {
    // Live on the first gesture (issue 11): the pointer over it.
    await goLive(chart);
    await expect(chart.locator("canvas").first()).toBeVisible();
  } else {
    await expect(chart.locator("img.chart-svg").first()).toBeVisible();
  }
}

test.describe("graph pages", () => {
  // Each test walks several pages (and both projects share one server): more than the default 30 s.
  test.describe.configure({ timeout: 60_000 });
  test("home: counts, hot events and entities, type charts, recent articles", async ({
    adminPage: page,
  }, testInfo) => {
    await page.goto(`/?id=${DEMO.military}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("军事装备知识图谱");
    const counts = page.getByTestId("counts");
    await expect(counts).toContainText("文章");
    await expect(counts).toContainText("事件关联");
    await expect(page.getByTestId("hot-events").locator("li").first()).toBeVisible();
    await expect(page.getByTestId("hot-entities").locator(".entity-chip").first()).toBeVisible();
    await expect(page.getByTestId("recent-articles").locator("li")).toHaveCount(6);
    const chart = page.locator(".chart").first();
    if (hasJs(testInfo)) await goLive(chart);
    else await expect(chart.locator("img.chart-svg")).toBeVisible();
    // Its data as a table, for people who do not see the picture (both modes).
    await expect(page.getByTestId("chart-data").first()).toContainText("军队");
    await shot(page, testInfo, "kg-home");
    // Spec §2 header: the military graph shows the operational flow and event-logic graph...
    const nav = page.getByRole("navigation", { name: "导航" });
    await expect(nav.locator('[data-name="flowchart"]')).toBeVisible();
    await expect(nav.locator('[data-name="eGraph"]')).toBeVisible();
    await expect(nav.locator('[data-name="articles"]')).toBeVisible();
    // ...a general graph shows the article list but neither of those.
    await page.goto(`/?id=${DEMO.general}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("通用百科知识图谱");
    await expect(nav.locator('[data-name="articles"]')).toBeVisible();
    await expect(nav.locator('[data-name="flowchart"]')).toHaveCount(0);
    await expect(nav.locator('[data-name="eGraph"]')).toHaveCount(0);
  });

  test("header: graph picker with domain tags, the same page for another graph, default 245, the last choice remembered", async ({
    adminPage: page,
  }, testInfo) => {
    await page.goto("/");
    const picker = page.getByTestId("graph-picker");
    await expect(picker.locator("summary")).toContainText("军事");
    await expect(picker.locator("summary")).toContainText("军事装备知识图谱");
    await page.goto(`/${DEMO.military}/articles`);
    await picker.locator("summary").click();
    await expect(picker.getByRole("link", { name: /通用百科知识图谱/ })).toContainText("通用");
    await shot(page, testInfo, "kg-graph-picker");
    await picker.getByRole("link", { name: /通用百科知识图谱/ }).click();
    await expect(page).toHaveURL(new RegExp(`/${DEMO.general}/articles$`));
    await expect(page.getByTestId("articles-page")).toContainText("通用百科知识图谱");
    // Pages without a graph in the URL show the last one chosen.
    await page.goto("/hotevent");
    await expect(page.getByTestId("hotevent-page")).toContainText("通用百科知识图谱");
    await expect(picker.locator("summary")).toContainText("通用百科知识图谱");
  });

  test("header on a phone: two rows, every page link reachable, nothing wider than the screen", async ({
    adminPage: page,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 760 });
    await page.goto(`/?id=${DEMO.military}`);
    const header = page.locator(".pub-header");
    await expect(header.getByTestId("graph-picker").locator("summary")).toContainText("军事");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    const nav = page.getByRole("navigation", { name: "导航" });
    const box = (await nav.boundingBox())!;
    expect(box.width).toBeGreaterThan(300);
    // The links row scrolls sideways; the last link can be brought into view and followed.
    const last = nav.getByRole("link", { name: "控制台" });
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport();
    await shot(page, testInfo, "kg-header-phone");
    await nav.getByRole("link", { name: "文本分析" }).click();
    await expect(page).toHaveURL(new RegExp(`/${DEMO.military}/extract$`));
    // With JavaScript the address changes before the new page is drawn, and drawing it closes
    // any open menu (root.tsx): the link marked current says it is drawn.
    await expect(nav.getByRole("link", { name: "文本分析" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    // The menus keep working with their icons only.
    await page.getByTestId("user-menu").locator("summary").click();
    await expect(
      page.getByTestId("user-menu").getByRole("button", { name: "退出登录" }),
    ).toBeVisible();
  });

  test("articles: search, time range, pagination, and an article with its source sentence highlighted", async ({
    adminPage: page,
  }, testInfo) => {
    await page.goto(`/${DEMO.military}/articles`);
    await page.getByLabel("关键词").fill("MQ-9B");
    await page.getByLabel("开始日期").fill("2024-12-01");
    await page.getByRole("button", { name: "搜索" }).click();
    await expect(page).toHaveURL(/search=MQ-9B/);
    const results = page.getByTestId("article-results").locator(".article-list li");
    await expect(results.first()).toContainText("MQ-9B");
    await shot(page, testInfo, "kg-articles");
    await page.goto(`/${DEMO.military}/articles`);
    await page.getByTestId("pager").getByRole("link", { name: "2", exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByTestId("pager").locator('[aria-current="page"]')).toHaveText("2");

    await page.goto(`/${DEMO.military}/article/${DEMO.article}?sent=0-40#s-0`);
    const hl = page.getByTestId("highlighted-sentence");
    await expect(hl).toBeVisible();
    await expect(hl).toBeInViewport();
    await expect(page.getByTestId("article-text").locator(".mention").first()).toBeVisible();
    await expect(page.getByTestId("article-events")).toContainText("印度国防部宣布采购MQ-9B无人机");
    await shot(page, testInfo, "kg-article");
    // A relation's source link leads back to its sentence, highlighted.
    await page.getByTestId("article-relations").getByTestId("source-link").first().click();
    await expect(page).toHaveURL(/\?sent=\d+-\d+#s-\d+$/);
    await expect(page.getByTestId("highlighted-sentence")).toBeVisible();
  });

  test("stored markup and script show as text and never run", async ({
    adminPage: page,
  }, testInfo) => {
    const { graphId, article } = await seedMarkupArticle(e2eStore(), fixtureGraph(testInfo, 981));
    await page.goto(`/${graphId}/article/${article}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(
      '<img src=x onerror="window.__kgXss=3">标记测试',
    );
    await expect(page.getByTestId("article-text")).toContainText(`<b>粗体</b>${SCRIPT_NAME}`);
    await expect(page.getByTestId("article-text").locator("b")).toHaveCount(0);
    await expect(page.getByTestId("article-entities")).toContainText(SCRIPT_NAME);
    if (hasJs(testInfo))
      expect(
        await page.evaluate(() => (window as unknown as { __kgXss?: number }).__kgXss),
      ).toBeUndefined();
    await page.goto(`/relation/evil-${graphId}?id=${graphId}`);
    await expectChart(page, testInfo);
    await expect(page.getByTestId("node-table")).toContainText(SCRIPT_NAME);
    if (hasJs(testInfo))
      expect(
        await page.evaluate(() => (window as unknown as { __kgXss?: number }).__kgXss),
      ).toBeUndefined();
    await shot(page, testInfo, "kg-markup");
  });

  test("events: filter by type, place and time; hot events with a time window and an event's detail", async ({
    adminPage: page,
  }, testInfo) => {
    await page.goto(`/${DEMO.military}/event`);
    await page.getByLabel("事件类型").selectOption({ label: "部署" });
    await page.getByLabel("地点").fill("釜山");
    await page.getByRole("button", { name: "搜索" }).click();
    await expect(page).toHaveURL(/place=/);
    const items = page.getByTestId("event-item");
    await expect(items.first()).toContainText("美国海军向釜山部署密歇根号核潜艇");
    await shot(page, testInfo, "kg-events");

    await page.goto(`/hotevent?id=${DEMO.military}`);
    await page.getByTestId("time-window").getByRole("link", { name: "近一年" }).click();
    await expect(page).toHaveURL(/days=365/);
    await expectChart(page, testInfo, "trend-chart");
    const rows = page.getByTestId("hot-ranking").locator("tbody tr");
    await expect(rows.nth(5)).toBeVisible();
    await shot(page, testInfo, "kg-hotevent");
    await page
      .getByTestId("hot-ranking")
      .getByRole("link", { name: "美国海军向釜山部署密歇根号核潜艇" })
      .click();
    await expect(page).toHaveURL(new RegExp(`/hotevent/${DEMO.event}`));
    await expect(page.getByTestId("event-timeline").locator("li")).toHaveCount(3);
    await expect(page.getByTestId("participants")).toContainText("美国海军");
    await expect(page.getByTestId("causes")).toContainText("朝鲜");
    await shot(page, testInfo, "kg-hotevent-detail");
    // The cause's source sentence, highlighted in its article.
    await page.getByTestId("cause-list").getByTestId("source-link").first().click();
    await expect(page.getByTestId("highlighted-sentence")).toBeVisible();
  });

  test("hot entities: ranking with trends, filtered by type", async ({
    adminPage: page,
  }, testInfo) => {
    await page.goto(`/hotentity?id=${DEMO.military}&days=365`);
    await expectChart(page, testInfo, "trend-chart");
    await expect(page.getByTestId("hot-ranking").locator("tbody tr").nth(5)).toBeVisible();
    await page.getByLabel("实体类型").selectOption({ label: "国家" });
    await page.getByRole("button", { name: "应用" }).click();
    await expect(page).toHaveURL(/type=\d+/);
    await expect(page.getByTestId("hot-ranking")).toContainText("美国");
    await shot(page, testInfo, "kg-hotentity");
  });

  test("relation graph: expand and collapse, filter by type, export", async ({
    adminPage: page,
  }, testInfo) => {
    await page.goto(`/relation/${DEMO.hub}?id=${DEMO.military}`);
    await expectChart(page, testInfo);
    const before = await page.getByTestId("node-table").locator("tbody tr").count();
    await page
      .getByTestId("node-table")
      .locator("tr", { hasText: "美国海军第七舰队" })
      .getByTestId("expand")
      .click();
    await expect(page).toHaveURL(/expand=/);
    await expect(page.getByTestId("collapse")).toHaveCount(1);
    expect(await page.getByTestId("node-table").locator("tbody tr").count()).toBeGreaterThan(
      before,
    );
    await expectChart(page, testInfo);
    await shot(page, testInfo, "kg-relation-expanded");
    // A busy machine can take a while to lay out the merged graph: navigation gets more time here.
    await Promise.all([
      page.waitForURL(/expand=none/, { timeout: 20_000 }),
      page.getByTestId("collapse").click(),
    ]);
    await expect(page.getByTestId("node-table").locator("tbody tr")).toHaveCount(before);

    await page
      .getByTestId("graph-filter")
      .getByLabel(/^隶属于/)
      .check();
    await page.getByTestId("graph-filter").getByRole("button", { name: "应用" }).click();
    await expect(page).toHaveURL(/types=\d+/);
    // With JavaScript the URL changes as the new rows render: poll until they are there.
    const predicates = page.getByTestId("edge-rows").locator(".predicate");
    await expect
      .poll(async () => [...new Set(await predicates.allTextContents())])
      .toEqual(["隶属于"]);

    // The SVG file works in every browser; with JavaScript the picture also exports as PNG.
    const svg = await page.request.get(
      (await page.getByTestId("export-svg").getAttribute("href")) ?? "",
    );
    expect(svg.headers()["content-type"]).toContain("image/svg+xml");
    if (hasJs(testInfo)) {
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByTestId("export-png").click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.png$/);
    }
  });

  test("a 2,000-node relation graph stays interactive", async ({ adminPage: page }, testInfo) => {
    test.slow();
    const { graphId, hub } = await seedHubGraph(e2eStore(), fixtureGraph(testInfo, 991), 2100);
    await page.goto(`/relation/${hub}?id=${graphId}&limit=2000`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`枢纽${graphId}`);
    await expectChart(page, testInfo);
    await shot(page, testInfo, "kg-relation-2000");
    if (!hasJs(testInfo)) return;
    // Zooming redraws 2,000 nodes and links within a frame budget a person does not notice.
    const ms = await page.evaluate(async () => {
      const zoomIn = document.querySelector<HTMLButtonElement>('button[aria-label="放大"]')!;
      const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const t0 = performance.now();
      for (let i = 0; i < 5; i++) {
        zoomIn.click();
        await frame();
      }
      return (performance.now() - t0) / 5;
    });
    expect(ms).toBeLessThan(500);
  });

  test("entity page: its own header, properties, relation graph, events, articles", async ({
    adminPage: page,
  }, testInfo) => {
    await page.goto(`/${DEMO.military}/entity/${DEMO.hub}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("美国海军");
    await expect(page.getByTestId("entity-profile")).toContainText("美海军");
    await expect(page.getByTestId("entity-relations").locator("tbody tr").first()).toBeVisible();
    await expect(page.getByTestId("entity-articles").locator("li").first()).toBeVisible();
    await expectChart(page, testInfo);
    await expect(page.locator(".pub-nav")).toContainText("控制台");
    await shot(page, testInfo, "kg-entity");
    await page.getByTestId("entity-relations").getByTestId("source-link").first().click();
    await expect(page.getByTestId("highlighted-sentence")).toBeVisible();
  });

  test("event-logic graph: pick an event, walk its causes and effects", async ({
    adminPage: page,
  }, testInfo) => {
    await page.goto(`/${DEMO.military}/egraph`);
    await page
      .getByTestId("event-picker")
      .getByRole("link", { name: "美国海军向釜山部署密歇根号核潜艇" })
      .click();
    await expect(page).toHaveURL(new RegExp(`event=${DEMO.event}`));
    await expect(page.getByTestId("center-event")).toContainText(
      "美国海军向釜山部署密歇根号核潜艇",
    );
    await page.getByLabel("跳数").selectOption("3");
    await page.getByTestId("center-event").getByRole("button", { name: "应用" }).click();
    await expect(page).toHaveURL(/hops=3/);
    await expectChart(page, testInfo);
    await expect(page.getByTestId("event-graph-links")).toContainText("因果");
    await shot(page, testInfo, "kg-egraph");
  });

  test("text analysis: a pasted text, an empty one, an article", async ({
    adminPage: page,
  }, testInfo) => {
    await page.goto(`/${DEMO.military}/extract`);
    await page.getByRole("button", { name: "开始分析" }).click();
    // The textarea is not `required`: the server's message is the one shown.
    await expect(page.getByTestId("extract-error")).toHaveText("请输入要分析的文本");
    const text = "因为朝鲜试射火星-18洲际弹道导弹，美国海军随后向釜山部署密歇根号核潜艇。";
    await page.getByLabel("输入或粘贴文本").fill(text);
    await page.getByRole("button", { name: "开始分析" }).click();
    await expect(page.getByTestId("extract-entities")).toContainText("美国海军");
    await expect(page.getByTestId("extract-events")).toContainText("部署");
    await expect(page.getByTestId("extract-causal").locator("li").first()).toBeVisible();
    await expect(page.getByLabel("输入或粘贴文本")).toHaveValue(text);
    await shot(page, testInfo, "kg-extract");
    await page.getByLabel("或选择一篇文章").selectOption(String(DEMO.article));
    await page.getByRole("button", { name: "分析这篇文章" }).click();
    await expect(page.getByTestId("extract-stats")).toContainText("印度国防部宣布采购MQ-9B无人机");
  });

  test("unknown ids are a 404 page with a way back", async ({ adminPage: page }, testInfo) => {
    for (const path of [
      `/${DEMO.military}/article/999999`,
      "/article/abc",
      "/hotevent/999999",
      `/relation/no-such-entity?id=${DEMO.military}`,
      `/${DEMO.military}/entity/no-such-entity`,
      "/99999/articles",
      `/${DEMO.military}/egraph?event=999999`,
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByTestId("error-status")).toHaveText("404");
      await expect(page.getByRole("link", { name: "返回首页" })).toBeVisible();
    }
    await shot(page, testInfo, "kg-404");
  });
});
