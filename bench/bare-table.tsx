/**
 * The benchmark's bare Remix page (bench/pages.ts, issue 11): the same 10 user rows as the
 * users table page's first page, read from the same SQLite store with better-sqlite3,
 * rendered as a plain <table> inside the console's root document, on the same server. Built
 * only with BENCH_BARE_PAGE=1 into bench/.build/ (remix.config.js), never into the product.
 */
import { useLoaderData } from "@remix-run/react";
import type BetterSqlite3 from "better-sqlite3";

interface Row {
  id: number;
  username: string;
  email: string;
  date_joined: string | null;
  last_login: string | null;
  is_active: number;
}

let db: BetterSqlite3.Database | undefined;

/**
 * The store, opened read-only once. Loaded with `require` at run time: a static import would
 * pull better-sqlite3 into the browser build (the `.server` convention covers app/ only).
 */
function store(): BetterSqlite3.Database {
  if (db) return db;
  const { createRequire } = process.getBuiltinModule("node:module") as typeof import("node:module");
  const { join, resolve } = process.getBuiltinModule("node:path") as typeof import("node:path");
  const Database = createRequire(import.meta.url)("better-sqlite3") as typeof BetterSqlite3;
  db = new Database(join(resolve(process.env.DATA_DIR || "./data"), "platform.sqlite"), {
    readonly: true,
    fileMustExist: true,
  });
  return db;
}

export function loader() {
  const rows = store()
    .prepare(
      "SELECT id, username, email, date_joined, last_login, is_active FROM users ORDER BY id LIMIT 10",
    )
    .all() as Row[];
  return { rows };
}

export default function BareTable() {
  const { rows } = useLoaderData<typeof loader>();
  return (
    <table>
      <thead>
        <tr>
          <th>ID</th>
          <th>用户名</th>
          <th>邮箱</th>
          <th>创建时间</th>
          <th>最后登录时间</th>
          <th>是否启用</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}>
            <td>{r.id}</td>
            <td>{r.username}</td>
            <td>{r.email}</td>
            <td>{r.date_joined}</td>
            <td>{r.last_login}</td>
            <td>{r.is_active ? "是" : "否"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
