import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authHeaders,
  startPlatform,
  createUserWithToken,
  type TestPlatform,
} from "../helpers/platform.js";

let p: TestPlatform;
beforeAll(async () => {
  p = await startPlatform();
});
afterAll(() => p.close());

const get = async (path: string, headers: Record<string, string>) => {
  const res = await fetch(`${p.api}${path}`, { headers });
  return { status: res.status, body: await res.json() };
};

describe("the client error log's schema", () => {
  it("is served like every resource's schema: read-only, the log's columns, newest first", async () => {
    const reader = await createUserWithToken(p.ctx, "schema-errreader", [
      "common__clienterror__read",
    ]);
    const { status, body } = await get("/common/clienterrors/schema/", authHeaders(reader));
    expect(status).toBe(200);
    const triples = await get(
      "/data/triples/schema/",
      authHeaders(await createUserWithToken(p.ctx, "schema-admin", ["admin"])),
    );
    expect(Object.keys(body).sort()).toEqual(Object.keys(triples.body).sort());
    expect(body).toMatchObject({
      label: "前端错误日志",
      form_fields: {},
      select_options: {},
      rules: {},
      create_rules: {},
      update_rules: {},
      permissions: { create: false, read: true, update: false, delete: false },
      searchable: false,
      importable: false,
      default_ordering: "-id",
      template: null,
    });
    const column = (label: string, width: number, type: string) => ({
      label,
      width,
      sortable: false,
      filter: false,
      type,
    });
    expect(body.table_fields).toEqual({
      id: column("ID", 70, "number"),
      at: column("时间", 170, "datetime"),
      username: column("用户", 110, "str"),
      url: column("页面地址", 220, "str"),
      error: column("错误", 320, "text"),
      info: column("附加信息", 240, "text"),
      user_agent: { ...column("浏览器", 200, "str"), default_hidden: true },
    });
    expect(Object.keys(body.table_fields)).toEqual([
      "id",
      "at",
      "username",
      "url",
      "error",
      "info",
      "user_agent",
    ]);
  });

  it("is refused to whoever may not read the log", async () => {
    const other = await createUserWithToken(p.ctx, "schema-nobody", []);
    expect((await get("/common/clienterrors/schema/", authHeaders(other))).status).toBe(403);
    expect((await get("/common/clienterrors/schema/", {})).status).toBe(401);
  });
});
