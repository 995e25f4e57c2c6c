import { chooseScheme, expect, test } from "./fixtures";

/**
 * Issue 25, decision 034: what every document no longer carries — the theme's CSS variables
 * (a cached stylesheet now) and the shell's icon paths (one cached sprite) — still reaches the
 * page, with JavaScript on and off, in both schemes.
 */
test.describe("the shell's theme and icons come from cached files", () => {
  test("the users page: no inline theme variables but one root stylesheet with them, every icon a <use> of the sprite", async ({
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

    // Every icon of the shell is a decorative <svg> with one <use> of the sprite, and
    // every symbol it names is in the sprite, which is kept for a year.
    // (The shell's: the sidebar and the header, before <main>; a page's own icons are Tabler's.)
    const shell = html.slice(0, html.indexOf("<main"));
    const icons = [...shell.matchAll(/<svg\b[^>]*>(.*?)<\/svg>/g)];
    expect(icons.length).toBeGreaterThan(20);
    const uses = new Set<string>();
    for (const [svg, inner] of icons) {
      expect(svg).toContain('aria-hidden="true"');
      const use = /^<use href="(\/build\/_assets\/icons-[^"#]+\.svg)#([\w-]+)"><\/use>$/.exec(
        inner,
      );
      expect(use, svg).not.toBeNull();
      uses.add(use![1]);
      uses.add(`#${use![2]}`);
    }
    const sprites = [...uses].filter((u) => !u.startsWith("#"));
    expect(sprites).toHaveLength(1);
    const sprite = await page.request.get(sprites[0]);
    expect(sprite.headers()["content-type"]).toContain("image/svg+xml");
    expect(sprite.headers()["cache-control"]).toContain("max-age=31536000");
    const symbols = await sprite.text();
    for (const id of [...uses].filter((u) => u.startsWith("#")))
      expect(symbols).toContain(`<symbol id="${id.slice(1)}" `);
    // The sidebar (the same for every administrator, whatever the table holds) is lighter:
    // 18.4 KB with its icons' paths, ~9 KB with <use>s.
    const sidebar = /<aside\b.*?<\/aside>/s.exec(html)![0];
    expect(sidebar.length).toBeLessThan(12_000);
    // And the head: no inline style sheets, so a couple of KB (16 KB before).
    expect(html.indexOf("<body")).toBeLessThan(4_000);
  });

  test("the page loads the sprite once and draws the theme's colours in both schemes", async ({
    adminPage: page,
  }) => {
    const sprites: number[] = [];
    page.on("response", (r) => {
      if (/\/build\/_assets\/icons-[^/]+\.svg$/.test(r.url())) sprites.push(r.status());
    });
    await page.goto("/backend/setting/users");
    const root = page.locator("html");
    const variable = (name: string) =>
      root.evaluate((e, n) => getComputedStyle(e).getPropertyValue(n).trim(), name);
    // The theme's own variables, from the stylesheet (decision 011's dimmed text).
    expect(await variable("--mantine-color-brand-6")).toBe("#6085f2");
    await expect(root).toHaveAttribute("data-mantine-color-scheme", "light");
    expect(await variable("--mantine-color-dimmed")).toBe("#5f6770");
    // The sidebar's icons take the size Tabler gave them, drawn from the sprite.
    const icon = page.locator("#sidebar nav svg").first();
    await expect(icon).toBeVisible();
    expect(await icon.evaluate((e) => e.getBoundingClientRect().width)).toBe(18);
    await expect.poll(() => sprites.length).toBeGreaterThan(0);
    expect(sprites.every((s) => s === 200 || s === 304)).toBe(true);

    await chooseScheme(page, "深色");
    await expect(root).toHaveAttribute("data-mantine-color-scheme", "dark");
    expect(await variable("--mantine-color-dimmed")).toBe("#a3adb9");
    await chooseScheme(page, "跟随系统");
  });
});
