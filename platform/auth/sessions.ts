import crypto from "node:crypto";
import type { PlatformContext } from "../context.js";

export type TokenEndReason = "replaced" | "logout" | "expired";

/** Ended tokens are kept this long so a late request still learns why it was refused. */
const KEEP_ENDED_MS = 30 * 24 * 3600 * 1000;

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

export function userById(ctx: PlatformContext, id: number): UserRow | undefined {
  return ctx.db.prepare("SELECT * FROM users WHERE id = ?").get(id) as UserRow | undefined;
}

export function userByName(ctx: PlatformContext, username: string): UserRow | undefined {
  return ctx.db.prepare("SELECT * FROM users WHERE username = ?").get(username) as
    UserRow | undefined;
}

export function passwordExpired(
  ctx: PlatformContext,
  user: Pick<UserRow, "password_changed_at">,
): boolean {
  const days = ctx.settings.passwordMaxAgeDays;
  if (!(days > 0)) return false;
  const changed = Date.parse(user.password_changed_at);
  return Number.isFinite(changed) && Date.now() - changed > days * 24 * 3600 * 1000;
}

/**
 * Starts the user's one live session: any token still live ends as `replaced`
 * (the other terminal then hears "已在其他终端登录"), a new token is written, last_login moves.
 */
export function startSession(ctx: PlatformContext, user: UserRow) {
  const token = crypto.randomBytes(20).toString("hex");
  const csrf = crypto.randomBytes(16).toString("hex");
  const now = Date.now();
  ctx.db.transaction(() => {
    ctx.db
      .prepare(
        "UPDATE tokens SET ended_at = ?, ended_reason = 'replaced' WHERE user_id = ? AND ended_at IS NULL",
      )
      .run(now, user.id);
    ctx.db
      .prepare("DELETE FROM tokens WHERE user_id = ? AND ended_at < ?")
      .run(user.id, now - KEEP_ENDED_MS);
    ctx.db
      .prepare(
        "INSERT INTO tokens (key, user_id, csrf, created_at, last_used_at) VALUES (?, ?, ?, ?, ?)",
      )
      .run(token, user.id, csrf, now, now);
    ctx.db
      .prepare("UPDATE users SET last_login = ? WHERE id = ?")
      .run(new Date(now).toISOString(), user.id);
  })();
  return {
    token,
    csrf_token: csrf,
    user_id: user.id,
    username: user.username,
    need_init_password: !!user.need_init_password,
    password_expired: passwordExpired(ctx, user),
  };
}

export function endToken(ctx: PlatformContext, token: string, reason: TokenEndReason) {
  ctx.db
    .prepare("UPDATE tokens SET ended_at = ?, ended_reason = ? WHERE key = ? AND ended_at IS NULL")
    .run(Date.now(), reason, token);
}

/** What GET users/info answers: the user, their groups with permissions, and password state. */
export function userInfo(ctx: PlatformContext, user: UserRow) {
  const groups = ctx.db
    .prepare(
      `SELECT g.id, g.name FROM groups g JOIN user_groups ug ON ug.group_id = g.id
        WHERE ug.user_id = ? ORDER BY g.id`,
    )
    .all(user.id) as { id: number; name: string }[];
  const permissionsOf = ctx.db.prepare(
    `SELECT p.id, p.codename, p.name FROM permissions p
       JOIN group_permissions gp ON gp.permission_id = p.id
      WHERE gp.group_id = ? ORDER BY p.id`,
  );
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    avatar: user.avatar,
    introduction: user.introduction,
    is_superuser: !!user.is_superuser,
    groups: groups.map((g) => ({ ...g, permissions: permissionsOf.all(g.id) })),
    profile: {
      need_init_password: !!user.need_init_password,
      password_expired: passwordExpired(ctx, user),
    },
  };
}
