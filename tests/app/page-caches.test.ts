import Database from "better-sqlite3";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { platformFor } from "~/auth/platform.server";
import { forgetViewerInfo } from "~/platform-client/info-cache.server";
import { setInProcessTransport } from "~/platform-client/transport.server";
import { requireViewer } from "~/auth/guard.server";
import { previewGroups } from "~/auth/account.server";
import { resourcesApi } from "~/platform-client/resources.server";
import type { TableSchema } from "@contract/resources";
import { TOUCH_INTERVAL_MS } from "../../platform/auth/context";
import { inProcessFetch } from "../../platform/in-process";
import { browser, get, run, useTestPlatform, type BrowserState } from "../helpers/console";
import { apiCall, startPlatform, userWithToken, type TestPlatform } from "../helpers/platform";
import { sqliteHandle } from "../helpers/sql.js";

/** Issue 11: the caches on a page's path, and the bounds they keep. */

const WINDOW_MS = 400;
let p: TestPlatform;
/** Platform calls by path, as the console sent them (in-process, so each is seen here). */
const calls: string[] = [];

beforeAll(async () => {
  p = await startPlatform();
  useTestPlatform(p);
  process.env.VIEWER_INFO_CACHE_MS = String(WINDOW_MS);
  transport(true);
});

/** In-process, with the store version (as server.ts registers it) or without (as a remote platform has none). */
function transport(withVersion: boolean) {
  const inner = express();
  inner.set("trust proxy", "loopback");
  inner.use("/api", p.platform.router);
  const handle = inProcessFetch(inner);
  setInProcessTransport({
    base: p.api,
    handle: (request) => {
      calls.push(new URL(request.url).pathname.replace(/^\/api/, ""));
      return handle(request);
    },
    ...(withVersion ? { storeVersion: () => p.ctx.store.version() } : {}),
  });
}
afterAll(async () => {
  setInProcessTransport(undefined);
  delete process.env.VIEWER_INFO_CACHE_MS;
  await p.close();
});
afterEach(() => {
  forgetViewerInfo();
  calls.length = 0;
});

const infoCalls = () => calls.filter((c) => c === "/common/users/info/").length;

describe("the viewer's info, kept per token for VIEWER_INFO_CACHE_MS", () => {
  it("is asked once per window, however many pages", async () => {
    const u = userWithToken(p.ctx, "cache1", ["admin"]);
    const state = await browser(u);
    for (const page of ["/dashboard", "/backend/setting/users", "/dashboard"])
      await requireViewer(get(page, state));
    expect(infoCalls()).toBe(1);
    await new Promise((r) => setTimeout(r, WINDOW_MS + 50));
    await requireViewer(get("/dashboard", state));
    expect(infoCalls()).toBe(2);
  });

  it("is asked afresh after any write the console sends", async () => {
    const u = userWithToken(p.ctx, "cache2", ["admin"]);
    const state = await browser(u);
    await requireViewer(get("/dashboard", state));
    const api = await platformFor(get("/dashboard", state));
    await api.post("/common/users/valid/", { password: "pass-cache2" });
    await requireViewer(get("/dashboard", state));
    expect(infoCalls()).toBe(2);
  });

  it("follows a change committed by another process at once (embedded platform: the store's version)", async () => {
    const u = userWithToken(p.ctx, "cache6", ["admin"]);
    const state = await browser(u);
    await requireViewer(get("/dashboard", state));
    await requireViewer(get("/dashboard", state));
    expect(infoCalls()).toBe(1);
    const other = new Database(sqliteHandle(p.ctx).name);
    other
      .prepare("UPDATE tokens SET ended_at = ?, ended_reason = 'replaced' WHERE key = ?")
      .run(Date.now(), u.token);
    other.close();
    const r = await run(() => requireViewer(get("/dashboard", state)));
    expect(r.status).toBe(302);
    expect(r.response?.headers.get("location")).toBe("/login?redirect=%2Fdashboard");
  });

  it("follows a change made elsewhere within the window (a platform elsewhere: no store version)", async () => {
    transport(false);
    onTestFinished(() => transport(true));
    const u = userWithToken(p.ctx, "cache3", ["admin"]);
    const state = await browser(u);
    await requireViewer(get("/dashboard", state));
    // Another process (or console) ends the login: this one sees it within the window.
    const other = new Database(sqliteHandle(p.ctx).name);
    other
      .prepare("UPDATE tokens SET ended_at = ?, ended_reason = 'logout' WHERE key = ?")
      .run(Date.now(), u.token);
    other.close();
    const ended = Date.now();
    // When each attempt that still let the viewer in began: every one must have begun within
    // the window (the answer kept was fetched before `ended`). Measured at each attempt's start,
    // so a slow attempt on a busy machine does not count against the window.
    const stillIn: number[] = [];
    await vi.waitFor(
      async () => {
        const began = Date.now();
        const r = await run(() => requireViewer(get("/dashboard", state)));
        if (r.status !== 302) stillIn.push(began - ended);
        expect(r.status).toBe(302);
      },
      { timeout: WINDOW_MS + 5_000, interval: 20 },
    );
    expect(stillIn.filter((ms) => ms > WINDOW_MS)).toEqual([]);
  });

  it("keeps no refusal, and each refused page gets its own redirect", async () => {
    const u = userWithToken(p.ctx, "cache4", ["admin"]);
    sqliteHandle(p.ctx)
      .prepare("UPDATE tokens SET ended_at = ?, ended_reason = 'replaced' WHERE key = ?")
      .run(Date.now(), u.token);
    const state = await browser(u);
    const [a, b] = await Promise.all([
      run(() => requireViewer(get("/dashboard", state))),
      run(() => requireViewer(get("/backend/setting/users?page=3", state))),
    ]);
    expect(a.response?.headers.get("location")).toBe("/login?redirect=%2Fdashboard");
    expect(b.response?.headers.get("location")).toBe(
      "/login?redirect=%2Fbackend%2Fsetting%2Fusers%3Fpage%3D3",
    );
    await run(() => requireViewer(get("/dashboard", state)));
    expect(infoCalls()).toBe(2); // the concurrent two shared one answer; the refusal was not kept
  });

  it("is off with VIEWER_INFO_CACHE_MS=0", async () => {
    process.env.VIEWER_INFO_CACHE_MS = "0";
    try {
      const state = await browser(userWithToken(p.ctx, "cache5", ["admin"]));
      await requireViewer(get("/dashboard", state));
      await requireViewer(get("/dashboard", state));
      expect(infoCalls()).toBe(2);
    } finally {
      process.env.VIEWER_INFO_CACHE_MS = String(WINDOW_MS);
    }
  });
});

describe("the token's last-used time", () => {
  const lastUsed = (token: string) =>
    sqliteHandle(p.ctx)
      .prepare("SELECT last_used_at FROM tokens WHERE key = ?")
      .pluck()
      .get(token) as number;

  it(`is written when older than ${TOUCH_INTERVAL_MS / 1000} s, not on every request`, async () => {
    const u = userWithToken(p.ctx, "touch1", ["admin"]);
    const recent = Date.now() - 10_000;
    sqliteHandle(p.ctx)
      .prepare("UPDATE tokens SET last_used_at = ? WHERE key = ?")
      .run(recent, u.token);
    expect((await apiCall(p.api, u, "GET", "/common/users/info/")).status).toBe(200);
    expect(lastUsed(u.token)).toBe(recent);
    sqliteHandle(p.ctx)
      .prepare("UPDATE tokens SET last_used_at = ? WHERE key = ?")
      .run(Date.now() - TOUCH_INTERVAL_MS - 1, u.token);
    const before = Date.now();
    expect((await apiCall(p.api, u, "GET", "/common/users/info/")).status).toBe(200);
    expect(lastUsed(u.token)).toBeGreaterThanOrEqual(before);
  });

  it("still ends the token after the idle minutes", async () => {
    const u = userWithToken(p.ctx, "touch2", ["admin"]);
    sqliteHandle(p.ctx)
      .prepare("UPDATE tokens SET last_used_at = ? WHERE key = ?")
      .run(Date.now() - 15 * 60_000 - 1, u.token);
    const r = await apiCall(p.api, u, "GET", "/common/users/info/");
    expect(r.status).toBe(401);
    expect(r.body.code).toBe("token_expired");
  });
});

describe("schema answers, kept per store version", () => {
  const groups = async (u: { token: string; csrf: string }) =>
    (
      (await apiCall(p.api, u, "GET", "/common/users/schema")).body.select_options.groups as {
        label: string;
      }[]
    ).map((g) => g.label);

  it("show a write of this process in the next answer", async () => {
    const u = userWithToken(p.ctx, "schema1", ["admin"]);
    expect(await groups(u)).not.toContain("新组甲");
    expect(await groups(u)).not.toContain("新组甲"); // kept
    expect((await apiCall(p.api, u, "POST", "/common/groups/", { name: "新组甲" })).status).toBe(
      201,
    );
    expect(await groups(u)).toContain("新组甲");
  });

  it("show a write of another connection (another process) in the next answer", async () => {
    const u = userWithToken(p.ctx, "schema2", ["admin"]);
    expect(await groups(u)).not.toContain("新组乙");
    const other = new Database(sqliteHandle(p.ctx).name);
    other.prepare("INSERT INTO groups (name) VALUES (?)").run("新组乙");
    other.close();
    expect(await groups(u)).toContain("新组乙");
  });

  it("are per viewer: the account rule's locks follow who asks", async () => {
    const a = userWithToken(p.ctx, "schema3", ["admin"]);
    const b = userWithToken(p.ctx, "schema4", ["admin"]);
    const locked = async (u: { token: string; csrf: string; id: number }) =>
      (await apiCall(p.api, u, "GET", "/common/users/schema")).body.locked[u.id];
    expect(await locked(a)).toBeDefined();
    expect(await locked(b)).toBeDefined();
    expect(
      (await apiCall(p.api, a, "GET", "/common/users/schema")).body.locked[b.id],
    ).toBeUndefined();
  });
});

describe("a table's schema and the admin's preview groups, kept by the console like the info", () => {
  const schemaCalls = () => calls.filter((c) => c === "/common/users/schema/").length;
  const groupCalls = () => calls.filter((c) => c === "/common/groups/").length;
  const schemaOf = async (state: BrowserState, lang = "zh-CN") =>
    resourcesApi.getSchema<TableSchema>(
      await platformFor(get("/backend/setting/users", state, { "Accept-Language": lang })),
      "common/users",
    );

  it("are asked once per window and language, however many pages", async () => {
    const state = await browser(userWithToken(p.ctx, "kept1", ["admin"]));
    const first = await schemaOf(state);
    expect(await schemaOf(state)).toBe(first);
    expect(schemaCalls()).toBe(1);
    const en = await schemaOf(state, "en");
    expect(schemaCalls()).toBe(2);
    expect(en.table_fields).not.toEqual(first.table_fields); // labels in the page's language
    const api = await platformFor(get("/backend/setting/users", state));
    await previewGroups(api);
    await previewGroups(api);
    expect(groupCalls()).toBe(1);
  });

  it("are read-only: a page cannot change what the next page is given", async () => {
    const state = await browser(userWithToken(p.ctx, "kept2", ["admin"]));
    const schema = await schemaOf(state);
    expect(() => {
      (schema.table_fields as Record<string, unknown>).username = "changed";
    }).toThrow(TypeError);
    expect(Object.isFrozen(schema.select_options)).toBe(true);
  });

  it("follow a write of this process, and a change committed by another, at once", async () => {
    const u = userWithToken(p.ctx, "kept3", ["admin"]);
    const state = await browser(u);
    const labels = async () =>
      (await schemaOf(state)).select_options.groups!.map((g) => String(g.label));
    expect(await labels()).not.toContain("保留组甲");
    const api = await platformFor(get("/backend/setting/users", state));
    await api.post("/common/groups/", { name: "保留组甲" });
    expect(await labels()).toContain("保留组甲");
    expect(await previewGroups(api)).toContainEqual(expect.objectContaining({ name: "保留组甲" }));
    const other = new Database(sqliteHandle(p.ctx).name);
    other.prepare("INSERT INTO groups (name) VALUES (?)").run("保留组乙");
    other.close();
    expect(await labels()).toContain("保留组乙");
    expect(await previewGroups(api)).toContainEqual(expect.objectContaining({ name: "保留组乙" }));
  });

  it("keep no refusal, and each refused page gets its own redirect", async () => {
    const u = userWithToken(p.ctx, "kept4", ["admin"]);
    sqliteHandle(p.ctx)
      .prepare("UPDATE tokens SET ended_at = ?, ended_reason = 'replaced' WHERE key = ?")
      .run(Date.now(), u.token);
    const state = await browser(u);
    const schemaAt = (path: string) =>
      run(async () => resourcesApi.getSchema(await platformFor(get(path, state)), "common/users"));
    const [a, b] = await Promise.all([
      schemaAt("/backend/setting/users"),
      schemaAt("/backend/setting/users?page=3"),
    ]);
    expect(a.response?.headers.get("location")).toBe(
      "/login?redirect=%2Fbackend%2Fsetting%2Fusers",
    );
    expect(b.response?.headers.get("location")).toBe(
      "/login?redirect=%2Fbackend%2Fsetting%2Fusers%3Fpage%3D3",
    );
    await schemaAt("/backend/setting/users");
    expect(schemaCalls()).toBe(2); // the concurrent two shared one answer; the refusal was not kept
  });
});
