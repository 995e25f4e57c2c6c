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
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
