import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { THEME_CSS_HEADER, themeCss } from "~/styles/theme-css";

const OUTPUT = "app/styles/theme.css";

describe("the theme's stylesheet, drawn once instead of inline in every document (issue 25, decision 034)", () => {
  it("app/styles/theme.css is what scripts/theme-css.mjs writes now (run it after changing app/theme.ts or upgrading Mantine)", () => {
    expect(fs.readFileSync(OUTPUT, "utf8")).toBe(themeCss());
  });

  it("is the same for every element size, so one file serves every reader", () => {
    expect(themeCss("sm")).toBe(themeCss("md"));
    expect(themeCss("lg")).toBe(themeCss("md"));
  });

  it("holds the theme's own colours for both schemes and the responsive helper classes", () => {
    const css = themeCss().slice(THEME_CSS_HEADER.length);
    expect(css).toContain("--mantine-color-brand-6: #6085f2;");
    expect(css).toMatch(
      /:root\[data-mantine-color-scheme="dark"\]\{[^}]*--mantine-color-dimmed: #a3adb9;/,
    );
    expect(css).toMatch(
      /:root\[data-mantine-color-scheme="light"\]\{[^}]*--mantine-color-dimmed: #5f6770;/,
    );
    expect(css).toContain(".mantine-hidden-from-sm {display: none !important;}");
    // No markup: only the style sheets' text.
    expect(css).not.toContain("<");
  });
});
