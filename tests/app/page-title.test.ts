import type { MetaFunction } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invalidatePlatformConfig } from "~/platform-client/config.server";
import { loader as rootLoader } from "~/root";
import { titleMeta } from "~/utils/meta";
import { browser, get, run, useTestPlatform } from "../helpers/console";
import { startPlatform, type TestPlatform } from "../helpers/platform";

/** Spec §1 (issue 24): the browser's title names the medical AI platform unless an operator named the product. */

let p: TestPlatform;
beforeAll(async () => {
  p = await startPlatform();
  useTestPlatform(p);
});
afterAll(() => p.close());

async function dashboardTitle(language: string): Promise<string> {
  const state = await browser();
  const request = get("/dashboard", state, { "Accept-Language": language });
  const root = await run(() => rootLoader({ request, params: {}, context: {} }));
  const matches = [
    { id: "root", data: root.data },
  ] as unknown as Parameters<MetaFunction>[0]["matches"];
  const [meta] = titleMeta("nav.dashboard")({ matches } as Parameters<MetaFunction>[0]) as {
    title: string;
  }[];
  return meta.title;
}

async function setProductTitle(value: string) {
  await p.ctx.store.db
    .updateTable("configs")
    .set({ value })
    .where("key", "=", "YF_PRODUCT_TITLE")
    .execute();
  invalidatePlatformConfig();
}

describe("the browser's page title", () => {
  it("by default is the route's title, the product and the medical AI platform, in the page's language", async () => {
    expect(await dashboardTitle("zh-CN")).toBe("控制台 - 知识图谱平台 · 医疗人工智能平台");
    expect(await dashboardTitle("en")).toBe(
      "Dashboard - Knowledge Graph Platform · Medical AI Platform",
    );
    expect(await dashboardTitle("es")).toBe(
      "Panel - Plataforma de grafos de conocimiento · IA médica",
    );
  });

  it("is the route's title and the operator's product title once one is set", async () => {
    await setProductTitle("协和医院知识库");
    try {
      expect(await dashboardTitle("zh-CN")).toBe("控制台 - 协和医院知识库");
      expect(await dashboardTitle("en")).toBe("Dashboard - 协和医院知识库");
    } finally {
      await setProductTitle("");
    }
  });
});
