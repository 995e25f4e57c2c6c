import crypto from "node:crypto";
import { promisify } from "node:util";
import type { PlatformContext } from "../context.js";
import type { Store } from "../db/store.js";
import { addSecretsOnce, secretsNamed } from "./store.js";

export interface RsaKeys {
  publicPem: string;
  privateKey: crypto.KeyObject;
}

const generateKeyPair = promisify(crypto.generateKeyPair);
const loaded = new WeakMap<Store, RsaKeys>();
const generating = new WeakMap<Store, Promise<RsaKeys>>();

/** The body-encryption key pair when the store already holds one (no generation). */
export async function storedRsaKeys(ctx: PlatformContext): Promise<RsaKeys | undefined> {
  const cached = loaded.get(ctx.store);
  if (cached) return cached;
  const byName = await secretsNamed(ctx.store.db, ["rsa_private", "rsa_public"]);
  if (!byName.rsa_private || !byName.rsa_public) return undefined;
  const keys = {
    publicPem: byName.rsa_public,
    privateKey: crypto.createPrivateKey(byName.rsa_private),
  };
  loaded.set(ctx.store, keys);
  return keys;
}

/**
 * The body-encryption key pair, generated once (off the event loop) the first time anyone
 * needs it, so a platform starts without paying for an RSA key it may never use.
 * Replicas sharing the store agree: the first pair written wins.
 */
export async function rsaKeys(ctx: PlatformContext): Promise<RsaKeys> {
  const existing = await storedRsaKeys(ctx);
  if (existing) return existing;
  let pending = generating.get(ctx.store);
  if (!pending) {
    pending = generateKeyPair("rsa", {
      modulusLength: 2048,
      publicKeyEncoding: { type: "spki", format: "pem" },
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
    })
      .then(async ({ publicKey, privateKey }) => {
        await addSecretsOnce(ctx.store, [
          { name: "rsa_private", value: privateKey },
          { name: "rsa_public", value: publicKey },
        ]);
        const keys = await storedRsaKeys(ctx);
        if (!keys) throw new Error("RSA key pair missing after generation");
        return keys;
      })
      .finally(() => generating.delete(ctx.store));
    generating.set(ctx.store, pending);
  }
  return pending;
}
