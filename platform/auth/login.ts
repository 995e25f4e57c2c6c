import crypto from "node:crypto";
import { bodyObject, requireTextFields } from "../http/input.js";
import type { PlatformContext } from "../context.js";
import { HttpError } from "../http/errors.js";
import { consumeCaptcha } from "./captcha.js";
import { hashPassword, verifyPassword } from "./passwords.js";
import { startSession, userByName, userById } from "./sessions.js";
import { insertSsoTicket, redeemSsoTicket } from "./store.js";
import { canonicalUsername } from "./username.js";
import { assertNotThrottled, clearAccountFailures, recordLoginFailure } from "./throttle.js";

export const SSO_TICKET_TTL_SECONDS = 60;

const badCredentials = () => new HttpError(400, "用户名或密码错误", "invalid_credentials");
const userInactive = () => new HttpError(400, "用户已被禁用", "user_inactive");
const ticketInvalid = () => new HttpError(400, "登录凭证无效或已过期", "ticket_invalid");

/** Verified against when the username is unknown, so both cases take the same time. */
let decoyHash: Promise<string> | undefined;

type LoginField = "username" | "password" | "captcha_id" | "captcha";

export async function loginWithPassword(ctx: PlatformContext, body: unknown, address: string) {
  const obj = bodyObject(body);
  const names: readonly LoginField[] = ctx.settings.captcha
    ? ["username", "password", "captcha_id", "captcha"]
    : ["username", "password"];
  const username =
    typeof obj.username === "string" ? canonicalUsername(obj.username.trim()) : obj.username;
  const fields = requireTextFields({ ...obj, username }, names);
  await assertNotThrottled(ctx, fields.username, address);
  if (ctx.settings.captcha) {
    const check = await consumeCaptcha(ctx, fields.captcha_id, fields.captcha);
    if (!check.passed) {
      // A program answers a text question as easily as a person: its wrong answers count
      // like wrong passwords, so it allows no more guesses than the throttles do.
      if (check.kind === "text") await recordLoginFailure(ctx, fields.username, address);
      throw new HttpError(400, "验证码错误", "captcha_invalid");
    }
  }
  const user = await userByName(ctx, fields.username);
  const ok = await verifyPassword(
    fields.password,
    user?.password_hash ?? (await (decoyHash ??= hashPassword("decoy"))),
  );
  // Guesses sent together all passed the check above while they were hashed: judge each as of now.
  await assertNotThrottled(ctx, fields.username, address);
  if (!user || !ok) {
    await recordLoginFailure(ctx, fields.username, address);
    throw badCredentials();
  }
  if (!user.is_active) throw userInactive();
  await clearAccountFailures(ctx, fields.username);
  return startSession(ctx, user);
}

/**
 * A ticket lets someone sign in as a user without the password: issued by that user
 * (hand-off to another terminal or system) or, for anyone, by an administrator.
 */
export async function issueSsoTicket(
  ctx: PlatformContext,
  actor: { id: number; username: string; isAdmin: boolean },
  username: string | undefined,
) {
  const wanted = username === undefined ? undefined : canonicalUsername(username.trim());
  const forSelf = !wanted || wanted === canonicalUsername(actor.username);
  if (!forSelf && !actor.isAdmin) {
    throw new HttpError(403, "只有管理员可以为其他用户签发登录凭证", "permission_denied");
  }
  const target = forSelf ? await userById(ctx, actor.id) : await userByName(ctx, wanted);
  if (!target) throw new HttpError(400, "用户不存在", "user_not_found");
  if (!target.is_active) throw userInactive();
  const ticket = crypto.randomBytes(32).toString("base64url");
  const now = Date.now();
  await insertSsoTicket(ctx.store, {
    ticket,
    userId: target.id,
    at: now,
    expiresAt: now + SSO_TICKET_TTL_SECONDS * 1000,
  });
  return { ticket, expires_in: SSO_TICKET_TTL_SECONDS };
}

/** Trades a live ticket for a session; the single UPDATE makes each ticket good for one login. */
export async function loginWithTicket(ctx: PlatformContext, body: unknown) {
  const { ticket } = requireTextFields(body, ["ticket"] as const);
  const redeemed = await redeemSsoTicket(ctx.store.db, ticket, Date.now());
  if (redeemed === undefined) throw ticketInvalid();
  const user = await userById(ctx, redeemed);
  if (!user) throw ticketInvalid();
  if (!user.is_active) throw userInactive();
  return startSession(ctx, user);
}
