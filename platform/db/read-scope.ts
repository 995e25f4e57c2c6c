import { AsyncLocalStorage } from "node:async_hooks";
import type { NextFunction, Request, Response } from "express";

/**
 * A request that only reads (a page load, an API GET) asks the store the same questions several
 * times: the console's viewer cache, then each platform call it makes, authenticates the same
 * token and checks the same store and graph versions. Embedded on SQLite those are microseconds;
 * on PostgreSQL each is a round trip. Inside a read scope `once` asks each question once per
 * request and shares the answer.
 *
 * Only requests that write nothing the request itself reads back open a scope (server.ts: GET
 * and HEAD). An answer is shared for at most MAX_AGE_MS, so a long read (an export's stream, a
 * followed job) still sees changes; a failed read is not kept.
 */
const scope = new AsyncLocalStorage<Map<string, { at: number; value: Promise<unknown> }>>();
const MAX_AGE_MS = 2_000;

/** Express middleware: each GET or HEAD request in a read scope of its own. */
export function readScope(req: Request, _res: Response, next: NextFunction) {
  if (req.method === "GET" || req.method === "HEAD") scope.run(new Map(), next);
  else next();
}

/** `read()`'s answer, asked once per read scope for `key` (outside a scope: every time). */
export function once<T>(key: string, read: () => Promise<T>): Promise<T> {
  const memo = scope.getStore();
  if (!memo) return read();
  const now = Date.now();
  const hit = memo.get(key);
  if (hit && now - hit.at <= MAX_AGE_MS) return hit.value as Promise<T>;
  const value = read();
  memo.set(key, { at: now, value });
  value.catch(() => {
    if (memo.get(key)?.value === value) memo.delete(key);
  });
  return value;
}
