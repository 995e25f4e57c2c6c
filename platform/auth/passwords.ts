import crypto from "node:crypto";
import os from "node:os";
import { promisify } from "node:util";

const N = 16384;
const KEYLEN = 32;

/**
 * The callback form runs on the libuv pool: a hash takes about 40 ms, which scryptSync spent
 * on the event loop, so every other request waited behind it.
 */
const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/**
 * Hashes run at most this many at once, first come first served. A hash is CPU work on a pool
 * thread: with one per core they took the cores from the event loop, and 16 users created at
 * once still cut reads to a tenth on two cores. One core is left to the event loop.
 */
const HASHES_AT_ONCE = Math.max(1, os.availableParallelism() - 1);
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASHES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

const format = (salt: Buffer, hash: Buffer) =>
  `scrypt$${N}$${salt.toString("base64")}$${hash.toString("base64")}`;

/** scrypt hash in the form `scrypt$N$salt$hash` (base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  return format(salt, await limited(() => scrypt(password, salt, KEYLEN, { N })));
}

/** The same hash computed on the event loop: only for start-up seeding and test fixtures. */
export function hashPasswordSync(password: string): string {
  const salt = crypto.randomBytes(16);
  return format(salt, crypto.scryptSync(password, salt, KEYLEN, { N }));
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, salt, hash] = stored.split("$");
  const cost = Number(n);
  if (alg !== "scrypt" || !salt || !hash || !Number.isInteger(cost) || cost < 2) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = await limited(() =>
    scrypt(password, Buffer.from(salt, "base64"), expected.length, { N: cost }),
  );
  return crypto.timingSafeEqual(expected, actual);
}
