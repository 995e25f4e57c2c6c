import type { Page, TestInfo } from "@playwright/test";
import { db, expect, hasJs, shot, test } from "./fixtures";

/**
 * Issue 13: every generic table fits its area on a desktop screen. At 1440×900 with the
 * sidebar open and at 1280×720 with it collapsed, on every generic screen: the page never
 * scrolls sideways, the table does not scroll inside its own region, no header or cell lies
 * under the sticky actions column, and no header's text is cut. (On a phone the table may
 * scroll inside its region; that is not checked here.)
 */
const SCREENS: [key: string, path: string][] = [
  ["users", "/backend/setting/users"],
  ["groups", "/backend/setting/groups"],
  ["configs", "/backend/setting/configs"],
  ["auditlog", "/backend/setting/auditlog"],
  ["errorlog", "/backend/setting/errorlog"],
  ["files", "/data/filemanage"],
  ["labels", "/data/label"],
  ["triples", "/data/triaddata"],
  ["sources", "/data/source"],
  ["models", "/model/index"],
  ["feedback", "/kgfeedback/index"],
  ["relations", "/graph/relation/result"],
];
const LOOKED_AT = new Set(["users", "groups", "files", "triples", "feedback"]);

const LONG = "很长的一段文字，".repeat(12);
const LONG_LATIN = "a-rather-long-value-without-spaces-".repeat(4);

/** One row with long values in each table the demo store leaves empty (once per store). */
function seedLongRows() {
  const d = db();
  if (d.prepare("SELECT 1 FROM data_sources WHERE name = 'fit-source'").get()) return;
  d.transaction(() => {
    const source = Number(
      d
        .prepare(
          "INSERT INTO data_sources (name, type, url, description, fetch_time) VALUES ('fit-source', 'web', ?, ?, '08:30:00')",
        )
        .run(`https://example.com/${LONG_LATIN}`, LONG).lastInsertRowid,
    );
    d.prepare(
      `INSERT INTO data_files (uuid, name, description, source_id, graph_id, filename, size, mime, sha256, uploaded_by)
       VALUES (?, ?, ?, ?, 245, ?, 123456789, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ?, 'fit-uploader')`,
    ).run(
      `fit-${Date.now()}`,
      `${LONG_LATIN}.docx`,
      LONG,
      source,
      `${LONG_LATIN}.docx`,
      "ab".repeat(32),
    );
    d.prepare(
      "INSERT INTO data_labels (text, label, start, end, entity, annotator, status, graph_id) VALUES (?, '人物', 0, 12, ?, 'fit-annotator', 'pending', 245)",
    ).run(LONG, LONG);
    d.prepare(
      "INSERT INTO data_triples (subject, predicate, object, graph_id, source_id, confidence) VALUES (?, ?, ?, 245, ?, 0.87)",
    ).run(LONG, "隶属于某个很长的关系名", LONG, source);
    d.prepare(
      "INSERT INTO client_errors (user_id, username, error, info, url, user_agent) VALUES (1, 'admin', ?, ?, ?, ?)",
    ).run(LONG, LONG, `/data/label?search=${LONG_LATIN}`, `Mozilla/5.0 ${LONG_LATIN}`);
    d.prepare(
      "INSERT INTO audit_log (user_id, username, action, resource, record_id, before_json, after_json) VALUES (1, 'admin', 'update', 'data/labels', '1', ?, ?)",
    ).run(JSON.stringify({ text: LONG }), JSON.stringify({ text: LONG_LATIN }));
  })();
}

/** What is wrong with the table on the page now, one line per problem (empty when it fits). */
const problems = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth)
      out.push(`the page scrolls sideways: ${doc.scrollWidth} > ${doc.clientWidth}`);
    const wrap = document.querySelector<HTMLElement>('[data-testid="resource-table"]');
    if (!wrap) return ["no table"];
    if (wrap.scrollWidth > wrap.clientWidth + 1)
      out.push(`the table is ${wrap.scrollWidth} px wide in ${wrap.clientWidth} px`);
    const edge = wrap.getBoundingClientRect().right;
    const heads = [...wrap.querySelectorAll<HTMLElement>("thead th")];
    const name = (i: number) => heads[i]?.textContent?.replace(/[▲▼↕]/g, "").trim() || `#${i}`;
    const sticky = wrap.hasAttribute("data-actions");
    for (const tr of wrap.querySelectorAll("tr")) {
      const cells = [...tr.children] as HTMLElement[];
      if (cells.length !== heads.length) continue; // the "no data" row
      const actions = sticky ? cells[cells.length - 1].getBoundingClientRect() : null;
      cells.forEach((cell, i) => {
        if (sticky && i === cells.length - 1) return;
        const box = cell.getBoundingClientRect();
        if (!box.width) return;
        if (actions && box.right > actions.left + 0.5)
          out.push(`${name(i)} lies under the actions column`);
        else if (box.right > edge + 0.5) out.push(`${name(i)} is cut at the table's edge`);
      });
    }
    heads.forEach((th, i) => {
      const label = th.querySelector<HTMLElement>(".rt-th-label") ?? th;
      const over = label.scrollWidth - label.clientWidth;
      const outside = label.getBoundingClientRect().right - th.getBoundingClientRect().right;
      if (over > 1 || outside > 1) out.push(`header ${name(i)} is cut`);
    });
    return [...new Set(out)];
  });

/** Collapses the sidebar the way a person does (the toggle posts to /ui), JS on or off. */
async function collapseSidebar(page: Page, testInfo: TestInfo) {
  await page.goto("/dashboard");
  const layout = page.getByTestId("admin-layout");
  await expect(async () => {
    if ((await layout.getAttribute("data-sidebar")) !== "closed") {
      const saved = page.waitForResponse(
        (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/ui"),
        { timeout: 5000 },
      );
      await page.getByTestId("sidebar-toggle").click();
      expect((await saved).status()).toBeLessThan(400);
    }
    if (hasJs(testInfo)) await page.waitForLoadState("networkidle");
    await expect(layout).toHaveAttribute("data-sidebar", "closed", { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  await page.reload();
  await expect(layout).toHaveAttribute("data-sidebar", "closed");
}

for (const [width, height, sidebar] of [
  [1440, 900, "open"],
  [1280, 720, "closed"],
] as const) {
  test(`every generic table fits at ${width}×${height} with the sidebar ${sidebar}`, async ({
    adminPage: page,
  }, testInfo) => {
    test.setTimeout(120_000);
    seedLongRows();
    await page.setViewportSize({ width, height });
    if (sidebar === "closed") await collapseSidebar(page, testInfo);
    const found: Record<string, string[]> = {};
    for (const [key, path] of SCREENS) {
      await page.goto(path);
      await expect(page.getByTestId("admin-layout")).toHaveAttribute("data-sidebar", sidebar);
      await expect(page.getByTestId("resource-table")).toBeVisible();
      const wrong = await problems(page);
      if (wrong.length) found[key] = wrong;
      if (LOOKED_AT.has(key)) await shot(page, testInfo, `fit-${width}-${key}`);
    }
    expect(found).toEqual({});
  });
}

test("a rarely needed column starts hidden; the column menu shows it, and the choice is kept", async ({
  adminPage: page,
}) => {
  const USERS = "/backend/setting/users";
  const avatar = page.getByRole("columnheader", { name: "头像" });
  await page.goto(USERS);
  await expect(page.getByRole("columnheader", { name: "邮箱" })).toHaveCount(1);
  await expect(avatar).toHaveCount(0);
  const save = async (on: boolean) => {
    const panel = page.getByTestId("columns");
    if (!(await panel.evaluate((d) => (d as HTMLDetailsElement).open)))
      await panel.locator("summary").click();
    await panel.getByLabel("头像").setChecked(on);
    await panel.getByRole("button", { name: "保存" }).click();
  };
  await save(true);
  await expect(avatar).toHaveCount(1);
  await page.reload();
  await expect(avatar).toHaveCount(1);
  await save(false);
  await expect(avatar).toHaveCount(0);
  await page.reload();
  await expect(avatar).toHaveCount(0);
});
