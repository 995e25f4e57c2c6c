import crypto from "node:crypto";
import type { CaptchaKind, ImageCaptcha, TextCaptcha, TextChallenge } from "@contract/auth";
import svgCaptcha from "svg-captcha";
import { takeRateSlot } from "../http/rate-limit.js";
import type { PlatformContext } from "../context.js";
import { HttpError } from "../http/errors.js";
import { insertCaptcha, takeCaptcha } from "./store.js";

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
/** Characters a person mixes up when reading a distorted image. */
const CONFUSING = "0oO1ilIL";
// Generous: without a forwarded address every console user shares the console's own.
const PER_ADDRESS_PER_MINUTE = 300;

/** Keeps an answer for five minutes; both kinds share the per-address issuing limit. */
async function storeCaptcha(
  ctx: PlatformContext,
  address: string,
  kind: CaptchaKind,
  answer: string,
) {
  if (!(await takeRateSlot(ctx, `captcha:${address}`, PER_ADDRESS_PER_MINUTE, 60_000))) {
    throw new HttpError(429, "请求过于频繁，请稍后再试", "throttled");
  }
  const id = crypto.randomUUID();
  const now = Date.now();
  await insertCaptcha(ctx.store, { id, kind, answer, at: now, expiresAt: now + CAPTCHA_TTL_MS });
  return id;
}

/** A new image captcha: 4 characters without look-alikes. */
export async function issueCaptcha(ctx: PlatformContext, address: string): Promise<ImageCaptcha> {
  const { data, text } = svgCaptcha.create({
    size: 4,
    ignoreChars: CONFUSING,
    noise: 2,
    color: true,
  });
  return {
    captcha_id: await storeCaptcha(ctx, address, "image", text.toLowerCase()),
    kind: "image",
    image: `data:image/svg+xml;base64,${Buffer.from(data).toString("base64")}`,
  };
}

const QUESTION: Record<TextChallenge["op"], (a: number, b: number) => string> = {
  plus: (a, b) => `${a} 加 ${b} 等于几？`,
  minus: (a, b) => `${a} 减 ${b} 等于几？`,
};

/**
 * A new text question for people who cannot see the image: small sums and differences
 * (never negative), answered in digits. A program reads it as easily as a person, so its
 * wrong answers count as failed logins (login.ts): the throttles are what bound guessing.
 */
export async function issueTextCaptcha(
  ctx: PlatformContext,
  address: string,
): Promise<TextCaptcha> {
  const op = crypto.randomInt(2) === 0 ? "plus" : "minus";
  const a = op === "plus" ? crypto.randomInt(2, 20) : crypto.randomInt(10, 30);
  const b = crypto.randomInt(1, 10);
  const answer = String(op === "plus" ? a + b : a - b);
  return {
    captcha_id: await storeCaptcha(ctx, address, "text", answer),
    kind: "text",
    question: QUESTION[op](a, b),
    challenge: { op, a, b },
  };
}

interface CaptchaCheck {
  passed: boolean;
  /** The kind of the captcha named, or null when it does not exist (unknown or already used). */
  kind: CaptchaKind | null;
}

/**
 * Checks an answer and uses the captcha up whatever the outcome, so each one allows
 * exactly one guess. Case and full-width forms (a Chinese input method's ７) do not matter.
 */
export async function consumeCaptcha(
  ctx: PlatformContext,
  id: string,
  answer: string,
): Promise<CaptchaCheck> {
  const row = await takeCaptcha(ctx.store.db, id);
  if (!row) return { passed: false, kind: null };
  const given = answer.normalize("NFKC").trim().toLowerCase();
  return {
    passed: row.expires_at > Date.now() && row.answer === given,
    kind: row.kind as CaptchaKind,
  };
}
