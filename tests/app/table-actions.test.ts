import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  DeleteData,
  FormActionData,
  FormDialogData,
  PermissionPageData,
  ResetPasswordData,
} from "~/table/data";
import { getPlatformConfig } from "~/platform-client/config.server";
import {
  bulkDeleteAction,
  bulkDeleteLoader,
  deleteAction,
  deleteLoader,
  formAction,
  formLoader,
  permissionAction,
  permissionLoader,
  resetPasswordAction,
  resetPasswordLoader,
  tableAction,
} from "~/table/index.server";
import { useTestPlatform } from "../helpers/console";
import { startPlatform, type TestPlatform } from "../helpers/platform";
import { args, as, flashOf, get, location, post, run } from "./table-helpers";
import { rows, run as exec, value } from "../helpers/sql";

let p: TestPlatform;
let admin: Awaited<ReturnType<typeof as>>;

const count = (table: string, where = "1 = 1") =>
  value<number>(p.ctx, sql`SELECT count(*) AS n FROM ${sql.table(table)} WHERE ${sql.raw(where)}`);

async function addTriples(n: number, prefix = "t") {
  const ids: number[] = [];
  for (let i = 1; i <= n; i++) {
    ids.push(
      await value<number>(
        p.ctx,
        sql`INSERT INTO data_triples (subject, predicate, object) VALUES (${`${prefix}${i}`}, '关系', '客体') RETURNING id`,
      ),
    );
  }
  return ids;
}

const newGroup = (name: string) =>
  value<number>(p.ctx, sql`INSERT INTO groups (name) VALUES (${name}) RETURNING id`);

beforeAll(async () => {
  p = await startPlatform();
  useTestPlatform(p);
  admin = await as(p, "actions-admin", ["admin"]);
});
afterAll(() => p.close());

describe("create dialog", () => {
  it("opens blank with the fields' defaults (spec §4)", async () => {
    const r = await run(() =>
      formLoader("users", "create", args(get("/backend/setting/users/new", admin))),
    );
    const d = r.data as FormDialogData;
    expect(d.mode).toBe("create");
    expect(d.values).toMatchObject({
      username: "",
      email: "",
      groups: [],
      password: "",
      is_active: "1",
    });
  });

  it("creates the record, flashes 记录新增成功！ and returns to the table with its state", async () => {
    const r = await run(() =>
      formAction(
        "users",
        "create",
        args(
          post("/backend/setting/users/new?page=2&search=x", admin, {
            username: "created-user",
            email: "c@example.com",
            groups: [""],
            password: "Passw0rd-1",
            is_active: "1",
            avatar: "",
          }),
        ),
      ),
    );
    expect(r.status).toBe(302);
    expect(location(r)).toBe("/backend/setting/users?page=2&search=x");
    expect(await flashOf(r.response)).toEqual({ type: "success", message: "记录新增成功！" });
    expect(await count("users", "username = 'created-user'")).toBe(1);
  });

  it("keeps what the user typed and names each field when the merged rules refuse (no platform call)", async () => {
    const r = await run(() =>
      formAction(
        "users",
        "create",
        args(
          post("/backend/setting/users/new", admin, {
            username: "",
            email: "typed@example.com",
            password: "short",
            is_active: "1",
          }),
        ),
      ),
    );
    const d = r.data as FormActionData;
    expect(r.status).toBe(400);
    expect(d.message).toBe("记录新增失败！");
    expect(d.errors).toEqual({ username: "请输入用户名", password: "密码长度不能少于8位" });
    expect(d.values.email).toBe("typed@example.com");
    expect(d.values.password).toBe("");
  });

  it("shows the platform's own refusal (a taken username) with the typed values", async () => {
    const r = await run(() =>
      formAction(
        "users",
        "create",
        args(
          post("/backend/setting/users/new", admin, {
            username: "created-user",
            email: "again@example.com",
            password: "Passw0rd-1",
            is_active: "1",
          }),
        ),
      ),
    );
    const d = r.data as FormActionData;
    expect(r.status).toBe(400);
    expect(d.message).toBe("记录新增失败！用户名已存在");
    expect(d.errors.username).toBe("用户名已存在");
    expect(d.values.email).toBe("again@example.com");
  });

  it("stores SQL or script text as plain text", async () => {
    const text = "'); DROP TABLE data_triples; -- <script>alert(1)</script>";
    const r = await run(() =>
      formAction(
        "triples",
        "create",
        args(
          post("/data/triaddata/new", admin, {
            subject: text,
            predicate: "p",
            object: "o",
            confidence: "0.5",
          }),
        ),
      ),
    );
    expect(r.status).toBe(302);
    expect(await value(p.ctx, sql`SELECT subject FROM data_triples WHERE subject = ${text}`)).toBe(
      text,
    );
  });

  it("answers 403 with 记录新增失败！ and the platform's reason to a user without the create codename", async () => {
    const reader = await as(p, "users-reader", ["auth__user__read"]);
    const page = await run(() =>
      formLoader("users", "create", args(get("/backend/setting/users/new", reader))),
    );
    expect(page.status).toBe(403);
    const r = await run(() =>
      formAction(
        "users",
        "create",
        args(
          post("/backend/setting/users/new", reader, {
            username: "sneaky",
            password: "Passw0rd-1",
            is_active: "1",
          }),
        ),
      ),
    );
    expect(r.status).toBe(403);
    expect((r.data as FormActionData).message).toBe("记录新增失败！您没有执行该操作的权限");
    expect(await count("users", "username = 'sneaky'")).toBe(0);
  });
});

describe("edit dialog", () => {
  it("opens prefilled with the record", async () => {
    const id = (await addTriples(1, "edit-me"))[0];
    const r = await run(() =>
      formLoader(
        "triples",
        "update",
        args(get(`/data/triaddata/${id}/edit`, admin), { id: String(id) }),
      ),
    );
    expect((r.data as FormDialogData).values).toMatchObject({
      subject: "edit-me1",
      predicate: "关系",
      object: "客体",
    });
  });

  it("saves, flashes 记录保存成功！ and returns to the table", async () => {
    const id = (await addTriples(1, "save-me"))[0];
    const r = await run(() =>
      formAction(
        "triples",
        "update",
        args(
          post(`/data/triaddata/${id}/edit?ordering=-id`, admin, {
            subject: "saved",
            predicate: "p",
            object: "o",
            confidence: "0.25",
          }),
          { id: String(id) },
        ),
      ),
    );
    expect(r.status).toBe(302);
    expect(location(r)).toBe("/data/triaddata?ordering=-id");
    expect(await flashOf(r.response)).toEqual({ type: "success", message: "记录保存成功！" });
    expect(
      (await rows(p.ctx, sql`SELECT subject, confidence FROM data_triples WHERE id = ${id}`))[0],
    ).toEqual({ subject: "saved", confidence: 0.25 });
  });

  it("re-renders with 记录保存失败！ and the field's message when a value breaks a rule", async () => {
    const id = (await addTriples(1, "bad"))[0];
    const r = await run(() =>
      formAction(
        "triples",
        "update",
        args(
          post(`/data/triaddata/${id}/edit`, admin, {
            subject: "s",
            predicate: "p",
            object: "o",
            confidence: "7",
          }),
          { id: String(id) },
        ),
      ),
    );
    expect(r.status).toBe(400);
    const d = r.data as FormActionData;
    expect(d.errors.confidence).toBe("置信度不能大于1");
    expect(d.values.confidence).toBe("7");
    expect(d.message).toBe("记录保存失败！");
  });

  it("clears a multi-select when nothing is chosen (the form's empty marker)", async () => {
    const gid = await newGroup("clear-me");
    // Another user's membership: nobody changes their own groups (the account rule).
    const member = await as(p, "clear-me-member", []);
    await exec(
      p.ctx,
      sql`INSERT INTO user_groups (user_id, group_id) VALUES (${member.id}, ${gid})`,
    );
    const r = await run(() =>
      formAction(
        "groups",
        "update",
        args(
          post(`/backend/setting/groups/${gid}/edit`, admin, {
            name: "clear-me",
            members: [""],
            permissions: [""],
          }),
          { id: String(gid) },
        ),
      ),
    );
    expect(r.status).toBe(302);
    expect(await count("user_groups", `group_id = ${gid}`)).toBe(0);
  });

  it("answers 404 for a record that does not exist", async () => {
    const r = await run(() =>
      formLoader(
        "triples",
        "update",
        args(get("/data/triaddata/999999/edit", admin), { id: "999999" }),
      ),
    );
    expect(r.status).toBe(404);
  });
});

describe("delete with confirmation", () => {
  it("shows the record to delete and 403s a user without the delete codename", async () => {
    const id = (await addTriples(1, "confirm"))[0];
    const r = await run(() =>
      deleteLoader("triples", args(get(`/data/triaddata/${id}/delete`, admin), { id: String(id) })),
    );
    expect((r.data as DeleteData).summary).toContain("主体: confirm1");
    const reader = await as(p, "triples-reader", ["data__triple__read"]);
    const refused = await run(() =>
      deleteAction(
        "triples",
        args(post(`/data/triaddata/${id}/delete`, reader), { id: String(id) }),
      ),
    );
    expect(refused.status).toBe(403);
    expect((refused.data as DeleteData).error).toBe("记录删除失败！您没有执行该操作的权限");
    expect(await count("data_triples", `id = ${id}`)).toBe(1);
  });

  it("deletes, flashes 记录删除成功！, and steps back a page when the page became empty", async () => {
    await exec(p.ctx, sql`DELETE FROM data_triples`);
    const ids = await addTriples(11, "page");
    const last = ids[10];
    const r = await run(() =>
      deleteAction(
        "triples",
        args(post(`/data/triaddata/${last}/delete?page=2`, admin), { id: String(last) }),
      ),
    );
    expect(r.status).toBe(302);
    expect(location(r)).toBe("/data/triaddata");
    expect(await flashOf(r.response)).toEqual({ type: "success", message: "记录删除成功！" });
    const stay = await run(() =>
      deleteAction(
        "triples",
        args(post(`/data/triaddata/${ids[0]}/delete?page=1`, admin), { id: String(ids[0]) }),
      ),
    );
    expect(location(stay)).toBe("/data/triaddata");
  });

  it("stays on the page when rows remain on it", async () => {
    await exec(p.ctx, sql`DELETE FROM data_triples`);
    const ids = await addTriples(12, "keep");
    const r = await run(() =>
      deleteAction(
        "triples",
        args(post(`/data/triaddata/${ids[11]}/delete?page=2`, admin), { id: String(ids[11]) }),
      ),
    );
    expect(location(r)).toBe("/data/triaddata?page=2");
  });
});

describe("bulk delete", () => {
  it("confirms the checked rows with their count, then deletes them", async () => {
    await exec(p.ctx, sql`DELETE FROM data_triples`);
    const ids = await addTriples(5, "bulk");
    const query = `id=${ids[0]}&id=${ids[1]}&id=${ids[2]}`;
    const confirm = await run(() =>
      bulkDeleteLoader("triples", args(get(`/data/triaddata/delete?${query}`, admin))),
    );
    expect((confirm.data as DeleteData).count).toBe(3);
    const r = await run(() =>
      bulkDeleteAction(
        "triples",
        args(post(`/data/triaddata/delete?${query}`, admin, { id: ids.slice(0, 3).map(String) })),
      ),
    );
    expect(r.status).toBe(302);
    expect((await flashOf(r.response))?.message).toBe("记录删除成功！（共 3 条）");
    expect(await count("data_triples")).toBe(2);
  });

  it("selects all N matching the search and filters, and deletes exactly those", async () => {
    await exec(p.ctx, sql`DELETE FROM data_triples`);
    await addTriples(4, "keepme");
    await addTriples(6, "dropme");
    const confirm = await run(() =>
      bulkDeleteLoader("triples", args(get("/data/triaddata/delete?search=dropme&all=1", admin))),
    );
    expect(confirm.data).toMatchObject({ all: true, count: 6 });
    const r = await run(() =>
      bulkDeleteAction(
        "triples",
        args(post("/data/triaddata/delete?search=dropme&page=2", admin, { all: "1" })),
      ),
    );
    expect(r.status).toBe(302);
    expect(location(r)).toBe("/data/triaddata?search=dropme");
    expect(await count("data_triples")).toBe(4);
  });

  it("sends the user back with 请先选择记录 when nothing is selected", async () => {
    const r = await run(() =>
      bulkDeleteLoader("triples", args(get("/data/triaddata/delete?page=1", admin))),
    );
    expect(r.status).toBe(302);
    expect((await flashOf(r.response))?.message).toBe("请先选择记录");
  });
});

describe("users: reset password", () => {
  it("checks the confirmation, then resets and ends the user's sessions", async () => {
    const target = await as(p, "reset-target", []);
    const page = await run(() =>
      resetPasswordLoader(
        args(get(`/backend/setting/users/${target.id}/password`, admin), { id: String(target.id) }),
      ),
    );
    expect((page.data as ResetPasswordData).username).toBe("reset-target");
    const mismatch = await run(() =>
      resetPasswordAction(
        args(
          post(`/backend/setting/users/${target.id}/password`, admin, {
            new_password: "Passw0rd-9",
            confirm_password: "other-000",
          }),
          { id: String(target.id) },
        ),
      ),
    );
    expect(mismatch.status).toBe(400);
    expect((mismatch.data as FormActionData).errors.confirm_password).toBe("两次输入的密码不一致");
    const ok = await run(() =>
      resetPasswordAction(
        args(
          post(`/backend/setting/users/${target.id}/password`, admin, {
            new_password: "Passw0rd-9",
            confirm_password: "Passw0rd-9",
          }),
          { id: String(target.id) },
        ),
      ),
    );
    expect(ok.status).toBe(302);
    expect(
      await value(p.ctx, sql`SELECT ended_reason FROM tokens WHERE key = ${target.token}`),
    ).toBe("password_reset");
  });
});

describe("access control and configs", () => {
  it("lists groups, members and the permission matrix, and saves both in one form", async () => {
    const gid = await newGroup("editors");
    const page = await run(() =>
      permissionLoader(args(get(`/backend/setting/permission?group=${gid}`, admin))),
    );
    const d = page.data as PermissionPageData;
    expect(d.group?.name).toBe("editors");
    expect(d.permissions.map((x) => x.key)).toContain("data__triple__read");
    expect(d.canUpdate).toBe(true);
    // Another user: nobody changes their own groups (the account rule).
    const member = await as(p, "editor-member", []);
    const r = await run(() =>
      permissionAction(
        args(
          post("/backend/setting/permission", admin, {
            intent: "save",
            group: String(gid),
            members: ["", String(member.id)],
            permissions: ["", "data__triple__read", "data__triple__update"],
          }),
        ),
      ),
    );
    expect(location(r)).toBe(`/backend/setting/permission?group=${gid}`);
    expect(await flashOf(r.response)).toEqual({ type: "success", message: "记录保存成功！" });
    const perms = (
      await rows<{ codename: string }>(
        p.ctx,
        sql`SELECT p.codename FROM group_permissions gp JOIN permissions p ON p.id = gp.permission_id WHERE gp.group_id = ${gid} ORDER BY 1`,
      )
    ).map((r) => r.codename);
    expect(perms).toEqual(["data__triple__read", "data__triple__update"]);
    expect(await count("user_groups", `group_id = ${gid}`)).toBe(1);
  });

  it("refuses a group save to a user without auth__group__update (flash 记录保存失败！)", async () => {
    const viewer = await as(p, "group-viewer", ["auth__group__read"]);
    const gid = await newGroup("locked");
    const r = await run(() =>
      permissionAction(
        args(
          post("/backend/setting/permission", viewer, {
            intent: "save",
            group: String(gid),
            permissions: ["admin"],
          }),
        ),
      ),
    );
    expect(await flashOf(r.response)).toEqual({
      type: "error",
      message: "记录保存失败！您没有执行该操作的权限",
    });
    expect(await count("group_permissions", `group_id = ${gid}`)).toBe(0);
  });

  it("switches the feature flags and the console sees the new config at once", async () => {
    const before = (await getPlatformConfig()).config.YF_SHOW_LOGO;
    expect(before).toBe(true);
    const r = await run(() =>
      tableAction(
        "configs",
        args(
          post("/backend/setting/configs", admin, {
            intent: "flags",
            flag: [],
            redirectTo: "/backend/setting/configs",
          }),
        ),
      ),
    );
    expect(await flashOf(r.response)).toEqual({ type: "success", message: "记录保存成功！" });
    expect((await getPlatformConfig()).config.YF_SHOW_LOGO).toBe(false);
    await run(() =>
      tableAction(
        "configs",
        args(post("/backend/setting/configs", admin, { intent: "flags", flag: ["YF_SHOW_LOGO"] })),
      ),
    );
    expect((await getPlatformConfig()).config.YF_SHOW_LOGO).toBe(true);
  });

  it("keeps a config's key unchangeable on edit (readonly_on_update) and refreshes the config after a save", async () => {
    const id = await value<number>(
      p.ctx,
      sql`SELECT id FROM configs WHERE key = 'YF_PRODUCT_TITLE'`,
    );
    const page = await run(() =>
      formLoader(
        "configs",
        "update",
        args(get(`/backend/setting/configs/${id}/edit`, admin), { id: String(id) }),
      ),
    );
    expect((page.data as FormDialogData).schema.form_fields.key.readonly_on_update).toBe(true);
    const r = await run(() =>
      formAction(
        "configs",
        "update",
        args(
          post(`/backend/setting/configs/${id}/edit`, admin, {
            key: "YF_PRODUCT_TITLE",
            value: "新标题",
            type: "str",
            public: "1",
            description: "",
          }),
          { id: String(id) },
        ),
      ),
    );
    expect(r.status).toBe(302);
    expect((await getPlatformConfig()).config.YF_PRODUCT_TITLE).toBe("新标题");
    const renamed = await run(() =>
      formAction(
        "configs",
        "update",
        args(
          post(`/backend/setting/configs/${id}/edit`, admin, {
            key: "OTHER",
            value: "x",
            type: "str",
            public: "1",
          }),
          { id: String(id) },
        ),
      ),
    );
    expect(renamed.status).toBe(400);
    expect((renamed.data as FormActionData).errors.key).toBe("配置键不可修改");
  });
});
