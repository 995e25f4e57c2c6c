import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { sourceMessages } from "../../scripts/platform-messages";
import { expect, hasJs, test } from "./fixtures";
import { ADMIN_PAGES, GRAPH_PAGES } from "./pages";

/**
 * Every language whole (issue 13): on the main pages, in en and es no text is a Chinese UI string
 * (the console's zh translations and the platform's Chinese labels and messages), and in zh no
 * text is an English UI string. Data stays data: a Chinese article title or entity name is not a
 * UI string, and the few demo records that read like one are listed below.
 */

type Flat = Record<string, unknown>;
const strings = (o: unknown, out: string[] = []): string[] => {
  if (typeof o === "string") out.push(o);
  else if (o && typeof o === "object") for (const v of Object.values(o as Flat)) strings(v, out);
  return out;
};
const locale = (lng: string) =>
  fs
    .readdirSync(path.resolve("public/locales", lng))
    .flatMap((f) =>
      strings(JSON.parse(fs.readFileSync(path.resolve("public/locales", lng, f), "utf8"))),
    );

/** The platform's catalog of a language (platform/i18n/<lng>.json). */
const catalog = (lng: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.resolve("platform/i18n", `${lng}.json`), "utf8"));
const en = catalog("en");
const es = catalog("es");

const HAN = /\p{Script=Han}/u;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A UI string with its parts left open ({{name}}, {0}) as a whole-text pattern. */
const pattern = (s: string) =>
  new RegExp(
    `^${s
      .split(/\{\{[^}]+\}\}|\{\d+\}/)
      .map(escape)
      .join(".+?")}$`,
  );
const hasPart = (s: string) => /\{\{[^}]+\}\}|\{\d+\}/.test(s);

/** Chinese UI strings: the console's zh words and the platform's messages. */
const zhUi = [...locale("zh"), ...sourceMessages().map((m) => m.key)].filter((s) => HAN.test(s));
const zhExact = new Set(zhUi.filter((s) => !hasPart(s)));
// Patterns need enough fixed text to mean something ("{0}不存在" would match any data ending so).
const zhPatterns = zhUi
  .filter((s) => hasPart(s) && s.replace(/\{\{[^}]+\}\}|\{\d+\}/g, "").length >= 4)
  .map(pattern);

/** English UI strings that are not also the zh UI's (names like "ID", "CSV", "Turtle" are). */
const zhWords = new Set(locale("zh"));
const enUi = [...locale("en"), ...Object.values(en)].filter(
  (s) => /[A-Za-z]{3}/.test(s) && !HAN.test(s) && !zhWords.has(s) && !hasPart(s) && s.includes(" "),
);
const enExact = new Set(enUi);

/**
 * Demo records whose text is also a UI word: a class named 地点, a flow's steps and answers, and
 * words the keyword statistics count in the demo articles.
 */
const DATA = new Set(["地点", "开始", "结束", "是", "否", "训练", "任务"]);

const PAGES = () => [
  ...ADMIN_PAGES(),
  "/backend/setting/groups/new",
  "/data/filemanage/new",
  "/graph/detail/999999",
  ...GRAPH_PAGES(),
];

/** Every piece of text a person meets: visible text, placeholders, names, titles, options. */
async function textsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [document.title];
    const shown = (el: Element) =>
      !el.closest("script,style,template,[aria-hidden='true']") &&
      (el as HTMLElement).checkVisibility?.({ visibilityProperty: true }) !== false;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (el && shown(el)) out.push(n.textContent ?? "");
    }
    for (const el of document.querySelectorAll("[placeholder],[aria-label],[title],option")) {
      if (el.tagName !== "OPTION" && !shown(el)) continue;
      for (const a of ["placeholder", "aria-label"]) out.push(el.getAttribute(a) ?? "");
      if (el.tagName === "OPTION") out.push(el.textContent ?? "");
    }
    return out
      .flatMap((t) => t.split(/\t|\n/))
      .map((t) => t.trim())
      .filter(Boolean);
  });
}

/** The page's language chosen as a person does: the language menu's post to /ui. */
async function chooseLanguage(page: Page, lng: string) {
  await page.goto("/dashboard");
  const csrf = await page.locator('input[name="csrf"]').first().inputValue();
  const res = await page.request.post("/ui", { form: { lng, csrf, redirectTo: "/dashboard" } });
  expect(res.ok()).toBe(true);
}

/**
 * Each language walks every page once, half of them with JavaScript and half without: page i
 * is walked in language L by the js project when i + L is even, else by the nojs one. So every
 * page is seen in every language, and with and without JavaScript in some language.
 */
const LANGUAGES = ["en", "es", "zh"] as const;

for (const [L, lng] of LANGUAGES.entries()) {
  test(`${lng}: no UI text of another language on the main pages`, async ({
    adminPage: page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const half = hasJs(testInfo) ? 0 : 1;
    const pages = PAGES().filter((_, i) => (i + L) % 2 === half);
    await chooseLanguage(page, lng);
    const found: string[] = [];
    for (const url of pages) {
      const res = await page.goto(url);
      expect(res?.status(), url).toBeLessThan(url.includes("999999") ? 500 : 400);
      await expect(page.locator("html")).toHaveAttribute("lang", lng);
      for (const text of new Set(await textsOf(page))) {
        const foreign =
          lng === "zh"
            ? enExact.has(text)
            : !DATA.has(text) && (zhExact.has(text) || zhPatterns.some((p) => p.test(text)));
        if (foreign) found.push(`${url}: ${text}`);
      }
    }
    expect(found).toEqual([]);
  });
}

test.describe("a browser that asks for English", () => {
  test.use({ locale: "en-US" });

  test("the platform's refusal of a login is worded in English @js-only", async ({ page }) => {
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByPlaceholder("Please enter your username").fill("nobody-here");
    await page.getByPlaceholder("Please enter your password").fill("wrong-password-1");
    await page.getByPlaceholder("Please enter the captcha").fill("zzzz");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page.getByText(en["验证码错误"]).first()).toBeVisible();
    const texts = await textsOf(page);
    expect(texts.filter((t) => zhExact.has(t))).toEqual([]);
    expect(es["验证码错误"]).not.toBe(en["验证码错误"]);
  });
});
