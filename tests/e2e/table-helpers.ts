import fs from "node:fs";
import { expect, type Page, type TestInfo } from "@playwright/test";
import { db, hasJs } from "./fixtures";

let counter = 0;
/** A tag unique to one test, so tests sharing the store see only their own rows (by searching it). */
export function tagFor(testInfo: TestInfo, prefix: string) {
  return `${prefix}${testInfo.project.name}${process.pid}x${Date.now().toString(36)}${++counter}`;
}

/** Users named `${tag}-u01`…, alternately enabled and disabled. */
export function seedUsers(tag: string, n: number) {
  const insert = db().prepare(
    "INSERT INTO users (username, email, password_hash, is_active) VALUES (?, ?, 'x', ?)",
  );
  db().transaction(() => {
    for (let i = 1; i <= n; i++)
      insert.run(`${tag}-u${String(i).padStart(2, "0")}`, `${tag}-${i}@example.com`, i % 2);
  })();
}

/** Triples with subjects `${tag}-s01`…, predicates alternating 属于 / 位于, in graph 245. */
export function seedTriples(tag: string, n: number) {
  const insert = db().prepare(
    "INSERT INTO data_triples (subject, predicate, object, graph_id, confidence) VALUES (?, ?, ?, 245, ?)",
  );
  db().transaction(() => {
    for (let i = 1; i <= n; i++)
      insert.run(
        `${tag}-s${String(i).padStart(2, "0")}`,
        i % 2 ? "属于" : "位于",
        `客体${i}`,
        (i % 10) / 10,
      );
  })();
}

export const tableRows = (page: Page) => page.getByTestId("resource-table").locator("tbody tr");

/** The cells of one column, by position (0 is the selection column, 1 the id). */
export const column = (page: Page, index: number) =>
  tableRows(page).locator(`td:nth-child(${index + 1})`);

/** With JavaScript, waits until the grid has hydrated (its select-page box appears then). */
export async function ready(page: Page, testInfo: TestInfo) {
  if (hasJs(testInfo)) await expect(page.getByTestId("select-page")).toBeVisible();
}

/** Opens a <details> panel (filters, columns) by its summary. */
export async function openPanel(page: Page, testId: "filters" | "columns") {
  const panel = page.getByTestId(testId);
  if (!(await panel.evaluate((d) => (d as HTMLDetailsElement).open)))
    await panel.locator("summary").click();
  return panel;
}

/** Runs `action` and returns the downloaded file's name and text (BOM kept). */
export async function download(page: Page, action: () => Promise<unknown>) {
  const [file] = await Promise.all([page.waitForEvent("download"), action()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: fs.readFileSync(path!, "utf8") };
}

/** A toast (flash message, or the export's own) saying `text`. */
export const toast = (page: Page, text: string) =>
  page.locator(".flash-toast").filter({ hasText: text });

/** A search typed into the toolbar's box and sent with Enter (spec §2). */
export async function search(page: Page, text: string) {
  const box = page.getByRole("searchbox", { name: "搜索" });
  await box.fill(text);
  await Promise.all([
    page.waitForURL((u) => u.searchParams.get("search") === text),
    box.press("Enter"),
  ]);
}

export const csvLines = (text: string) =>
  text
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/);
