import crypto from "node:crypto";
import svgCaptcha from "svg-captcha";
import { takeRateSlot } from "../common/rate-limit.js";
import type { PlatformContext } from "../context.js";
import { HttpError } from "../http/errors.js";

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
/** Characters a person mixes up when reading a distorted image. */
const CONFUSING = "0oO1ilIL";
// Generous: without a forwarded address every console user shares the console's own.
const PER_ADDRESS_PER_MINUTE = 300;

/** A new image captcha; its answer waits in the store for five minutes. */
export function issueCaptcha(ctx: PlatformContext, address: string) {
  if (!takeRateSlot(ctx, `captcha:${address}`, PER_ADDRESS_PER_MINUTE, 60_000)) {
    throw new HttpError(429, "请求过于频繁，请稍后再试", "throttled");
  }
  const { data, text } = svgCaptcha.create({
    size: 4,
    ignoreChars: CONFUSING,
    noise: 2,
    color: true,
  });
  const id = crypto.randomUUID();
  const now = Date.now();
  ctx.db.transaction(() => {
    ctx.db.prepare("DELETE FROM captchas WHERE expires_at <= ?").run(now);
    ctx.db
      .prepare("INSERT INTO captchas (id, answer, expires_at) VALUES (?, ?, ?)")
      .run(id, text.toLowerCase(), now + CAPTCHA_TTL_MS);
  })();
  return {
    captcha_id: id,
    image: `data:image/svg+xml;base64,${Buffer.from(data).toString("base64")}`,
  };
}

/**
 * Checks an answer and uses the captcha up whatever the outcome, so each image allows
 * exactly one guess. Case does not matter.
 */
export function consumeCaptcha(ctx: PlatformContext, id: string, answer: string): boolean {
  const row = ctx.db
    .prepare("DELETE FROM captchas WHERE id = ? RETURNING answer, expires_at")
    .get(id) as { answer: string; expires_at: number } | undefined;
  return !!row && row.expires_at > Date.now() && row.answer === answer.trim().toLowerCase();
}
