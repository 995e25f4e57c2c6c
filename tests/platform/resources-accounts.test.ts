import { sql } from "kysely";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../../platform/auth/passwords.js";
import { permissionCatalog } from "../../platform/auth/catalog.js";
import {
  apiCall,
  authHeaders,
  startPlatform,
  createUserWithToken,
  type TestPlatform,
} from "../helpers/platform.js";
import { one, rows, value } from "../helpers/sql.js";

type Token = { token: string; csrf: string };

describe("generic resources: users, groups, configs and file data", () => {
  let p: TestPlatform;
  let admin: Token & { id: number };

  const call = (t: Token, method: string, path: string, body?: unknown) =>
    apiCall(p.api, t, method, path, body);

  beforeAll(async () => {
    p = await startPlatform();
    admin = await createUserWithToken(p.ctx, "acc-admin", ["admin"]);
  });
  afterAll(() => p.close());

  describe("users", () => {
    let userId: number;

    it("hashes the password on create and never returns it", async () => {
      const group = await value<number>(
        p.ctx,
        sql`INSERT INTO groups (name) VALUES ('编辑组') RETURNING id`,
      );
      const r = await call(admin, "POST", "/common/users/", {
        username: "zhangsan",
        email: "zhangsan@example.com",
        password: "s3cret-pass",
        groups: [Number(group)],
        is_active: 1,
      });
      expect(r.status).toBe(201);
      userId = r.body.id;
      expect(r.body).toMatchObject({ username: "zhangsan", groups: [Number(group)], is_active: 1 });
      expect(r.body).not.toHaveProperty("password");
      expect(r.body).not.toHaveProperty("password_hash");
      const row = (await one<{ password_hash: string; need_init_password: number }>(
        p.ctx,
        sql`SELECT password_hash, need_init_password FROM users WHERE id = ${userId}`,
      ))!;
      expect(row.password_hash).not.toContain("s3cret-pass");
      expect(await verifyPassword("s3cret-pass", row.password_hash)).toBe(true);
      expect(row.need_init_password).toBe(1);

      const seen = [
        JSON.stringify((await call(admin, "GET", `/common/users/${userId}/`)).body),
        JSON.stringify((await call(admin, "GET", "/common/users/?page_size=100")).body),
        await (
          await fetch(`${p.api}/common/users/export/`, { headers: authHeaders(admin) })
        ).text(),
        JSON.stringify(await rows(p.ctx, sql`SELECT * FROM audit_log`)),
      ].join("\n");
      expect(seen).not.toContain("s3cret-pass");
      expect(seen).not.toContain(row.password_hash);
      expect(seen).not.toContain("password");
    });

    it("requires a password of 8 characters on create and ignores one on update", async () => {
      const r = await call(admin, "POST", "/common/users/", { username: "lisi" });
      expect(r.body.errors.password).toEqual(["请输入密码"]);
      const short = await call(admin, "POST", "/common/users/", {
        username: "lisi",
        password: "123",
      });
      expect(short.body.errors.password).toEqual(["密码长度不能少于8位"]);
      const passwordHash = () =>
        value(p.ctx, sql`SELECT password_hash FROM users WHERE id = ${userId}`);
      const hash = await passwordHash();
      const upd = await call(admin, "PATCH", `/common/users/${userId}/`, {
        password: "another-pass",
        email: "z@s.cn",
      });
      expect(upd.status).toBe(200);
      expect(upd.body.email).toBe("z@s.cn");
      expect(await passwordHash()).toBe(hash);
    });

    it("keeps usernames unique whatever their case, and checks their characters", async () => {
      const dup = await call(admin, "POST", "/common/users/", {
        username: "ZhangSan",
        password: "12345678",
      });
      expect(dup.body.errors).toEqual({ username: ["用户名已存在"] });
      const bad = await call(admin, "POST", "/common/users/", {
        username: "有 空格",
        password: "12345678",
      });
      expect(bad.body.errors.username).toHaveLength(1);
      const chinese = await call(admin, "POST", "/common/users/", {
        username: "王五",
        password: "12345678",
        email: "",
      });
      expect(chinese.status).toBe(201);
    });

    it("enables and disables a user and filters by group and state", async () => {
      const off = await call(admin, "PATCH", `/common/users/${userId}/`, { is_active: "0" });
      expect(off.body.is_active).toBe(0);
      const inactive = await call(admin, "GET", "/common/users/?is_active=0");
      expect(inactive.body.results.map((u: { username: string }) => u.username)).toEqual([
        "zhangsan",
      ]);
      const group = (await call(admin, "GET", `/common/users/${userId}/`)).body.groups[0];
      const members = await call(admin, "GET", `/common/users/?groups=${group}`);
      expect(members.body.results.map((u: { id: number }) => u.id)).toEqual([userId]);
      await call(admin, "PATCH", `/common/users/${userId}/`, { is_active: 1 });
    });

    it("treats words after /users/ as other routes, never as ids", async () => {
      const r = await call(admin, "GET", "/common/users/notanid/");
      expect(r.status).toBe(404);
      expect(r.body.detail).toBe("接口不存在");
    });

    it("resets a password: hashed, forced change at next login, live tokens ended", async () => {
      const target = await createUserWithToken(p.ctx, "acc-target", ["auth__user__read"]);
      expect((await call(target, "GET", "/common/users/")).status).toBe(200);
      const updater = await createUserWithToken(p.ctx, "acc-updater", ["auth__user__update"]);
      const r = await call(
        updater,
        "POST",
        `/common/users/${target.id}/reset_password/${encodeURIComponent("New-pass-2024")}/`,
      );
      expect(r.status).toBe(200);
      const row = (await one<{ password_hash: string; need_init_password: number }>(
        p.ctx,
        sql`SELECT password_hash, need_init_password FROM users WHERE id = ${target.id}`,
      ))!;
      expect(await verifyPassword("New-pass-2024", row.password_hash)).toBe(true);
      expect(row.need_init_password).toBe(1);
      expect((await call(target, "GET", "/common/users/")).status).toBe(401);
      const audit = (await one<{ action: string; after_json: string }>(
        p.ctx,
        sql`SELECT action, after_json FROM audit_log WHERE resource = 'common/users' AND record_id = ${String(target.id)}`,
      ))!;
      expect(audit.action).toBe("reset_password");
      expect(audit.after_json).not.toContain("New-pass-2024");
    });

    it("refuses a reset without auth__user__update, or with a short password", async () => {
      const reader = await createUserWithToken(p.ctx, "acc-reader", ["auth__user__read"]);
      expect(
        (await call(reader, "POST", `/common/users/${userId}/reset_password/long-enough-1/`))
          .status,
      ).toBe(403);
      const short = await call(admin, "POST", `/common/users/${userId}/reset_password/123/`);
      expect(short.status).toBe(400);
      expect(short.body.errors.password).toEqual(["密码长度不能少于8位"]);
      expect(
        (await call(admin, "POST", "/common/users/999999/reset_password/long-enough-1/")).status,
      ).toBe(404);
    });

    it("refuses to delete the signed-in user, and deletes another", async () => {
      const self = await call(admin, "DELETE", `/common/users/${admin.id}/`);
      expect(self.status).toBe(400);
      expect(self.body.detail).toBe("不能删除当前登录的用户");
      const bulk = await call(admin, "DELETE", `/common/users/?id__in=${admin.id},${userId}`);
      expect(bulk.status).toBe(400);
      expect((await call(admin, "GET", `/common/users/${userId}/`)).status).toBe(200);
      expect((await call(admin, "DELETE", `/common/users/${userId}/`)).status).toBe(204);
    });
  });

  describe("groups and permissions", () => {
    it("lists every permission of the catalogue for the permission matrix", async () => {
      const reader = await createUserWithToken(p.ctx, "acc-group-reader", ["auth__group__read"]);
      const r = await call(reader, "GET", "/common/permissions/");
      expect(r.status).toBe(200);
      const codenames = r.body.results.map((x: { codename: string }) => x.codename);
      for (const c of permissionCatalog) expect(codenames).toContain(c.codename);
      expect(r.body.count).toBe(r.body.results.length);
      const nobody = await createUserWithToken(p.ctx, "acc-group-nobody", []);
      expect((await call(nobody, "GET", "/common/permissions/")).status).toBe(403);
    });

    it("creates a role with members and permission codenames, and changes them", async () => {
      const member = await createUserWithToken(p.ctx, "acc-member", []);
      const schema = (await call(admin, "GET", "/common/groups/schema/")).body;
      expect(schema.select_options.permissions).toContainEqual(
        expect.objectContaining({ key: "auth__user__read" }),
      );
      expect(schema.select_options.members).toContainEqual({ key: member.id, label: "acc-member" });
      const r = await call(admin, "POST", "/common/groups/", {
        name: "审核员",
        members: [member.id],
        permissions: ["auth__user__read", "data__triple__read"],
      });
      expect(r.status).toBe(201);
      expect(r.body.members).toEqual([member.id]);
      expect([...r.body.permissions].sort()).toEqual(["auth__user__read", "data__triple__read"]);
      // the member now holds the role's codenames
      expect((await call(member, "GET", "/data/triples/")).status).toBe(200);
      const upd = await call(admin, "PATCH", `/common/groups/${r.body.id}/`, {
        permissions: ["auth__user__read"],
      });
      expect(upd.body.permissions).toEqual(["auth__user__read"]);
      expect((await call(member, "GET", "/data/triples/")).status).toBe(403);
      const byPerm = await call(admin, "GET", "/common/groups/?permissions=auth__user__read");
      expect(byPerm.body.results.map((g: { name: string }) => g.name)).toContain("审核员");
      const bad = await call(admin, "POST", "/common/groups/", {
        name: "坏",
        permissions: ["no__such__perm"],
      });
      expect(bad.body.errors.permissions[0]).toMatch(/选项无效/);
      const dup = await call(admin, "POST", "/common/groups/", { name: "审核员" });
      expect(dup.body.errors).toEqual({ name: ["用户组名称已存在"] });
    });
  });

  describe("configs", () => {
    it("keeps the key immutable and checks the value against its type", async () => {
      const r = await call(admin, "POST", "/common/configs/", {
        key: "MAX_ITEMS",
        value: "20",
        type: "int",
        public: 0,
      });
      expect(r.status).toBe(201);
      const renamed = await call(admin, "PATCH", `/common/configs/${r.body.id}/`, { key: "OTHER" });
      expect(renamed.status).toBe(400);
      expect(renamed.body.errors).toEqual({ key: ["配置键不可修改"] });
      const same = await call(admin, "PATCH", `/common/configs/${r.body.id}/`, {
        key: "MAX_ITEMS",
        value: "30",
      });
      expect(same.body).toMatchObject({ key: "MAX_ITEMS", value: "30" });
      const notInt = await call(admin, "PATCH", `/common/configs/${r.body.id}/`, { value: "many" });
      expect(notInt.body.errors).toEqual({ value: ["整数类型的配置值必须是整数"] });
      const bool = await call(admin, "POST", "/common/configs/", {
        key: "FLAG_X",
        value: "maybe",
        type: "bool",
      });
      expect(bool.body.errors.value).toHaveLength(1);
      const badKey = await call(admin, "POST", "/common/configs/", { key: "1 bad key" });
      expect(badKey.body.errors.key).toHaveLength(1);
    });
  });

  describe("file data", () => {
    const content = Buffer.from("名称,数量\n歼-20,1\n".repeat(200));
    const filesDir = () => path.join(p.ctx.settings.dataDir, "files");

    /** The bytes kept for an upload: a file in DATA_DIR/files (SQLite), chunks in the store (PostgreSQL). */
    async function storedBytes(uuid: string): Promise<Buffer | null> {
      if (p.ctx.store.engine === "sqlite") {
        const file = path.join(filesDir(), uuid);
        return fs.existsSync(file) ? fs.readFileSync(file) : null;
      }
      const chunks = await rows<{ bytes: Buffer }>(
        p.ctx,
        sql`SELECT bytes FROM data_file_chunks WHERE uuid = ${uuid} ORDER BY seq`,
      );
      return chunks.length ? Buffer.concat(chunks.map((c) => c.bytes)) : null;
    }

    /** Every upload whose bytes are kept, wherever the engine keeps them. */
    async function storedUploads(): Promise<string[]> {
      if (p.ctx.store.engine === "sqlite")
        return fs.existsSync(filesDir()) ? fs.readdirSync(filesDir()) : [];
      return (
        await rows<{ uuid: string }>(p.ctx, sql`SELECT DISTINCT uuid FROM data_file_chunks`)
      ).map((r) => r.uuid);
    }

    async function uploadFile(
      t: Token,
      fields: Record<string, string>,
      file?: { data: Buffer; name: string; type?: string },
    ) {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      if (file)
        form.append(
          "file",
          new Blob([new Uint8Array(file.data)], { type: file.type ?? "" }),
          file.name,
        );
      const res = await fetch(`${p.api}/data/files/`, {
        method: "POST",
        headers: authHeaders(t, false),
        body: form,
      });
      return { status: res.status, body: await res.json() };
    }

    it("stores an upload with its metadata and streams it back as a download", async () => {
      const r = await uploadFile(
        admin,
        { description: "装备清单" },
        { data: content, name: "装备 清单.csv", type: "text/csv" },
      );
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({
        name: "装备 清单.csv",
        filename: "装备 清单.csv",
        description: "装备清单",
        size: content.length,
        mime: "text/csv",
        sha256: crypto.createHash("sha256").update(content).digest("hex"),
        uploaded_by: "acc-admin",
      });
      expect((await storedBytes(r.body.uuid))?.equals(content)).toBe(true);

      const dl = await fetch(`${p.api}/data/files/${r.body.id}/download/`, {
        headers: authHeaders(admin),
      });
      expect(dl.status).toBe(200);
      expect(dl.headers.get("content-disposition")).toContain(
        `filename*=UTF-8''${encodeURIComponent("装备 清单.csv")}`,
      );
      expect(Buffer.from(await dl.arrayBuffer()).equals(content)).toBe(true);

      const renamed = await call(admin, "PATCH", `/data/files/${r.body.id}/`, { name: "新名称" });
      expect(renamed.body).toMatchObject({ name: "新名称", size: content.length });

      expect((await call(admin, "DELETE", `/data/files/${r.body.id}/`)).status).toBe(204);
      expect(await storedBytes(r.body.uuid)).toBeNull();
      expect(
        (await fetch(`${p.api}/data/files/${r.body.id}/download/`, { headers: authHeaders(admin) }))
          .status,
      ).toBe(404);
    });

    it("refuses an upload without a file, over 20 MB, or without the codename", async () => {
      const none = await uploadFile(admin, { name: "空" });
      expect(none.status).toBe(400);
      expect(none.body.errors.file).toEqual(["请选择要上传的文件"]);
      const big = await uploadFile(
        admin,
        {},
        { data: Buffer.alloc(20 * 1024 * 1024 + 1, 65), name: "big.bin" },
      );
      expect(big.status).toBe(400);
      expect(big.body.detail).toBe("文件不能超过20MB");
      const reader = await createUserWithToken(p.ctx, "acc-file-reader", ["data__file__read"]);
      expect((await uploadFile(reader, {}, { data: content, name: "x.csv" })).status).toBe(403);
      expect(await value(p.ctx, sql`SELECT count(*) AS n FROM data_files`)).toBe(0);
      expect(await storedUploads()).toEqual([]);
    });
  });
});
