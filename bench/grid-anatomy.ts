/**
 * What the adjustable grid's code is made of (issue 24 §5, decision 029): mantine-react-table
 * (MRT) bundled on its own with esbuild (minified, React left out), its output bytes per package
 * (Mantine per component), and the whole as gzip.
 *
 *   npx tsx bench/grid-anatomy.ts               # MRT as the build gets it (esbuild reads
 *                                               # tsconfig.json's paths, @mantine/dates' too)
 *   npx tsx bench/grid-anatomy.ts --reachable   # the floor of replacing, in the browser build,
 *                                               # every import MRT names that our settings keep
 *                                               # unreachable (filters, pagination, editing…)
 *
 * `--reachable` measures a lever; it builds nothing the console ships. MRT is one file: its own
 * components for those features stay in either case (they are named by the ones we use).
 * Not the page's figure: part of Mantine (its core, Popover, Transition…) is already on every
 * table page; `bench/bundles.ts` measures what a page loads.
 */
import zlib from "node:zlib";
import { build, type Plugin } from "esbuild";

/** Mantine components MRT renders with our settings (mrt-grid.tsx): table, toolbar, menus. */
const REACHED = [
  "Tooltip",
  "UnstyledButton",
  "useDirection",
  "TableTd",
  "TableTr",
  "Box",
  "ActionIcon",
  "Text",
  "TableTbody",
  "Flex",
  "Button",
  "useMantineTheme",
  "Menu",
  "TableTh",
  "TableTfoot",
  "TableThead",
  "useMantineColorScheme",
  "Table",
  "lighten",
  "darken",
  "Group",
  "Paper",
  "Stack",
  "Transition",
];
/** What MRT imports only for filters, pagination, editing, selection banners, progress… */
const UNREACHED = {
  "@mantine/core": [
    "Highlight",
    "CopyButton",
    "Select",
    "MultiSelect",
    "TextInput",
    "Skeleton",
    "Collapse",
    "Switch",
    "Checkbox",
    "Badge",
    "Autocomplete",
    "RangeSlider",
    "Popover",
    "Indicator",
    "Radio",
    "Alert",
    "Modal",
    "LoadingOverlay",
    "Progress",
    "Pagination",
  ],
  "@mantine/dates": ["DateInput"],
  "@tanstack/match-sorter-utils": ["compareItems", "rankItem", "rankings"],
};

const reachable: Plugin = {
  name: "reachable",
  setup(b) {
    const bare = new RegExp(`^(${Object.keys(UNREACHED).join("|")})$`);
    b.onResolve({ filter: bare }, (a) =>
      a.importer.includes("mantine-react-table") ? { path: a.path, namespace: "unreached" } : null,
    );
    b.onLoad({ filter: /.*/, namespace: "unreached" }, (a) => {
      const names = UNREACHED[a.path as keyof typeof UNREACHED];
      const kept =
        a.path === "@mantine/core"
          ? `export { ${REACHED.join(", ")} } from "@mantine/core";\n`
          : "";
      return {
        contents: `${kept}${names.map((n) => `export const ${n} = undefined;`).join("\n")}`,
        resolveDir: process.cwd(),
      };
    });
  },
};

async function main() {
  const floor = process.argv.includes("--reachable");
  const r = await build({
    stdin: {
      contents: `export { MantineReactTable, useMantineReactTable } from "mantine-react-table";`,
      resolveDir: process.cwd(),
    },
    bundle: true,
    minify: true,
    write: false,
    metafile: true,
    format: "esm",
    outdir: "bench/.grid-anatomy",
    external: ["react", "react-dom", "react/jsx-runtime"],
    loader: { ".css": "empty" },
    plugins: floor ? [reachable] : [],
  });
  const [file] = r.outputFiles;
  const by = new Map<string, number>();
  for (const out of Object.values(r.metafile.outputs))
    for (const [input, { bytesInOutput }] of Object.entries(out.inputs)) {
      const rest = input.replace(/^.*node_modules\//, "");
      let key = rest
        .split("/")
        .slice(0, rest.startsWith("@") ? 2 : 1)
        .join("/");
      if (key.startsWith("@mantine/"))
        key += `: ${/components\/(\w+)\//.exec(rest)?.[1] ?? "core"}`;
      by.set(key, (by.get(key) ?? 0) + bytesInOutput);
    }
  const kb = (n: number) => (n / 1024).toFixed(1).padStart(6);
  console.log(
    `mantine-react-table${floor ? ", unreachable imports replaced" : ""}: ` +
      `${kb(file.contents.length)} KB minified, ${kb(zlib.gzipSync(file.contents).length)} KB gzip`,
  );
  for (const [key, n] of [...by].sort((a, b) => b[1] - a[1]).filter(([, n]) => n >= 2048))
    console.log(`  ${kb(n)} KB  ${key}`);
}

await main();
