import crypto from "node:crypto";
import type { PlatformContext } from "../context.js";

export const NONCE_TTL_MS = 5 * 60 * 1000;

/** A fresh single-use nonce, valid for five minutes. Expired ones are swept on the way. */
export function issueNonce(ctx: PlatformContext): string {
  const now = Date.now();
  const nonce = crypto.randomBytes(16).toString("hex");
  ctx.db.transaction(() => {
    ctx.db.prepare("DELETE FROM nonces WHERE expires_at <= ?").run(now);
    ctx.db
      .prepare("INSERT INTO nonces (nonce, expires_at) VALUES (?, ?)")
      .run(nonce, now + NONCE_TTL_MS);
  })();
  return nonce;
}

/**
 * Uses up a nonce. One DELETE decides, so two requests racing with the same nonce
 * (in this process or another replica) cannot both win.
 */
export function consumeNonce(ctx: PlatformContext, nonce: string): boolean {
  const { changes } = ctx.db
    .prepare("DELETE FROM nonces WHERE nonce = ? AND expires_at > ?")
    .run(nonce, Date.now());
  return changes === 1;
}
