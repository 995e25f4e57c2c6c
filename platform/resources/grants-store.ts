import type { Db } from "../db/store.js";

/**
 * What the account rule (grants.ts) reads of users, groups and their permissions. Its hooks
 * run inside the resource write's transaction, so they are given that transaction's handle.
 */

const ADMIN = "admin";

/** The codenames a group holds, in codename order. */
export async function groupCodenames(db: Db, groupId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("group_permissions as gp")
    .innerJoin("permissions as p", "p.id", "gp.permission_id")
    .select("p.codename")
    .where("gp.group_id", "=", groupId)
    .orderBy("p.codename")
    .execute();
  return rows.map((r) => r.codename);
}

export async function groupNameOf(db: Db, groupId: number): Promise<string | undefined> {
  return (await db.selectFrom("groups").select("name").where("id", "=", groupId).executeTakeFirst())
    ?.name;
}

export async function usernameOf(db: Db, userId: number): Promise<string | undefined> {
  return (
    await db.selectFrom("users").select("username").where("id", "=", userId).executeTakeFirst()
  )?.username;
}

/** The members of groups holding `admin`. */
const adminMembers = (db: Db) =>
  db
    .selectFrom("user_groups as ug")
    .innerJoin("group_permissions as gp", "gp.group_id", "ug.group_id")
    .innerJoin("permissions as p", "p.id", "gp.permission_id")
    .select("ug.user_id")
    .where("p.codename", "=", ADMIN);

/** A superuser, or a member of a group holding `admin`. */
export async function isProtectedAccount(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom("users as u")
    .select("u.id")
    .where("u.id", "=", userId)
    .where((eb) =>
      eb.or([
        eb("u.is_superuser", "=", 1),
        eb("u.id", "in", adminMembers(db).where("ug.user_id", "=", userId)),
      ]),
    )
    .executeTakeFirst();
  return !!row;
}

/** Ids of every protected account (one query for a list or a bulk delete). */
export async function protectedAccountIds(db: Db): Promise<Set<number>> {
  const rows = await db
    .selectFrom("users")
    .select("id as user_id")
    .where("is_superuser", "=", 1)
    .union(adminMembers(db))
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** The active superusers, and the groups holding `admin` with their member counts. */
export async function adminGuardians(db: Db) {
  const { n } = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("is_superuser", "=", 1)
    .where("is_active", "=", 1)
    .executeTakeFirstOrThrow();
  const groups = await db
    .selectFrom("group_permissions as gp")
    .innerJoin("permissions as p", "p.id", "gp.permission_id")
    .select((eb) => [
      "gp.group_id as id",
      eb
        .selectFrom("user_groups as ug")
        .select(eb.fn.countAll<number>().as("c"))
        .whereRef("ug.group_id", "=", "gp.group_id")
        .as("n"),
    ])
    .where("p.codename", "=", ADMIN)
    .execute();
  return {
    activeSuperusers: Number(n),
    adminGroups: groups.map((g) => ({ id: g.id, members: Number(g.n) })),
  };
}

/** Every group's codenames: [group id, codename] pairs. */
export function groupCodenamePairs(db: Db) {
  return db
    .selectFrom("group_permissions as gp")
    .innerJoin("permissions as p", "p.id", "gp.permission_id")
    .select(["gp.group_id as g", "p.codename as c"])
    .execute();
}

/** The groups a user is a member of. */
export async function groupsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("user_groups")
    .select("group_id")
    .where("user_id", "=", userId)
    .execute();
  return rows.map((r) => r.group_id);
}
