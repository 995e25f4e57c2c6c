import { MantineProvider } from "@mantine/core";
import i18next from "i18next";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { ResourceGrid, ResourceTable } from "~/components/table/resource-table";
import { screens } from "~/components/table/resources";
import { parseTableState } from "~/components/table/table-state";
import i18nOptions, { resources } from "~/i18n";
import { themeFor } from "~/theme";
import fs from "node:fs";
const { schema, rows } = JSON.parse(fs.readFileSync("/tmp/rt/users.json", "utf8"));
const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({ ...i18nOptions, lng: "zh", resources });
const theme = themeFor("md");
const state = parseTableState(new URLSearchParams());
const screen = screens.users;
async function r(content: () => any) {
  const handler = createStaticHandler([{ path: "*", Component: () => content() }]);
  const context: any = await handler.query(new Request("http://x/backend/setting/users"));
  const router = createStaticRouter(handler.dataRoutes, context);
  return () => renderToString(h(I18nextProvider, { i18n }, h(MantineProvider, { theme, withCssVariables: false }, h(AuthenticityTokenProvider, { token: "t" }, h(StaticRouterProvider, { router, context, hydrate: false })))));
}
const cases: Record<string, () => string> = {
  empty: await r(() => null),
  grid: await r(() => h(ResourceGrid, { screen, schema, rows, state, hidden: [] })),
  table: await r(() => h(ResourceTable, { screen, schema, rows, count: rows.length, state, hidden: [] })),
};
for (const [k, f] of Object.entries(cases)) { for (let i = 0; i < 100; i++) f(); }
for (let round = 0; round < 3; round++) for (const [k, f] of Object.entries(cases)) {
  const t = performance.now(); let n = 0; while (performance.now() - t < 700) { f(); n++; }
  console.log(round, k, ((performance.now() - t) / n).toFixed(2), "ms");
}
