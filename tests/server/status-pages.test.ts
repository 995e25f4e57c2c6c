import { createRequestHandler } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isNavigation, withStatusPages } from "../../server/status-pages";
import { browser, consoleBuild, type BrowserState, useTestPlatform } from "../helpers/console";
import { startPlatform, userWithToken, type TestPlatform } from "../helpers/platform";

/**
 * Issue 24: the one rule for resource routes (server/status-pages.ts), on the console's real
 * build and a real platform: a browser's navigation that a resource route refuses gets the
 * console's page for the status; every other caller, and every answer that is not a refusal,
 * gets what the route answered.
 */

let p: TestPlatform;
let handle: (request: Request) => Promise<Response>;
let refused: BrowserState;
let admin: BrowserState;

beforeAll(async () => {
  p = await startPlatform({ seed: "demo" });
  useTestPlatform(p);
  const build = await consoleBuild();
  const handler = createRequestHandler(withStatusPages(build, "production"), "production");
  handle = (request) => handler(request, { cspNonce: "test" });
  refused = await browser(userWithToken(p.ctx, "reader", ["kg__graph__read"]));
  admin = await browser(userWithToken(p.ctx, "chief", ["admin"]));
}, 60_000);
afterAll(() => p.close());

const NAVIGATE = { "Sec-Fetch-Mode": "navigate", Accept: "text/html,*/*;q=0.8" };
const FETCH = { "Sec-Fetch-Mode": "cors", Accept: "*/*" };

function get(path: string, state: BrowserState, headers: Record<string, string>) {
  return handle(
    new Request(`http://console.test${path}`, {
      headers: { Cookie: state.cookie, "Accept-Language": "zh-CN", ...headers },
    }),
  );
}

const errorStatus = (html: string) => /data-testid="error-status"[^>]*>(\d+)</.exec(html)?.[1];

describe("a resource route's refusal", () => {
  it("is the console's page for a browser's navigation, the bare status for anything else", async () => {
    const page = await get("/backend/setting/users/export", refused, NAVIGATE);
    expect(page.status).toBe(403);
    expect(page.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(page.headers.get("Vary")).toContain("Sec-Fetch-Mode");
    const html = await page.text();
    expect(errorStatus(html)).toBe("403");
    expect(html).toContain("您没有访问该页面的权限");
    expect(html).toContain('data-testid="admin-layout"');

    for (const headers of [FETCH, {}, { Accept: "text/event-stream", "Sec-Fetch-Mode": "cors" }]) {
      const bare = await get("/backend/setting/users/export", refused, headers);
      expect([bare.status, bare.headers.get("Content-Type"), await bare.text()]).toEqual([
        403,
        "text/plain;charset=UTF-8",
        "",
      ]);
    }
  });

  it("is a page for a form posted without JavaScript, and for what is not found (admin and public layouts)", async () => {
    const form = new FormData();
    form.append("intent", "errors");
    const posted = await handle(
      new Request("http://console.test/backend/setting/users/export", {
        method: "POST",
        body: form,
        headers: { Cookie: refused.cookie, "Accept-Language": "zh-CN", ...NAVIGATE },
      }),
    );
    expect(posted.status).toBe(403);
    expect(errorStatus(await posted.text())).toBe("403");

    // An ontology's OWL file that does not exist: the admin shell's 404, the message worded from its key.
    const owl = await get("/schema/owl/999999", admin, NAVIGATE);
    expect(owl.status).toBe(404);
    const shell = await owl.text();
    expect(shell).toContain('data-testid="admin-layout"');
    expect(shell).toContain("本体不存在");

    const missing = await get("/999999/export?format=ttl", refused, NAVIGATE);
    expect(missing.status).toBe(404);
    const html = await missing.text();
    expect(errorStatus(html)).toBe("404");
    expect(html).toContain("知识图谱不存在");
    expect(html).toMatch(/<title>404 抱歉，您访问的页面不存在 - /);
  });

  it("leaves every answer that is not a refusal as it was: a download, a redirect", async () => {
    const csv = await get("/backend/setting/users/export", admin, NAVIGATE);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(await csv.text()).toContain("admin");

    const anonymous = await get(
      "/backend/setting/users/export",
      { cookie: "", csrfToken: "" },
      NAVIGATE,
    );
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login\?redirect=/);
  });
});

describe("a browser's navigation", () => {
  const request = (headers: Record<string, string>) =>
    new Request("http://console.test/x", { headers });

  it("is told by Fetch Metadata where the browser sends it, else by asking for HTML", () => {
    expect(isNavigation(request({ "Sec-Fetch-Mode": "navigate", Accept: "*/*" }))).toBe(true);
    expect(isNavigation(request({ "Sec-Fetch-Mode": "cors", Accept: "text/html" }))).toBe(false);
    expect(isNavigation(request({ "Sec-Fetch-Mode": "no-cors" }))).toBe(false);
    expect(isNavigation(request({ Accept: "text/html, text/plain" }))).toBe(true); // lynx
    expect(isNavigation(request({ Accept: "*/*" }))).toBe(false); // curl
    expect(isNavigation(request({}))).toBe(false);
  });
});
