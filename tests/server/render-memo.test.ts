import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browser, consoleBuild, get, type BrowserState, useTestPlatform } from "../helpers/console";
import { apiCall, startPlatform, userWithToken, type TestPlatform } from "../helpers/platform";

/**
 * Issue 25: a document rendered once per what it is rendered from (app/render-memo.server.ts),
 * on the console's real build and a real platform. The same viewer asking for the same page with
 * the same data gets the kept document with its own nonce; anything that changes the data, the
 * language or the viewer gets a new render.
 */

let p: TestPlatform;
let handle: (request: Request, nonce: string) => Promise<Response>;
let admin: BrowserState;
let adminToken: { token: string; csrf: string };
let reader: BrowserState;

beforeAll(async () => {
  p = await startPlatform({ seed: "demo" });
  useTestPlatform(p);
  const build = await consoleBuild();
  const handler = createRequestHandler(build, "production");
  handle = (request, nonce) => handler(request, { cspNonce: nonce });
  adminToken = userWithToken(p.ctx, "memo-admin", ["admin"]);
  admin = await browser(adminToken);
  reader = await browser(userWithToken(p.ctx, "memo-reader", ["kg__graph__read"]));
}, 60_000);
afterAll(() => p.close());

let nonces = 0;
/** A page load with a nonce of its own: how it was answered, and its HTML. */
async function load(url: string, state: BrowserState, headers: Record<string, string> = {}) {
  const nonce = `n0nce${++nonces}x${Math.random().toString(36).slice(2)}`;
  const res = await handle(get(url, state, { "Sec-Fetch-Dest": "document", ...headers }), nonce);
  const html = await res.text();
  const timing = res.headers.get("Server-Timing") ?? "";
  return {
    status: res.status,
    nonce,
    html,
    kept: /render;desc="kept"/.test(timing),
    rendered: /render;dur=/.test(timing),
    type: res.headers.get("Content-Type"),
  };
}

describe("a document asked for again with the same data", () => {
  it("is the kept document with this request's nonce, the same in every other byte", async () => {
    const url = "/backend/setting/users?search=memo-first";
    const first = await load(url, admin);
    const second = await load(url, admin);
    expect(first.status).toBe(200);
    expect(first.rendered).toBe(true);
    expect(second.kept).toBe(true);
    expect(second.type).toBe("text/html; charset=utf-8");
    expect(first.html).toContain(`nonce="${first.nonce}"`);
    // The hydration data is in it (read by the render, patches/@remix-run+server-runtime+*.patch).
    expect(first.html).toContain("streamController.enqueue");
    expect(first.html).toContain("memo-admin");
    expect(second.html).not.toContain(first.nonce);
    expect(second.html).toBe(first.html.split(first.nonce).join(second.nonce));
  });

  it("counts relative times from a moment on a 10 s step, so the same data is the same document", async () => {
    const { html } = await load("/backend/setting/users", admin);
    const now = Number(/\\"now\\",(\d+)/.exec(html)?.[1]);
    expect(now).toBeGreaterThan(Date.now() - 20_000);
    expect(now % 10_000).toBe(0);
  });
});

describe("a new render", () => {
  it("follows a change of the data: a user added is on the next page", async () => {
    const url = "/backend/setting/users?search=memo-new";
    const before = await load(url, admin);
    expect((await load(url, admin)).kept).toBe(true);
    expect(before.html).not.toContain("memo-newcomer");
    const made = await apiCall(p.api, adminToken, "POST", "/common/users/", {
      username: "memo-newcomer",
      email: "memo-newcomer@example.com",
      password: "Memo-newcomer-1",
      is_active: 1,
      groups: [],
    });
    expect(made.status).toBe(201);
    const after = await load(url, admin);
    expect(after.rendered).toBe(true);
    expect(after.html).toContain("memo-newcomer");
    expect((await load(url, admin)).kept).toBe(true);
  });

  it("is made for another language, and for another viewer of the same page", async () => {
    const url = "/245/articles";
    const zh = await load(url, admin);
    expect((await load(url, admin)).kept).toBe(true);
    const en = await load(url, admin, { "Accept-Language": "en-US" });
    expect(en.rendered).toBe(true);
    expect(en.html).toContain('lang="en"');
    expect(zh.html).toContain('lang="zh');
    const other = await load(url, reader);
    expect(other.status).toBe(200);
    expect(other.rendered).toBe(true);
    expect(other.html).toContain("memo-reader");
    expect(other.html).not.toContain("memo-admin");
  });

  it("is made for every refusal and every answer that is not a plain page", async () => {
    for (let i = 0; i < 2; i++) {
      const refused = await load("/backend/setting/users", reader);
      expect(refused.status).toBe(403);
      expect(refused.kept).toBe(false);
    }
    for (let i = 0; i < 2; i++) {
      const missing = await load("/245/article/99999999", admin);
      expect(missing.status).toBe(404);
      expect(missing.kept).toBe(false);
    }
  });
});

describe("the hydration data of a document (patches/@remix-run+server-runtime+2.17.5.patch)", () => {
  /** A one-route build whose document handler reads the hydration data or not; whether its loader's data was encoded. */
  async function documentOf(read: boolean) {
    let encoded = 0;
    const build = {
      mode: "production",
      future: { v3_singleFetch: true },
      isSpaMode: false,
      publicPath: "/build/",
      assetsBuildDirectory: "public/build",
      assets: {
        version: "t",
        url: "/build/manifest.js",
        entry: { module: "/build/entry.js", imports: [] },
        routes: { root: { id: "root", path: "", module: "/build/root.js", hasLoader: true } },
      },
      entry: {
        module: {
          default: async (
            _request: Request,
            status: number,
            headers: Headers,
            context: { serverHandoffStream: ReadableStream<Uint8Array> },
          ) => {
            if (read) await new Response(context.serverHandoffStream).text();
            return new Response("<!DOCTYPE html><p>page</p>", { status, headers });
          },
        },
      },
      routes: {
        root: {
          id: "root",
          path: "",
          module: {
            loader: () => ({
              get watched() {
                encoded++;
                return "data";
              },
            }),
            default: () => null,
          },
        },
      },
    };
    const handler = createRequestHandler(build as unknown as ServerBuild, "production");
    const res = await handler(new Request("http://console.test/"));
    expect(await res.text()).toContain("<p>page</p>");
    return encoded;
  }

  it("is encoded when the render reads it, and not at all for a kept document", async () => {
    expect(await documentOf(true)).toBeGreaterThan(0);
    expect(await documentOf(false)).toBe(0);
  });
});
