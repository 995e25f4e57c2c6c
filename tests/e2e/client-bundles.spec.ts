import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { DEMO } from "../app/kg-fixtures";
import { expect, test } from "./fixtures";

/**
 * Lighter client JavaScript (issue 11): a page loads its language's namespaces that its server
 * render used, not the whole language, and the echarts bundle of its charts' types only; the
 * first client navigation brings the rest of the language before the next page renders. No
 * text is ever a translation key, and hydration finds the server's text.
 */

const NAMESPACES = ["common", "table", "kg", "admin", "insight"];
/** A script of the build named after a namespace or an echarts bundle (esbuild: name-HASH.js). */
const chunkName = (url: string) =>
  /\/build\/_shared\/([a-z-]+(?:\.client)?)-[A-Z0-9]{8}\.js$/.exec(url)?.[1];

/** Every key of the en catalogs, as "ns:a.b" and, for common, "a.b": what a missing namespace shows. */
const KEYS = NAMESPACES.flatMap((ns) => {
  const out: string[] = [];
  const walk = (node: unknown, prefix: string) => {
    if (node && typeof node === "object")
      for (const [k, v] of Object.entries(node)) walk(v, prefix ? `${prefix}.${k}` : k);
    else if (prefix.includes(".")) out.push(`${ns}:${prefix}`, prefix);
  };
  walk(JSON.parse(fs.readFileSync(path.resolve("public/locales/en", `${ns}.json`), "utf8")), "");
  return out;
});

/** The namespace and echarts chunks the page asks for, and React's hydration complaints. */
function watch(page: Page) {
  const chunks: string[] = [];
  const errors: string[] = [];
  page.on("request", (req) => {
    const name = req.resourceType() === "script" ? chunkName(req.url()) : undefined;
    if (name && (NAMESPACES.includes(name) || name.startsWith("echarts"))) chunks.push(name);
  });
  page.on("console", (m) => {
    if (m.type() === "error" && /hydrat|did not match|server rendered/i.test(m.text()))
      errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return { chunks, errors };
}

/** Text nodes that read as a translation key, from now on (a MutationObserver in the page). */
async function watchForKeys(page: Page) {
  await page.evaluate((keys) => {
    const known = new Set(keys);
    const seen: string[] = [];
    (window as unknown as { __keysSeen: string[] }).__keysSeen = seen;
    const check = (node: Node) => {
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      for (let n: Node | null = node; n; n = walker.nextNode()) {
        const text = n.nodeType === Node.TEXT_NODE ? n.textContent?.trim() : undefined;
        if (text && known.has(text)) seen.push(text);
      }
    };
    new MutationObserver((records) => {
      for (const r of records) r.addedNodes.forEach(check);
      if (known.has(document.title)) seen.push(document.title);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, KEYS);
  return () => page.evaluate(() => (window as unknown as { __keysSeen: string[] }).__keysSeen);
}

const LOGIN_BUTTON = { zh: "登录", en: "Log in", es: "Entrar" } as const;

for (const [lng, locale] of [
  ["zh", "zh-CN"],
  ["en", "en-US"],
  ["es", "es-ES"],
] as const) {
  test.describe(`in ${lng}`, () => {
    test.use({ locale });

    test(`/login loads its language's common namespace alone and hydrates cleanly @js-only`, async ({
      page,
    }) => {
      const { chunks, errors } = watch(page);
      await page.goto("/login");
      await expect(page.locator("html")).toHaveAttribute("lang", lng);
      await expect(
        page.getByRole("button", { name: LOGIN_BUTTON[lng], exact: true }),
      ).toBeVisible();
      expect(chunks).toEqual(["common"]);
      expect(errors).toEqual([]);
    });
  });
}

test("a page preloads no module: the manifest, the entry, its route modules and their chunks load from the module script, and it hydrates cleanly @js-only", async ({
  adminPage: page,
}) => {
  const { errors } = watch(page);
  await page.goto("/backend/setting/users");
  await hydrated(page);
  const { routeIds, loaded } = await page.evaluate(() => ({
    routeIds: (
      window as unknown as { __remixRouter: { state: { matches: { route: { id: string } }[] } } }
    ).__remixRouter.state.matches.map((m) => m.route.id),
    loaded: performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname),
  }));

  const html = await (await page.request.get("/backend/setting/users")).text();
  expect(html).not.toContain("modulepreload");
  const manifestUrl = /import "(\/build\/manifest-[^"]+\.js)"/.exec(html)?.[1];
  expect(manifestUrl).toBeTruthy();
  const source = await (await page.request.get(manifestUrl!)).text();
  const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as {
    entry: { module: string; imports: string[] };
    routes: Record<string, { module: string; imports?: string[] }>;
  };
  const routes = routeIds.map((id) => manifest.routes[id]);
  expect(routes.length).toBeGreaterThan(1);
  for (const module of [
    manifestUrl!,
    manifest.entry.module,
    ...manifest.entry.imports,
    ...routes.flatMap((r) => [r.module, ...(r.imports ?? [])]),
  ])
    expect(loaded).toContain(module);
  // The page works as before.
  await page.getByTestId("add").click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(errors).toEqual([]);
});

/** The echarts bundles among the chunks a page asked for. */
const echartsChunks = (chunks: string[]) => chunks.filter((c) => c.startsWith("echarts"));

/** Waits until the page is hydrated (the root marks `<html data-hydrated>`) and the network is idle. */
async function hydrated(page: Page) {
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  await page.waitForLoadState("networkidle");
}

test.describe("a page's charts", () => {
  test("load no echarts before a gesture; one hover makes the chart live with its tooltip, with its chart types' bundle only @js-only", async ({
    adminPage: page,
  }) => {
    const home = watch(page);
    await page.goto(`/?id=${DEMO.military}`);
    await hydrated(page);
    // Hydrated and idle: the server's pictures, no echarts asked for.
    const chart = page.locator(".chart").first();
    await expect(chart.locator("img.chart-svg")).toBeVisible();
    await expect(chart).toHaveAttribute("data-live", "false");
    expect(echartsChunks(home.chunks)).toEqual([]);
    // One gesture: the pointer over the chart. The live chart replaces the picture and shows
    // the tooltip of what is under the pointer, without another move.
    await chart.hover();
    await expect(chart).toHaveAttribute("data-live", "true");
    await expect(chart.locator("canvas").first()).toBeVisible();
    await expect(chart.locator("img.chart-svg")).toHaveCount(0);
    const tooltip = chart.locator(".chart-live > div").nth(1);
    await expect(tooltip).toBeVisible();
    const categories = await page
      .getByTestId("chart-data")
      .first()
      .locator("tbody th")
      .allTextContents();
    expect(categories.length).toBeGreaterThan(0);
    expect(categories).toContain((await tooltip.innerText()).split("\n")[0].trim());
    expect(echartsChunks(home.chunks)).toEqual(["echarts-bars.client"]);
    // The page's other chart stays a picture until it is used.
    await expect(page.locator(".chart").nth(1)).toHaveAttribute("data-live", "false");
    expect(home.errors).toEqual([]);
  });

  test("a graph goes live on the keyboard's focus in its toolbar, with the graph bundle only @js-only", async ({
    adminPage: page,
  }) => {
    const graphPage = watch(page);
    await page.goto(`/relation/${DEMO.hub}?id=${DEMO.military}`);
    await hydrated(page);
    const chart = page.getByTestId("graph-chart");
    await expect(chart).toHaveAttribute("data-live", "false");
    expect(echartsChunks(graphPage.chunks)).toEqual([]);
    // A button of the toolbar is there before the chart is live: focusing it is the gesture.
    const zoomIn = page.getByRole("button", { name: "放大" });
    await zoomIn.focus();
    await expect(chart).toHaveAttribute("data-live", "true");
    await expect(chart.locator("canvas").first()).toBeVisible();
    expect(echartsChunks(graphPage.chunks)).toEqual(["echarts-graph.client"]);
    expect(graphPage.errors).toEqual([]);
  });

  test("a button pressed before the graph is live makes it live and does its work @js-only", async ({
    adminPage: page,
  }) => {
    await page.goto(`/relation/${DEMO.hub}?id=${DEMO.military}`);
    await hydrated(page);
    const chart = page.getByTestId("graph-chart");
    await expect(chart).toHaveAttribute("data-live", "false");
    // Dispatched without moving the pointer or the focus: the press alone.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("export-png").dispatchEvent("click"),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.png$/);
    await expect(chart).toHaveAttribute("data-live", "true");
  });

  test("goes live without a gesture when its picture is in another scheme than the page shows @js-only", async ({
    adminPage: page,
  }) => {
    const home = watch(page);
    await page.goto(`/?id=${DEMO.military}`);
    await hydrated(page);
    const chart = page.locator(".chart").first();
    await expect(chart).toHaveAttribute("data-scheme", "light");
    await expect(chart).toHaveAttribute("data-live", "false");
    // What Mantine's script does when "auto" resolves to the system's dark in the browser.
    await page.evaluate(() => (document.documentElement.dataset.mantineColorScheme = "dark"));
    await expect(chart).toHaveAttribute("data-live", "true");
    await expect(chart).toHaveAttribute("data-scheme", "dark");
    expect(echartsChunks(home.chunks)).toEqual(["echarts-bars.client"]);
  });
});

test.describe("the first client navigation", () => {
  test("brings the rest of the language before the next page renders: no key shows @js-only", async ({
    adminPage: page,
  }) => {
    await page.goto(`/?id=${DEMO.military}`);
    const { chunks, errors } = watch(page);
    const keysSeen = await watchForKeys(page);
    // A link of the page, followed by the router as a click would be.
    await page.evaluate(
      (to) =>
        (
          window as unknown as { __remixRouter: { navigate(to: string): void } }
        ).__remixRouter.navigate(to),
      `/count/entity?graph=${DEMO.military}`,
    );
    await expect(page).toHaveURL(/\/count\/entity/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("实体统计");
    await expect(page).toHaveTitle(/^实体统计 - /);
    // The data of a client navigation has no server picture: the chart is drawn live at once.
    await expect(page.locator(".chart").first()).toHaveAttribute("data-live", "true");
    expect(chunks.filter((c) => NAMESPACES.includes(c)).sort()).toEqual(
      NAMESPACES.filter((ns) => ns !== "common" && ns !== "kg").sort(),
    );
    expect(await keysSeen()).toEqual([]);
    expect(errors).toEqual([]);
  });
});

test("from the root's error page too, the first client navigation brings the rest of the language first @js-only", async ({
  adminPage: page,
}) => {
  // A graph id the public layout cannot read: its 404 is drawn by the root's error boundary.
  const res = await page.goto("/?id=abc");
  expect(res?.status()).toBe(404);
  await hydrated(page);
  await expect(page.getByTestId("error-status")).toHaveText("404");
  const keysSeen = await watchForKeys(page);
  await page.getByRole("link", { name: "返回首页" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("home")).toBeVisible();
  expect(await keysSeen()).toEqual([]);
});

test("a chart of a client navigation shows that it is coming while echarts loads @js-only", async ({
  adminPage: page,
}) => {
  await page.goto(`/?id=${DEMO.military}`);
  await hydrated(page);
  // echarts' bundles wait until the sign has been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/echarts-[a-z]+\.client-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.evaluate(
    (to) =>
      (
        window as unknown as { __remixRouter: { navigate(to: string): void } }
      ).__remixRouter.navigate(to),
    `/count/entity?graph=${DEMO.military}`,
  );
  const chart = page.locator(".chart").first();
  await expect(chart.getByTestId("chart-loading")).toBeVisible();
  await expect(chart).toHaveAttribute("data-live", "false");
  release();
  await expect(chart).toHaveAttribute("data-live", "true");
  await expect(chart.getByTestId("chart-loading")).toHaveCount(0);
  await expect(chart.locator("canvas").first()).toBeVisible();
});

/**
 * Where, in the page, the server's picture of a graph draws its `n`th node (the SVG's circles in
 * drawing order), from the picture's own geometry: its viewBox fitted into the image's box.
 */
async function nodeCentre(page: Page, n: number) {
  return page
    .getByTestId("graph-chart")
    .locator("img.chart-svg")
    .evaluate((img, n) => {
      const { src } = img as HTMLImageElement;
      const svg = decodeURIComponent(src.slice(src.indexOf(",") + 1));
      const [, , w, h] = /viewBox="([^"]+)"/.exec(svg)![1].split(" ").map(Number);
      const circles = [
        ...svg.matchAll(/<path d="M1 0A1 1 0 1 1[^"]*" transform="matrix\(([^)]+)\)"/g),
      ];
      const [, , , , cx, cy] = circles[n][1].split(",").map(Number);
      const box = img.getBoundingClientRect();
      const scale = Math.min(box.width / w, box.height / h);
      return {
        x: box.left + (box.width - w * scale) / 2 + cx * scale,
        y: box.top + (box.height - h * scale) / 2 + cy * scale,
      };
    }, n);
}

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true, viewport: { width: 390, height: 844 } });

  test("the tap that makes a graph live opens the node under it, as a tap on the live graph does @js-only", async ({
    adminPage: page,
  }) => {
    const url = `/relation/${DEMO.hub}?id=${DEMO.military}`;
    const chart = page.getByTestId("graph-chart");
    // On the live graph: a tap that only makes it live first, then one on a node.
    await page.goto(url);
    await hydrated(page);
    await page.getByTestId("graph-chart").locator("img.chart-svg").scrollIntoViewIfNeeded();
    const node = await nodeCentre(page, 2);
    const box = (await chart.boundingBox())!;
    await page.touchscreen.tap(box.x + 4, box.y + 4);
    await expect(chart).toHaveAttribute("data-live", "true");
    await expect(page).toHaveURL(url);
    await page.touchscreen.tap(node.x, node.y);
    await expect(page).toHaveURL(/expand=/);
    const opened = page.url();
    // Before it is live: the one tap on the same node.
    await page.goto(url);
    await hydrated(page);
    await page.getByTestId("graph-chart").locator("img.chart-svg").scrollIntoViewIfNeeded();
    await expect(chart).toHaveAttribute("data-live", "false");
    const same = await nodeCentre(page, 2);
    await page.touchscreen.tap(same.x, same.y);
    await expect(page).toHaveURL(opened);
  });
});

/** The stylesheets a page's HTML links (the server's answer: the same with JavaScript off). */
async function stylesheets(page: Page, url: string) {
  const html = await (await page.request.get(url)).text();
  const hrefs = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map(
    ([tag]) => /\bhref="([^"]+)"/.exec(tag)![1],
  );
  return Promise.all(hrefs.map(async (href) => (await page.request.get(href)).text()));
}
/** A class of a Mantine package's own stylesheet (the first one it defines). */
const firstClass = (pkg: string) =>
  /\.m_[0-9a-f]{8}/.exec(
    fs.readFileSync(path.resolve(`node_modules/${pkg}/styles.css`), "utf8"),
  )![0];

test.describe("a page's stylesheets", () => {
  test("hold Mantine's rules for the components the console uses, and the date picker's and dropzone's only where one is", async ({
    adminPage: page,
  }) => {
    const dates = firstClass("@mantine/dates");
    const dropzone = firstClass("@mantine/dropzone");
    const tabs = /\.m_[0-9a-f]{8}/.exec(
      fs.readFileSync(path.resolve("node_modules/@mantine/core/styles/Tabs.css"), "utf8"),
    )![0];
    const has = (sheets: string[], cls: string) => sheets.some((css) => css.includes(cls));

    const login = await stylesheets(page, "/login");
    // Mantine's whole stylesheet alone was 231 KB (and the dates and dropzone styles came too).
    expect(login.join("").length).toBeLessThan(160_000);
    expect(has(login, tabs)).toBe(false);
    expect(has(login, dates)).toBe(false);
    expect(has(login, dropzone)).toBe(false);

    const chart = await stylesheets(page, `/?id=${DEMO.military}`);
    expect(has(chart, dates) || has(chart, dropzone)).toBe(false);
    // The articles' filter has day fields; a table's import dialog a dropzone.
    expect(has(await stylesheets(page, `/${DEMO.military}/articles`), dates)).toBe(true);
    expect(has(await stylesheets(page, "/backend/setting/users"), dropzone)).toBe(true);
  });
});
