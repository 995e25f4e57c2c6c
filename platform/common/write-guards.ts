import crypto from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import { unauthenticated } from "../auth/context.js";
import { configFlag } from "./configs.js";
import { consumeNonce } from "./nonces.js";
import type { PlatformContext } from "../context.js";
import { HttpError } from "../http/errors.js";

export const CSRF_COOKIE = "csrftoken";
const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export const csrfFailed = () => new HttpError(403, "CSRF验证失败", "csrf_failed");
export const nonceRequired = () =>
  new HttpError(403, "缺少防重放参数，请刷新页面后重试", "nonce_required");
export const nonceInvalid = () => new HttpError(403, "请求已失效，请勿重复提交", "nonce_invalid");

export function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.get("cookie") || "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * Gives an anonymous client the cookie half of the double-submit CSRF pair, once: it
 * echoes the value in X-CSRFToken on writes. Readable by scripts on purpose.
 */
export function ensureCsrfCookie(req: Request, res: Response) {
  if (readCookie(req, CSRF_COOKIE)) return;
  res.cookie(CSRF_COOKIE, crypto.randomBytes(24).toString("hex"), {
    path: "/",
    sameSite: "lax",
    secure: req.secure,
    maxAge: 365 * 24 * 3600 * 1000,
  });
}

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
};

/**
 * CSRF: a signed-in writer echoes its token's csrf; an anonymous one echoes its csrftoken
 * cookie. A writer whose token has died is told why (401) rather than "CSRF", unless the
 * cookie pair still makes it a valid anonymous write (e.g. logging in again).
 */
function checkCsrf(req: Request, res: Response) {
  const sent = req.get("x-csrftoken") || "";
  const user = res.locals.user;
  if (user) {
    if (!sent || !sameSecret(sent, user.csrf)) throw csrfFailed();
    return;
  }
  const cookie = readCookie(req, CSRF_COOKIE) || "";
  if (sent && cookie && sameSecret(sent, cookie)) return;
  const reason = res.locals.authError;
  if (reason && reason !== "not_authenticated") throw unauthenticated(reason);
  throw csrfFailed();
}

/** Every POST/PUT/PATCH/DELETE passes CSRF, then (when anti-resubmission is on) a one-time nonce. */
export function writeGuards(ctx: PlatformContext): RequestHandler {
  const guard = async (req: Request, res: Response) => {
    checkCsrf(req, res);
    if (await configFlag(ctx, "YF_ANTI_RESUBMIT")) {
      const nonce = req.get("x-api-nonce");
      if (!nonce) throw nonceRequired();
      if (!(await consumeNonce(ctx, nonce))) throw nonceInvalid();
    }
  };
  return (req, res, next) => {
    if (!WRITE_METHODS.has(req.method)) return next();
    guard(req, res).then(() => next(), next);
  };
}
