import type { PlatformContext } from "../context.js";
import { HttpError } from "../http/errors.js";

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

const accountKey = (username: string) => `account:${username.toLowerCase()}`;
const addressKey = (address: string) => `address:${address}`;

export const throttled = () => new HttpError(429, "登录失败次数过多，请15分钟后再试", "throttled");

function recentFailures(ctx: PlatformContext, key: string): number {
  return ctx.db
    .prepare("SELECT COUNT(*) FROM login_failures WHERE key = ? AND at > ?")
    .pluck()
    .get(key, Date.now() - THROTTLE_WINDOW_MS) as number;
}

/** Refuses (429) while the account or the address has too many recent failures. */
export function assertNotThrottled(ctx: PlatformContext, username: string, address: string) {
  if (
    recentFailures(ctx, accountKey(username)) >= MAX_FAILURES_PER_ACCOUNT ||
    recentFailures(ctx, addressKey(address)) >= MAX_FAILURES_PER_ADDRESS
  ) {
    throw throttled();
  }
}

/** Counts one failed password against both the account and the address. */
export function recordLoginFailure(ctx: PlatformContext, username: string, address: string) {
  const now = Date.now();
  ctx.db.transaction(() => {
    ctx.db.prepare("DELETE FROM login_failures WHERE at <= ?").run(now - THROTTLE_WINDOW_MS);
    const insert = ctx.db.prepare("INSERT INTO login_failures (key, at) VALUES (?, ?)");
    insert.run(accountKey(username), now);
    insert.run(addressKey(address), now);
  })();
}

/** A successful login forgives the account (not the address: it may be guessing others). */
export function clearAccountFailures(ctx: PlatformContext, username: string) {
  ctx.db.prepare("DELETE FROM login_failures WHERE key = ?").run(accountKey(username));
}
