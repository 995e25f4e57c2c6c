import { chromium } from "@playwright/test";
import fs from "node:fs";
const cookies = fs.readFileSync("/tmp/cj", "utf8").split("\n").map(l => l.replace(/^#HttpOnly_/, "")).filter(l => l && !l.startsWith("#")).map(l => l.split("\t")).filter(p => p.length >= 7).map(p => ({ name: p[5], value: p[6], domain: "localhost", path: "/" }));
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox"] });
for (const [w, h, scheme] of [[1440, 900, "light"], [390, 844, "dark"]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, locale: "zh-CN", colorScheme: scheme });
  await ctx.addCookies(cookies);
  const page = await ctx.newPage();
  if (scheme === "dark") { await page.goto("http://localhost:3650/dashboard"); await page.locator("[data-testid=language-switch] summary").first().click(); await page.getByRole("button", { name: "深色" }).first().click(); await page.waitForLoadState("load"); }
  for (const p of process.argv.slice(2)) {
    await page.goto("http://localhost:3650" + p);
    await page.screenshot({ path: `/tmp/shot-${w}-${p.replace(/[^a-z0-9]/gi, "_")}.png`, fullPage: false });
  }
  await ctx.close();
}
await browser.close();
