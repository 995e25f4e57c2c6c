import fs from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { joinedPath, OUTPUT, shellIconPaths } from "../../scripts/shell-icon-paths.mjs";
import { NavIcon } from "~/components/nav-icon";
import { SHELL_ICONS } from "~/components/shell-icons";
import { SHELL_ICON_PATHS } from "~/components/shell-icon-paths";

describe("the shell's icons, one path each (issue 25, decision 046)", () => {
  it("app/components/shell-icon-paths.ts is what scripts/shell-icon-paths.mjs writes now (run it after adding an icon or upgrading Tabler)", async () => {
    expect(fs.readFileSync(OUTPUT, "utf8")).toBe(await shellIconPaths());
  });

  it("has every icon of the list, each Tabler's own shapes joined into one path", async () => {
    expect(Object.keys(SHELL_ICON_PATHS).sort()).toEqual(Object.keys(SHELL_ICONS).sort());
    const { __iconNode } = await import("@tabler/icons-react/dist/esm/icons/IconDashboard.mjs");
    expect(__iconNode.length).toBeGreaterThan(1);
    expect(SHELL_ICON_PATHS.dashboard).toBe(__iconNode.map(([, attrs]) => attrs.d).join(" "));
  });

  it("refuses a shape that one path would draw differently", () => {
    const path = (d: string) => ["path", { d, key: "k" }] as [string, Record<string, string>];
    expect(joinedPath("ok", [path("M1 1h2"), path("M3 3v4")])).toBe("M1 1h2 M3 3v4");
    // A relative first move would start from where the previous shape ended.
    expect(() => joinedPath("relative", [path("M1 1h2"), path("m3 3v4")])).toThrow(
      /^relative: a <path> that is not a plain path/,
    );
    expect(() => joinedPath("circle", [["circle", { cx: "12", cy: "12", r: "9" }]])).toThrow(
      /circle/,
    );
    expect(() => joinedPath("filled", [["path", { d: "M1 1h2", fill: "currentColor" }]])).toThrow(
      /filled/,
    );
  });

  it("an icon is a decorative <svg> in the text's colour with one path, no other document", () => {
    const html = renderToStaticMarkup(createElement(NavIcon, { name: "settings", size: 16 }));
    expect(html).toMatch(/^<svg [^>]*aria-hidden="true"[^>]*><path d="M[^"]+"><\/path><\/svg>$/);
    expect(html).toContain(`d="${SHELL_ICON_PATHS.settings}"`);
    expect(html).toContain('width="16"');
    expect(html).toContain('stroke-width="1.6"');
    expect(html).toContain('stroke="currentColor"');
    expect(html).toContain('fill="none"');
    expect(html).not.toContain("href");
    // A name the list does not have falls back to the list icon, as before.
    expect(renderToStaticMarkup(createElement(NavIcon, { name: "nope" }))).toContain(
      `d="${SHELL_ICON_PATHS.list}"`,
    );
  });
});
