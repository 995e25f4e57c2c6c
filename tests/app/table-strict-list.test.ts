import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableData } from "~/table/data";
import { tableLoader } from "~/table/index.server";
import { useTestPlatform } from "../helpers/console";
import { startPlatform, type TestPlatform } from "../helpers/platform";
import { args, as, get, run } from "./table-helpers";
import { run as exec } from "../helpers/sql";

let p: TestPlatform;
let admin: Awaited<ReturnType<typeof as>>;

beforeAll(async () => {
  p = await startPlatform();
  useTestPlatform(p);
  admin = await as(p, "strict-table-admin", ["admin"]);
  for (let i = 1; i <= 3; i++)
    await exec(
      p.ctx,
      sql`INSERT INTO data_triples (subject, predicate, object) VALUES (${`主体${i}`}, '位于', '北京')`,
    );
});
afterAll(() => p.close());

describe("a list the platform refuses (strict parameters)", () => {
  it.each([
    ["/data/triaddata?search=abc%00", "search"],
    ["/data/triaddata?page=99999999999999999999", "page"],
    ["/data/triaddata?foo=1", "foo"],
    ["/data/triaddata?subject__regex=x", "subject__regex"],
  ])("%s shows 获取列表信息失败 naming %s, and keeps the table's toolbar", async (path, param) => {
    let r = await run(() => tableLoader("triples", args(get(path, admin))));
    // The console first spells the query canonically (page=1e20 is written out in full).
    const canonical = r.status === 302 ? r.response?.headers.get("Location") : null;
    if (canonical) r = await run(() => tableLoader("triples", args(get(canonical, admin))));
    expect(r.status).toBe(200);
    const body = r.data as TableData;
    expect(body.error).toMatch(/^获取列表信息失败，请联系系统管理员！/);
    expect(body.error).toContain(param);
    expect(body.error).not.toMatch(/sqlite|\n\s+at /i);
    // The schema is there, so the page renders its toolbar (search, filters) to fix the query.
    expect(body.schema).not.toBeNull();
    expect(body.rows).toEqual([]);
  });

  it("still lists a well-formed query", async () => {
    const r = await run(() =>
      tableLoader(
        "triples",
        args(get("/data/triaddata?search=" + encodeURIComponent("主体2"), admin)),
      ),
    );
    const body = r.data as TableData;
    expect(body.error).toBeNull();
    expect(body.rows.map((row) => row.subject)).toEqual(["主体2"]);
  });
});
