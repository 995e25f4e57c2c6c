/**
 * How the console reaches the platform: `fetch` over HTTP, or, when the server process hosts
 * the platform itself (server.ts, EMBEDDED_PLATFORM on, PLATFORM_TRANSPORT not "http"), a
 * function registered under a global symbol that hands the same `Request` to the platform's
 * router in this process and answers the same `Response`, with no socket (issue 11). The
 * console does not import the platform: the function is found at call time.
 */
export const PLATFORM_TRANSPORT = Symbol.for("kg-console.platform-transport");

export interface InProcessTransport {
  /** The API base URL it serves (the embedded platform's own address, e.g. http://127.0.0.1:3000/api). */
  base: string;
  handle(request: Request): Promise<Response>;
  /** Changes whenever anything is committed to the platform's store, by anyone (for caches). */
  storeVersion?(): Promise<string>;
}

type WithTransport = typeof globalThis & { [PLATFORM_TRANSPORT]?: InProcessTransport };

/** Registers (or, with undefined, removes) the in-process transport. */
export function setInProcessTransport(transport: InProcessTransport | undefined) {
  const g = globalThis as WithTransport;
  if (transport) g[PLATFORM_TRANSPORT] = { ...transport, base: transport.base.replace(/\/+$/, "") };
  else delete g[PLATFORM_TRANSPORT];
}

function transportFor(url: string): InProcessTransport | undefined {
  const t = (globalThis as WithTransport)[PLATFORM_TRANSPORT];
  if (!t) return undefined;
  return url === t.base || url.startsWith(`${t.base}/`) || url.startsWith(`${t.base}?`)
    ? t
    : undefined;
}

let unknownVersions = 0;

/**
 * The embedded platform's store version when the console's calls go in-process (else
 * undefined): a cache entry made under another version may be stale. When the store cannot
 * say (it is unreachable), a version never seen before: nothing kept is used, and the page's
 * own call to the platform tells what is wrong.
 */
export async function embeddedStoreVersion(apiBase: string): Promise<string | undefined> {
  const t = transportFor(apiBase);
  if (!t?.storeVersion) return undefined;
  try {
    return await t.storeVersion();
  } catch {
    return `unknown-${++unknownVersions}`;
  }
}

/** Whether a call to this URL goes in-process. */
export const goesInProcess = (url: string) => !!transportFor(url);

/** `fetch` for platform calls: in-process when the URL is the embedded platform's, else over HTTP. */
export function platformFetch(input: string | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  const t = transportFor(url);
  if (!t) return fetch(url, init);
  // A Request built here as fetch would build it (method, headers, body, content type, signal).
  const request = new Request(
    url,
    init?.body ? ({ ...init, duplex: "half" } as RequestInit) : init,
  );
  return t.handle(request);
}
