import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  operatorCodenames,
  permissionCatalog,
  visitorCodenames,
} from "../../platform/auth/catalog.js";
import { seedStore } from "../../platform/seed/index.js";
import { startPlatform, type TestPlatform } from "../helpers/platform.js";

const anon = { Cookie: "csrftoken=c1", "X-CSRFToken": "c1", "Content-Type": "application/json" };

async function login(p: TestPlatform, username: string, password: string) {
  const res = await fetch(`${p.api}/common/users/login/`, {
    method: "POST",
    headers: anon,
    body: JSON.stringify({ username, password }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

function groupCodenames(p: TestPlatform, group: string): string[] {
  return p.ctx.db
    .prepare(
      `SELECT p.codename FROM permissions p JOIN group_permissions gp ON gp.permission_id = p.id
         JOIN groups g ON g.id = gp.group_id WHERE g.name = ? ORDER BY p.codename`,
    )
    .pluck()
    .all(group) as string[];
}

const tableCounts = (p: TestPlatform) =>
  Object.fromEntries(
    ["users", "groups", "permissions", "group_permissions", "user_groups", "configs", "graphs"].map(
      (t) => [t, p.ctx.db.prepare(`SELECT COUNT(*) FROM ${t}`).pluck().get()],
    ),
  );

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

  it("creates the three groups with their codenames and the whole permission catalogue", () => {
    expect(groupCodenames(p, "管理员")).toEqual(["admin"]);
    expect(groupCodenames(p, "运维人员")).toEqual([...operatorCodenames].sort());
    expect(
      groupCodenames(p, "运维人员").some((c) => c.startsWith("auth__") || c.startsWith("common__")),
    ).toBe(false);
    expect(groupCodenames(p, "访客")).toEqual([...visitorCodenames].sort());
    expect(p.ctx.db.prepare("SELECT COUNT(*) FROM permissions").pluck().get()).toBe(
      permissionCatalog.length,
    );
  });

  it("creates the demo operator and visitor in their groups", async () => {
    expect((await login(p, "operator", "operator-pass-1")).status).toBe(200);
    expect((await login(p, "visitor", "visitor-pass-1")).status).toBe(200);
    const groupOf = p.ctx.db.prepare(
      "SELECT g.name FROM groups g JOIN user_groups ug ON ug.group_id = g.id JOIN users u ON u.id = ug.user_id WHERE u.username = ?",
    );
    expect(groupOf.pluck().get("operator")).toBe("运维人员");
    expect(groupOf.pluck().get("visitor")).toBe("访客");
    const emailOf = p.ctx.db.prepare("SELECT email FROM users WHERE username = ?").pluck();
    expect([emailOf.get("operator"), emailOf.get("visitor")]).toEqual([
      "operator@example.com",
      "visitor@example.com",
    ]);
  });

  it("creates the graph catalogue and typed configs", () => {
    const graphs = p.ctx.db.prepare("SELECT id, name, domain FROM graphs ORDER BY id").all();
    expect(graphs).toEqual([
      { id: 245, name: "军事装备知识图谱", domain: "military" },
      { id: 246, name: "通用百科知识图谱", domain: "general" },
      { id: 247, name: "新闻事件知识图谱", domain: "general" },
    ]);
    const configs = p.ctx.db.prepare("SELECT key, value, type FROM configs ORDER BY key").all();
    expect(configs).toEqual(
      expect.arrayContaining([
        { key: "YF_SHOW_LOGO", value: "true", type: "bool" },
        { key: "YF_ANTI_RESUBMIT", value: "false", type: "bool" },
        { key: "YF_BODY_ENCRYPT", value: "false", type: "bool" },
        { key: "YF_PRODUCT_TITLE", value: "", type: "str" },
      ]),
    );
  });

  it("seeds again without duplicating anything or undoing an operator's change", () => {
    p.ctx.db.prepare("UPDATE configs SET value = 'false' WHERE key = 'YF_SHOW_LOGO'").run();
    p.ctx.db.prepare("DELETE FROM users WHERE username = 'visitor'").run();
    const before = tableCounts(p);
    seedStore(p.ctx);
    expect(tableCounts(p)).toEqual(before);
    expect(
      p.ctx.db.prepare("SELECT value FROM configs WHERE key = 'YF_SHOW_LOGO'").pluck().get(),
    ).toBe("false");
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
    expect(p.ctx.db.prepare("SELECT username FROM users").pluck().all()).toEqual(["admin"]);
  });

  it("still creates the graph catalogue", () => {
    expect(p.ctx.db.prepare("SELECT id FROM graphs ORDER BY id").pluck().all()).toEqual([
      245, 246, 247,
    ]);
  });
});
