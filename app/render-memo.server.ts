import { createHash } from "node:crypto";
import type { EntryContext } from "@remix-run/node";

/**
 * Documents rendered once per what they are rendered from (issue 25).
 *
 * A page's HTML is a function of the request's URL, its status, its language, the build and the
 * data its loaders gave (with the values they held for the document, decision 039), and of the
 * request's CSP nonce, which only appears as itself. React's render of that data was most of a
 * page's server time (about 40 % of the busy time: the render, i18next's `t`, the garbage it
 * leaves), and the same viewer asks for the same page with the same data again and again (a
 * reload, back and forward, a list left open). So a document rendered once is kept, split at its
 * nonce, and a later request whose loaders gave exactly the same data gets it with its own nonce,
 * without a render.
 *
 * Nothing is skipped but the render: the guard, the session and every loader run on every request
 * (so a right taken away or a changed row gives other data, hence another key). Kept only: a GET
 * answered 200, without action data, errors or values that cannot be compared as plain data (a
 * promise, a stream, a class instance), rendered without an error. Per process, least recently
 * used first out, at most `renderMemoBytes()` of documents.
 */

/** The kept documents' budget per process in bytes, RENDER_MEMO_MB (16 by default; 0 renders every page anew). */
export function renderMemoBytes(): number {
  const raw = process.env.RENDER_MEMO_MB;
  if (raw === undefined || raw === "") return 16 * 1024 * 1024;
  if (!/^\d{1,5}$/.test(raw))
    throw new Error(`RENDER_MEMO_MB must be a whole number of megabytes, not "${raw}"`);
  return Number(raw) * 1024 * 1024;
}
const MAX_BYTES = renderMemoBytes();
/** A document larger than this (bytes) is not kept (an export's preview, a huge list). */
export const MAX_DOCUMENT = 1024 * 1024;

/** Each document as its UTF-8 bytes cut at the nonce: joined again with a copy, no encoding. */
const kept = new Map<string, { parts: Buffer[]; size: number }>();
let keptSize = 0;

class NotPlain extends Error {}

const TAG = "\u0000";

/**
 * The data as a string that differs whenever the data differs: JSON, with `undefined`, dates and
 * non-finite numbers told apart from the strings and nulls JSON would make of them.
 */
function plainJson(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key: string) {
    const raw = this[key];
    switch (typeof raw) {
      case "string":
        return raw.startsWith(TAG) ? `${TAG}s${raw}` : raw;
      case "number":
        return Number.isFinite(raw) && !Object.is(raw, -0) ? raw : `${TAG}n${String(raw)}`;
      case "boolean":
        return raw;
      case "undefined":
        return `${TAG}u`;
      case "object": {
        if (raw === null || Array.isArray(raw)) return raw;
        if (raw instanceof Date) return `${TAG}d${raw.getTime()}`;
        const proto = Object.getPrototypeOf(raw);
        if (proto === Object.prototype || proto === null) return raw;
        throw new NotPlain();
      }
      default:
        throw new NotPlain();
    }
  });
}

/**
 * The key of the document this request would render, or null if it is not to be kept. Everything
 * the render reads besides the nonce is in it.
 */
export function renderKey(
  request: Request,
  statusCode: number,
  context: EntryContext,
  lng: string,
  held: ReadonlyMap<string, string>,
  nonce: string | undefined,
): string | null {
  const handled = context.staticHandlerContext;
  if (MAX_BYTES === 0 || request.method !== "GET" || statusCode !== 200) return null;
  if (handled.actionData || handled.errors) return null;
  // A page that shows a flash (the root's toast, app/root.tsx) is shown once: the flash is read
  // off the session as it is drawn, so no request asks for that document again.
  if ((handled.loaderData.root as { toast?: unknown } | undefined)?.toast) return null;
  let data: string;
  try {
    data = plainJson([
      request.url,
      lng,
      context.manifest.version,
      Boolean(nonce),
      handled.loaderData,
      [...held],
    ]);
  } catch (error) {
    if (error instanceof NotPlain) return null;
    throw error;
  }
  return createHash("sha256").update(data).digest("base64");
}

/**
 * The kept document of `key` with `nonce` in place, or undefined. (Joining strings instead cost
 * ~1 ms for the home page's 96 K characters, Chinese text making them two-byte strings.)
 */
export function keptDocument(key: string, nonce: string | undefined): Buffer | undefined {
  const entry = kept.get(key);
  if (!entry) return undefined;
  kept.delete(key);
  kept.set(key, entry);
  if (entry.parts.length === 1) return entry.parts[0];
  const cut = Buffer.from(nonce ?? "", "utf8");
  const pieces: Buffer[] = [entry.parts[0]];
  for (let i = 1; i < entry.parts.length; i++) pieces.push(cut, entry.parts[i]);
  return Buffer.concat(pieces);
}

/** Keeps the document rendered for `key` (its nonce cut out), dropping the least recently used. */
export function keepDocument(key: string, html: Buffer, nonce: string | undefined): void {
  if (html.length > MAX_DOCUMENT) return;
  const old = kept.get(key);
  if (old) {
    kept.delete(key);
    keptSize -= old.size;
  }
  const parts: Buffer[] = [];
  if (nonce) {
    const cut = Buffer.from(nonce, "utf8");
    let from = 0;
    for (let at = html.indexOf(cut); at !== -1; at = html.indexOf(cut, from)) {
      parts.push(html.subarray(from, at));
      from = at + cut.length;
    }
    parts.push(html.subarray(from));
  } else parts.push(html);
  kept.set(key, { parts, size: html.length });
  keptSize += html.length;
  for (const [oldest, entry] of kept) {
    if (keptSize <= MAX_BYTES) break;
    kept.delete(oldest);
    keptSize -= entry.size;
  }
}
