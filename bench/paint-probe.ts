/** Paint timings of a page load in Chromium, and the pages measured, shared by the paint benches. */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { BrowserContext, Page } from "@playwright/test";

/** The pages every paint tool measures unless named. */
export const PAINT_PAGES = [
  "/login",
  "/backend/setting/users",
  "/245/articles",
  "/hotevent",
  "/245/flowchart",
  "/?id=245",
];

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Notes on `page`, from its next load on, when the root marks `<html data-hydrated>`
 * (`hydratedAt` reads it). On the page, not its context: a context reused for many loads
 * would gather one observer per call.
 */
export async function watchHydration(page: Page) {
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const w = window as unknown as { __hydratedAt?: number };
      if (document.documentElement.dataset.hydrated) w.__hydratedAt ??= performance.now();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
  });
}

/** When the page watched by `watchHydration` was hydrated (ms since navigation), or NaN. */
export const hydratedAt = (page: Page) =>
  page.evaluate(() => (window as unknown as { __hydratedAt?: number }).__hydratedAt ?? NaN);

/**
 * First contentful paint and largest contentful paint of one load of `url` in a new tab of
 * `context`, with the CPU slowed down 4× (Chrome DevTools Protocol), the LCP entries (time, size,
 * element) for a reader who asks what painted, and when the page was hydrated (the root's
 * `<html data-hydrated>`; NaN with `marksHydration: false`, for a page that never marks it,
 * such as the bare app's). `latencyMs` adds that much to every request's round trip (DevTools'
 * network emulation), as a remote server would. `from` is a page of another site to start from
 * (`startPage`): the load is then a navigation from that page, as a person's is from a link or
 * the address bar, instead of from the new tab's `about:blank`.
 */
export async function paintTimes(
  context: BrowserContext,
  url: string,
  { marksHydration = true, latencyMs = 0, from = "" } = {},
): Promise<{ lcp: number; fcp: number; hydrated: number; entries: string[] }> {
  const page = await context.newPage();
  if (from) {
    await page.goto(from);
    // A browser keeps a spare renderer ready for the next navigation; give it time to start.
    await page.waitForTimeout(START_PAGE_SETTLE_MS);
  }
  await watchHydration(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  if (latencyMs)
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: latencyMs,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  await page.goto(url, { waitUntil: "networkidle" });
  // The network can be idle for 500 ms before the scripts' work at 4× CPU is done.
  if (marksHydration)
    await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 30_000 });
  const hydrated = await hydratedAt(page);
  const { lcp, fcp, entries } = await page.evaluate(
    () =>
      new Promise<{ lcp: number; fcp: number; entries: string[] }>((resolve) => {
        new PerformanceObserver((list) => {
          const all = list.getEntries() as (PerformanceEntry & {
            element?: Element;
            size: number;
          })[];
          const paint = performance.getEntriesByName("first-contentful-paint")[0];
          resolve({
            lcp: all[all.length - 1].startTime,
            fcp: paint?.startTime ?? NaN,
            // No named functions in here: tsx would wrap them in a helper the page lacks.
            entries: all.map((e) =>
              [
                `${e.startTime.toFixed(0)} ms ${e.size} px²`,
                e.element
                  ? `<${e.element.tagName.toLowerCase()}${e.element.id ? `#${e.element.id}` : ""}> "${(e.element.textContent ?? "").trim().slice(0, 30)}"${e.element.isConnected ? "" : " (detached)"}`
                  : "(removed)",
              ].join(" "),
            ),
          });
        }).observe({ type: "largest-contentful-paint", buffered: true });
        // A page that paints nothing large enough gives no entry: do not wait for ever.
        setTimeout(() => {
          const paint = performance.getEntriesByName("first-contentful-paint")[0];
          resolve({ lcp: NaN, fcp: paint?.startTime ?? NaN, entries: ["(none in 15 s)"] });
        }, 15_000);
      }),
  );
  await cdp.detach();
  await page.close();
  return { lcp, fcp, hydrated, entries };
}

const START_PAGE_SETTLE_MS = 500;

/**
 * A page of another site to start loads from (`paintTimes`' `from`): a one-line document on
 * `localhost`, another site than the `127.0.0.1` of the console and the bare app, so the load is
 * a cross-site navigation, as from a person's search page, mail or bookmark.
 */
export async function startPage() {
  const server = http.createServer((_, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end("<!doctype html><html lang=en><title>start</title><p>start</p></html>");
  });
  await new Promise<void>((resolve) => server.listen(0, "localhost", resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}/`,
    close: () => server.close(),
  };
}

/** Signs `context` in as admin through the login form (the bench servers run with CAPTCHA=off). */
export async function signIn(context: BrowserContext, password: string) {
  const login = await context.newPage();
  await login.goto("/login");
  await login.getByPlaceholder("请输入用户名").fill("admin");
  await login.getByPlaceholder("请输入密码").fill(password);
  await login.getByPlaceholder("请输入验证码").fill("any"); // CAPTCHA=off: any answer passes
  await Promise.all([
    login.waitForURL((u) => !u.pathname.startsWith("/login")),
    login.getByRole("button", { name: "登录", exact: true }).click(),
  ]);
  await login.close();
}
