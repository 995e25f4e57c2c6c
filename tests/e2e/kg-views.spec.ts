import fs from "node:fs";
import type { Page } from "@playwright/test";
import { seedPathGraph } from "../app/kg-fixtures";
import {
  chooseScheme,
  createUser,
  db,
  e2eStore,
  expect as baseExpect,
  hasJs,
  loginByRequest,
  shot,
  test,
} from "./fixtures";
import { axeViolations, fixtureGraph, lynxDump } from "./kg-shared";

const expect = baseExpect.configure({ timeout: 20_000 });

/** Owner, group member and outsider: fresh users; the owner and the member share a group. */
function people(tag: string) {
  const owner = createUser({ codenames: ["kg__graph__read"], prefix: `vo${tag}` });
  const member = createUser({ codenames: ["kg__graph__read"], prefix: `vm${tag}` });
  const outsider = createUser({ codenames: ["kg__graph__read"], prefix: `vx${tag}` });
  const group = `视图组-${tag}-${Date.now().toString(36)}`;
  const d = db();
  const gid = Number(d.prepare("INSERT INTO groups (name) VALUES (?)").run(group).lastInsertRowid);
  for (const u of [owner, member])
    d.prepare("INSERT INTO user_groups (user_id, group_id) VALUES (?, ?)").run(u.id, gid);
  return { owner, member, outsider, group };
}

async function as(page: Page, user: { username: string; password: string }) {
  await page.context().clearCookies();
  await loginByRequest(page, user);
}

/** Saves the path search between A and D under `name` from the path page; lands on the list. */
async function savePath(page: Page, graphId: number, uuid: (n: string) => string, name: string) {
  await page.goto(`/${graphId}/path?from=${uuid("A")}&to=${uuid("D")}`);
  await expect(page.getByTestId("path-count")).toContainText("找到 3 条路径");
  const form = page.getByTestId("save-view-form");
  await form.getByLabel("视图名称").fill(name);
  await form.getByRole("button", { name: "保存视图" }).click();
  await expect(page).toHaveURL(new RegExp(`/${graphId}/views$`));
  await expect(page.getByTestId("flash-region")).toContainText(`已保存视图“${name}”`);
}

/** Issue 23 item 3–4: saved and shared views, and the download of what a path page shows. */
test.describe("saved views", () => {
  test.describe.configure({ timeout: 120_000 });

  test("save a path view, reopen it, share it with a group; a user outside the group is refused", async ({
    page,
  }, testInfo) => {
    const { graphId, uuid } = await seedPathGraph(e2eStore(), fixtureGraph(testInfo, 931));
    const { owner, member, outsider, group } = people(hasJs(testInfo) ? "j" : "n");
    await as(page, owner);
    await savePath(page, graphId, uuid, "甲到丁的路径");
    const mine = page.getByTestId("my-views");
    const item = mine.getByTestId("my-view").filter({ hasText: "甲到丁的路径" });
    await expect(item).toContainText("未共享");
    expect(await axeViolations(page, testInfo)).toEqual([]);

    // Reopen: the path page with the search and the notice.
    await item.getByRole("link", { name: "甲到丁的路径" }).click();
    await expect(page).toHaveURL(new RegExp(`/${graphId}/path\\?from=.*view=\\d+`));
    const viewId = new URL(page.url()).searchParams.get("view")!;
    await expect(page.getByTestId("view-notice")).toContainText("已打开视图“甲到丁的路径”");
    await expect(page.getByTestId("view-all-found")).toBeVisible();
    await expect(page.getByTestId("path-count")).toContainText("找到 3 条路径");

    // Share it with the group.
    await page.goto(`/${graphId}/views`);
    const again = page.getByTestId("my-view").filter({ hasText: "甲到丁的路径" });
    await again.getByText("管理“甲到丁的路径”").click();
    await again.getByTestId("share-form").getByLabel(group).check();
    await again.getByRole("button", { name: "保存共享设置" }).click();
    await expect(page.getByTestId("flash-region")).toContainText(
      `视图“甲到丁的路径”已共享给 ${group}`,
    );
    await expect(page.getByTestId("my-view").filter({ hasText: "甲到丁的路径" })).toContainText(
      `已共享给 ${group}`,
    );

    // A member of the group opens it, read-only (no management).
    await as(page, member);
    await page.goto(`/${graphId}/views`);
    const sharedItem = page.getByTestId("shared-view").filter({ hasText: "甲到丁的路径" });
    await expect(sharedItem).toContainText(`创建者 ${owner.username}`);
    await expect(page.getByTestId("shared-views").getByText(/^管理/)).toHaveCount(0);
    await sharedItem.getByRole("link").click();
    await expect(page.getByTestId("view-notice")).toContainText(
      `已打开 ${owner.username} 共享的视图“甲到丁的路径”`,
    );

    // A user outside the group is refused.
    await as(page, outsider);
    await page.goto(`/${graphId}/views`);
    await expect(page.getByTestId("shared-views")).not.toContainText("甲到丁的路径");
    const refused = await page.goto(`/${graphId}/views/${viewId}`);
    expect(refused!.status()).toBe(403);
  });

  test("save an exploration as a view and reopen it where it was", async ({ page }, testInfo) => {
    const { graphId, uuid } = await seedPathGraph(e2eStore(), fixtureGraph(testInfo, 939));
    const { owner } = people(hasJs(testInfo) ? "ej" : "en");
    await as(page, owner);
    await page.goto(`/${graphId}/explore?entity=${uuid("A")}&x=${uuid("A")}~*~any~1`);
    const size = await page.getByTestId("explore-size").innerText();
    const form = page.getByTestId("save-view-form");
    await form.getByLabel("视图名称").fill("从甲展开");
    await form.getByRole("button", { name: "保存视图" }).click();
    await expect(page).toHaveURL(new RegExp(`/${graphId}/views$`));
    const item = page.getByTestId("my-view").filter({ hasText: "从甲展开" });
    await expect(item).toBeVisible();
    await item.getByRole("link", { name: "从甲展开" }).click();
    await expect(page).toHaveURL(new RegExp(`/${graphId}/explore\\?entity=.*view=\\d+`));
    await expect(page.getByTestId("view-notice")).toContainText("已打开视图“从甲展开”");
    await expect(page.getByTestId("view-all-found")).toBeVisible();
    await expect(page.getByTestId("explore-size")).toHaveText(size);
    // The picture: the server's drawing, or (a client navigation) the live chart once loaded.
    await expect(
      page.getByTestId("explore-chart").locator("canvas, img.chart-svg:visible").first(),
    ).toBeVisible();
    await shot(page, testInfo, "kg-explore-view-opened");
  });

  test("a view says what it no longer finds; the owner renames and deletes it", async ({
    page,
  }, testInfo) => {
    const { graphId, uuid } = await seedPathGraph(e2eStore(), fixtureGraph(testInfo, 932));
    const { owner } = people(hasJs(testInfo) ? "rj" : "rn");
    await as(page, owner);
    await savePath(page, graphId, uuid, "会变的视图");
    // Entity F goes, with its relations.
    const d = db();
    const f = d.prepare("SELECT id FROM kg_entities WHERE uuid = ?").pluck().get(uuid("F"));
    d.prepare("DELETE FROM kg_relations WHERE subject_id = ? OR object_id = ?").run(f, f);
    d.prepare("DELETE FROM kg_entities WHERE id = ?").run(f);
    const item = () => page.getByTestId("my-view").filter({ hasText: "会变的视图" });
    await item().getByRole("link", { name: "会变的视图" }).click();
    const missing = page.getByTestId("view-missing");
    await expect(missing).toContainText("实体“实体F”");
    await expect(missing).toContainText("关系 实体A —");

    await page.goto(`/${graphId}/views`);
    await item().getByText("管理“会变的视图”").click();
    await item().getByTestId("rename-form").getByLabel("视图名称").fill("改过名的视图");
    await item().getByRole("button", { name: "重命名" }).click();
    await expect(page.getByTestId("flash-region")).toContainText("视图已重命名为“改过名的视图”");
    const renamed = page.getByTestId("my-view").filter({ hasText: "改过名的视图" });
    await renamed.getByText("管理“改过名的视图”").click();
    await renamed.getByRole("button", { name: "删除视图" }).click();
    await expect(page.getByTestId("flash-region")).toContainText("视图已删除");
    await expect(page.getByTestId("my-views")).not.toContainText("改过名的视图");
  });

  test("downloads the shown subgraph as GraphML from the path page", async ({ page }, testInfo) => {
    const { graphId, uuid } = await seedPathGraph(e2eStore(), fixtureGraph(testInfo, 937));
    const { owner } = people(hasJs(testInfo) ? "dj" : "dn");
    await as(page, owner);
    await page.goto(`/${graphId}/path?from=${uuid("A")}&to=${uuid("D")}&k=2`);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("download-graphml").click(),
    ]);
    expect(download.suggestedFilename()).toBe(`graph-${graphId}-shown.graphml`);
    const text = fs.readFileSync((await download.path())!, "utf8");
    expect(text).toContain("<graphml");
    for (const n of ["A", "E", "F", "D"]) expect(text).toContain(`<node id="${uuid(n)}">`);
    expect(text).not.toContain(`<node id="${uuid("B")}">`);
    expect(text.match(/<edge /g)).toHaveLength(4);
  });

  test("the views page reads well at 390 px, in dark mode and in lynx", async ({
    page,
  }, testInfo) => {
    const { graphId, uuid } = await seedPathGraph(e2eStore(), fixtureGraph(testInfo, 938));
    const { owner } = people(hasJs(testInfo) ? "pj" : "pn");
    await as(page, owner);
    await savePath(page, graphId, uuid, "手机上的视图");
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`/${graphId}/views`);
    await page.getByText("管理“手机上的视图”").click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await shot(page, testInfo, "kg-views-phone");
    await page.setViewportSize({ width: 1280, height: 900 });
    await chooseScheme(page, "深色");
    await page.goto(`/${graphId}/views`);
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
    await page.getByText("管理“手机上的视图”").click();
    expect(await axeViolations(page, testInfo)).toEqual([]);
    await page.goto(`/${graphId}/path?from=${uuid("A")}&to=${uuid("D")}`);
    expect(await axeViolations(page, testInfo)).toEqual([]);
    await shot(page, testInfo, "kg-views-dark");

    if (hasJs(testInfo)) return;
    // lynx, with the session's cookies: the list, the management forms, the downloads.
    const [list, pathPage] = await lynxDump(page, [
      `/${graphId}/views`,
      `/${graphId}/path?from=${uuid("A")}&to=${uuid("D")}`,
    ]);
    expect(list).toContain("手机上的视图");
    expect(list).toContain("重命名");
    expect(list).toContain("删除视图");
    expect(pathPage).toContain("保存视图");
    expect(pathPage).toContain("GraphML");
  });
});
