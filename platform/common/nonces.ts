import crypto from "node:crypto";
import type { PlatformContext } from "../context.js";
import { insertNonce, takeNonce } from "./store.js";

export const NONCE_TTL_MS = 5 * 60 * 1000;

/** A fresh single-use nonce, valid for five minutes. Expired ones are swept on the way. */
export async function issueNonce(ctx: PlatformContext): Promise<string> {
  const now = Date.now();
  const nonce = crypto.randomBytes(16).toString("hex");
  await insertNonce(ctx.store, nonce, now, now + NONCE_TTL_MS);
  return nonce;
}

/**
 * Uses up a nonce. One DELETE decides, so two requests racing with the same nonce
 * (in this process, another worker or another node) cannot both win.
 */
export function consumeNonce(ctx: PlatformContext, nonce: string): Promise<boolean> {
  return takeNonce(ctx.store.db, nonce, Date.now());
}
