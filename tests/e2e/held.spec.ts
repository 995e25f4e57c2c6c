import type { Page } from "@playwright/test";
import { DEMO } from "../app/kg-fixtures";
import { expect, hasJs, test } from "./fixtures";

/**
 * Decision 039: the pictures a page load draws on the server (the login captcha, the charts'
 * SVG) are in its HTML once, in their <img>, not also in the hydration data after it; with
 * JavaScript the hydrated page shows the same picture (taken from the document), with no
 * error; without, the page is as it was.
 */

/** The document as served, split at the end of its markup: the rest is the hydration data. */
async function documentOf(page: Page, url: string) {
  const res = await page.goto(url);
  const html = await res!.text();
  const end = html.indexOf("</html>");
  return { markup: html.slice(0, end), data: html.slice(end) };
}

const srcs = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src")));

test.describe("pictures in a page load's HTML once", () => {
  test("the login captcha", async ({ page }, testInfo) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const { markup, data } = await documentOf(page, "/login");
    const image = page.getByTestId("captcha-image");
    await expect(image).toBeVisible();
    const src = (await image.getAttribute("src"))!;
    expect(src).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(markup).toContain(src);
    expect(data).not.toContain(src.slice(0, 200));
    expect(data).not.toContain("data:image/svg+xml");
    expect(data).toContain("held:0");
    // The picture drawn is the image's: it has a size, as the server's had.
    expect(await image.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
    if (hasJs(testInfo)) {
      // A new one (a data fetch) is the value itself, drawn as before.
      await page.getByRole("button", { name: "换一张" }).click();
      await expect(image).not.toHaveAttribute("src", src);
      await expect(image).toHaveAttribute("src", /^data:image\/svg\+xml;base64,/);
      await expect(image).not.toHaveAttribute("data-held");
    }
    expect(errors).toEqual([]);
  });

  test("a chart page's SVG", async ({ page }, testInfo) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const { markup, data } = await documentOf(page, `/${DEMO.military}/flowchart`);
    const pictures = await srcs(page, "img.chart-svg");
    expect(pictures.length).toBeGreaterThan(0);
    for (const src of pictures) {
      expect(src).toMatch(/^data:image\/svg\+xml/);
      expect(markup).toContain(src!.replace(/&/g, "&amp;").slice(0, 200));
    }
    // The hydration data has the chart's option and a mark, not the drawing.
    expect(data).not.toMatch(/\\u003csvg/);
    expect(data).toContain("held:0");
    if (hasJs(testInfo)) {
      // Hydrated: the same pictures (read from the document), each drawn.
      expect(await srcs(page, "img.chart-svg")).toEqual(pictures);
      const drawn = await page
        .locator("img.chart-svg:not([hidden])")
        .first()
        .evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0);
      expect(drawn).toBe(true);
    }
    expect(errors).toEqual([]);
  });
});
