import { chooseScheme, expect, test } from "./fixtures";

/**
 * Issue 25: the theme's CSS variables, which every document no longer carries (a cached
 * stylesheet now, decision 034), still reach the page, with JavaScript on and off, in both
 * schemes; the shell's icons are one path each in the document, with no sprite to load
 * (decision 046).
 */
test.describe("the shell's theme from a cached file, its icons one path each", () => {
  test("the users page: no inline theme variables but one root stylesheet with them, every shell icon one path", async ({
    adminPage: page,
  }) => {
    const html = await (await page.request.get("/backend/setting/users")).text();
    // The 15 KB of variables and the responsive classes are not in the document…
    expect(html).not.toContain("data-mantine-styles");
    expect(html).not.toContain("--mantine-color-brand-6");
    // …but in the page's one root stylesheet (fingerprinted, kept for a year), after
    // Mantine's own rules and before the console's.
    const rootHref = /<link rel="stylesheet" href="(\/build\/_assets\/root-[^"]+\.css)"/.exec(
      html,
    )![1];
    const root = await page.request.get(rootHref);
    expect(root.headers()["cache-control"]).toContain("max-age=31536000");
    const css = await root.text();
    // Where a rule is in the bundle (a boolean check: the bundle is too long to print).
    const at = (rule: RegExp) => {
      const found = css.search(rule);
      expect(found, String(rule)).toBeGreaterThanOrEqual(0);
      return found;
    };
    const brand = at(/--mantine-color-brand-6:\s*#6085f2/);
    at(/\.mantine-hidden-from-sm\s*\{/);
    expect(at(/--mantine-color-body:/)).toBeLessThan(brand);
    expect(brand).toBeLessThan(at(/--kg-page:/));
    // One stylesheet for the root where there were five.
    const links = html.match(/<link rel="stylesheet" href="[^"]+"/g)!;
    expect(links.filter((l) => /\/(mantine|app|charts|a11y|theme)-/.test(l))).toEqual([]);

    // Every icon of the shell is a decorative <svg> with one path of its own, and no <use> of
    // another document (decision 046: the sprite was a document to load and lay out before the
    // first paint). (The shell's: the sidebar and the header, before <main>; a page's own
    // icons are Tabler's.)
    const shell = html.slice(0, html.indexOf("<main"));
    const icons = [...shell.matchAll(/<svg\b[^>]*>(.*?)<\/svg>/g)];
    expect(icons.length).toBeGreaterThan(20);
    for (const [svg, inner] of icons) {
      expect(svg).toContain('aria-hidden="true"');
      expect(inner, svg).toMatch(/^<path d="M[^"]+"><\/path>$/);
    }
    expect(html).not.toContain("<use");
    // The sidebar (the same for every administrator, whatever the table holds) is lighter than
    // with Tabler's components: 18.4 KB with their paths and attributes, 14.8 KB with one path
    // each (~9 KB with the sprite's <use>s, which cost a document before the first paint).
    const sidebar = /<aside\b.*?<\/aside>/s.exec(html)![0];
    expect(sidebar.length).toBeLessThan(16_000);
    // And the head: no inline style sheets, so a couple of KB (16 KB before).
    expect(html.indexOf("<body")).toBeLessThan(4_000);
  });

  test("the page loads no icon document and draws the icons and the theme's colours in both schemes", async ({
    adminPage: page,
  }) => {
    const svgs: string[] = [];
    page.on("request", (r) => {
      if (/\.svg(#|$)/.test(r.url()) && !r.url().endsWith("/favicon.svg")) svgs.push(r.url());
    });
    await page.goto("/backend/setting/users");
    const root = page.locator("html");
    const variable = (name: string) =>
      root.evaluate((e, n) => getComputedStyle(e).getPropertyValue(n).trim(), name);
    // The theme's own variables, from the stylesheet (decision 011's dimmed text).
    expect(await variable("--mantine-color-brand-6")).toBe("#6085f2");
    await expect(root).toHaveAttribute("data-mantine-color-scheme", "light");
    expect(await variable("--mantine-color-dimmed")).toBe("#5f6770");
    // The sidebar's icons take the size Tabler gave them, and their one path draws inside it.
    const icon = page.locator("#sidebar nav svg").first();
    await expect(icon).toBeVisible();
    expect(await icon.evaluate((e) => e.getBoundingClientRect().width)).toBe(18);
    const drawn = await icon.locator("path").evaluate((e) => {
      const box = (e as SVGPathElement).getBBox();
      return { width: box.width, height: box.height };
    });
    expect(drawn.width).toBeGreaterThan(10);
    expect(drawn.height).toBeGreaterThan(10);
    expect(svgs).toEqual([]);

    await chooseScheme(page, "深色");
    await expect(root).toHaveAttribute("data-mantine-color-scheme", "dark");
    expect(await variable("--mantine-color-dimmed")).toBe("#a3adb9");
    await chooseScheme(page, "跟随系统");
  });
});
