// `npm run tour`: the README's tour (docs/tour/*.webp), taken from the real server on a fresh
// demo store, as the e2e run starts it. Builds when needed, serves on a free port, logs in as the
// seeded admin, photographs the main screens at 1280×800 and encodes each as WebP (in the
// browser's own encoder, so no image library) under ~150 KB.
import { execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type Page } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/helpers/chromium";
import { freePort } from "../tests/helpers/free-port";

const OUT = path.resolve("docs/tour");
const VIEWPORT = { width: 1280, height: 800 };
const MAX_BYTES = 150 * 1024;
const GRAPH = 245;

async function startServer(port: number, password: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kg-tour-"));
  const server = spawn(process.execPath, ["build/server.js"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: password,
      SEED: "demo",
      // Any captcha answer passes: the tour is automation.
      CAPTCHA: "off",
      SESSION_SECRET: crypto.randomBytes(16).toString("hex"),
    },
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error("server did not start in 60 s");
    await new Promise((r) => setTimeout(r, 300));
  }
  const stop = () => {
    server.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { base, stop };
}

/** The page's screenshot as WebP, at the lowest quality step that keeps it under MAX_BYTES. */
async function webp(browser: Browser, png: Buffer): Promise<Buffer> {
  const page = await browser.newPage();
  try {
    for (const quality of [0.85, 0.75, 0.65, 0.55]) {
      const dataUrl = await page.evaluate(
        async ({ src, quality }) => {
          const img = new Image();
          img.src = src;
          await img.decode();
          const canvas = document.createElement("canvas");
          canvas.width = img.naturalWidth;
          canvas.height = img.naturalHeight;
          canvas.getContext("2d")!.drawImage(img, 0, 0);
          return canvas.toDataURL("image/webp", quality);
        },
        { src: `data:image/png;base64,${png.toString("base64")}`, quality },
      );
      const bytes = Buffer.from(dataUrl.split(",")[1], "base64");
      if (bytes.length <= MAX_BYTES || quality === 0.55) return bytes;
    }
    throw new Error("unreachable");
  } finally {
    await page.close();
  }
}

/** Waits until the page is hydrated and its chart (if any) has been drawn. */
async function settle(page: Page) {
  await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 20_000 });
  await page.waitForLoadState("networkidle");
  const live = page.locator('[data-live="true"]');
  if (await page.locator("[data-live]").count()) await live.first().waitFor({ timeout: 20_000 });
  // Let the chart's entry animation finish.
  await page.waitForTimeout(1200);
}

async function main() {
  execFileSync(process.execPath, ["scripts/ensure-build.mjs"], { stdio: "inherit" });
  const password = `tour-${crypto.randomBytes(6).toString("hex")}`;
  const { base, stop } = await startServer(await freePort(), password);
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    fs.mkdirSync(OUT, { recursive: true });
    const save = async (page: Page, name: string) => {
      const file = path.join(OUT, `${name}.webp`);
      fs.writeFileSync(file, await webp(browser, await page.screenshot()));
      console.log(
        `${path.relative(process.cwd(), file)}  ${(fs.statSync(file).size / 1024).toFixed(0)} KB`,
      );
    };
    const context = await browser.newContext({
      viewport: VIEWPORT,
      locale: "zh-CN",
      baseURL: base,
    });
    const page = await context.newPage();

    await page.goto("/login");
    await settle(page);
    await save(page, "1-login");
    await page.getByPlaceholder("请输入用户名").fill("admin");
    await page.getByPlaceholder("请输入密码").fill(password);
    await page.getByPlaceholder("请输入验证码").fill("0000");
    await Promise.all([
      page.waitForURL((u) => !u.pathname.startsWith("/login")),
      page.getByRole("button", { name: "登录", exact: true }).click(),
    ]);

    await page.goto(`/?id=${GRAPH}`);
    await settle(page);
    await save(page, "2-home");

    // An article of the hottest event: one that reports several linked facts.
    await page.locator('main a[href^="/hotevent/"]').first().click();
    await page.waitForURL(/\/hotevent\/\d+/);
    await settle(page);
    await page.locator(`main a[href^="/${GRAPH}/article/"]`).first().click();
    await page.waitForURL(new RegExp(`/${GRAPH}/article/\\d+`));
    await settle(page);
    // The link scrolls to the event's sentence (highlighted): show the article from its title.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await save(page, "3-article");

    // The relation graph of the graph's best-connected entity (美国海军 in the demo).
    await page.goto(`/graph/detail/${GRAPH}?search=${encodeURIComponent("美国海军")}`);
    await settle(page);
    const relation = await page.locator('a[href^="/relation/"]').first().getAttribute("href");
    await page.goto(relation!);
    await settle(page);
    await save(page, "4-relation-graph");

    await page.goto("/backend/setting/users");
    await settle(page);
    await save(page, "5-users");

    await page.goto("/graph/index");
    await settle(page);
    await save(page, "6-graph-management");

    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(`/?id=${GRAPH}`);
    await settle(page);
    await save(page, "7-dark-mode");
    await context.close();
  } finally {
    await browser.close();
    stop();
  }
}

await main();
