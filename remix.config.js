import fs from "node:fs";
import { tsImport } from "tsx/esm/api";

// --- The generic table's routes come from its registry (app/table/registry.ts): for each screen,
// its list and the pages it lists, each with the id its flat route file would have had, nested
// in the admin layout; the screen's own route files (a model's run page…) nest under its list.
const { screens, PAGE_PATHS } = await tsImport("./app/table/registry.ts", import.meta.url);
const routeFiles = fs.readdirSync(new URL("./app/routes", import.meta.url));
const routeId = (path) =>
  `routes/_admin${path
    .replace(/\/$/, "")
    .replace(/:(\w+)/g, "$$$1")
    .replace(/\//g, ".")}`;
const fileSegment = (segment) => segment.replace(/^\$(\w+)$/, ":$1");

function tableRoutes(route) {
  route(undefined, "routes/_admin.tsx", { id: "routes/_admin" }, () => {
    for (const screen of Object.values(screens)) {
      const pages = screen.pages.filter((p) => p !== "list");
      const page = (p, prefix) =>
        route(`${prefix}${PAGE_PATHS[p]}`, `table/routes/${p}.tsx`, {
          id: routeId(`${screen.path}/${PAGE_PATHS[p]}`),
        });
      if (!screen.pages.includes("list")) {
        for (const p of pages) page(p, `${screen.path.slice(1)}/`);
        continue;
      }
      const own = `_admin${screen.path.replace(/\//g, ".")}.`;
      route(screen.path.slice(1), "table/routes/list.tsx", { id: routeId(screen.path) }, () => {
        for (const p of pages) page(p, "");
        for (const file of routeFiles.filter((f) => f.startsWith(own))) {
          const rest = file.slice(own.length).replace(/\.tsx?$/, "");
          route(rest.split(".").map(fileSegment).join("/"), `routes/${file}`, {
            id: `routes/${file.replace(/\.tsx?$/, "")}`,
          });
        }
      });
    }
  });
}
// --- end of the table's routes

// --- Benchmark only (bench/pages.ts, issue 11): with BENCH_BARE_PAGE=1 at build time the bare
// <table> page of bench/bare-table.tsx is added at /bench/bare-table and the whole build goes
// to bench/.build/ instead of build/ and public/build/, so it never ships with the product.
const benchBuild =
  process.env.BENCH_BARE_PAGE === "1"
    ? {
        serverBuildPath: "bench/.build/index.js",
        assetsBuildDirectory: "bench/.build/public/build",
        benchRoute: (route) =>
          route("/bench/bare-table", "../bench/bare-table.tsx", { id: "bench-bare-table" }),
      }
    : {};
// --- end of benchmark only

// --- Benchmark only (bench/pages.ts, issue 25): with BENCH_BARE_APP=1 the reference app of
// bench/bare-app/ (its own root, no console) is built instead, into bench/.bare-build/.
const bareApp = {
  appDirectory: "bench/bare-app",
  serverBuildPath: "bench/.bare-build/index.js",
  assetsBuildDirectory: "bench/.bare-build/public/build",
  ignoredRouteFiles: ["**/.*", "server.mjs"],
  serverModuleFormat: "esm",
  serverPlatform: "node",
  serverDependenciesToBundle: [/^@mantine\//],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
  },
};
// --- end of benchmark only

const { benchRoute, ...benchPaths } = benchBuild;

/** @type {import('@remix-run/dev').AppConfig} */
export default process.env.BENCH_BARE_APP === "1"
  ? bareApp
  : {
      ...benchPaths,
      routes: async (defineRoutes) =>
        defineRoutes((route) => {
          tableRoutes(route);
          benchRoute?.(route);
        }),
      ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
      serverModuleFormat: "esm",
      serverPlatform: "node",
      serverDependenciesToBundle: [
        // Bundled whole: pages import Mantine's components file by file (app/mantine-modules.d.ts),
        // which the server bundle holds; the index must resolve to those same modules (one context).
        /^@mantine\//,
        /^mantine-react-table/,
        /^remix-i18next/,
        /^remix-utils/,
        /^@tabler\/icons-react/,
        /^echarts/,
        /^zrender/,
      ],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        // Off: the whole route manifest (one cacheable file, ~5 KB gzip) instead of discovering
        // routes per page. With 128 routes, discovery cost 3 extra route matchings in every
        // server render (~4-6 ms, a fifth of a page) and a /__manifest request before client
        // navigations to new routes (docs/decisions/004-route-manifest.md).
        v3_lazyRouteDiscovery: false,
        v3_singleFetch: true,
      },
    };
