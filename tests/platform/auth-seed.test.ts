import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  operatorCodenames,
  permissionCatalog,
  visitorCodenames,
} from "../../platform/auth/catalog.js";
import { seedStore } from "../../platform/seed/index.js";
import { startPlatform, type TestPlatform } from "../helpers/platform.js";
import { rows, run, value } from "../helpers/sql.js";

const anon = { Cookie: "csrftoken=c1", "X-CSRFToken": "c1", "Content-Type": "application/json" };

async function login(p: TestPlatform, username: string, password: string) {
  const res = await fetch(`${p.api}/common/users/login/`, {
    method: "POST",
    headers: anon,
    body: JSON.stringify({ username, password }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

async function groupCodenames(p: TestPlatform, group: string): Promise<string[]> {
  return (
    await rows<{ codename: string }>(
      p.ctx,
      sql`SELECT p.codename FROM permissions p JOIN group_permissions gp ON gp.permission_id = p.id
            JOIN groups g ON g.id = gp.group_id WHERE g.name = ${group} ORDER BY p.codename`,
    )
  ).map((r) => r.codename);
}

const tableCounts = async (p: TestPlatform) => {
  const counts: Record<string, number> = {};
  for (const t of [
    "users",
    "groups",
    "permissions",
    "group_permissions",
    "user_groups",
    "configs",
    "graphs",
  ])
    counts[t] = await value<number>(p.ctx, sql`SELECT COUNT(*) AS n FROM ${sql.table(t)}`);
  return counts;
};

describe("seed with ADMIN_PASSWORD and SEED=demo", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform({ seed: "demo", adminPassword: "chosen-pass-7" });
  });
  afterAll(() => p.close());

  it("creates admin with the given password and no forced change", async () => {
    const res = await login(p, "admin", "chosen-pass-7");
    expect(res.status).toBe(200);
    expect(res.body.need_init_password).toBe(false);
  });

  it("creates the three groups with their codenames and the whole permission catalogue", async () => {
    expect(await groupCodenames(p, "管理员")).toEqual(["admin"]);
    expect(await groupCodenames(p, "运维人员")).toEqual([...operatorCodenames].sort());
    expect(
      (await groupCodenames(p, "运维人员")).some(
        (c) => c.startsWith("auth__") || c.startsWith("common__"),
      ),
    ).toBe(false);
    expect(await groupCodenames(p, "访客")).toEqual([...visitorCodenames].sort());
    expect(await value(p.ctx, sql`SELECT COUNT(*) AS n FROM permissions`)).toBe(
      permissionCatalog.length,
    );
  });

  it("creates the demo operator and visitor in their groups", async () => {
    expect((await login(p, "operator", "operator-pass-1")).status).toBe(200);
    expect((await login(p, "visitor", "visitor-pass-1")).status).toBe(200);
    const groupOf = (username: string) =>
      value(
        p.ctx,
        sql`SELECT g.name FROM groups g JOIN user_groups ug ON ug.group_id = g.id JOIN users u ON u.id = ug.user_id WHERE u.username = ${username}`,
      );
    expect(await groupOf("operator")).toBe("运维人员");
    expect(await groupOf("visitor")).toBe("访客");
    const emailOf = (username: string) =>
      value(p.ctx, sql`SELECT email FROM users WHERE username = ${username}`);
    expect([await emailOf("operator"), await emailOf("visitor")]).toEqual([
      "operator@example.com",
      "visitor@example.com",
    ]);
  });

  it("creates the graph catalogue and typed configs", async () => {
    const graphs = await rows(p.ctx, sql`SELECT id, name, domain FROM graphs ORDER BY id`);
    expect(graphs).toEqual([
      { id: 245, name: "军事装备知识图谱", domain: "military" },
      { id: 246, name: "通用百科知识图谱", domain: "general" },
      { id: 247, name: "新闻事件知识图谱", domain: "general" },
    ]);
    const configs = await rows(p.ctx, sql`SELECT key, value, type FROM configs ORDER BY key`);
    expect(configs).toEqual(
      expect.arrayContaining([
        { key: "YF_SHOW_LOGO", value: "true", type: "bool" },
        { key: "YF_ANTI_RESUBMIT", value: "false", type: "bool" },
        { key: "YF_BODY_ENCRYPT", value: "false", type: "bool" },
        { key: "YF_PRODUCT_TITLE", value: "", type: "str" },
      ]),
    );
  });

  it("seeds again without duplicating anything or undoing an operator's change", async () => {
    await run(p.ctx, sql`UPDATE configs SET value = 'false' WHERE key = 'YF_SHOW_LOGO'`);
    await run(p.ctx, sql`DELETE FROM users WHERE username = 'visitor'`);
    const before = await tableCounts(p);
    await seedStore(p.ctx);
    expect(await tableCounts(p)).toEqual(before);
    expect(await value(p.ctx, sql`SELECT value FROM configs WHERE key = 'YF_SHOW_LOGO'`)).toBe(
      "false",
    );
  });
});

describe("seed without ADMIN_PASSWORD and SEED=none", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform({ adminPassword: undefined, seed: "none" });
  });
  afterAll(() => p.close());

  it("creates admin/admin that must set a new password, and no demo users", async () => {
    const res = await login(p, "admin", "admin");
    expect(res.status).toBe(200);
    expect(res.body.need_init_password).toBe(true);
    expect(
      (await rows<{ username: string }>(p.ctx, sql`SELECT username FROM users`)).map(
        (r) => r.username,
      ),
    ).toEqual(["admin"]);
  });

  it("still creates the graph catalogue", async () => {
    expect(
      (await rows<{ id: number }>(p.ctx, sql`SELECT id FROM graphs ORDER BY id`)).map((r) => r.id),
    ).toEqual([245, 246, 247]);
  });
});
