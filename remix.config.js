/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  serverPlatform: "node",
  serverDependenciesToBundle: [
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
