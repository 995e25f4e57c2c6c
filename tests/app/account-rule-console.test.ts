import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FormActionData, FormDialogData, PermissionPageData } from "~/table/data";
import type { TableSchema } from "~/table/types";
import {
  deleteLoader,
  formAction,
  formLoader,
  permissionAction,
  permissionLoader,
  resetPasswordLoader,
} from "~/table/index.server";
import { browser, useTestPlatform } from "../helpers/console";
import { createUserWithToken, startPlatform, type TestPlatform } from "../helpers/platform";
import { one, rows } from "../helpers/sql";
import { args, as, flashOf, get, location, post, run } from "./table-helpers";

/**
 * The account rule through the console's forms (the platform decides, the console words the
 * refusal in the page's language and greys out what the rule forbids).
 */

let p: TestPlatform;
let um: Awaited<ReturnType<typeof as>>;
let gm: Awaited<ReturnType<typeof as>>;
let adminGroup: number;
let plain: number;

const USER_CRUD = [
  "auth__user__create",
  "auth__user__read",
  "auth__user__update",
  "auth__user__delete",
];
const GROUP_CRUD = [
  "auth__group__create",
  "auth__group__read",
  "auth__group__update",
  "auth__group__delete",
];

const groupsOf = async (userId: number) =>
  (
    await rows<{ group_id: number }>(
      p.ctx,
      sql`SELECT group_id FROM user_groups WHERE user_id = ${userId} ORDER BY group_id`,
    )
  ).map((r) => r.group_id);
const groupId = async (name: string) =>
  (await one<{ id: number }>(p.ctx, sql`SELECT id FROM groups WHERE name = ${name}`))!.id;

beforeAll(async () => {
  p = await startPlatform();
  useTestPlatform(p);
  um = await as(p, "um-console", USER_CRUD);
  gm = await as(p, "gm-console", [...GROUP_CRUD, "auth__user__read"]);
  adminGroup = await groupId("管理员");
  plain = (await createUserWithToken(p.ctx, "plain-console", [])).id;
});
afterAll(() => p.close());

describe("a user manager in the users table", () => {
  it("sees the superuser locked and the admin group not grantable", async () => {
    const r = await run(() =>
      formLoader("users", "create", args(get("/backend/setting/users/new", um))),
    );
    const schema = (r.data as FormDialogData).schema as TableSchema;
    expect(schema.locked?.["1"]).toBe("*");
    expect(schema.select_options.groups.find((o) => o.key === adminGroup)?.disabled).toBe(true);
    expect(
      schema.select_options.groups.find((o) => o.label === `g-um-console`)?.disabled,
    ).toBeFalsy();
  });

  it("cannot open the superuser's edit, delete or reset-password pages (403)", async () => {
    const params = { id: "1" };
    expect(
      (
        await run(() =>
          formLoader("users", "update", args(get("/backend/setting/users/1/edit", um), params)),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await run(() =>
          deleteLoader("users", args(get("/backend/setting/users/1/delete", um), params)),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await run(() =>
          resetPasswordLoader(args(get("/backend/setting/users/1/password", um), params)),
        )
      ).status,
    ).toBe(403);
  });

  it("is refused with the platform's Chinese words in the zh console and keeps what was typed", async () => {
    const r = await run(() =>
      formAction(
        "users",
        "update",
        args(
          post(`/backend/setting/users/${plain}/edit`, um, {
            username: "plain-console",
            email: "typed@example.com",
            groups: ["", String(adminGroup)],
            is_active: "1",
          }),
          { id: String(plain) },
        ),
      ),
    );
    expect(r.status).toBe(403);
    const d = r.data as FormActionData;
    expect(d.message).toContain("只有管理员可以授予或收回管理员权限");
    expect(d.values.email).toBe("typed@example.com");
    expect(await groupsOf(plain)).toEqual([await groupId("g-plain-console")]);
  });

  it("is refused in English in the en console", async () => {
    const en = await browser(await createUserWithToken(p.ctx, "um-en", USER_CRUD), { lng: "en" });
    const r = await run(() =>
      formAction(
        "users",
        "update",
        args(
          post(`/backend/setting/users/${plain}/edit`, en, {
            username: "plain-console",
            groups: [String(adminGroup)],
            is_active: "1",
          }),
          {
            id: String(plain),
          },
        ),
      ),
    );
    expect(r.status).toBe(403);
    const message = (r.data as FormActionData).message ?? "";
    expect(message).toContain("Only an administrator can grant or take away administrator rights.");
    expect(message).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it("edits their own account without the locked fields (groups and status are kept)", async () => {
    const loaded = await run(() =>
      formLoader(
        "users",
        "update",
        args(get(`/backend/setting/users/${um.id}/edit`, um), { id: String(um.id) }),
      ),
    );
    expect((loaded.data as FormDialogData).locked).toEqual(
      expect.arrayContaining(["groups", "is_active"]),
    );
    const before = await groupsOf(um.id);
    const r = await run(() =>
      formAction(
        "users",
        "update",
        args(
          post(`/backend/setting/users/${um.id}/edit`, um, {
            username: "um-console",
            email: "um-new@example.com",
            // A forged form: the locked fields are not sent on to the platform.
            groups: [String(adminGroup)],
            is_active: "0",
          }),
          { id: String(um.id) },
        ),
      ),
    );
    expect(r.status).toBe(302);
    expect(await groupsOf(um.id)).toEqual(before);
    const row = await one(p.ctx, sql`SELECT email, is_active FROM users WHERE id = ${um.id}`);
    expect(row).toEqual({ email: "um-new@example.com", is_active: 1 });
  });
});

describe("a group manager on the access-control page", () => {
  it("sees its own group's permissions locked and codenames it lacks disabled", async () => {
    const own = await groupId("g-gm-console");
    const r = await run(() =>
      permissionLoader(args(get(`/backend/setting/permission?group=${own}`, gm))),
    );
    const d = r.data as PermissionPageData;
    expect(d.lockedFields).toContain("permissions");
    expect(d.permissions.find((o) => o.key === "admin")?.disabled).toBe(true);
    expect(d.permissions.find((o) => o.key === "auth__group__read")?.disabled).toBeFalsy();
    expect(d.users.find((o) => o.key === String(gm.id))?.disabled).toBe(true);
  });

  it("cannot change the admin group: locked, and a forged save is refused with a message", async () => {
    const page = await run(() =>
      permissionLoader(args(get(`/backend/setting/permission?group=${adminGroup}`, gm))),
    );
    expect((page.data as PermissionPageData).canUpdate).toBe(false);
    const before = await groupsOf(gm.id);
    const r = await run(() =>
      permissionAction(
        args(
          post("/backend/setting/permission", gm, {
            intent: "save",
            group: String(adminGroup),
            members: ["", "1", String(gm.id)],
            permissions: ["", "admin"],
          }),
        ),
      ),
    );
    expect(location(r)).toBe(`/backend/setting/permission?group=${adminGroup}`);
    const flash = await flashOf(r.response);
    expect(flash?.type).toBe("error");
    expect(flash?.message).toContain("只有管理员");
    expect(await groupsOf(gm.id)).toEqual(before);
  });
});
