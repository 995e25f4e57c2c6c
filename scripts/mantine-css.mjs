/**
 * Mantine's stylesheet with only the components the console renders (issue 11, LCP).
 *
 * `@mantine/core/styles.css` holds every component's rules (231 KB): each page's main thread
 * parsed all of it before its first paint. Mantine also ships one file per component
 * (`@mantine/core/styles/*.css`), but in 7.17 those are built with pixel sizes where the whole
 * stylesheet has `calc(…rem * var(--mantine-scale))`: using them would stop Mantine's
 * components from following the reader's font size. So this script keeps the whole
 * stylesheet's own text and order and only leaves out the rules of components no file in `app/`
 * imports (the components each import brings, found by following Mantine's ESM modules: a
 * component's CSS module is `<Name>.module.css.mjs`, and `styles/<Name>.css` names its classes).
 *
 *   node scripts/mantine-css.mjs     # writes app/styles/mantine.css (and the grid's, below)
 *
 * The stylesheets are generated, not kept in git (decision 035): `npm install` (postinstall),
 * `npm run build`, scripts/ensure-build.mjs (dev, start, the tests) and Vitest's global setup
 * write them when they are missing or not what this script writes now (a new component
 * imported, Mantine upgraded), and leave them untouched otherwise.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CORE = path.join(root, "node_modules/@mantine/core");
export const OUTPUT = path.join(root, "app/styles/mantine.css");

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts") ? [p] : [];
  });
}

/** A package's ESM file for an import specifier (`@mantine/core`'s index is not followed). */
function esmFile(pkg, specifier) {
  return path.join(root, "node_modules", pkg, specifier.slice(pkg.length + 1));
}

/**
 * The CSS modules (component names) reached from `entries`, following relative imports inside
 * Mantine's ESM files; a named import from the "@mantine/core" index (as @mantine/dates and
 * @mantine/dropzone do) continues at that component's own file.
 */
function cssModulesFrom(entries) {
  const seen = new Set();
  const found = new Set();
  const stack = [...entries];
  while (stack.length) {
    const file = stack.pop();
    if (seen.has(file) || !fs.existsSync(file)) continue;
    seen.add(file);
    const text = fs.readFileSync(file, "utf8");
    for (const [, spec] of text.matchAll(/(?:import|from)\s*'(\.[^']+)'/g)) {
      const target = path.resolve(path.dirname(file), spec);
      if (target.endsWith(".module.css.mjs")) found.add(path.basename(target, ".module.css.mjs"));
      else stack.push(target);
    }
    for (const [, names] of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g))
      stack.push(...names.split(",").map((n) => componentFile(n.trim().split(/\s+as\s+/)[0])));
  }
  return found;
}

const componentFile = (name) => path.join(CORE, "esm/components", name, `${name}.mjs`);

/** Every Mantine component the console's code imports, with the ones they render. */
export function usedComponents(appDir = path.join(root, "app")) {
  const entries = [];
  for (const file of sourceFiles(appDir)) {
    const text = fs.readFileSync(file, "utf8");
    // The adjustable grid's module: its components' rules are the grid's stylesheet (gridCss).
    if (text.includes('from "mantine-react-table"')) continue;
    for (const [, kind, names, spec] of text.matchAll(
      /import\s+(type\s+)?(?:\{([^}]*)\}|\w+)\s+from\s+"(@mantine\/[^"]+)"/g,
    )) {
      if (kind) continue;
      const pkg = spec.split("/").slice(0, 2).join("/");
      if (spec.endsWith(".mjs")) entries.push(esmFile(pkg, spec));
      else if (spec === "@mantine/core")
        for (const n of (names ?? "").split(",").map((x) => x.trim()))
          if (n && !n.startsWith("type ")) entries.push(componentFile(n.split(/\s+as\s+/)[0]));
    }
  }
  return [...cssModulesFrom(entries)].sort();
}

/**
 * The top-level blocks of a stylesheet, `{ prelude, body, text }`, whose texts put together are
 * the stylesheet (body null for `@x …;` and for the whitespace at the end).
 */
function blocks(css) {
  const out = [];
  let i = 0;
  while (i < css.length) {
    const start = i;
    let depth = 0;
    let bodyStart = -1;
    for (; i < css.length; i++) {
      if (css.startsWith("/*", i)) {
        i = css.indexOf("*/", i + 2) + 1;
        continue;
      }
      const c = css[i];
      if (c === '"' || c === "'") {
        i = css.indexOf(c, i + 1);
        continue;
      }
      if (c === "{") {
        if (depth++ === 0) bodyStart = i;
      } else if (c === "}") {
        if (--depth === 0) {
          i++;
          break;
        }
      } else if (c === ";" && depth === 0) {
        i++;
        break;
      }
    }
    const text = css.slice(start, i);
    out.push(
      bodyStart < 0
        ? { prelude: text, body: null, text }
        : {
            prelude: css.slice(start, bodyStart),
            body: css.slice(bodyStart + 1, i - 1),
            text,
          },
    );
  }
  return out;
}

/**
 * `@mantine/core/styles.css` without the rules that only style components not in `used`. With
 * `besides` (the components a stylesheet already on the page styles), only the rules that
 * `used` adds to it: no global part, nothing that stylesheet already holds.
 */
export function mantineCss(used = usedComponents(), besides = null) {
  const owner = new Map();
  for (const f of fs.readdirSync(path.join(CORE, "styles"))) {
    if (!f.endsWith(".css") || f.endsWith(".layer.css")) continue;
    const name = f.slice(0, -4);
    const text = fs.readFileSync(path.join(CORE, "styles", f), "utf8");
    for (const [cls] of text.matchAll(/m_[0-9a-f]{8}/g)) owner.set(cls, name);
  }
  const wanted = new Set(besides ? [...used, ...besides] : used);
  const already = new Set(besides ?? []);
  // A rule stays unless every Mantine class it names belongs to a component left out.
  const keptBy = (set, selector) => {
    const classes = [...selector.matchAll(/m_[0-9a-f]{8}/g)].map(([c]) => c);
    return !classes.length || classes.some((c) => !owner.has(c) || set.has(owner.get(c)));
  };
  const keep = (selector) => keptBy(wanted, selector) && !(besides && keptBy(already, selector));
  const filter = (css) =>
    blocks(css)
      .map((b) => {
        const at = b.prelude.replace(/\/\*[^]*?\*\//g, "").trimStart();
        if (b.body === null || at.startsWith("@keyframes") || at.startsWith("@font-face"))
          return besides ? "" : b.text;
        if (/^@(media|supports|container|layer)\b/.test(at)) {
          const inner = filter(b.body);
          if (inner === b.body) return b.text;
          return inner.trim() ? `${b.prelude}{${inner}\n}` : "";
        }
        return keep(b.prelude) ? b.text : "";
      })
      .join("");
  const all = fs.readFileSync(path.join(CORE, "styles.css"), "utf8");
  const version = JSON.parse(fs.readFileSync(path.join(CORE, "package.json"), "utf8")).version;
  const names = (list) =>
    list.filter((n) => fs.existsSync(path.join(CORE, "styles", `${n}.css`))).join(", ");
  if (besides)
    return (
      `/* Generated by scripts/mantine-css.mjs from @mantine/core ${version} styles.css: the rules\n` +
      `   mantine-react-table's components add to app/styles/mantine.css (${names(used.filter((n) => !already.has(n)))}).\n` +
      `   Do not edit. */\n` +
      filter(all)
        .trimStart()
        .replace(/\n{3,}/g, "\n\n")
    );
  return (
    `/* Generated by scripts/mantine-css.mjs from @mantine/core ${version} styles.css: the rules of\n` +
    `   ${used.filter((n) => fs.existsSync(path.join(CORE, "styles", `${n}.css`))).join(", ")}.\n` +
    `   Do not edit. */\n` +
    filter(all).trimStart()
  );
}

/** The adjustable grid's (decision 029): loaded with its code, never by another page. */
export const GRID_OUTPUT = path.join(root, "app/components/table/mrt-mantine.css");

/** The Mantine components mantine-react-table renders (its imports from "@mantine/core"). */
export function gridComponents() {
  const mrt = path.join(root, "node_modules/mantine-react-table/dist/index.esm.mjs");
  return [...cssModulesFrom([mrt])].sort();
}

export const gridCss = () => mantineCss(gridComponents(), usedComponents());

/**
 * Writes each generated stylesheet that is missing or differs from what `make` gives now
 * (a file already current keeps its modification time: no rebuild for nothing); returns the
 * files written.
 */
export function writeStylesheets(
  outputs = [
    [OUTPUT, mantineCss],
    [GRID_OUTPUT, gridCss],
  ],
) {
  const written = [];
  for (const [file, make] of outputs) {
    const css = make();
    if (fs.existsSync(file) && fs.readFileSync(file, "utf8") === css) continue;
    fs.writeFileSync(file, css);
    written.push(file);
    console.log(`${path.relative(root, file)}: ${(css.length / 1024).toFixed(1)} KB`);
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) writeStylesheets();
