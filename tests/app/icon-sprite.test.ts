import fs from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { iconSprite, NAV_OUTPUT, navIconCss, OUTPUT } from "../../scripts/icon-sprite.mjs";
import { NavIcon, navIcon } from "~/components/nav-icon";
import { SPRITE_ICONS } from "~/components/sprite-names";

describe("the shell's icons from one cached sprite (issue 25, decision 034)", () => {
  it("app/styles/icons.svg is what scripts/icon-sprite.mjs writes now (run it after adding an icon or upgrading Tabler)", async () => {
    expect(fs.readFileSync(OUTPUT, "utf8")).toBe(await iconSprite());
  });

  it("has a symbol for every icon of the list, with Tabler's own shapes", async () => {
    const sprite = fs.readFileSync(OUTPUT, "utf8");
    for (const name of Object.keys(SPRITE_ICONS))
      expect(sprite).toContain(
        `<symbol id="${name}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-linecap="round" stroke-linejoin="round">`,
      );
    const { __iconNode } = await import("@tabler/icons-react/dist/esm/icons/IconDashboard.mjs");
    for (const [, attrs] of __iconNode) expect(sprite).toContain(`d="${attrs.d}"`);
  });

  it("an icon is a decorative <svg> in the text's colour that uses the sprite's symbol", () => {
    const html = renderToStaticMarkup(createElement(NavIcon, { name: "settings", size: 16 }));
    expect(html).toMatch(
      /^<svg [^>]*aria-hidden="true"[^>]*><use href="[^"]*icons[^"]*\.svg#settings"><\/use><\/svg>$/,
    );
    expect(html).toContain('width="16"');
    expect(html).toContain('stroke-width="1.6"');
    // A name the sprite does not have falls back to the list icon, as before.
    expect(renderToStaticMarkup(createElement(NavIcon, { name: "nope" }))).toContain("#list");
  });

  it("app/styles/nav-icons.css is what the script writes now: each sidebar icon a mask with Tabler's shapes, opaque where it strokes", async () => {
    const css = fs.readFileSync(NAV_OUTPUT, "utf8");
    expect(css).toBe(await navIconCss());
    for (const name of Object.keys(SPRITE_ICONS)) {
      const rule = name.startsWith("chevron-")
        ? new RegExp(`--icon-${name}: url\\("data:image/svg\\+xml,([^"]+)"\\);`)
        : new RegExp(
            `\\[data-icon="${name}"\\] \\{\\s+--icon: url\\("data:image/svg\\+xml,([^"]+)"\\);`,
          );
      const svg = decodeURIComponent(rule.exec(css)?.[1] ?? "");
      expect(svg, name).toMatch(
        /^<svg xmlns='http:\/\/www\.w3\.org\/2000\/svg' viewBox='0 0 24 24' fill='none' stroke='#000' stroke-width='(1\.6|2)'/,
      );
    }
    const { __iconNode } = await import("@tabler/icons-react/dist/esm/icons/IconUsers.mjs");
    const users = decodeURIComponent(
      /\[data-icon="users"\] \{\s+--icon: url\("data:image\/svg\+xml,([^"]+)"/.exec(css)![1],
    );
    for (const [, attrs] of __iconNode) expect(users).toContain(`d='${attrs.d}'`);
  });

  it("a route's icon name is the sidebar's, or the list icon when the sprite has none", () => {
    expect(navIcon("users")).toBe("users");
    expect(navIcon("nope")).toBe("list");
    expect(navIcon(undefined)).toBe("list");
  });
});
