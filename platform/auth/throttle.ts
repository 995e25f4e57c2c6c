import type { PlatformContext } from "../context.js";
import { HttpError } from "../http/errors.js";
import { addFailures, clearFailures, countFailures } from "./store.js";

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

const accountKey = (username: string) => `account:${username.toLowerCase()}`;
const addressKey = (address: string) => `address:${address}`;

export const throttled = () => new HttpError(429, "登录失败次数过多，请15分钟后再试", "throttled");

/** Refuses (429) while the account or the address has too many recent failures. */
export async function assertNotThrottled(ctx: PlatformContext, username: string, address: string) {
  const since = Date.now() - THROTTLE_WINDOW_MS;
  const [account, fromAddress] = [
    await countFailures(ctx.store.db, accountKey(username), since),
    await countFailures(ctx.store.db, addressKey(address), since),
  ];
  if (account >= MAX_FAILURES_PER_ACCOUNT || fromAddress >= MAX_FAILURES_PER_ADDRESS) {
    throw throttled();
  }
}

/** Counts one failed password against both the account and the address. */
export async function recordLoginFailure(ctx: PlatformContext, username: string, address: string) {
  const now = Date.now();
  await addFailures(
    ctx.store,
    [accountKey(username), addressKey(address)],
    now,
    now - THROTTLE_WINDOW_MS,
  );
}

/** A successful login forgives the account (not the address: it may be guessing others). */
export async function clearAccountFailures(ctx: PlatformContext, username: string) {
  await clearFailures(ctx.store.db, accountKey(username));
}
