import type { EntryContext } from "@remix-run/node";
import { afterEach, describe, expect, it } from "vitest";
import { renderKey, renderMemoBytes } from "~/render-memo.server";

/** The key of a page whose loaders gave `loaderData` (app/render-memo.server.ts, decision 044). */
function keyOf(
  loaderData: unknown,
  more: { method?: string; status?: number; held?: [string, string][]; lng?: string } = {},
) {
  const context = {
    manifest: { version: "v1" },
    staticHandlerContext: { loaderData: { root: loaderData }, actionData: null, errors: null },
  } as unknown as EntryContext;
  return renderKey(
    new Request("http://console.test/page", { method: more.method ?? "GET" }),
    more.status ?? 200,
    context,
    more.lng ?? "zh",
    new Map(more.held ?? []),
    "nonce",
  );
}

describe("the key of a rendered page", () => {
  it("is the same for the same data, and differs whenever the data differs", () => {
    expect(keyOf({ a: 1, b: ["x"] })).toBe(keyOf({ a: 1, b: ["x"] }));
    const variants = [
      { a: 1 },
      { a: "1" },
      { a: null },
      { a: undefined },
      {},
      { a: new Date(0) },
      { a: new Date(0).toISOString() },
      { a: NaN },
      { a: Infinity },
      { a: "\u0000u" },
      { a: [undefined] },
      { a: [null] },
    ];
    const keys = variants.map((v) => keyOf(v));
    expect(new Set(keys).size).toBe(variants.length);
    expect(keyOf({ a: 1 }, { lng: "en" })).not.toBe(keyOf({ a: 1 }));
    expect(keyOf({ a: 1 }, { held: [["held:0", "<svg/>"]] })).not.toBe(
      keyOf({ a: 1 }, { held: [["held:0", "<svg></svg>"]] }),
    );
  });

  it("is none for what is not kept: data that is not plain, another method, another status", () => {
    expect(keyOf({ a: Promise.resolve(1) })).toBeNull();
    expect(keyOf({ a: new Map() })).toBeNull();
    expect(keyOf({ a: 1n })).toBeNull();
    expect(keyOf({ a: 1 }, { method: "POST" })).toBeNull();
    expect(keyOf({ a: 1 }, { status: 404 })).toBeNull();
  });

  it("is none for a page showing a flash, which nobody can ask for again", () => {
    expect(keyOf({ a: 1, toast: { type: "success", message: "保存成功" } })).toBeNull();
    expect(keyOf({ a: 1, toast: null })).not.toBeNull();
  });
});

describe("RENDER_MEMO_MB", () => {
  const before = process.env.RENDER_MEMO_MB;
  afterEach(() => {
    if (before === undefined) delete process.env.RENDER_MEMO_MB;
    else process.env.RENDER_MEMO_MB = before;
  });

  it("is 16 MB by default, a whole number of megabytes when set, refused otherwise", () => {
    delete process.env.RENDER_MEMO_MB;
    expect(renderMemoBytes()).toBe(16 * 1024 * 1024);
    process.env.RENDER_MEMO_MB = "0";
    expect(renderMemoBytes()).toBe(0);
    process.env.RENDER_MEMO_MB = "64";
    expect(renderMemoBytes()).toBe(64 * 1024 * 1024);
    for (const bad of ["-1", "1.5", "16MB", " 16", "1e3"]) {
      process.env.RENDER_MEMO_MB = bad;
      expect(() => renderMemoBytes()).toThrow(/RENDER_MEMO_MB/);
    }
  });
});
