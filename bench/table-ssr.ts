/**
 * Server rendering of the users table page against a plain <table> of the same rows, in one
 * run (issue 3: at least 25 % of the plain page's throughput). Both are the same admin page
 * (Mantine provider, router, i18n, the admin shell, the page title); only what shows the rows
 * differs: the generic table (toolbar, search, filters, bulk form, mantine-react-table grid,
 * pager) or a bare <table> of the same cell texts. The table fragments alone are measured
 * too, for reference.
 *
 *   NODE_ENV=production npx tsx bench/table-ssr.ts [--rows 10] [--seconds 3]
 *
 * Also reports the client JavaScript of a table route (gzip) from public/build (run
 * `npx remix build` first).
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { MantineProvider } from "@mantine/core";
import i18next from "i18next";
import { createElement as h, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { AdminShell } from "~/components/layout/admin-shell";
import { cellText } from "~/components/table/cells";
import { ResourceTable } from "~/components/table/resource-table";
import { screens } from "~/components/table/resources";
import { parseTableState } from "~/components/table/table-state";
import type { Row, TableSchema } from "~/components/table/types";
import i18nOptions, { resources } from "~/i18n";
import { filterNav } from "~/navigation";
import { themeFor } from "~/theme";
import { startPlatform, userWithToken } from "../tests/helpers/platform";

if (process.env.NODE_ENV !== "production") {
  console.error("Run with NODE_ENV=production (React's development build is several times slower).");
  process.exit(1);
}

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROWS = arg("rows", 10);
const SECONDS = arg("seconds", 3);

/** The real users schema and rows, from a platform on a fresh store. */
async function usersData(): Promise<{ schema: TableSchema; rows: Row[] }> {
  const p = await startPlatform();
  try {
    const db = p.ctx.db;
    const groups = ["数据管理员", "标注员", "审核员"].map((name) => Number(db.prepare("INSERT INTO groups (name) VALUES (?)").run(name).lastInsertRowid));
    for (let i = 1; i <= ROWS; i++) {
      const id = Number(
        db
          .prepare("INSERT INTO users (username, email, password_hash, last_login) VALUES (?, ?, 'x', ?)")
          .run(`user${i}`, `user${i}@example.com`, new Date(Date.UTC(2026, 0, i)).toISOString()).lastInsertRowid,
      );
      db.prepare("INSERT INTO user_groups (user_id, group_id) VALUES (?, ?)").run(id, groups[i % 3]);
    }
    const admin = userWithToken(p.ctx, "bench-admin", ["admin"]);
    const headers = { Authorization: `Token ${admin.token}` };
    const schema = (await (await fetch(`${p.api}/common/users/schema/`, { headers })).json()) as TableSchema;
    const list = (await (await fetch(`${p.api}/common/users/?page_size=${ROWS}&username__in=${Array.from({ length: ROWS }, (_, i) => `user${i + 1}`).join(",")}`, { headers })).json()) as {
      results: Row[];
    };
    return { schema, rows: list.results };
  } finally {
    await p.close();
  }
}

async function main() {
  const { schema, rows } = await usersData();
  if (process.env.BENCH_DUMP) fs.writeFileSync("/tmp/rt/users.json", JSON.stringify({ schema, rows }));
  const screen = screens.users;
  const state = parseTableState(new URLSearchParams());
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ ...i18nOptions, lng: "zh", resources });
  const theme = themeFor("md");
  const nav = filterNav(["admin"]);

  /** The admin page around `content` (or `content` alone), as a router route. */
  function page(content: () => ReactNode, shell: boolean) {
    const Component = shell
      ? () => h(AdminShell, { nav, sidebar: "open", username: "admin", productTitle: "知识图谱平台", children: content() })
      : () => h("main", null, content());
    return [{ path: "*", Component }];
  }

  async function renderer(content: () => ReactNode, shell = true) {
    const handler = createStaticHandler(page(content, shell));
    const context = await handler.query(new Request("http://console.test/backend/setting/users"));
    if (context instanceof Response) throw new Error("unexpected redirect");
    const router = createStaticRouter(handler.dataRoutes, context);
    return () =>
      renderToString(
        h(
          I18nextProvider,
          { i18n },
          h(
            MantineProvider,
            { theme },
            h(AuthenticityTokenProvider, { token: "bench-token" }, h(StaticRouterProvider, { router, context, hydrate: false })),
          ),
        ),
      );
  }

  const fields = Object.entries(schema.table_fields);
  const plainTable = () =>
    h(
      "table",
      null,
      h("thead", null, h("tr", null, ...fields.map(([name, f]) => h("th", { key: name }, f.label)))),
      h(
        "tbody",
        null,
        ...rows.map((row) => h("tr", { key: String(row.id) }, ...fields.map(([name, f]) => h("td", { key: name }, cellText(row[name], f, schema.select_options[name]))))),
      ),
    );
  const genericTable = () => h(ResourceTable, { screen, schema, rows, count: rows.length, state, hidden: [] });
  const titled = (content: () => ReactNode) => () => h("div", null, h("h3", null, "用户管理"), content());

  const cases = {
    "users table page (generic table)": await renderer(titled(genericTable)),
    "same page, plain <table>": await renderer(titled(plainTable)),
  };
  const fragments = {
    "generic table alone": await renderer(genericTable, false),
    "plain <table> alone": await renderer(plainTable, false),
  };

  const check = cases["users table page (generic table)"]();
  if (process.env.BENCH_DUMP) {
    for (const [k, r] of Object.entries({ ...cases, ...fragments })) {
      const html = r();
      console.log(`  ${k}: ${html.length} characters, ${(html.match(/<[a-z]/g) ?? []).length} elements`);
    }
    fs.writeFileSync("/tmp/table-ssr-dump.html", fragments["generic table alone"]());
  }
  if (!check.includes("user1@example.com") || !check.includes("mrt-table")) throw new Error("the table page did not render its rows");

  // Round robin in short slices, so a busy machine slows every case alike and the ratio holds.
  // BENCH_ONLY="generic table alone" measures one case (for a CPU profile of it).
  const all = Object.fromEntries(
    Object.entries({ ...cases, ...fragments }).filter(([k]) => !process.env.BENCH_ONLY || k === process.env.BENCH_ONLY),
  ) as Record<string, () => string>;
  const totals = Object.fromEntries(Object.keys(all).map((k) => [k, { n: 0, ns: 0n }]));
  for (const render of Object.values(all)) for (let i = 0; i < 100; i++) render();
  const SLICE_NS = 100_000_000n;
  const rounds = Math.ceil((SECONDS * 1e9) / Number(SLICE_NS));
  for (let round = 0; round < rounds; round++) {
    for (const [name, render] of Object.entries(all)) {
      const start = process.hrtime.bigint();
      let now = start;
      let n = 0;
      while (now - start < SLICE_NS) {
        render();
        n++;
        now = process.hrtime.bigint();
      }
      totals[name].n += n;
      totals[name].ns += now - start;
    }
  }

  console.log(`Server rendering, ${rows.length} rows, renderToString, ${SECONDS} s each in 100 ms slices taken in turn, Node ${process.version}`);
  const rate: Record<string, number> = {};
  for (const [name, { n, ns }] of Object.entries(totals)) {
    rate[name] = n / (Number(ns) / 1e9);
    console.log(`  ${name.padEnd(36)} ${rate[name].toFixed(0).padStart(7)} renders/s  ${(1000 / rate[name]).toFixed(2)} ms`);
  }
  if (process.env.BENCH_ONLY) return;
  const ratio = rate["users table page (generic table)"] / rate["same page, plain <table>"];
  console.log(`  page ratio: ${(ratio * 100).toFixed(1)} % of the plain page (goal ≥ 25 %) ${ratio >= 0.25 ? "✓" : "✗"}`);
  console.log(
    `  fragments ratio (reference): ${((rate["generic table alone"] / rate["plain <table> alone"]) * 100).toFixed(1)} %`,
  );
  clientJs();
}

/** Gzip size of what a browser loads for a table route: entry, root, the admin layout, the route, their shared chunks. */
function clientJs() {
  const manifestFile = fs.readdirSync(path.resolve("public/build")).find((f) => /^manifest-.*\.js$/.test(f));
  if (!manifestFile) return console.log("  (no public/build: run `npx remix build` to measure client JavaScript)");
  const text = fs.readFileSync(path.resolve("public/build", manifestFile), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as {
    entry: { module: string; imports?: string[] };
    routes: Record<string, { module: string; imports?: string[]; cssImports?: string[] }>;
  };
  const files = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (const id of ["root", "routes/_admin", "routes/_admin.backend.setting.users"]) {
    const r = manifest.routes[id];
    if (!r) continue;
    files.add(r.module);
    for (const i of r.imports ?? []) files.add(i);
  }
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const buf = fs.readFileSync(path.join(path.resolve("public"), f));
    raw += buf.length;
    gz += zlib.gzipSync(buf, { level: 9 }).length;
  }
  console.log(
    `Client JavaScript of /backend/setting/users: ${files.size} files, ${(raw / 1024).toFixed(0)} KB, ${(gz / 1024).toFixed(0)} KB gzip (goal ≤ 250 KB) ${gz / 1024 <= 250 ? "✓" : "✗"}`,
  );
}

await main();
