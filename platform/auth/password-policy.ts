import { optionalText, requireTextFields } from "../http/input.js";
import type { PlatformContext } from "../context.js";
import { HttpError } from "../http/errors.js";
import { hashPassword, verifyPassword } from "./passwords.js";
import { userById } from "./sessions.js";
import { setPassword } from "./store.js";
import { assertNotThrottled, recordLoginFailure } from "./throttle.js";

const MAX_LENGTH = 128;

/** Why a new password is refused, or undefined when it is strong enough. */
export function passwordWeakness(password: string): string | undefined {
  if (password.length > MAX_LENGTH) return `密码不能超过${MAX_LENGTH}位`;
  if (password.length < 8 || !/[A-Za-z]/.test(password) || !/\d/.test(password)) {
    return "密码至少8位，且包含字母和数字";
  }
  return undefined;
}

/**
 * Checks a candidate new password against the rule above without changing anything (the
 * password form asks while it is filled in, and again on submit). Nothing about the current
 * password is compared here: an unthrottled answer must not tell a guess apart.
 */
export function checkNewPassword(body: unknown) {
  const { new_password } = requireTextFields(body, ["new_password"] as const);
  const weakness = passwordWeakness(new_password);
  if (weakness) throw new HttpError(400, weakness, "password_weak");
}

/**
 * Re-confirms the signed-in user's password before a sensitive action. Wrong guesses
 * count like failed logins, so a stolen token cannot be used to find the password.
 */
export async function confirmPassword(
  ctx: PlatformContext,
  userId: number,
  body: unknown,
  address: string,
) {
  const { password } = requireTextFields(body, ["password"] as const);
  const user = await userById(ctx, userId);
  if (!user) throw new HttpError(400, "用户不存在", "user_not_found");
  await assertNotThrottled(ctx, user.username, address);
  const ok = await verifyPassword(password, user.password_hash);
  // Guesses sent together all passed the check above while they were hashed: judge each as of now.
  await assertNotThrottled(ctx, user.username, address);
  if (!ok) {
    await recordLoginFailure(ctx, user.username, address);
    throw new HttpError(400, "密码错误", "password_invalid");
  }
}

/**
 * First-time set (need_init_password: no old password asked) or ordinary change (old
 * password required). The current token stays live.
 */
export async function changePassword(
  ctx: PlatformContext,
  userId: number,
  body: unknown,
  address: string,
) {
  const user = await userById(ctx, userId);
  if (!user) throw new HttpError(400, "用户不存在", "user_not_found");
  const isInit = !!user.need_init_password;
  const fields = requireTextFields(
    body,
    isInit
      ? (["new_password", "confirm_password"] as const)
      : (["old_password", "new_password", "confirm_password"] as const),
  ) as Record<"new_password" | "confirm_password", string>;
  const oldPassword = optionalText(body, "old_password");
  if (fields.new_password !== fields.confirm_password) {
    throw new HttpError(400, "两次输入的密码不一致", "password_mismatch");
  }
  const weakness = passwordWeakness(fields.new_password);
  if (weakness) throw new HttpError(400, weakness, "password_weak");
  if (!isInit) {
    await assertNotThrottled(ctx, user.username, address);
    const ok = await verifyPassword(oldPassword ?? "", user.password_hash);
    await assertNotThrottled(ctx, user.username, address);
    if (!ok) {
      await recordLoginFailure(ctx, user.username, address);
      throw new HttpError(400, "原密码错误", "old_password_invalid");
    }
  }
  if (await verifyPassword(fields.new_password, user.password_hash)) {
    throw new HttpError(400, "新密码不能与原密码相同", "password_same");
  }
  const hash = await hashPassword(fields.new_password);
  await setPassword(ctx.store.db, user.id, hash);
}
