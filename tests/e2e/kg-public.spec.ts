import { DEMO } from "../app/kg-fixtures";
import { expect as baseExpect, hasJs, shot, test } from "./fixtures";
import { goLive } from "./live-chart";

/** Assertions wait longer than the default 7 s: the server may be drawing a big graph for another test. */
const expect = baseExpect.configure({ timeout: 20_000 });

/** The public graph pages (spec §6 whitelist), opened without logging in, JavaScript on and off. */

test.describe("public graph pages without login", () => {
  test("operational flow chart: layered diagram, steps, another flow", async ({
    page,
  }, testInfo) => {
    await page.goto(`/${DEMO.military}/flowchart`);
    await expect(page).toHaveURL(new RegExp(`/${DEMO.military}/flowchart$`));
    const chart = page.getByTestId("graph-chart");
    if (hasJs(testInfo)) await goLive(chart);
    else await expect(chart.locator("img.chart-svg")).toBeVisible();
    await expect(page.getByTestId("chart-data")).toContainText("开始");
    await expect(page.getByTestId("flow-steps").locator("tbody tr").first()).toContainText("开始");
    await expect(page.getByRole("link", { name: "登录" })).toBeVisible();
    await shot(page, testInfo, "kg-flowchart");
    const picker = page.getByTestId("flow-picker").getByRole("link");
    const second = (await picker.nth(1).textContent())!;
    await picker.nth(1).click();
    await expect(page).toHaveURL(/flow=\d+/);
    await expect(page.getByTestId("flow-chart")).toContainText(second);
    // A general graph has no flows: an empty state, not an error.
    await page.goto(`/${DEMO.general}/flowchart`);
    await expect(page.getByTestId("empty")).toBeVisible();
  });

  test("causal event graph fits its card at desktop width, every box and label inside", async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/eeg?id=${DEMO.military}`);
    const section = page.getByTestId("event-graph");
    const chart = section.getByTestId("graph-chart");
    // The picture: the live canvas with JavaScript, the server's SVG without.
    const picture = hasJs(testInfo) ? chart.locator("canvas").first() : chart.locator("img");
    if (hasJs(testInfo)) await goLive(chart);
    await expect(picture).toBeVisible();
    const card = (await section.boundingBox())!;
    const box = (await picture.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(card.x);
    expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width + 0.5);
    expect(box.y + box.height).toBeLessThanOrEqual(card.y + card.height + 0.5);
    // Nothing hidden to scroll to: the whole layout (labels inside their boxes) is in view.
    const overflow = await section
      .locator(".chart-scroll")
      .evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    // The cue column keeps each cue on one line.
    const cue = section.page().getByTestId("event-graph-links").locator(".event-cue").first();
    await expect(cue).toHaveCSS("white-space", "nowrap");
    await shot(page, testInfo, "kg-eeg-1440");
  });

  test("causal event graph: strongest links, filtered by link type, each with its strength", async ({
    page,
  }, testInfo) => {
    await page.goto(`/eeg?id=${DEMO.military}`);
    await expect(page).toHaveURL(/\/eeg\?id=245$/);
    const chart = page.getByTestId("graph-chart");
    if (hasJs(testInfo)) await goLive(chart);
    else await expect(chart.locator("img.chart-svg")).toBeVisible();
    await expect(page.getByTestId("chart-data")).toContainText("因果");
    await expect(page.getByTestId("event-graph-links").locator("tbody tr").first()).toBeVisible();
    await shot(page, testInfo, "kg-eeg");
    await page.getByLabel("顺承").check();
    await page.getByRole("button", { name: "应用" }).click();
    await expect(page).toHaveURL(/types=sequence/);
    // With JavaScript the URL changes as the new rows render: poll until they are there.
    const types = page.getByTestId("event-graph-links").locator("tbody .link-type");
    await expect.poll(async () => [...new Set(await types.allTextContents())]).toEqual(["顺承"]);
  });

  test("back to top appears only past 400 px of scrolling, with JavaScript or without (spec §9)", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 480 });
    await page.goto(`/${DEMO.military}/flowchart`);
    const top = page.getByTestId("back-to-top");
    const shown = () =>
      top.evaluate((el) => {
        const style = getComputedStyle(el);
        return (
          style.visibility !== "hidden" &&
          Number(style.opacity) > 0.5 &&
          style.pointerEvents !== "none"
        );
      });
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(
      480 + 600,
    );
    await expect.poll(shown).toBe(false);
    await page.evaluate(() => window.scrollTo({ top: 600, behavior: "instant" }));
    await expect.poll(shown).toBe(true);
    await top.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect.poll(shown).toBe(false);
  });

  test("unknown graphs and flows are a 404 page with a way back", async ({ page }) => {
    for (const path of [
      "/99999/flowchart",
      `/${DEMO.military}/flowchart?flow=99999`,
      "/eeg?id=99999",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("link", { name: "返回首页" })).toBeVisible();
    }
  });

  test("the other graph pages ask for a login first", async ({ page }) => {
    await page.goto(`/${DEMO.military}/articles`);
    await expect(page).toHaveURL(/\/login\?redirect=%2F245%2Farticles$/);
  });
});
