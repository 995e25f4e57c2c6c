import crypto from "node:crypto";
import { promisify } from "node:util";
import type { PlatformContext } from "../context.js";
import type { DB } from "../db/database.js";

export interface RsaKeys {
  publicPem: string;
  privateKey: crypto.KeyObject;
}

const generateKeyPair = promisify(crypto.generateKeyPair);
const loaded = new WeakMap<DB, RsaKeys>();
const generating = new WeakMap<DB, Promise<RsaKeys>>();

/** The body-encryption key pair when the store already holds one (no generation). */
export function storedRsaKeys(ctx: PlatformContext): RsaKeys | undefined {
  const cached = loaded.get(ctx.db);
  if (cached) return cached;
  const rows = ctx.db
    .prepare("SELECT name, value FROM secrets WHERE name IN ('rsa_private', 'rsa_public')")
    .all() as { name: string; value: string }[];
  const byName = Object.fromEntries(rows.map((r) => [r.name, r.value]));
  if (!byName.rsa_private || !byName.rsa_public) return undefined;
  const keys = {
    publicPem: byName.rsa_public,
    privateKey: crypto.createPrivateKey(byName.rsa_private),
  };
  loaded.set(ctx.db, keys);
  return keys;
}

/**
 * The body-encryption key pair, generated once (off the event loop) the first time anyone
 * needs it, so a platform starts without paying for an RSA key it may never use.
 * Replicas sharing the store agree: the first pair written wins.
 */
export function rsaKeys(ctx: PlatformContext): Promise<RsaKeys> {
  const existing = storedRsaKeys(ctx);
  if (existing) return Promise.resolve(existing);
  let pending = generating.get(ctx.db);
  if (!pending) {
    pending = generateKeyPair("rsa", {
      modulusLength: 2048,
      publicKeyEncoding: { type: "spki", format: "pem" },
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
    })
      .then(({ publicKey, privateKey }) => {
        const insert = ctx.db.prepare("INSERT INTO secrets (name, value) VALUES (?, ?)");
        ctx.db
          .transaction(() => {
            const present = ctx.db
              .prepare("SELECT 1 FROM secrets WHERE name = 'rsa_private'")
              .get();
            if (present) return;
            insert.run("rsa_private", privateKey);
            insert.run("rsa_public", publicKey);
          })
          .immediate();
        const keys = storedRsaKeys(ctx);
        if (!keys) throw new Error("RSA key pair missing after generation");
        return keys;
      })
      .finally(() => generating.delete(ctx.db));
    generating.set(ctx.db, pending);
  }
  return pending;
}
