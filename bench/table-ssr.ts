/**
 * Render-only breakdown of the users table page (issue 3, kept for issue 11). What users feel
 * is the whole request (the guard, the platform calls, the document) through the real server:
 * that is `bench/pages.ts` (`npm run bench:pages`), whose figures are the headline. This script
 * isolates the part React's server render takes, on the same rows, in one run:
 *
 * 1. The page: the console's real server build answers GET /backend/setting/users, its
 *    document rendered with renderToString (root, admin layout, the route, hydration data).
 *    The loaders are replaced by their answers, fetched once from a real platform, so only
 *    rendering is measured. The plain variant is the same build with the route's component
 *    swapped for a bare <table> of the same cell texts.
 * 2. The same comparison without the Remix document (Mantine provider, router, i18n, admin
 *    shell, title, then the table), and the two tables on their own.
 * 3. References: mantine-react-table as the grid used it until issue 11 (every feature off,
 *    the grid's columns), and with its defaults.
 *
 * Cases are timed in turn in 100 ms slices of this process's CPU time, so other load on the
 * machine slows all alike. Client JavaScript is measured in a browser by `bench/bundles.ts`.
 *
 *   npx remix build && NODE_ENV=production npx tsx bench/table-ssr.ts [--rows 10] [--seconds 3] [--only genericAlone]
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { MantineProvider } from "@mantine/core";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { RemixServer, useLoaderData } from "@remix-run/react";
import i18next from "i18next";
import { MantineReactTable, type MRT_ColumnDef, type MRT_TableOptions } from "mantine-react-table";
import { createElement as h, type ReactNode, useMemo } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from "react-router-dom/server";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { AdminShell } from "~/components/layout/admin-shell";
import { cellText } from "~/components/table/cells";
import type { TableData } from "~/table/data";
import { ResourceTable } from "~/components/table/resource-table";
import { screens } from "~/table/registry";
import { parseTableState } from "~/table/table-state";
import type { Row, TableSchema } from "~/table/types";
import i18nOptions from "~/i18n";
import { resources } from "~/locales/all.server";
import { filterNav } from "~/navigation";
import { themeFor } from "~/theme";
import { startPlatform, userWithToken, type TestPlatform } from "../tests/helpers/platform";
import { sqliteHandle } from "../tests/helpers/sql.js";

if (process.env.NODE_ENV !== "production") {
  console.error(
    "Run with NODE_ENV=production (React's development build is several times slower).",
  );
  process.exit(1);
}
process.env.SESSION_SECRET ||= "bench-session-secret";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROWS = arg("rows", 10);
const SECONDS = arg("seconds", 3);
const PAGE = "/backend/setting/users";
const ROUTE_ID = "routes/_admin.backend.setting.users";

/** A store with ROWS users in three groups, and an administrator's token. */
function seed(p: TestPlatform) {
  const db = sqliteHandle(p.ctx);
  const groups = ["数据管理员", "标注员", "审核员"].map((name) =>
    Number(db.prepare("INSERT INTO groups (name) VALUES (?)").run(name).lastInsertRowid),
  );
  for (let i = 1; i <= ROWS; i++) {
    const id = Number(
      db
        .prepare(
          "INSERT INTO users (username, email, password_hash, last_login) VALUES (?, ?, 'x', ?)",
        )
        .run(`user${i}`, `user${i}@example.com`, new Date(Date.UTC(2026, 0, i)).toISOString())
        .lastInsertRowid,
    );
    db.prepare("INSERT INTO user_groups (user_id, group_id) VALUES (?, ?)").run(id, groups[i % 3]);
  }
  return userWithToken(p.ctx, "bench-admin", ["admin"]);
}

/** The plain variant of the users page: its title and a bare <table> of the same cell texts. */
function PlainUsersPage() {
  const d = useLoaderData<TableData>();
  // Plain elements: the server build holds its own copy of Mantine (remix.config.js bundles it),
  // whose provider a component imported here would not see.
  return h("div", null, h("h3", null, "用户管理"), plainTable(d.schema!, d.rows));
}

/** The options the grid gave mantine-react-table until issue 11: every feature off. */
const TABLE_OPTIONS = {
  enableBottomToolbar: false,
  enableTopToolbar: false,
  enableTableFooter: false,
  enableColumnActions: false,
  enableColumnFilters: false,
  enableFilters: false,
  enableGlobalFilter: false,
  enableSorting: false,
  enableMultiSort: false,
  enablePagination: false,
  enableHiding: false,
  enableDensityToggle: false,
  enableFullScreenToggle: false,
  enableColumnResizing: false,
  enableColumnOrdering: false,
  enableColumnDragging: false,
  enableColumnPinning: false,
  enableRowPinning: false,
  enableRowSelection: false,
  enableRowActions: false,
  enableRowVirtualization: false,
  enableColumnVirtualization: false,
  enableFacetedValues: false,
  enableFilterMatchHighlighting: false,
  enableGrouping: false,
  enableExpanding: false,
  enableEditing: false,
  enableStickyHeader: false,
  enableToolbarInternalActions: false,
  manualPagination: true,
  manualSorting: true,
  manualFiltering: true,
  manualGrouping: true,
  layoutMode: "semantic",
  getRowId: (row: Row) => String(row.id),
  mantineTableProps: { striped: false, highlightOnHover: true, withTableBorder: false },
} satisfies Partial<MRT_TableOptions<Row>>;

function DefaultsTable({
  schema,
  rows,
  bare,
}: {
  schema: TableSchema;
  rows: Row[];
  bare?: boolean;
}) {
  const columns = useMemo<MRT_ColumnDef<Row>[]>(() => {
    const cols: MRT_ColumnDef<Row>[] = Object.entries(schema.table_fields).map(([name, f]) => ({
      id: name,
      header: f.label,
      accessorFn: (row: Row) => cellText(row[name], f, schema.select_options[name]),
    }));
    // As many columns as the console's grid: a selection and an actions column, left empty.
    if (bare)
      for (const id of ["select", "actions"])
        cols.push({ id, header: "", columnDefType: "display", Cell: () => null });
    return cols;
  }, [schema, bare]);
  // `bare`: the console's options (every feature off), nothing in the cells but text: MRT's floor.
  return h(
    MantineReactTable<Row>,
    bare ? { ...TABLE_OPTIONS, columns, data: rows } : { columns, data: rows },
  );
}

function plainTable(schema: TableSchema, rows: Row[]) {
  const fields = Object.entries(schema.table_fields);
  return h(
    "table",
    null,
    h("thead", null, h("tr", null, ...fields.map(([name, f]) => h("th", { key: name }, f.label)))),
    h(
      "tbody",
      null,
      ...rows.map((row) =>
        h(
          "tr",
          { key: String(row.id) },
          ...fields.map(([name, f]) =>
            h("td", { key: name }, cellText(row[name], f, schema.select_options[name])),
          ),
        ),
      ),
    ),
  );
}

/**
 * The console's server build with its loaders answering what they answered once (so no
 * platform calls are timed) and its document rendered by renderToString.
 */
async function documentRenderers(cookie: string) {
  const buildFile = path.resolve("build/index.js");
  if (!fs.existsSync(buildFile)) throw new Error("no build: run `npx remix build` first");
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  const request = () =>
    new Request(`http://console.test${PAGE}`, {
      headers: { Cookie: cookie, "Accept-Language": "zh-CN" },
    });

  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const module = { ...route.module } as Record<string, unknown>;
    if (["root", "routes/_admin", ROUTE_ID].includes(id)) {
      const answer = await (route.module.loader as (a: unknown) => Promise<unknown>)({
        request: request(),
        params: {},
        context: {},
      });
      module.loader = () => answer;
    }
    routes[id] = { ...route, module: module as never };
  }
  const entry = {
    module: {
      ...build.entry.module,
      default: async (req: Request, status: number, headers: Headers, context: unknown) => {
        // As the real entry does per request: an i18n instance in the user's language.
        const i18n = i18next.createInstance();
        await i18n.use(initReactI18next).init({ ...i18nOptions, lng: "zh", resources });
        const html = renderToString(
          h(I18nextProvider, { i18n }, h(RemixServer, { context: context as never, url: req.url })),
        );
        headers.set("Content-Type", "text/html; charset=utf-8");
        return new Response(`<!DOCTYPE html>${html}`, { status, headers });
      },
    },
  };
  const generic = createRequestHandler({ ...build, entry, routes } as ServerBuild, "production");
  const plainRoutes = {
    ...routes,
    [ROUTE_ID]: {
      ...routes[ROUTE_ID],
      module: { ...routes[ROUTE_ID].module, default: PlainUsersPage },
    },
  };
  const plain = createRequestHandler(
    { ...build, entry, routes: plainRoutes } as ServerBuild,
    "production",
  );
  const render = (handler: typeof generic) => async () => {
    const res = await handler(request());
    if (res.status !== 200) throw new Error(`page answered ${res.status}`);
    return res.text();
  };
  return { generic: render(generic), plain: render(plain) };
}

/** The page without the Remix document: providers, router, admin shell, title, then `content`. */
async function fragmentRenderers(schema: TableSchema, rows: Row[]) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ ...i18nOptions, lng: "zh", resources });
  const theme = themeFor("md");
  const nav = filterNav(["admin"]);
  async function renderer(content: () => ReactNode, shell: boolean) {
    const Component = shell
      ? () =>
          h(AdminShell, {
            nav,
            sidebar: "open",
            username: "admin",
            productTitle: "知识图谱平台",
            children: h("div", null, h("h3", null, "用户管理"), content()),
          })
      : () => h("main", null, content());
    const handler = createStaticHandler([{ path: "*", Component }]);
    const context = await handler.query(new Request(`http://console.test${PAGE}`));
    if (context instanceof Response) throw new Error("unexpected redirect");
    const router = createStaticRouter(handler.dataRoutes, context);
    const tree = () =>
      h(
        I18nextProvider,
        { i18n },
        h(
          MantineProvider,
          { theme },
          h(AuthenticityTokenProvider, {
            token: "bench",
            children: h(StaticRouterProvider, { router, context, hydrate: false }),
          }),
        ),
      );
    return async () => renderToString(tree());
  }
  const generic = () =>
    h(ResourceTable, {
      screen: screens.users,
      schema,
      rows,
      count: rows.length,
      state: parseTableState(new URLSearchParams()),
      hidden: [],
    });
  const plain = () => plainTable(schema, rows);
  const defaults = () => h(DefaultsTable, { schema, rows });
  const bare = () => h(DefaultsTable, { schema, rows, bare: true });
  return {
    bareFrame: await renderer(bare, true),
    bareAlone: await renderer(bare, false),
    defaultsFrame: await renderer(defaults, true),
    defaultsAlone: await renderer(defaults, false),
    genericFrame: await renderer(generic, true),
    plainFrame: await renderer(plain, true),
    genericAlone: await renderer(generic, false),
    plainAlone: await renderer(plain, false),
  };
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Renders per CPU-second of each case, timed in turn in 100 ms slices. */
async function measure(cases: Record<string, () => Promise<string>>) {
  const totals = Object.fromEntries(Object.keys(cases).map((k) => [k, { n: 0, ms: 0 }]));
  for (const render of Object.values(cases)) for (let i = 0; i < 50; i++) await render();
  const rounds = Math.ceil((SECONDS * 1000) / 100);
  for (let round = 0; round < rounds; round++) {
    for (const [name, render] of Object.entries(cases)) {
      const start = cpuMs();
      let now = start;
      let n = 0;
      while (now - start < 100) {
        await render();
        n++;
        now = cpuMs();
      }
      totals[name].n += n;
      totals[name].ms += now - start;
    }
  }
  return Object.fromEntries(Object.entries(totals).map(([k, t]) => [k, t.n / (t.ms / 1000)]));
}

function report(rate: Record<string, number>, rows: [string, string][]) {
  for (const [key, label] of rows) {
    console.log(
      `  ${label.padEnd(44)} ${rate[key].toFixed(0).padStart(6)} /s  ${(1000 / rate[key]).toFixed(2).padStart(6)} ms`,
    );
  }
}

async function main() {
  const p = await startPlatform();
  const admin = seed(p);
  process.env.PLATFORM_API_URL = p.api;
  // Imported only now: the session module reads SESSION_SECRET when it loads.
  const { browser } = await import("../tests/helpers/console");
  const cookie = (await browser(admin, { lng: "zh" })).cookie;
  const headers = { Authorization: `Token ${admin.token}` };
  const schema = (await (
    await fetch(`${p.api}/common/users/schema/`, { headers })
  ).json()) as TableSchema;
  const names = Array.from({ length: ROWS }, (_, i) => `user${i + 1}`).join(",");
  const rows = (
    (await (
      await fetch(`${p.api}/common/users/?page_size=${ROWS}&username__in=${names}`, { headers })
    ).json()) as { results: Row[] }
  ).results;
  const pages = await documentRenderers(cookie);
  const fragments = await fragmentRenderers(schema, rows);
  await p.close();

  const html = await pages.generic();
  if (!html.includes("user1@example.com") || !html.includes("rt-grid"))
    throw new Error("the users page did not render its rows");
  if (!(await pages.plain()).includes("user1@example.com"))
    throw new Error("the plain page did not render its rows");

  const only = process.argv.indexOf("--only");
  if (only > 0) {
    // Profiling aid: one case only, e.g. `node --cpu-prof --import tsx bench/table-ssr.ts --only genericFrame`.
    const name = process.argv[only + 1] as keyof typeof pages | keyof typeof fragments;
    const one = { ...pages, ...fragments }[name];
    if (!one)
      throw new Error(`--only: one of ${Object.keys({ ...pages, ...fragments }).join(", ")}`);
    const rate = await measure({ [name]: one });
    return console.log(
      `${name}: ${rate[name].toFixed(0)} renders per CPU-second, ${(1000 / rate[name]).toFixed(2)} ms`,
    );
  }
  const rate = await measure({ ...pages, ...fragments });
  console.log(
    `What users get (the real request path, guard and platform calls included): npm run bench:pages (bench/pages.ts).`,
  );
  console.log(
    `Breakdown: server rendering of ${PAGE} with ${rows.length} rows (renderToString, renders per CPU-second, ${SECONDS} s each), Node ${process.version}`,
  );
  report(rate, [
    ["generic", "page: generic table"],
    ["plain", "page: plain <table>"],
  ]);
  const ratio = rate.generic / rate.plain;
  console.log(
    `  page ratio ${(ratio * 100).toFixed(1)} % (render only; issue 3's goal ≥ 25 %) ${ratio >= 0.25 ? "✓" : "✗"}`,
  );
  console.log("Reference: without the Remix document");
  report(rate, [
    ["genericFrame", "admin shell + generic table"],
    ["plainFrame", "admin shell + plain <table>"],
    ["genericAlone", "generic table alone"],
    ["plainAlone", "plain <table> alone"],
  ]);
  console.log(
    `  shell ratio ${((rate.genericFrame / rate.plainFrame) * 100).toFixed(1)} %, tables alone ${((rate.genericAlone / rate.plainAlone) * 100).toFixed(1)} %`,
  );
  console.log(
    'Reference: mantine-react-table with its defaults, same columns and rows (issue 3\'s "about 8 %")',
  );
  report(rate, [
    ["defaultsFrame", "admin shell + MRT defaults"],
    ["defaultsAlone", "MRT defaults alone"],
  ]);
  console.log(
    `  shell ratio ${((rate.defaultsFrame / rate.plainFrame) * 100).toFixed(1)} %, tables alone ${((rate.defaultsAlone / rate.plainAlone) * 100).toFixed(1)} %`,
  );
  console.log(
    "Reference: mantine-react-table with every feature off (the grid's renderer until issue 11), 9 columns holding only text or nothing (its floor)",
  );
  report(rate, [
    ["bareFrame", "admin shell + bare MRT"],
    ["bareAlone", "bare MRT alone"],
  ]);
  console.log(
    `  shell ratio ${((rate.bareFrame / rate.plainFrame) * 100).toFixed(1)} %, tables alone ${((rate.bareAlone / rate.plainAlone) * 100).toFixed(1)} %`,
  );
}

await main();
