import { operatorCodenames, visitorCodenames } from "../auth/catalog.js";
import { hashPasswordSync } from "../auth/passwords.js";
import {
  ensureGroup,
  hasUsers,
  insertUser,
  syncPermissionCatalog,
  type NewUser,
} from "../auth/store.js";
import { defaultConfigRows } from "../common/configs.js";
import { addMissingConfigs } from "../common/store.js";
import type { PlatformContext } from "../context.js";
import type { Tx } from "../db/store.js";
import { addGraphs } from "../kg/store/graphs.js";

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

/**
 * Groups and accounts: only into a store without users, so an operator's edits are never
 * undone. Passwords are hashed before the transaction (it may run twice on PostgreSQL).
 */
async function seedAccounts(ctx: PlatformContext, tx: Tx) {
  const groupIds = new Map<string, number>();
  for (const g of seedGroups) groupIds.set(g.name, await ensureGroup(tx, g.name, g.codenames));
  for (const { group, ...u } of accountsToSeed(ctx)) {
    await insertUser(tx, { ...u, groupId: groupIds.get(group)! });
  }
}

type SeedAccount = Omit<NewUser, "groupId"> & { group: string };

/** The accounts a first start creates, their passwords hashed (once: the write may retry). */
function accountsToSeed(ctx: PlatformContext): SeedAccount[] {
  const hashed = accountHashes.get(ctx);
  if (hashed) return hashed;
  const adminPassword = ctx.settings.adminPassword;
  const accounts = [
    {
      username: "admin",
      email: "",
      passwordHash: hashPasswordSync(adminPassword ?? "admin"),
      superuser: true,
      needInitPassword: !adminPassword,
      group: "管理员",
    },
    ...(ctx.settings.seed === "demo"
      ? demoUsers.map((u) => ({
          username: u.username,
          email: u.email,
          passwordHash: hashPasswordSync(u.password),
          superuser: false,
          needInitPassword: false,
          group: u.group,
        }))
      : []),
  ];
  accountHashes.set(ctx, accounts);
  return accounts;
}
const accountHashes = new WeakMap<PlatformContext, SeedAccount[]>();

/**
 * The core of every store: permission catalogue, configs and graph catalogue are topped up
 * on each start (new entries appear, existing ones are left alone); groups and users are
 * created on the first start only. One transaction: a failed seed leaves nothing behind.
 * The body-encryption key pair is made on first use (see common/secrets.ts).
 */
export async function seedCore(ctx: PlatformContext) {
  const firstStart = !(await hasUsers(ctx.store.db));
  if (firstStart) accountsToSeed(ctx);
  await ctx.store.write(async (tx) => {
    await syncPermissionCatalog(tx);
    await addMissingConfigs(tx, defaultConfigRows());
    await addGraphs(tx, seedGraphs);
    if (!(await hasUsers(tx))) await seedAccounts(ctx, tx);
  });
}
