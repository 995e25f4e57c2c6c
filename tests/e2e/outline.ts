import type { Page } from "@playwright/test";
import { DEMO } from "../app/kg-fixtures";
import { firstId, GRAPH_PAGES } from "./pages";

/**
 * The page outline check of issue 12 (one <main id=main>, one h1 first, no skipped heading
 * level, named and distinct landmarks) and the pages it walks. a11y.spec.ts checks them with
 * JavaScript in its axe walk; html-valid.spec.ts checks the same pages without it, in the walk
 * that reads the server's HTML: each page is loaded once for both checks.
 */

const PUBLIC = () => [...GRAPH_PAGES(), "/404"];

const ADMIN = () => [
  "/dashboard",
  "/backend/profile",
  "/backend/profile/password",
  "/backend/setting/permission",
  "/backend/setting/users",
  "/backend/setting/users/new",
  "/backend/setting/groups",
  "/backend/setting/configs",
  "/backend/setting/auditlog",
  "/data/filemanage",
  "/data/triaddata",
  "/model/index",
  `/model/index/${firstId("SELECT id FROM kg_models ORDER BY id")}/logs`,
  `/model/evaluation/${firstId("SELECT id FROM kg_model_evaluations ORDER BY id")}`,
  "/kgfeedback/index",
  "/graph/index",
  "/graph/create",
  `/graph/detail/${DEMO.military}`,
  `/graph/increased/${DEMO.military}`,
  "/graph/increased",
  `/graph/schemaedit/${DEMO.general}`,
  `/jobs/${firstId("SELECT id FROM jobs ORDER BY id")}`,
  "/schema",
  "/count",
  `/count/entity?graph=${DEMO.military}`,
  `/count/keyword?graph=${DEMO.military}`,
  "/log/index",
];

/** The pages whose outline is checked: the public graph pages, the 404 page and admin pages. */
export const OUTLINE_PAGES = () => [...PUBLIC(), ...ADMIN()];

/** What the loaded page's outline and landmarks break, if anything, each prefixed by `path`. */
export async function outlineProblems(page: Page, path: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    const problems: string[] = [];
    const mains = document.querySelectorAll("main");
    if (mains.length !== 1) problems.push(`${mains.length} <main>`);
    else if (mains[0].id !== "main") problems.push("<main> without id=main");
    const h1s = document.querySelectorAll("h1");
    if (h1s.length !== 1) problems.push(`${h1s.length} h1`);
    const levels = [...document.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) =>
      Number(h.tagName[1]),
    );
    if (levels[0] !== 1) problems.push(`starts at h${levels[0]}`);
    levels.forEach((l, i) => {
      if (i > 0 && l > levels[i - 1] + 1) problems.push(`h${levels[i - 1]} then h${l}`);
    });
    // Every <nav> is named; no two landmarks of a type share a name (or both have none).
    const names = new Map<string, number>();
    for (const el of document.querySelectorAll("nav, aside")) {
      const name = el.getAttribute("aria-label") ?? "";
      if (el.tagName === "NAV" && !name) problems.push("<nav> without a name");
      const key = `<${el.tagName.toLowerCase()}> "${name}"`;
      names.set(key, (names.get(key) ?? 0) + 1);
    }
    for (const [key, n] of names) if (n > 1) problems.push(`${n}× ${key}`);
    return problems;
  });
  return found.map((p) => `${path}: ${p}`);
}
