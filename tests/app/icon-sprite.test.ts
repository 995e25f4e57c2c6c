import fs from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { iconSprite, OUTPUT } from "../../scripts/icon-sprite.mjs";
import { NavIcon } from "~/components/nav-icon";
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
});
