import type { NextFunction, Request, Response } from "express";
import type { PlatformContext } from "../context.js";
import { once } from "../db/read-scope.js";
import { HttpError, forbidden } from "../http/errors.js";
import { endToken, tokenWithUser, touchToken } from "./store.js";

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

/**
 * How stale a token's stored last-used time may be before a request writes it again
 * (issue 11): one write per token per 30 s instead of one per request. The idle expiry
 * (TOKEN_IDLE_MINUTES) counts from the stored time, so a token ends between 30 s early and on
 * time; every process reads and writes the same row.
 */
export const TOUCH_INTERVAL_MS = 30_000;

/** Why a request with an ended token is refused, by the reason the token ended. */
const endedBy = new Map<string | null, UnauthenticatedCode>([
  ["replaced", "token_replaced"],
  ["expired", "token_expired"],
  ["logout", "token_logged_out"],
]);

/** Who the request's token says it is: the user, or the reason there is none. */
async function identify(
  ctx: PlatformContext,
  header: string,
): Promise<{ user: AuthUser } | { error: UnauthenticatedCode }> {
  const m = /^Token\s+(\S+)$/i.exec(header);
  if (!m) return { error: "not_authenticated" };
  const db = ctx.store.db;
  const row = await tokenWithUser(db, m[1]);
  const now = Date.now();
  if (!row) return { error: "token_invalid" };
  if (row.ended_at) return { error: endedBy.get(row.ended_reason) ?? "token_invalid" };
  if (now - row.last_used_at > ctx.settings.tokenIdleSeconds * 1000) {
    await endToken(db, row.key, "expired", now);
    return { error: "token_expired" };
  }
  if (!row.is_active) return { error: "user_inactive" };
  if (now - row.last_used_at >= TOUCH_INTERVAL_MS) await touchToken(db, row.key, now);
  return {
    user: {
      id: row.user_id,
      username: row.username,
      isSuperuser: !!row.is_superuser,
      codenames: row.codenames,
      token: row.key,
      csrf: row.csrf,
    },
  };
}

/**
 * Reads `Authorization: Token {key}` and puts the user (or null, with the reason) in
 * res.locals. Refuses nothing by itself: routes decide with requireUser.
 * A token that is used moves its idle deadline (written at most every TOUCH_INTERVAL_MS).
 */
export function authenticate(ctx: PlatformContext) {
  return (req: Request, res: Response, next: NextFunction) => {
    res.locals.user = null;
    const header = req.get("authorization") || "";
    // A page's several platform calls carry the same token: identified once per read request.
    once(`identify:${header}`, () => identify(ctx, header)).then((who) => {
      if ("user" in who) res.locals.user = who.user;
      else res.locals.authError = who.error;
      next();
    }, next);
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
