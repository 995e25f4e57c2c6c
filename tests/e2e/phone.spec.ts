import type { Page, TestInfo } from "@playwright/test";
import { expect, hasJs, shot, test } from "./fixtures";
import { DEMO } from "../app/kg-fixtures";
import { ADMIN_PAGES, firstId, GRAPH_PAGES } from "./pages";
import { ready, seedUsers, tagFor } from "./table-helpers";
import { goLive } from "./live-chart";

/**
 * Issue 12, phones: at 390×844 no admin page scrolls sideways; a generic table's rows are
 * cards whose every value is readable under its column's label, the actions at the card's
 * foot covering nothing, and the same table for assistive technology; /schema fits; the
 * per-class chart of an evaluation draws a band per class. JavaScript on and off.
 */
const PHONE = { width: 390, height: 844 };

/** Chooses the colour scheme in the display menu, as a person does. */
async function chooseDark(page: Page) {
  const menu = page.getByTestId("language-switch").first();
  await menu.locator("summary").click();
  await Promise.all([
    page.waitForResponse((r) => r.url().includes("/ui") && r.request().method() === "POST"),
    menu.getByRole("button", { name: "深色" }).click(),
  ]);
  await page.waitForLoadState("load");
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
}

/** How much wider than the window the page is (0 when it does not scroll sideways). */
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.use({ viewport: PHONE });

const half = <T>(list: T[], which: 0 | 1) =>
  which === 0 ? list.slice(0, Math.ceil(list.length / 2)) : list.slice(Math.ceil(list.length / 2));

for (const which of [0, 1] as const)
  test(`no admin page scrolls sideways on a phone (${which + 1}/2)`, async ({
    adminPage: page,
  }) => {
    test.setTimeout(300_000);
    const wide: Record<string, number> = {};
    for (const path of half(ADMIN_PAGES(), which)) {
      await page.goto(path);
      const over = await pageOverflow(page);
      if (over > 0) wide[path] = over;
    }
    expect(wide).toEqual({});
  });

test("no graph page scrolls sideways on a phone", async ({ adminPage: page }) => {
  test.setTimeout(300_000);
  const wide: Record<string, number> = {};
  for (const path of GRAPH_PAGES()) {
    await page.goto(path);
    const over = await pageOverflow(page);
    if (over > 0) wide[path] = over;
  }
  expect(wide).toEqual({});
});

test("a users row is a card: every value readable under its label, the actions at its foot", async ({
  adminPage: page,
}, testInfo) => {
  test.setTimeout(60_000);
  const tag = tagFor(testInfo, "phone");
  seedUsers(tag, 2);
  await page.goto(`/backend/setting/users?search=${tag}`);
  await ready(page, testInfo);
  const table = page.getByTestId("resource-table");
  const row = table.locator("tbody tr").filter({ hasText: `${tag}-u01` });
  await expect(row).toBeVisible();
  expect(await pageOverflow(page)).toBe(0);
  const found = await row.evaluate((tr, width) => {
    const problems: string[] = [];
    const wrap = tr.closest<HTMLElement>('[data-testid="resource-table"]')!;
    if (wrap.scrollWidth > wrap.clientWidth + 1) problems.push("the table scrolls sideways");
    const heads = [...wrap.querySelectorAll("thead th")].map((th) =>
      th.textContent!.replace(/[▲▼↕]/g, "").trim(),
    );
    const cells = [...tr.children] as HTMLElement[];
    const actions = tr.querySelector<HTMLElement>("td.rt-row-actions")!;
    const links = [...actions.querySelectorAll<HTMLElement>("a, .rt-locked")];
    const values: Record<string, string> = {};
    cells.forEach((td, i) => {
      if (td === actions || td.classList.contains("rt-select")) return;
      const label = heads[i];
      if (td.dataset.label !== label) problems.push(`cell ${i} is labelled ${td.dataset.label}`);
      // The label is drawn before the value (and is not read out: the header names the cell).
      if (!getComputedStyle(td, "::before").content.includes(label))
        problems.push(`${label}: no label shown`);
      const box = td.getBoundingClientRect();
      if (box.left < 0 || box.right > width) problems.push(`${label} is outside the window`);
      const value = td.firstElementChild as HTMLElement | null;
      if (value) {
        values[label] = value.textContent!;
        const v = value.getBoundingClientRect();
        if (
          value.scrollWidth > value.clientWidth + 1 ||
          value.scrollHeight > value.clientHeight + 1
        )
          problems.push(`${label} is cut`);
        if (v.right > box.right + 0.5 || v.left < box.left - 0.5 || !v.width)
          problems.push(`${label} is not in its cell`);
      }
      for (const a of links) {
        const l = a.getBoundingClientRect();
        const apart =
          l.right <= box.left || l.left >= box.right || l.bottom <= box.top || l.top >= box.bottom;
        if (!apart) problems.push(`${a.textContent} covers ${label}`);
      }
      if (actions.getBoundingClientRect().top < box.bottom - 0.5)
        problems.push(`the actions are not below ${label}`);
    });
    for (const a of links) {
      const l = a.getBoundingClientRect();
      if (l.left < 0 || l.right > width || !l.width) problems.push(`${a.textContent} is not seen`);
    }
    return { problems, values };
  }, PHONE.width);
  expect(found.problems).toEqual([]);
  expect(found.values).toMatchObject({
    ID: expect.stringMatching(/^\d+$/),
    用户名: `${tag}-u01`,
    邮箱: `${tag}-1@example.com`,
    "启用/禁用": "启用",
  });
  // Assistive technology still meets a table: rows, column headers and cells named by their value.
  await expect(page.getByRole("table")).toHaveCount(1);
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as {
    nodes: { role?: { value: string }; name?: { value: string } }[];
  };
  const named = (role: string) =>
    nodes.filter((n) => n.role?.value === role).map((n) => n.name?.value ?? "");
  expect(named("table")).toHaveLength(1);
  expect(named("columnheader")).toEqual(expect.arrayContaining(["ID", "用户名", "邮箱", "操作"]));
  expect(named("cell")).toContain(`${tag}-u01`);
  expect(named("cell")).not.toContain(`用户名${tag}-u01`);
  await shot(page, testInfo, "phone-users");
  await chooseDark(page);
  await shot(page, testInfo, "phone-users-dark");
});

/** The page fits the window; what is wider scrolls in its own focusable, named region. */
async function fitsWithRegions(page: Page) {
  expect(await pageOverflow(page)).toBe(0);
  const boxes = await page.locator("main").evaluate((main) =>
    [...main.querySelectorAll<HTMLElement>("*")]
      .filter((el) => {
        const overflowX = getComputedStyle(el).overflowX;
        return (
          (overflowX === "auto" || overflowX === "scroll") && el.scrollWidth > el.clientWidth + 1
        );
      })
      .map((el) => ({
        tabindex: el.getAttribute("tabindex"),
        named: !!(el.getAttribute("aria-label") || el.getAttribute("aria-labelledby")),
      })),
  );
  for (const box of boxes) expect(box).toEqual({ tabindex: "0", named: true });
}

test("/schema fits a phone; its wide tables scroll in their own regions", async ({
  adminPage: page,
}, testInfo) => {
  test.setTimeout(60_000);
  await page.goto("/schema");
  await expect(page.getByTestId("ontology-list")).toBeVisible();
  await fitsWithRegions(page);
  // The ontology's tables are cards: a relation type's values under their headers, nothing to scroll.
  const region = page.getByRole("region", { name: "关系类型" });
  const card = region.locator("tbody tr").first();
  await expect(card.locator("td").first()).toHaveAttribute("data-label", "关系名称");
  expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
  const tops = await card
    .locator("td")
    .evaluateAll((tds) => tds.map((td) => Math.round(td.getBoundingClientRect().top)));
  expect(new Set(tops).size, "one line per value").toBe(tops.length);
  await shot(page, testInfo, "phone-schema");
  // A class's properties, inside its row's editor, are cards too: each value under its label.
  const classId = firstId("SELECT class_id FROM kg_class_properties ORDER BY class_id");
  await page.goto(`/schema?edit=class-${classId}`);
  const property = page.getByTestId(`properties-${classId}`).locator("tbody tr").first();
  await expect(property.locator("td").first()).toHaveAttribute("data-label", "属性名");
  const lines = await property
    .locator("td")
    .evaluateAll((tds) => tds.map((td) => Math.round(td.getBoundingClientRect().top)));
  expect(new Set(lines).size, "one line per value").toBe(lines.length);
});

/** The per-class chart's box and which of its pictures shows (or, live, which it draws). */
async function perClassChart(page: Page, testInfo: TestInfo) {
  const section = page.getByTestId("per-class-chart");
  const box = section.locator(".chart");
  if (hasJs(testInfo)) await goLive(box);
  const size = await box.evaluate((el) => ({ width: el.clientWidth, height: el.clientHeight }));
  const drawing = hasJs(testInfo)
    ? await section.locator(".chart-live").getAttribute("data-drawing")
    : (await section.locator("img.chart-svg.narrow").isVisible())
      ? "narrow"
      : "wide";
  if (!hasJs(testInfo)) await expect(section.locator("img.chart-svg:visible")).toHaveCount(1);
  // The data table alternative stays, under the picture.
  await expect(section.getByTestId("chart-data")).toBeAttached();
  return { ...size, drawing };
}

test("the evaluation's per-class chart draws a band per class on a phone", async ({
  adminPage: page,
}, testInfo) => {
  test.setTimeout(90_000);
  // The seeded training run may still be going when the server has just started.
  await expect
    .poll(() => firstId("SELECT model_id FROM kg_model_evaluations ORDER BY id"), {
      timeout: 30_000,
    })
    .toBeTruthy();
  await page.goto(
    `/model/evaluation/${firstId("SELECT model_id FROM kg_model_evaluations ORDER BY id")}`,
  );
  await fitsWithRegions(page);
  const classes = await page
    .getByRole("region", { name: "各类别指标" })
    .locator("tbody tr")
    .count();
  expect(classes).toBeGreaterThan(3);
  const phone = await perClassChart(page, testInfo);
  expect(phone.drawing).toBe("narrow");
  // A band of three bars per class, its name on one line beside it (whether that is taller
  // than wide depends on how many classes the run has: 7 classes at 316 px are 312 px tall).
  expect(phone.height / classes).toBeGreaterThan(28);
  await shot(page, testInfo, "phone-evaluation");
  // On a desktop it stays the side-by-side columns.
  await page.setViewportSize({ width: 1440, height: 900 });
  if (!hasJs(testInfo)) await page.reload();
  await expect.poll(async () => (await perClassChart(page, testInfo)).drawing).toBe("wide");
  const desk = await perClassChart(page, testInfo);
  expect(desk.width).toBeGreaterThan(desk.height);
});

test("a graph page's header on a phone in es: the long product title leaves the graph picker room to read", async ({
  adminPage: page,
}) => {
  await page.goto("/dashboard");
  const csrf = await page.locator('input[name="csrf"]').first().inputValue();
  const res = await page.request.post("/ui", { form: { lng: "es", csrf, redirectTo: "/" } });
  expect(res.ok()).toBe(true);
  await page.goto(`/${DEMO.military}/articles`);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  const picker = page.locator(".pub-header").getByTestId("graph-picker").locator("summary");
  const box = await picker.boundingBox();
  // The domain tag and a few letters of the graph's name (the name shortens, never the tag).
  expect(box!.width).toBeGreaterThanOrEqual(110);
  const tag = await picker.locator(".domain-tag").boundingBox();
  expect(tag!.x + tag!.width).toBeLessThanOrEqual(box!.x + box!.width);
  expect(await pageOverflow(page)).toBe(0);
});
