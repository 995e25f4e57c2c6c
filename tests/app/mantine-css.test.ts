import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  GRID_OUTPUT,
  gridComponents,
  gridCss,
  mantineCss,
  OUTPUT,
  usedComponents,
  writeStylesheets,
} from "../../scripts/mantine-css.mjs";

const CORE = path.resolve("node_modules/@mantine/core");
const classesOf = (component: string) =>
  new Set(
    fs.readFileSync(path.join(CORE, "styles", `${component}.css`), "utf8").match(/m_[0-9a-f]{8}/g),
  );

describe("Mantine's stylesheet, only the components the console renders (issue 11)", () => {
  it("app/styles/mantine.css is what scripts/mantine-css.mjs writes now (run it after importing a new component or upgrading Mantine)", () => {
    expect(fs.readFileSync(OUTPUT, "utf8")).toBe(mantineCss());
  });

  it("the stylesheets are generated, not kept in git (decision 035): a missing or stale one is written, a current one left alone", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mantine-css-"));
    const [missing, stale, current] = ["missing", "stale", "current"].map((n) =>
      path.join(dir, `${n}.css`),
    );
    fs.writeFileSync(stale, "/* an older Mantine */");
    fs.writeFileSync(current, "a {}");
    const before = fs.statSync(current).mtimeMs;
    const written = writeStylesheets([
      [missing, () => "a {}"],
      [stale, () => "a {}"],
      [current, () => "a {}"],
    ]);
    expect(written).toEqual([missing, stale]);
    for (const f of [missing, stale, current]) expect(fs.readFileSync(f, "utf8")).toBe("a {}");
    expect(fs.statSync(current).mtimeMs).toBe(before);
    fs.rmSync(dir, { recursive: true });
    const ignored = fs.readFileSync(".gitignore", "utf8").split("\n");
    for (const f of [OUTPUT, GRID_OUTPUT]) expect(ignored).toContain(`/${path.relative(".", f)}`);
  });

  it("finds the components an import brings with it", () => {
    const used = usedComponents();
    // The login form's PasswordInput draws its toggle with an ActionIcon; Button a Loader.
    for (const c of ["PasswordInput", "ActionIcon", "Button", "Loader", "UnstyledButton"])
      expect(used).toContain(c);
    // @mantine/dates' DateInput opens a Popover from the core index.
    expect(used).toContain("Popover");
    expect(used).not.toContain("Tabs");
  });

  it("keeps the whole stylesheet's text and order: with every component it is styles.css itself", () => {
    const every = fs
      .readdirSync(path.join(CORE, "styles"))
      .filter((f) => f.endsWith(".css") && !f.endsWith(".layer.css"))
      .map((f) => f.slice(0, -4));
    const css = mantineCss(every);
    expect(css.slice(css.indexOf("*/\n") + 3)).toBe(
      fs.readFileSync(path.join(CORE, "styles.css"), "utf8"),
    );
  });

  it("holds the rules of the components used, in rem as in styles.css, and none of the others", () => {
    const css = fs.readFileSync(OUTPUT, "utf8");
    for (const cls of classesOf("PasswordInput")) expect(css).toContain(`.${cls}`);
    for (const cls of classesOf("Tabs")) expect(css).not.toContain(`.${cls}`);
    expect(css).toContain("--button-height-sm: calc(2.25rem * var(--mantine-scale))");
    // The global part (reset, body, the theme's variables) stays.
    expect(css).toContain("--mantine-color-body");
    expect(css.length).toBeLessThan(fs.statSync(path.join(CORE, "styles.css")).size / 2);
  });

  it("the adjustable grid's stylesheet (decision 029) is what the script writes: the rules mantine-react-table's components add, none the page already has", () => {
    expect(fs.readFileSync(GRID_OUTPUT, "utf8")).toBe(gridCss());
    const page = fs.readFileSync(OUTPUT, "utf8");
    const grid = fs.readFileSync(GRID_OUTPUT, "utf8");
    expect(gridComponents()).toEqual(expect.arrayContaining(["Table", "Menu", "Tooltip"]));
    // The grid's module is not counted among the page's: Table and Menu stay out of mantine.css.
    for (const cls of classesOf("Table")) {
      expect(page).not.toContain(`.${cls}`);
      expect(grid).toContain(`.${cls}`);
    }
    expect(grid).not.toContain("--mantine-color-body:");
    expect(grid).not.toContain("@keyframes");
  });
});
