import type { NextFunction, Request, Response } from "express";
import type { PlatformContext } from "../context.js";
import { HttpError, forbidden } from "../http/errors.js";

export interface AuthUser {
  id: number;
  username: string;
  isSuperuser: boolean;
  codenames: Set<string>;
  token: string;
  csrf: string;
}

/** The messages of a 401, one per case, so a client can tell the user why. */
export const UNAUTHENTICATED = {
  not_authenticated: "身份认证信息未提供。",
  token_invalid: "登录超时或已在其他终端登录，请重新登录！",
  token_replaced: "登录超时或已在其他终端登录，请重新登录！",
  token_logged_out: "登录超时或已在其他终端登录，请重新登录！",
  token_expired: "15分钟未操作或已在其他终端登录，请重新登录！",
  user_inactive: "用户已被禁用。",
} as const;
export type UnauthenticatedCode = keyof typeof UNAUTHENTICATED;

export const unauthenticated = (code: UnauthenticatedCode) =>
  new HttpError(401, UNAUTHENTICATED[code], code);

declare module "express-serve-static-core" {
  interface Locals {
    user?: AuthUser | null;
    authError?: UnauthenticatedCode;
  }
}

export function codenamesOf(ctx: PlatformContext, userId: number): Set<string> {
  const rows = ctx.db
    .prepare(
      `SELECT DISTINCT p.codename FROM user_groups ug
         JOIN group_permissions gp ON gp.group_id = ug.group_id
         JOIN permissions p ON p.id = gp.permission_id
       WHERE ug.user_id = ?`,
    )
    .pluck()
    .all(userId) as string[];
  return new Set(rows);
}

/**
 * How stale a token's stored last-used time may be before a request writes it again
 * (issue 11): one write per token per 30 s instead of one per request. The idle expiry
 * (TOKEN_IDLE_MINUTES) counts from the stored time, so a token ends between 30 s early and on
 * time; every process reads and writes the same row.
 */
export const TOUCH_INTERVAL_MS = 30_000;

/**
 * Reads `Authorization: Token {key}` and puts the user (or null, with the reason) in
 * res.locals. Refuses nothing by itself: routes decide with requireUser.
 * A token that is used moves its idle deadline (written at most every TOUCH_INTERVAL_MS).
 */
export function authenticate(ctx: PlatformContext) {
  const byKey = ctx.db.prepare(
    `SELECT t.key, t.user_id, t.csrf, t.last_used_at, t.ended_at, t.ended_reason,
            u.username, u.is_active, u.is_superuser
       FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.key = ?`,
  );
  const touch = ctx.db.prepare("UPDATE tokens SET last_used_at = ? WHERE key = ?");
  const end = ctx.db.prepare("UPDATE tokens SET ended_at = ?, ended_reason = ? WHERE key = ?");
  return (req: Request, res: Response, next: NextFunction) => {
    res.locals.user = null;
    const header = req.get("authorization") || "";
    const m = /^Token\s+(\S+)$/i.exec(header);
    if (!m) {
      res.locals.authError = "not_authenticated";
      return next();
    }
    const row = byKey.get(m[1]) as
      | {
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
      | undefined;
    const now = Date.now();
    if (!row) {
      res.locals.authError = "token_invalid";
    } else if (row.ended_at) {
      res.locals.authError =
        row.ended_reason === "replaced"
          ? "token_replaced"
          : row.ended_reason === "expired"
            ? "token_expired"
            : row.ended_reason === "logout"
              ? "token_logged_out"
              : "token_invalid";
    } else if (now - row.last_used_at > ctx.settings.tokenIdleSeconds * 1000) {
      end.run(now, "expired", row.key);
      res.locals.authError = "token_expired";
    } else if (!row.is_active) {
      res.locals.authError = "user_inactive";
    } else {
      if (now - row.last_used_at >= TOUCH_INTERVAL_MS) touch.run(now, row.key);
      res.locals.user = {
        id: row.user_id,
        username: row.username,
        isSuperuser: !!row.is_superuser,
        codenames: codenamesOf(ctx, row.user_id),
        token: row.key,
        csrf: row.csrf,
      };
    }
    next();
  };
}

/** The authenticated user of this request, or a 401 that says why there is none. */
export function requireUser(res: Response): AuthUser {
  const user = res.locals.user;
  if (!user) throw unauthenticated(res.locals.authError ?? "not_authenticated");
  return user;
}

export function hasPermission(user: AuthUser, codename: string) {
  return user.isSuperuser || user.codenames.has("admin") || user.codenames.has(codename);
}

/** The user, when they hold the codename (superusers and `admin` hold all); else 401/403. */
export function requirePermission(res: Response, codename: string): AuthUser {
  const user = requireUser(res);
  if (!hasPermission(user, codename)) throw forbidden();
  return user;
}
