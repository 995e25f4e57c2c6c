import type { Locator } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Makes a chart live as a person would (issue 11): echarts loads on the first gesture on a
 * chart (here the pointer over it), until then the server's SVG is shown. `chart` is the
 * chart's box (`.chart`, or its test id); waits until the live chart is drawn on its canvas.
 */
export async function goLive(chart: Locator, timeout = 20_000) {
  await chart.hover();
  await expect(chart).toHaveAttribute("data-live", "true", { timeout });
  await expect(chart.locator("canvas").first()).toBeAttached({ timeout });
}
