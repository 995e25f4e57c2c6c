import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableData } from "~/table/data";
import { tableAction, tableLoader } from "~/table/index.server";
import { useTestPlatform } from "../helpers/console";
import { startPlatform, type TestPlatform } from "../helpers/platform";
import { args, as, get, location, post, run } from "./table-helpers";
import { run as exec } from "../helpers/sql";

let p: TestPlatform;
let admin: Awaited<ReturnType<typeof as>>;

async function addTriples(n: number) {
  const rows = Array.from(
    { length: n },
    (_, k) =>
      sql`(${`主体${String(k + 1).padStart(2, "0")}`}, ${(k + 1) % 2 ? "属于" : "位于"}, ${`客体${k + 1}`}, NULL, ${((k + 1) % 10) / 10})`,
  );
  await exec(
    p.ctx,
    sql`INSERT INTO data_triples (subject, predicate, object, graph_id, confidence) VALUES ${sql.join(rows)}`,
  );
}

async function table(path: string, who = admin) {
  const r = await run(() =>
    tableLoader(path.startsWith("/data") ? "triples" : "users", args(get(path, who))),
  );
  return { ...r, body: r.data as TableData };
}

beforeAll(async () => {
  p = await startPlatform();
  useTestPlatform(p);
  admin = await as(p, "table-admin", ["admin"]);
  await addTriples(25);
});
afterAll(() => p.close());

describe("table loader: schema and list from the platform, state from the URL", () => {
  it("loads the schema and the first page of 10 with the total count", async () => {
    const { status, body } = await table("/data/triaddata");
    expect(status).toBe(200);
    expect(body.error).toBeNull();
    expect(Object.keys(body.schema!.table_fields)).toContain("subject");
    expect(body.rows).toHaveLength(10);
    expect(body.count).toBe(25);
    expect(body.state).toEqual({ page: 1, pageSize: 10, search: "", ordering: "", filters: {} });
  });

  it("pages with page and page_size (20, then the last page)", async () => {
    const { body } = await table("/data/triaddata?page=2&page_size=20");
    expect(body.rows).toHaveLength(5);
    expect(body.state.page).toBe(2);
  });

  it("sorts ascending by field and descending by -field", async () => {
    const asc = (await table("/data/triaddata?ordering=subject")).body.rows.map((r) => r.subject);
    const desc = (await table("/data/triaddata?ordering=-subject")).body.rows.map((r) => r.subject);
    expect(asc[0]).toBe("主体01");
    expect(desc[0]).toBe("主体25");
  });

  it("searches", async () => {
    const { body } = await table("/data/triaddata?search=" + encodeURIComponent("主体07"));
    expect(body.count).toBe(1);
    expect(body.rows[0].subject).toBe("主体07");
  });

  it("filters by one value (field=value) and by several (field__in=a,b)", async () => {
    expect(
      (await table("/data/triaddata?predicate=" + encodeURIComponent("属于"))).body.count,
    ).toBe(13);
    const both = await table("/data/triaddata?predicate__in=" + encodeURIComponent("属于,位于"));
    expect(both.body.count).toBe(25);
  });

  it("redirects a non-canonical query to the same view under its canonical spelling", async () => {
    const r = await table("/data/triaddata?page=1&page_size=10&predicate=a&predicate=b&search=");
    expect(r.status).toBe(302);
    expect(location(r)).toBe("/data/triaddata?predicate__in=a%2Cb");
  });

  it("shows 获取列表信息失败 with the platform's reason for a filter the schema does not allow", async () => {
    const { status, body } = await table("/data/triaddata?object=x");
    expect(status).toBe(200);
    expect(body.error).toBe("获取列表信息失败，请联系系统管理员！不支持按该字段过滤：object");
    expect(body.rows).toEqual([]);
    expect(body.schema).not.toBeNull();
  });

  it("answers 403 to a user whose roles do not open the screen, before asking the platform", async () => {
    const reader = await as(p, "triple-reader", ["data__triple__read"]);
    const r = await run(() => tableLoader("users", args(get("/backend/setting/users", reader))));
    expect(r.status).toBe(403);
  });

  it("gives the schema's permissions to the page: a reader gets read only", async () => {
    const reader = await as(p, "triple-reader-2", ["data__triple__read"]);
    const { body } = await table("/data/triaddata", reader);
    expect(body.schema!.permissions).toEqual({
      create: false,
      read: true,
      update: false,
      delete: false,
    });
  });

  it("loads the client error log with the console's own read-only schema", async () => {
    await exec(
      p.ctx,
      sql`INSERT INTO client_errors (user_id, username, error, info, url, user_agent) VALUES (NULL, '', 'TypeError: x', '', '/x', 'ua')`,
    );
    const r = await run(() =>
      tableLoader("errorlog", args(get("/backend/setting/errorlog", admin))),
    );
    const body = r.data as TableData;
    expect(body.error).toBeNull();
    expect(body.count).toBe(1);
    expect(body.rows[0].error).toBe("TypeError: x");
    expect(body.schema!.permissions.create).toBe(false);
  });

  it("shows 获取列表样式失败 when the platform cannot give the schema", async () => {
    const down = await startPlatform();
    useTestPlatform(down);
    const user = await as(down, "down-admin", ["admin"]);
    const request = get("/data/triaddata", user);
    // The guard's user info is fetched once per request; then the platform goes away.
    const { requireViewer } = await import("~/auth/guard.server");
    await requireViewer(request);
    await down.close();
    const r = await run(() => tableLoader("triples", args(request)));
    useTestPlatform(p);
    const body = r.data as TableData;
    expect(body.error).toMatch(/^获取列表样式失败，请联系系统管理员！/);
    expect(body.schema).toBeNull();
  });
});

describe("table action: remembered columns", () => {
  it("hides the unchecked columns for this user and screen, in a cookie, and keeps the view", async () => {
    const r = await run(() =>
      tableAction(
        "triples",
        args(
          post("/data/triaddata", admin, {
            intent: "columns",
            show: ["id", "subject", "predicate"],
            redirectTo: "/data/triaddata?page=2",
          }),
        ),
      ),
    );
    expect(r.status).toBe(302);
    expect(location(r)).toBe("/data/triaddata?page=2");
    const cookie = r.response!.headers.get("Set-Cookie")!.split(";")[0];
    const later = { ...admin, cookie: `${admin.cookie}; ${cookie}` };
    const { body } = await table("/data/triaddata", later);
    // Every column of the schema that was not checked, whatever the page posted.
    expect(body.hidden).toEqual(
      Object.keys(body.schema!.table_fields).filter(
        (c) => !["id", "subject", "predicate"].includes(c),
      ),
    );
    expect(body.hidden).toContain("object");
    const other = await as(p, "other-admin", ["admin"]);
    const theirs = await table("/data/triaddata", {
      ...other,
      cookie: `${other.cookie}; ${cookie}`,
    });
    expect(theirs.body.hidden).toEqual([]);
  });

  it("starts with the schema's rarely needed columns hidden, until the user chooses (even all)", async () => {
    const chooser = await as(p, "columns-chooser", ["admin"]);
    const before = await table("/backend/setting/users", chooser);
    expect(before.body.schema!.table_fields.avatar.default_hidden).toBe(true);
    expect(before.body.hidden).toEqual(["avatar"]);
    const all = Object.keys(before.body.schema!.table_fields);
    const r = await run(() =>
      tableAction(
        "users",
        args(
          post("/backend/setting/users", chooser, {
            intent: "columns",
            show: all,
            redirectTo: "/backend/setting/users",
          }),
        ),
      ),
    );
    const cookie = r.response!.headers.get("Set-Cookie")!.split(";")[0];
    const after = await table("/backend/setting/users", {
      ...chooser,
      cookie: `${chooser.cookie}; ${cookie}`,
    });
    expect(after.body.hidden).toEqual([]);
  });

  it("refuses a column the table does not have with 400", async () => {
    const r = await run(() =>
      tableAction(
        "triples",
        args(post("/data/triaddata", admin, { intent: "columns", show: ["id", "no_such"] })),
      ),
    );
    expect(r.status).toBe(400);
  });

  it("refuses an unknown intent with 400", async () => {
    const r = await run(() =>
      tableAction("triples", args(post("/data/triaddata", admin, { intent: "nope" }))),
    );
    expect(r.status).toBe(400);
  });

  it("refuses a post without the page's anti-forgery token", async () => {
    const form = new FormData();
    form.append("intent", "columns");
    const request = new Request("http://console.test/data/triaddata", {
      method: "POST",
      body: form,
      headers: { Cookie: admin.cookie },
    });
    const r = await run(() => tableAction("triples", args(request)));
    expect(r.status).toBe(403);
  });
});
