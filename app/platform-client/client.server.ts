import crypto from "node:crypto";
import { platformApiUrl, platformTimeoutMs } from "~/env.server";
import { getPlatformConfig } from "./config.server";
import { encryptBody } from "./encrypt.server";
import { forgetViewerInfo, keptForViewer } from "./info-cache.server";
import { embeddedStoreVersion, platformFetch } from "./transport.server";

/** Spec §7: the request timeout, kept for long operations (uploads, imports, exports, downloads, event streams). */
export const REQUEST_TIMEOUT_MS = 3_600_000;

/**
 * "short" (PLATFORM_TIMEOUT_MS, 10 s by default): page loads and ordinary calls, so a platform
 * that hangs shows 服务异常 in seconds. "long": the spec's 3,600,000 ms.
 */
export type PlatformTimeout = "short" | "long";
const timeoutMs = (t: PlatformTimeout) => (t === "long" ? REQUEST_TIMEOUT_MS : platformTimeoutMs());

/** A non-2xx answer of the platform, with its own message when it gave one. */
export class PlatformError extends Error {
  constructor(
    public status: number,
    public body: { detail?: string; code?: string; errors?: unknown; [k: string]: unknown },
  ) {
    super(body?.detail || `platform answered ${status}`);
  }
  get detail(): string | undefined {
    return typeof this.body?.detail === "string" ? this.body.detail : undefined;
  }
  get code(): string | undefined {
    return this.body?.code;
  }
}

/**
 * The platform could not be reached at all, or said it cannot serve now (503: its store is
 * unreachable or timed out): pages answer with the service message.
 */
export class PlatformUnavailable extends Error {}

/** A 503 from the platform is an outage, not a refusal of this request. */
async function unavailableAnswer(res: Response): Promise<PlatformUnavailable | null> {
  if (res.status !== 503) return null;
  await res.arrayBuffer().catch(() => undefined);
  return new PlatformUnavailable("platform answered 503");
}

export type Query = Record<string, string | number | boolean | undefined | null | string[]>;
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface CallOptions {
  query?: Query | URLSearchParams;
  body?: unknown;
  /** A multipart body, sent as is (never encrypted). */
  form?: FormData;
  /** On a 401: "redirect" (default) hands the refusal to the client's `onUnauthorized`; "throw" throws PlatformError. */
  on401?: "redirect" | "throw";
  /** Default: "long" for `raw` (streams) and multipart uploads, "short" for everything else. */
  timeout?: PlatformTimeout;
}

export interface PlatformClient {
  get<T = unknown>(path: string, query?: CallOptions["query"]): Promise<T>;
  /**
   * A GET whose answer is kept for this token and language while the store's version holds
   * (info-cache.server.ts): for what every page asks and rarely changes (a resource's schema).
   * The answer is frozen: it is shared with the token's next pages.
   */
  getKept<T = unknown>(path: string, query?: CallOptions["query"]): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, opts?: Omit<CallOptions, "body">): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, opts?: Omit<CallOptions, "body">): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, opts?: Omit<CallOptions, "body">): Promise<T>;
  delete<T = unknown>(path: string, opts?: CallOptions): Promise<T>;
  /** The raw Response (for streams: CSV export, file download, event stream; long timeout by default). Errors still throw. */
  raw(method: Method, path: string, opts?: CallOptions): Promise<Response>;
  call<T = unknown>(method: Method, path: string, opts?: CallOptions): Promise<T>;
}

/** `value` and everything in it made read-only (an answer shared between requests). */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

function buildUrl(path: string, query?: CallOptions["query"]) {
  const url = new URL(platformApiUrl() + (path.startsWith("/") ? path : `/${path}`));
  if (query instanceof URLSearchParams) {
    query.forEach((v, k) => url.searchParams.append(k, v));
  } else if (query) {
    for (const [k, v] of Object.entries(query)) {
      if (v === undefined || v === null || v === "") continue;
      url.searchParams.set(k, Array.isArray(v) ? v.join(",") : String(v));
    }
  }
  return url;
}

/** Who is calling: the login's token and anti-forgery token, and the browser's address. */
export interface Credentials {
  token?: string;
  csrf?: string;
  /** Passed on as X-Forwarded-For for the platform's throttling. */
  clientIp?: string | null;
  /** The page's language, sent as Accept-Language: the platform answers labels and messages in it. */
  lng?: string;
}

export interface ClientHooks {
  /**
   * Called with a 401 before it is thrown (unless the call asked `on401: "throw"`): the guard
   * turns it into the login redirect (app/auth/platform.server.ts); the client knows no session.
   */
  onUnauthorized?: (error: PlatformError) => Promise<never>;
}

/**
 * The console's only way to the platform (spec §7): token, anti-forgery token, nonce when
 * anti-resubmission is on, encrypted bodies when body encryption is on, the client's address
 * for the platform's throttling, and a timeout (short for pages, the spec's 3,600,000 ms for long
 * operations): a timeout is a PlatformUnavailable.
 */
export function createPlatformClient(
  credentials: Credentials,
  hooks: ClientHooks = {},
): PlatformClient {
  const { token, csrf, clientIp, lng } = credentials;

  async function raw(method: Method, path: string, opts: CallOptions = {}): Promise<Response> {
    const signal = AbortSignal.timeout(timeoutMs(opts.timeout ?? "long"));
    const headers = new Headers({ Accept: "application/json" });
    if (token) headers.set("Authorization", `Token ${token}`);
    if (clientIp) headers.set("X-Forwarded-For", clientIp);
    if (lng) headers.set("Accept-Language", lng);
    let body: BodyInit | undefined;
    if (method !== "GET") {
      const { config } = await getPlatformConfig();
      if (token) {
        headers.set("X-CSRFToken", csrf ?? "");
      } else {
        // Anonymous writes (login): double-submit cookie.
        const anon = crypto.randomBytes(16).toString("hex");
        headers.set("X-CSRFToken", anon);
        headers.set("Cookie", `csrftoken=${anon}`);
      }
      if (config.YF_ANTI_RESUBMIT) {
        const res = await platformFetch(buildUrl("/common/nonce/", { key: "random" }), {
          headers: token ? { Authorization: `Token ${token}` } : {},
          signal,
        }).catch((e: unknown) => {
          throw new PlatformUnavailable(String(e));
        });
        if (!res.ok)
          throw (
            (await unavailableAnswer(res)) ?? new PlatformError(res.status, await readBody(res))
          );
        headers.set("X-API-Nonce", ((await res.json()) as { nonce: string }).nonce);
      }
      if (opts.form) {
        body = opts.form;
      } else if (opts.body !== undefined) {
        const payload =
          config.YF_BODY_ENCRYPT && config.YF_RSA_PUBLIC_KEY
            ? encryptBody(config.YF_RSA_PUBLIC_KEY, opts.body)
            : opts.body;
        headers.set("Content-Type", "application/json");
        body = JSON.stringify(payload);
      }
    }
    let res: Response;
    try {
      res = await platformFetch(buildUrl(path, opts.query), {
        method,
        headers,
        body,
        signal,
      });
    } catch (e) {
      throw new PlatformUnavailable(String(e));
    }
    // A write may change what a viewer's info says (password, profile, logout, roles, a token
    // replaced by a new login): every viewer's info is asked afresh (info-cache.server.ts).
    if (method !== "GET") forgetViewerInfo();
    if (res.ok) return res;
    const outage = await unavailableAnswer(res);
    if (outage) throw outage;
    const errBody = await readBody(res);
    const error = new PlatformError(res.status, errBody);
    if (res.status === 401 && (opts.on401 ?? "redirect") === "redirect" && hooks.onUnauthorized) {
      await hooks.onUnauthorized(error);
    }
    throw error;
  }

  async function call<T>(method: Method, path: string, opts: CallOptions = {}): Promise<T> {
    const res = await raw(method, path, {
      ...opts,
      timeout: opts.timeout ?? (opts.form ? "long" : "short"),
    });
    if (res.status === 204) return undefined as T;
    const type = res.headers.get("content-type") || "";
    try {
      return (type.includes("json") ? await res.json() : await res.text()) as T;
    } catch (e) {
      // The body stopped arriving (timeout, connection lost) or is not what its type says.
      throw new PlatformUnavailable(String(e));
    }
  }

  async function getKept<T>(path: string, query?: CallOptions["query"]): Promise<T> {
    // Shared between requests: a refusal is thrown as is by the shared call, then handed to
    // this request's own hook (its own redirect), never a Response made for another request.
    const load = () => call<T>("GET", path, { query, on401: "throw" }).then(deepFreeze);
    try {
      return await keptForViewer(
        token ?? "",
        `${lng ?? ""} ${buildUrl(path, query).href}`,
        load,
        await embeddedStoreVersion(platformApiUrl()),
      );
    } catch (e) {
      if (e instanceof PlatformError && e.status === 401 && hooks.onUnauthorized)
        await hooks.onUnauthorized(e);
      throw e;
    }
  }

  return {
    raw,
    call,
    get: (path, query) => call("GET", path, { query }),
    getKept,
    post: (path, body, opts) => call("POST", path, { ...opts, body }),
    patch: (path, body, opts) => call("PATCH", path, { ...opts, body }),
    put: (path, body, opts) => call("PUT", path, { ...opts, body }),
    delete: (path, opts) => call("DELETE", path, opts),
  };
}

async function readBody(res: Response): Promise<PlatformError["body"]> {
  const text = await res.text();
  try {
    const parsed = JSON.parse(text);
    return parsed && typeof parsed === "object" ? parsed : { detail: String(parsed) };
  } catch {
    return { detail: text.slice(0, 500) || undefined };
  }
}
