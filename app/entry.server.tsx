import { Transform } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { createInstance, type i18n as I18n } from "i18next";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import i18n, { type Lng } from "./i18n";
import { resources } from "./locales/all.server";
import { SCHEME_HINT } from "~/utils/color-scheme";
import { getLocale } from "./i18next.server";
import { NonceProvider } from "./utils/nonce";
import { HeldProvider } from "./utils/held";
import { heldValues } from "./utils/held.server";
import { recordNamespaces } from "./components/i18n-namespaces";
import { keepDocument, keptDocument, MAX_DOCUMENT, renderKey } from "./render-memo.server";

export const streamTimeout = 5_000;

/** `chunk` without zero bytes (see `documentBody`). */
function withoutNul(chunk: Buffer): Buffer {
  if (chunk.indexOf(0) === -1) return chunk;
  const out = Buffer.allocUnsafe(chunk.length);
  let n = 0;
  for (let i = 0; i < chunk.length; i++) if (chunk[i] !== 0) out[n++] = chunk[i];
  return out.subarray(0, n);
}

/**
 * The stream React writes a document into, as the response's body.
 *
 * - React hands over a page as a burst of 2 KB chunks and calls `flush()` after each burst;
 *   the body passes each burst on as one chunk (issue 25). Passed on one by one, every chunk
 *   was its own trip through gzip (a sync-flushed block: a larger document) and its own
 *   socket write. A burst React does not close with `flush()` leaves at the end of the turn.
 * - `whole`, if given, gets every chunk passed on once the document is complete, unless they
 *   came to more than `upTo` bytes (then they are not held meanwhile either).
 * - React 18.3's Node stream writer can emit the unused tail of its 2 KB buffer (zero bytes)
 *   when a multi-byte character does not fit, which browsers show as "�" in Chinese text.
 *   HTML never holds a NUL byte and UTF-8 never encodes a character with one, so dropping
 *   them is safe.
 */
export function documentBody(
  whole?: (chunks: Buffer[]) => void,
  upTo = Infinity,
): Transform & { flush(): void } {
  let pending: Buffer[] = [];
  let all: Buffer[] | null = whole ? [] : null;
  let held = 0;
  let scheduled = false;
  const release = () => {
    scheduled = false;
    if (!pending.length) return;
    const out = pending.length === 1 ? pending[0] : Buffer.concat(pending);
    pending = [];
    if (all) {
      held += out.length;
      if (held > upTo) all = null;
      else all.push(out);
    }
    body.push(out);
  };
  const body = new Transform({
    transform(chunk: Buffer, _enc, done) {
      pending.push(withoutNul(chunk));
      if (!scheduled) {
        scheduled = true;
        setImmediate(release);
      }
      done();
    },
    flush(done) {
      release();
      if (all) whole?.(all);
      done();
    },
  });
  return Object.assign(body, { flush: release });
}

const instances = new Map<Lng, Promise<I18n>>();

/**
 * One i18next instance per language, made once (issue 11: a new instance per request cost 1-2
 * ms). Requests read it through clones; nothing on the server changes its language or resources.
 */
function i18nextFor(lng: Lng): Promise<I18n> {
  let ready = instances.get(lng);
  if (!ready) {
    const instance = createInstance();
    ready = instance
      .use(initReactI18next)
      .init({ ...i18n, lng, resources })
      .then(() => instance);
    instances.set(lng, ready);
    ready.catch(() => instances.delete(lng));
  }
  return ready;
}

/** A document's own headers, rendered or kept. */
function documentHeaders(headers: Headers): void {
  headers.set("Content-Type", "text/html; charset=utf-8");
  // Ask Chromium for the system colour scheme, so "auto" is drawn right without JS.
  headers.set("Accept-CH", SCHEME_HINT);
  headers.set("Critical-CH", SCHEME_HINT);
  headers.append("Vary", SCHEME_HINT);
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Set per request by server.ts, which sends it in the Content-Security-Policy.
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : undefined;
  const lng = await getLocale(request);
  const key = renderKey(request, responseStatusCode, remixContext, lng, heldValues(), nonce);
  // The same data rendered before: that document, with this request's nonce.
  const kept = key ? keptDocument(key, nonce) : undefined;
  if (kept !== undefined) {
    documentHeaders(responseHeaders);
    responseHeaders.append("Server-Timing", 'render;desc="kept"');
    // Node's Buffers are over ArrayBuffers (never shared memory), as a body needs.
    return new Response(kept as Uint8Array<ArrayBuffer>, {
      headers: responseHeaders,
      status: responseStatusCode,
    });
  }
  const started = performance.now();
  // This request's own clone (a fork of the resource store over the same data: about 0.3 ms,
  // where a new instance cost 2), so the namespaces it records are this page's alone: the
  // browser loads only those before hydrating.
  const base = await i18nextFor(lng);
  const instance = base.cloneInstance({ forkResourceStore: true });
  recordNamespaces(instance);

  // Bots and no-JS clients get the whole document at once; browsers get it as it streams.
  const readyEvent = isbot(request.headers.get("user-agent") || "") ? "onAllReady" : "onShellReady";

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce ?? ""}>
        <I18nextProvider i18n={instance}>
          <HeldProvider value={heldValues()}>
            <RemixServer
              context={remixContext}
              url={request.url}
              abortDelay={streamTimeout}
              nonce={nonce}
            />
          </HeldProvider>
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = documentBody(
            key
              ? (chunks) => {
                  if (!failed) keepDocument(key, Buffer.concat(chunks), nonce);
                }
              : undefined,
            MAX_DOCUMENT,
          );
          documentHeaders(responseHeaders);
          // Kept or rendered (and how long until the first bytes), for whoever looks: devtools, tests.
          responseHeaders.append(
            "Server-Timing",
            `render;dur=${(performance.now() - started).toFixed(1)}`,
          );
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(() => {
      failed = true;
      abort();
    }, streamTimeout + 1000);
  });
}
