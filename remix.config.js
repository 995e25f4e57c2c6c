// --- Benchmark only (bench/pages.ts, issue 11): with BENCH_BARE_PAGE=1 at build time the bare
// <table> page of bench/bare-table.tsx is added at /bench/bare-table and the whole build goes
// to bench/.build/ instead of build/ and public/build/, so it never ships with the product.
const benchBuild =
  process.env.BENCH_BARE_PAGE === "1"
    ? {
        serverBuildPath: "bench/.build/index.js",
        assetsBuildDirectory: "bench/.build/public/build",
        routes: async (defineRoutes) =>
          defineRoutes((route) => {
            route("/bench/bare-table", "../bench/bare-table.tsx", { id: "bench-bare-table" });
          }),
      }
    : {};
// --- end of benchmark only

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ...benchBuild,
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
