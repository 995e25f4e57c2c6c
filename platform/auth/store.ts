import { sql } from "kysely";
import { engineOf } from "../db/dialect.js";
import type { Db, Store } from "../db/store.js";
import { permissionCatalog } from "./catalog.js";

/**
 * Every statement of sign-in: users as sessions see them, tokens (one live token per user),
 * SSO tickets, captchas, login failures, and the permission catalogue. All of it lives in the
 * store, so every process and every node agrees: a token from one node works on another, a
 * second login anywhere ends the first, a captcha is good for one answer wherever it is
 * answered, and failures made on any node count against the same throttle.
 */

export interface UserRow {
  id: number;
  username: string;
  email: string;
  password_hash: string;
  is_active: number;
  is_superuser: number;
  need_init_password: number;
  password_changed_at: string;
  avatar: string;
  introduction: string;
}

export async function userById(db: Db, id: number): Promise<UserRow | undefined> {
  return (await db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst()) as
    UserRow | undefined;
}

/** The user of this name: names are stored in their one spelling (auth/username.ts), so `=`. */
export async function userByName(db: Db, username: string): Promise<UserRow | undefined> {
  return (await db
    .selectFrom("users")
    .selectAll()
    .where("username", "=", username)
    .executeTakeFirst()) as UserRow | undefined;
}

export async function setPassword(db: Db, userId: number, hash: string) {
  await db
    .updateTable("users")
    .set({
      password_hash: hash,
      need_init_password: 0,
      password_changed_at: new Date().toISOString(),
    })
    .where("id", "=", userId)
    .execute();
}

/** The groups of a user with their permissions (users/info). */
export async function groupsWithPermissions(db: Db, userId: number) {
  const groups = await db
    .selectFrom("groups as g")
    .innerJoin("user_groups as ug", "ug.group_id", "g.id")
    .select(["g.id", "g.name"])
    .where("ug.user_id", "=", userId)
    .orderBy("g.id")
    .execute();
  const perms = groups.length
    ? await db
        .selectFrom("permissions as p")
        .innerJoin("group_permissions as gp", "gp.permission_id", "p.id")
        .select(["gp.group_id", "p.id", "p.codename", "p.name"])
        .where(
          "gp.group_id",
          "in",
          groups.map((g) => g.id),
        )
        .orderBy("p.id")
        .execute()
    : [];
  return groups.map((g) => ({
    ...g,
    permissions: perms
      .filter((p) => p.group_id === g.id)
      .map((p) => ({ id: p.id, codename: p.codename, name: p.name })),
  }));
}

// --- Tokens ---------------------------------------------------------------------------------

export interface TokenRow {
  /** The codenames the user holds through their groups. */
  codenames: Set<string>;
  key: string;
  user_id: number;
  csrf: string;
  last_used_at: number;
  ended_at: number | null;
  ended_reason: string | null;
  username: string;
  is_active: number;
  is_superuser: number;
}

/**
 * A token with its user and the codenames the user holds through their groups, as every
 * authenticated request reads it: one statement (on PostgreSQL each is a round trip; the
 * codenames were a second one on every API call).
 */
export async function tokenWithUser(db: Db, key: string): Promise<TokenRow | undefined> {
  const codename = sql.ref("p.codename");
  const codenames =
    engineOf(db) === "postgres"
      ? sql<string>`coalesce(json_agg(DISTINCT ${codename}), '[]')::text`
      : sql<string>`json_group_array(DISTINCT ${codename})`;
  const row = await db
    .selectFrom("tokens as t")
    .innerJoin("users as u", "u.id", "t.user_id")
    .select((eb) => [
      "t.key",
      "t.user_id",
      "t.csrf",
      "t.last_used_at",
      "t.ended_at",
      "t.ended_reason",
      "u.username",
      "u.is_active",
      "u.is_superuser",
      eb
        .selectFrom("user_groups as ug")
        .innerJoin("group_permissions as gp", "gp.group_id", "ug.group_id")
        .innerJoin("permissions as p", "p.id", "gp.permission_id")
        .select(codenames.as("c"))
        .whereRef("ug.user_id", "=", "u.id")
        .as("codenames"),
    ])
    .where("t.key", "=", key)
    .executeTakeFirst();
  return row && { ...row, codenames: new Set(JSON.parse(row.codenames ?? "[]") as string[]) };
}

export async function touchToken(db: Db, key: string, at: number) {
  await db.updateTable("tokens").set({ last_used_at: at }).where("key", "=", key).execute();
}

/** Ends a live token with its reason (a token that already ended keeps its first reason). */
export async function endToken(db: Db, key: string, reason: string, at = Date.now()) {
  await db
    .updateTable("tokens")
    .set({ ended_at: at, ended_reason: reason })
    .where("key", "=", key)
    .where("ended_at", "is", null)
    .execute();
}

/**
 * The user's one live session: any token still live ends as `replaced`, old ended tokens go,
 * the new token is written and last_login moves — in one transaction, so two logins racing on
 * two nodes leave exactly one live token.
 */
export async function startSession(
  store: Store,
  session: { userId: number; token: string; csrf: string; at: number; keepEndedMs: number },
) {
  const { userId, token, csrf, at } = session;
  await store.write(async (tx) => {
    await tx
      .updateTable("tokens")
      .set({ ended_at: at, ended_reason: "replaced" })
      .where("user_id", "=", userId)
      .where("ended_at", "is", null)
      .execute();
    await tx
      .deleteFrom("tokens")
      .where("user_id", "=", userId)
      .where("ended_at", "<", at - session.keepEndedMs)
      .execute();
    await tx
      .insertInto("tokens")
      .values({ key: token, user_id: userId, csrf, created_at: at, last_used_at: at })
      .execute();
    await tx
      .updateTable("users")
      .set({ last_login: new Date(at).toISOString() })
      .where("id", "=", userId)
      .execute();
  });
}

// --- SSO tickets ----------------------------------------------------------------------------

export async function insertSsoTicket(
  store: Store,
  ticket: { ticket: string; userId: number; at: number; expiresAt: number },
) {
  await store.write(async (tx) => {
    await tx.deleteFrom("sso_tickets").where("expires_at", "<=", ticket.at).execute();
    await tx
      .insertInto("sso_tickets")
      .values({ ticket: ticket.ticket, user_id: ticket.userId, expires_at: ticket.expiresAt })
      .execute();
  });
}

/** Uses a live ticket up; one UPDATE decides, so each ticket is good for one login anywhere. */
export async function redeemSsoTicket(db: Db, ticket: string, at: number) {
  const row = await db
    .updateTable("sso_tickets")
    .set({ used_at: at })
    .where("ticket", "=", ticket)
    .where("used_at", "is", null)
    .where("expires_at", ">", at)
    .returning("user_id")
    .executeTakeFirst();
  return row?.user_id;
}

// --- Captchas -------------------------------------------------------------------------------

export async function insertCaptcha(
  store: Store,
  captcha: { id: string; kind: string; answer: string; at: number; expiresAt: number },
) {
  await store.write(async (tx) => {
    await tx.deleteFrom("captchas").where("expires_at", "<=", captcha.at).execute();
    await tx
      .insertInto("captchas")
      .values({
        id: captcha.id,
        kind: captcha.kind,
        answer: captcha.answer,
        expires_at: captcha.expiresAt,
      })
      .execute();
  });
}

/** Takes a captcha out of the store whatever its answer: one DELETE, one guess, anywhere. */
export async function takeCaptcha(db: Db, id: string) {
  return db
    .deleteFrom("captchas")
    .where("id", "=", id)
    .returning(["kind", "answer", "expires_at"])
    .executeTakeFirst();
}

// --- Login failures (the throttle) ----------------------------------------------------------

export async function countFailures(db: Db, key: string, since: number): Promise<number> {
  const { n } = await db
    .selectFrom("login_failures")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("key", "=", key)
    .where("at", ">", since)
    .executeTakeFirstOrThrow();
  return n;
}

/** Records failures under each key at `at`, sweeping those older than `since`. */
export async function addFailures(store: Store, keys: string[], at: number, since: number) {
  await store.write(async (tx) => {
    await tx.deleteFrom("login_failures").where("at", "<=", since).execute();
    await tx
      .insertInto("login_failures")
      .values(keys.map((key) => ({ key, at })))
      .execute();
  });
}

export async function clearFailures(db: Db, key: string) {
  await db.deleteFrom("login_failures").where("key", "=", key).execute();
}

// --- The permission catalogue ---------------------------------------------------------------

/** Puts the catalogue in the store: new codenames added, names kept in step with the list. */
export async function syncPermissionCatalog(db: Db) {
  await db
    .insertInto("permissions")
    .values(permissionCatalog)
    .onConflict((oc) =>
      oc.column("codename").doUpdateSet((eb) => ({ name: eb.ref("excluded.name") })),
    )
    .execute();
}

// --- The seed's accounts ----------------------------------------------------------------------

/** Whether the store has any user (the seed creates accounts only in a store without). */
export async function hasUsers(db: Db): Promise<boolean> {
  return !!(await db.selectFrom("users").select("id").limit(1).executeTakeFirst());
}

/** A group holding these codenames (made when missing, codenames added); its id. */
export async function ensureGroup(db: Db, name: string, codenames: string[]): Promise<number> {
  await db
    .insertInto("groups")
    .values({ name })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const { id } = await db
    .selectFrom("groups")
    .select("id")
    .where("name", "=", name)
    .executeTakeFirstOrThrow();
  if (codenames.length) {
    await db
      .insertInto("group_permissions")
      .columns(["group_id", "permission_id"])
      .expression((eb) =>
        eb
          .selectFrom("permissions")
          // A parameter's type is unknown to PostgreSQL in INSERT … SELECT: said here.
          .select([sql<number>`cast(${id} as bigint)`.as("group_id"), "id"])
          .where("codename", "in", codenames),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  return id;
}

export interface NewUser {
  username: string;
  email: string;
  passwordHash: string;
  superuser: boolean;
  needInitPassword: boolean;
  groupId: number;
}

/** Adds a user in a group; the new id. */
export async function insertUser(db: Db, user: NewUser): Promise<number> {
  const { id } = await db
    .insertInto("users")
    .values({
      username: user.username,
      email: user.email,
      password_hash: user.passwordHash,
      is_superuser: user.superuser ? 1 : 0,
      need_init_password: user.needInitPassword ? 1 : 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("user_groups").values({ user_id: id, group_id: user.groupId }).execute();
  return id;
}
