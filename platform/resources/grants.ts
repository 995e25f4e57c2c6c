import type { Db } from "../db/store.js";
import { HttpError } from "../http/errors.js";
import type { RecordRow, ResourceHookContext, ViewerSchemaParts, WriteChange } from "./types.js";
import { type AuthUser, hasPermission } from "../auth/context.js";
import {
  adminGuardians,
  groupCodenamePairs,
  groupCodenames,
  groupNameOf,
  groupsOf,
  isProtectedAccount,
  protectedAccountIds,
  usernameOf,
} from "./grants-store.js";

/**
 * The account rule: who may change users, groups, memberships and group permissions.
 * One rule, called on every write path of the `users` and `groups` resources (single, bulk,
 * CSV import insert and update rows) and by reset_password. docs/security.md states it;
 * docs/decisions/007-account-rule.md says why.
 *
 * 1. Nobody grants what they do not hold: adding or removing a member of a group, or a
 *    codename of a group, needs every codename involved; `admin` is held by admins only.
 * 2. Nobody changes their own groups or the permissions of a group they belong to
 *    (superusers excepted: their rights do not come from groups), nor disables themselves.
 * 3. Only an admin changes, disables, resets the password of or deletes a protected account:
 *    a superuser or a member of a group holding `admin`. Only an admin changes such a group.
 * 4. A group holding `admin` is never deleted nor emptied; the last group holding `admin` with
 *    members, and the last active superuser, stay.
 */

export type GrantRefusal =
  | "grant_not_held"
  | "admin_only"
  | "own_rights"
  | "protected_account"
  | "admin_group_kept"
  | "last_superuser";

const refuse = (code: GrantRefusal, detail: string, extra: Record<string, unknown> = {}) =>
  new HttpError(403, detail, code, extra);

export const isAdmin = (user: AuthUser) => user.isSuperuser || user.codenames.has("admin");

const ADMIN = "admin";

async function groupName(db: Db, groupId: number): Promise<string> {
  return (await groupNameOf(db, groupId)) ?? `#${groupId}`;
}

/** Refuses unless the actor holds every codename (with the admin-only message for `admin`). */
function requireHeld(actor: AuthUser, codenames: Iterable<string>, what: string) {
  const missing = [...codenames].filter((c) => !hasPermission(actor, c));
  if (!missing.length) return;
  if (missing.includes(ADMIN)) {
    throw refuse("admin_only", `只有管理员可以授予或收回管理员权限（${what}）`, {
      codenames: missing,
    });
  }
  throw refuse("grant_not_held", `不能授予或收回自己没有的权限（${what}）：${missing.join("、")}`, {
    codenames: missing,
  });
}

function requireAdminFor(actor: AuthUser, what: string) {
  if (!isAdmin(actor))
    throw refuse("protected_account", `只有管理员可以修改超级用户或管理员组成员（${what}）`);
}

const idsOf = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : []);
const strsOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

function diff<T>(before: T[], after: T[]): T[] {
  const b = new Set(before);
  const a = new Set(after);
  return [...after.filter((x) => !b.has(x)), ...before.filter((x) => !a.has(x))];
}

/** Membership of `userId` in the groups `changed` changes: the actor must hold each group's codenames. */
async function requireMembershipChange(
  db: Db,
  actor: AuthUser,
  userId: number,
  changed: number[],
  username: string,
) {
  if (!changed.length) return;
  if (userId === actor.id && !actor.isSuperuser) throw refuse("own_rights", "不能修改自己的用户组");
  if (await isProtectedAccount(db, userId)) requireAdminFor(actor, username);
  for (const g of changed)
    requireHeld(actor, await groupCodenames(db, g), `用户组 ${await groupName(db, g)}`);
}

/** The rule for one write of a user record (inside the write's transaction: `h.db`). */
export async function authorizeUserWrite(h: ResourceHookContext, change: WriteChange) {
  const db = h.db;
  const actor = h.user;
  const { mode, before, values } = change;
  const label = String(before?.username ?? values.username ?? "");
  if (mode === "create") {
    // A new account is never protected before it joins a group, so only rule 1 applies.
    for (const g of idsOf(values.groups))
      requireHeld(actor, await groupCodenames(db, g), `用户组 ${await groupName(db, g)}`);
    return;
  }
  const record = before!;
  if (mode === "delete") {
    if (await isProtectedAccount(db, record.id)) requireAdminFor(actor, label);
    return;
  }
  if (await isProtectedAccount(db, record.id)) requireAdminFor(actor, label);
  if (record.id === actor.id && "is_active" in values && Number(values.is_active) === 0) {
    throw refuse("own_rights", "不能停用当前登录的用户");
  }
  if ("groups" in values) {
    await requireMembershipChange(
      db,
      actor,
      record.id,
      diff(idsOf(record.groups), idsOf(values.groups)),
      label,
    );
  }
}

/** The rule for one write of a group record (inside the write's transaction: `h.db`). */
export async function authorizeGroupWrite(h: ResourceHookContext, change: WriteChange) {
  const db = h.db;
  const actor = h.user;
  const { mode, before, values } = change;
  const name = String(values.name ?? before?.name ?? "");
  const permsBefore = strsOf(before?.permissions);
  const permsAfter = "permissions" in values ? strsOf(values.permissions) : permsBefore;
  const membersBefore = idsOf(before?.members);
  const membersAfter =
    mode === "delete" ? [] : "members" in values ? idsOf(values.members) : membersBefore;
  const own = !actor.isSuperuser && membersBefore.includes(actor.id);

  if (mode === "delete") {
    if (permsBefore.includes(ADMIN))
      throw refuse("admin_group_kept", `拥有管理员权限的用户组不能删除：${name}`);
    if (own) throw refuse("own_rights", `不能删除自己所在的用户组：${name}`);
    requireHeld(actor, permsBefore, `用户组 ${name}`);
    return;
  }
  if (permsBefore.includes(ADMIN) || permsAfter.includes(ADMIN))
    requireAdminFor(actor, `用户组 ${name}`);
  const permsChanged = diff(permsBefore, permsAfter);
  if (permsChanged.length) {
    if (own) throw refuse("own_rights", `不能修改自己所在用户组的权限：${name}`);
    requireHeld(actor, permsChanged, `用户组 ${name}`);
  }
  const membersChanged = diff(membersBefore, membersAfter);
  if (membersChanged.length) {
    if (membersChanged.includes(actor.id) && !actor.isSuperuser)
      throw refuse("own_rights", "不能修改自己的用户组");
    // Joining or leaving gives or takes the group's rights as they are after this write.
    requireHeld(actor, new Set([...permsBefore, ...permsAfter]), `用户组 ${name}`);
    const guarded = await protectedAccountIds(db);
    const hit = membersChanged.find((u) => guarded.has(u));
    if (hit !== undefined) requireAdminFor(actor, (await usernameOf(db, hit)) ?? String(hit));
  }
  if (permsBefore.includes(ADMIN) && membersBefore.length && !membersAfter.length) {
    throw refuse("admin_group_kept", `拥有管理员权限的用户组不能没有成员：${name}`);
  }
}

/** Reset password: the target is a protected account only an admin may touch. */
export async function authorizePasswordReset(h: ResourceHookContext, target: RecordRow) {
  if (await isProtectedAccount(h.db, target.id))
    requireAdminFor(h.user, String(target.username ?? target.id));
}

interface Guardians {
  activeSuperusers: number;
  /** Groups holding `admin` and their member counts. */
  adminGroups: Map<number, number>;
}

async function guardians(db: Db): Promise<Guardians> {
  const g = await adminGuardians(db);
  return {
    activeSuperusers: g.activeSuperusers,
    adminGroups: new Map(g.adminGroups.map((r) => [r.id, r.members])),
  };
}

const withMembers = (g: Guardians) => [...g.adminGroups.values()].filter((n) => n > 0).length;

/**
 * Rule 4 for a whole write (however many records it touched): takes the guardians before,
 * and returns the check to run before commit. A refusal thrown there rolls the write back.
 * Both run inside the write's transaction (`h.db`).
 */
export async function keepGuardians(h: ResourceHookContext): Promise<() => Promise<void>> {
  const db = h.db;
  const before = await guardians(db);
  return async () => {
    const after = await guardians(db);
    if (before.activeSuperusers > 0 && after.activeSuperusers === 0) {
      throw refuse("last_superuser", "不能删除或停用最后一个启用的超级用户");
    }
    for (const [id, n] of before.adminGroups) {
      if (!n) continue;
      const now = after.adminGroups.get(id);
      if (now === 0)
        throw refuse(
          "admin_group_kept",
          `拥有管理员权限的用户组不能没有成员：${await groupName(db, id)}`,
        );
    }
    if (withMembers(before) > 0 && withMembers(after) === 0) {
      throw refuse("admin_group_kept", "至少要保留一个有成员的管理员用户组");
    }
  };
}

/** Options of a many field the viewer may not choose or unchoose, marked disabled. */
function disableOptions(
  schema: ViewerSchemaParts,
  field: string,
  refused: (key: string | number) => boolean,
) {
  schema.select_options[field] = (schema.select_options[field] ?? []).map((o) =>
    refused(o.key) ? { ...o, disabled: true as const } : o,
  );
}

/** Codenames of every group, for checking many options at once. */
async function allGroupCodenames(db: Db): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  for (const r of await groupCodenamePairs(db))
    (out.get(r.g) ?? out.set(r.g, []).get(r.g)!).push(r.c);
  return out;
}

/** The users schema as this viewer may use it: groups they cannot grant, accounts they cannot touch. */
export async function userSchemaFor(h: ResourceHookContext, schema: ViewerSchemaParts) {
  const db = h.db;
  const actor = h.user;
  const codenames = await allGroupCodenames(db);
  disableOptions(schema, "groups", (g) =>
    (codenames.get(Number(g)) ?? []).some((c) => !hasPermission(actor, c)),
  );
  if (!isAdmin(actor)) for (const id of await protectedAccountIds(db)) schema.locked[id] = "*";
  if (schema.locked[actor.id] !== "*") {
    schema.locked[actor.id] = actor.isSuperuser
      ? ["is_active", "delete"]
      : ["groups", "is_active", "delete"];
  }
}

/** The groups schema as this viewer may use it: codenames they do not hold, members they cannot move. */
export async function groupSchemaFor(h: ResourceHookContext, schema: ViewerSchemaParts) {
  const db = h.db;
  const actor = h.user;
  disableOptions(schema, "permissions", (c) => !hasPermission(actor, String(c)));
  const guarded = isAdmin(actor) ? new Set<number>() : await protectedAccountIds(db);
  disableOptions(
    schema,
    "members",
    (u) => guarded.has(Number(u)) || (Number(u) === actor.id && !actor.isSuperuser),
  );
  for (const [g, cs] of await allGroupCodenames(db)) {
    if (cs.includes(ADMIN)) {
      // Nobody deletes a group holding admin; only admins change one.
      schema.locked[g] = isAdmin(actor) ? ["delete"] : "*";
    } else if (cs.some((c) => !hasPermission(actor, c))) {
      // Moving members of a group gives or takes all its rights.
      schema.locked[g] = ["members", "delete"];
    }
  }
  if (!actor.isSuperuser) {
    for (const g of await groupsOf(db, actor.id)) {
      const l = schema.locked[g];
      if (l !== "*") schema.locked[g] = [...new Set([...(l ?? []), "permissions", "delete"])];
    }
  }
}
