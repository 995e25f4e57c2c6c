import AxeBuilder from "@axe-core/playwright";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";
import { hasJs } from "./fixtures";

/**
 * What the graph pages' specs share: fixture graph ids, axe's audit, lynx dumps of a signed-in
 * page.
 */

/**
 * A graph id of a fixture written straight into the store, one per project (both projects run
 * side by side against one store). Other tests create graphs through the platform, which takes
 * max(id) + 1: ids far apart keep those from landing on a fixture's id before it is written.
 * Every spec takes bases of its own (grep "fixtureGraph(testInfo," before taking one): two specs
 * seeding different fixtures into one id fail each other.
 */
export const fixtureGraph = (testInfo: TestInfo, base: number) =>
  base * 1000 + (hasJs(testInfo) ? 0 : 500);

/**
 * axe's WCAG A and AA rules on the loaded page. Run by the JavaScript project only: the page is
 * the same server HTML and CSS either way (a11y.spec.ts audits the graph pages in both).
 */
export async function axeViolations(page: Page, testInfo: TestInfo) {
  if (!hasJs(testInfo)) return [];
  const { violations } = await new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .setLegacyMode()
    .analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
}

/**
 * The pages as lynx prints them (`lynx -dump`), signed in as the browser page is: its cookies
 * handed to lynx in a cookie file of a temporary HOME. Paths are the site's (`/245/views`).
 */
export async function lynxDump(page: Page, paths: string[], width = 100): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kg-lynx-"));
  const jar = path.join(dir, "cookies");
  const cookies = await page.context().cookies();
  fs.writeFileSync(
    jar,
    cookies
      .map((c) =>
        [
          c.domain,
          "FALSE",
          c.path,
          c.secure ? "TRUE" : "FALSE",
          "2147483647",
          c.name,
          c.value,
        ].join("\t"),
      )
      .join("\n") + "\n",
  );
  const cfg = path.join(dir, "lynx.cfg");
  fs.writeFileSync(
    cfg,
    `ACCEPT_ALL_COOKIES:TRUE\nSET_COOKIES:TRUE\nPERSISTENT_COOKIES:TRUE\nCOOKIE_FILE:${jar}\n` +
      "PREFERRED_LANGUAGE:zh-CN\nCHARACTER_SET:utf-8\nASSUME_CHARSET:utf-8\n",
  );
  const origin = new URL(page.url()).origin;
  try {
    return paths.map((p) =>
      execFileSync(
        "lynx",
        [
          "-dump",
          `-width=${width}`,
          "-display_charset=utf-8",
          `-cookie_file=${jar}`,
          `${origin}${p}`,
        ],
        {
          env: { ...process.env, HOME: dir, LYNX_CFG: cfg, TERM: "vt100" },
          encoding: "utf8",
          timeout: 20_000,
        },
      ),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
