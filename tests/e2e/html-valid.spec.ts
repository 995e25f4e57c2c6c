import { HtmlValidate, StaticConfigLoader } from "html-validate";
import { DEMO } from "../app/kg-fixtures";
import { chooseScheme, db, expect, test } from "./fixtures";
import { OUTLINE_PAGES, outlineProblems } from "./outline";
import { ADMIN_PAGES, GRAPH_PAGES } from "./pages";

/**
 * Issue 12: the HTML the server sends (what a browser without JavaScript, a text browser and a
 * screen reader get) is valid: no parser error, no misplaced element, and none of
 * html-validate's accessibility rules failing. Run once (the no-JS project): the server's HTML
 * does not depend on the browser's JavaScript.
 *
 * Off, with the reason:
 * - attr-case, void-style, no-inline-style, attribute-boolean-style, attribute-empty-style,
 *   no-implicit-input-type: how React writes HTML (`viewBox`, `<br/>`, `style=""`,
 *   `checked=""`), style, not validity.
 * - no-dup-class: Mantine repeats a class on some roots; harmless.
 * - form-dup-name: multi-valued fields share a name on purpose (checkboxes, and the empty
 *   hidden field that says "this list was posted, maybe empty"), which the HTML standard allows.
 * - valid-id relaxed: React's generated ids (`:R1abc:`) are valid HTML ids (no whitespace),
 *   not valid CSS identifiers, which the strict rule asks for.
 */
const validator = new HtmlValidate(
  new StaticConfigLoader({
    extends: ["html-validate:recommended"],
    rules: {
      "attr-case": "off",
      "void-style": "off",
      "no-inline-style": "off",
      "attribute-boolean-style": "off",
      "attribute-empty-style": "off",
      "no-implicit-input-type": "off",
      "no-dup-class": "off",
      "form-dup-name": "off",
      "valid-id": ["error", { relaxed: true }],
    },
  }),
);

/** The dialogs of the generic table on their own pages (what a no-JS browser opens). */
const DIALOGS = () => {
  const user = db().prepare("SELECT id FROM users ORDER BY id").pluck().get() as number;
  return [
    `/backend/setting/users/${user}/edit`,
    `/backend/setting/users/${user}/password`,
    "/data/triaddata/new",
    "/data/triaddata/import",
  ];
};

async function problems(html: string, path: string): Promise<string[]> {
  const report = await validator.validateString(html, path);
  return report.results
    .flatMap((r) => r.messages)
    .map((m) => `${path} ${m.ruleId}: ${m.message} (${m.selector ?? `line ${m.line}`})`);
}

test.describe("the server's HTML is valid (html-validate)", () => {
  test.describe.configure({ timeout: 120_000 });

  test("the login page and the error page, in each language", async ({ page }) => {
    const found: string[] = [];
    for (const lng of ["zh-CN", "en", "es"])
      for (const path of ["/login", "/login?captcha=text", "/no/such/page"]) {
        const res = await page.request.get(path, { headers: { "Accept-Language": lng } });
        expect(res.headers()["content-type"]).toContain("text/html");
        found.push(...(await problems(await res.text(), `${path} [${lng}]`)));
      }
    expect(found).toEqual([]);
  });

  // The no-JS project's outline check (layout-a11y.spec.ts's, issue 12) rides on this walk: a
  // page loaded without JavaScript is the server's HTML, so one load serves both checks.
  test("every graph page and admin page, and the table dialogs; and every page's outline (one main, one h1 first, no skipped heading levels, named landmarks)", async ({
    adminPage: page,
  }) => {
    const found: string[] = [];
    const outline: string[] = [];
    const valid = [...GRAPH_PAGES(), ...ADMIN_PAGES(), ...DIALOGS()];
    const outlined = OUTLINE_PAGES();
    for (const path of new Set([...valid, ...outlined])) {
      const res = await page.goto(path);
      if (valid.includes(path)) {
        expect(res?.status(), path).toBe(200);
        found.push(...(await problems(await res!.text(), path)));
      }
      if (outlined.includes(path)) outline.push(...(await outlineProblems(page, path)));
    }
    expect(found).toEqual([]);
    expect(outline).toEqual([]);
  });

  test("a page drawn dark is as valid as in light", async ({ adminPage: page }) => {
    await chooseScheme(page, "深色");
    const found: string[] = [];
    for (const path of ["/dashboard", `/?id=${DEMO.military}`, "/backend/setting/users"]) {
      const res = await page.request.get(path);
      const html = await res.text();
      expect(html, path).toContain('data-mantine-color-scheme="dark"');
      found.push(...(await problems(html, `${path} [dark]`)));
    }
    expect(found).toEqual([]);
  });
});
