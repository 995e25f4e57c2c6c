import crypto from "node:crypto";
import type { PlatformContext } from "../context.js";
import * as store from "./store.js";
import type { UserRow } from "./store.js";

export type { UserRow };
export type TokenEndReason = "replaced" | "logout" | "expired";

/** Ended tokens are kept this long so a late request still learns why it was refused. */
const KEEP_ENDED_MS = 30 * 24 * 3600 * 1000;

export const userById = (ctx: PlatformContext, id: number) => store.userById(ctx.store.db, id);

export const userByName = (ctx: PlatformContext, username: string) =>
  store.userByName(ctx.store.db, username);

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
export async function startSession(ctx: PlatformContext, user: UserRow) {
  const token = crypto.randomBytes(20).toString("hex");
  const csrf = crypto.randomBytes(16).toString("hex");
  await store.startSession(ctx.store, {
    userId: user.id,
    token,
    csrf,
    at: Date.now(),
    keepEndedMs: KEEP_ENDED_MS,
  });
  return {
    token,
    csrf_token: csrf,
    user_id: user.id,
    username: user.username,
    need_init_password: !!user.need_init_password,
    password_expired: passwordExpired(ctx, user),
  };
}

export async function endToken(ctx: PlatformContext, token: string, reason: TokenEndReason) {
  await store.endToken(ctx.store.db, token, reason);
}

/** What GET users/info answers: the user, their groups with permissions, and password state. */
export async function userInfo(ctx: PlatformContext, user: UserRow) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    avatar: user.avatar,
    introduction: user.introduction,
    is_superuser: !!user.is_superuser,
    groups: await store.groupsWithPermissions(ctx.store.db, user.id),
    profile: {
      need_init_password: !!user.need_init_password,
      password_expired: passwordExpired(ctx, user),
    },
  };
}
