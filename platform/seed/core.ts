import { operatorCodenames, visitorCodenames } from "../auth/catalog.js";
import { syncPermissionCatalogSync as syncPermissionCatalog } from "../auth/store.js";
import { hashPasswordSync } from "../auth/passwords.js";
import { defaultConfigRows } from "../common/configs.js";
import { addMissingConfigsSync } from "../common/store.js";
import type { PlatformContext } from "../context.js";

export const seedGroups = [
  { name: "管理员", codenames: ["admin"] },
  { name: "运维人员", codenames: operatorCodenames },
  { name: "访客", codenames: visitorCodenames },
];

/** Demo accounts, created only with SEED=demo, so a demo shows each role. */
export const demoUsers = [
  {
    username: "operator",
    password: "operator-pass-1",
    group: "运维人员",
    email: "operator@example.com",
  },
  { username: "visitor", password: "visitor-pass-1", group: "访客", email: "visitor@example.com" },
];

/** The graph catalogue; ids are fixed because the console defaults to graph 245. */
export const seedGraphs = [
  {
    id: 245,
    name: "军事装备知识图谱",
    domain: "military",
    description: "军事装备、部队与作战事件",
  },
  {
    id: 246,
    name: "通用百科知识图谱",
    domain: "general",
    description: "人物、机构、地点等通用百科知识",
  },
  {
    id: 247,
    name: "新闻事件知识图谱",
    domain: "general",
    description: "新闻报道中的事件及其因果、时序关系",
  },
];

function seedPermissions(ctx: PlatformContext) {
  syncPermissionCatalog(ctx.db);
}

function seedGraphCatalogue(ctx: PlatformContext) {
  const insert = ctx.db.prepare(
    "INSERT OR IGNORE INTO graphs (id, name, domain, description) VALUES (?, ?, ?, ?)",
  );
  for (const g of seedGraphs) insert.run(g.id, g.name, g.domain, g.description);
}

/** Groups and accounts: only into a store without users, so an operator's edits are never undone. */
function seedAccounts(ctx: PlatformContext) {
  const db = ctx.db;
  const groupIds = new Map<string, number>();
  const permissionId = db.prepare("SELECT id FROM permissions WHERE codename = ?").pluck();
  for (const g of seedGroups) {
    db.prepare("INSERT OR IGNORE INTO groups (name) VALUES (?)").run(g.name);
    const id = db.prepare("SELECT id FROM groups WHERE name = ?").pluck().get(g.name) as number;
    groupIds.set(g.name, id);
    for (const c of g.codenames) {
      db.prepare(
        "INSERT OR IGNORE INTO group_permissions (group_id, permission_id) VALUES (?, ?)",
      ).run(id, permissionId.get(c));
    }
  }
  const addUser = (
    username: string,
    password: string,
    group: string,
    extra: { superuser?: boolean; init?: boolean; email?: string },
  ) => {
    const id = db
      .prepare(
        "INSERT INTO users (username, email, password_hash, is_superuser, need_init_password) VALUES (?, ?, ?, ?, ?)",
      )
      .run(
        username,
        extra.email ?? "",
        hashPasswordSync(password),
        extra.superuser ? 1 : 0,
        extra.init ? 1 : 0,
      ).lastInsertRowid;
    db.prepare("INSERT INTO user_groups (user_id, group_id) VALUES (?, ?)").run(
      id,
      groupIds.get(group),
    );
  };
  const adminPassword = ctx.settings.adminPassword;
  addUser("admin", adminPassword ?? "admin", "管理员", { superuser: true, init: !adminPassword });
  if (ctx.settings.seed === "demo") {
    for (const u of demoUsers) addUser(u.username, u.password, u.group, { email: u.email });
  }
}

/**
 * The core of every store: permission catalogue, configs and graph catalogue are topped up
 * on each start (new entries appear, existing ones are left alone); groups and users are
 * created on the first start only. One transaction: a failed seed leaves nothing behind.
 * The body-encryption key pair is made on first use (see common/secrets.ts).
 */
export function seedCore(ctx: PlatformContext) {
  ctx.db
    .transaction(() => {
      seedPermissions(ctx);
      addMissingConfigsSync(ctx.db, defaultConfigRows());
      seedGraphCatalogue(ctx);
      const hasUsers = ctx.db.prepare("SELECT 1 FROM users LIMIT 1").get();
      if (!hasUsers) seedAccounts(ctx);
    })
    .immediate();
}
