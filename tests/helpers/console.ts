import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { invalidatePlatformConfig } from "~/platform-client/config.server";
import { csrf } from "~/auth/csrf.server";
import { getSession, sessionCookies } from "~/auth/session.server";
import type { TestPlatform } from "./platform.js";

/** Points the console at a test platform (the console reaches it over real HTTP). */
export function useTestPlatform(p: TestPlatform) {
  process.env.PLATFORM_API_URL = p.api;
  invalidatePlatformConfig();
}

/** The console's production build (build/index.js), as the server loads it. */
export async function consoleBuild(): Promise<ServerBuild> {
  const buildFile = path.resolve("build/index.js");
  if (!fs.existsSync(buildFile)) throw new Error("no build: run node scripts/ensure-build.mjs");
  return (await import(pathToFileURL(buildFile).href)) as ServerBuild;
}

export interface BrowserState {
  cookie: string;
  csrfToken: string;
}

/**
 * What a browser would hold: the console session cookie (optionally logged in with a
 * platform token) and the console's anti-forgery cookie and token.
 */
export async function browser(
  login?: { token: string; csrf: string; id?: number },
  extra: Record<string, unknown> = {},
): Promise<BrowserState> {
  const session = await getSession(new Request("http://console.test/"));
  if (login) {
    session.set("token", login.token);
    session.set("csrf", login.csrf);
    if (login.id) session.set("uid", login.id);
  }
  for (const [k, v] of Object.entries(extra)) session.set(k as never, v as never);
  const sessionCookie = (await sessionCookies(session)).map((c) => c.split(";")[0]).join("; ");
  const [csrfToken, csrfSetCookie] = await csrf.commitToken(new Request("http://console.test/"));
  const csrfCookie = (csrfSetCookie ?? "").split(";")[0];
  return { cookie: [sessionCookie, csrfCookie].filter(Boolean).join("; "), csrfToken };
}

/**
 * The browser's language: Chinese, as the e2e browser's (the spec's messages are Chinese). A
 * test of another language passes its own Accept-Language.
 */
const BROWSER_LANGUAGE = { "Accept-Language": "zh-CN,zh;q=0.9" };

/** A GET as the browser would send it. */
export function get(path: string, state: BrowserState, headers: Record<string, string> = {}) {
  return new Request(`http://console.test${path}`, {
    headers: { ...BROWSER_LANGUAGE, Cookie: state.cookie, ...headers },
  });
}

/** A form POST as the browser would send it, with the page's anti-forgery token. */
export function post(
  path: string,
  state: BrowserState,
  fields: Record<string, string | string[] | Blob> | FormData = {},
) {
  const form = fields instanceof FormData ? fields : new FormData();
  if (!(fields instanceof FormData)) {
    for (const [k, v] of Object.entries(fields)) {
      if (Array.isArray(v)) v.forEach((x) => form.append(k, x));
      else form.append(k, v);
    }
  }
  if (!form.has("csrf")) form.append("csrf", state.csrfToken);
  return new Request(`http://console.test${path}`, {
    method: "POST",
    body: form,
    headers: { ...BROWSER_LANGUAGE, Cookie: state.cookie },
  });
}

/** Runs a loader or action, returning the thrown or returned Response/data uniformly. */
export async function run<T>(
  fn: () => Promise<T> | T,
): Promise<{ response?: Response; data?: unknown; status: number; headers?: Headers }> {
  try {
    const out = (await fn()) as unknown;
    if (out instanceof Response) return { response: out, status: out.status };
    if (
      out &&
      typeof out === "object" &&
      "type" in out &&
      (out as { type: string }).type === "DataWithResponseInit"
    ) {
      const d = out as unknown as { data: unknown; init?: ResponseInit };
      return { data: d.data, status: d.init?.status ?? 200, headers: new Headers(d.init?.headers) };
    }
    return { data: out, status: 200 };
  } catch (e) {
    if (e instanceof Response) return { response: e, status: e.status };
    if (
      e &&
      typeof e === "object" &&
      "type" in e &&
      (e as { type: string }).type === "DataWithResponseInit"
    ) {
      const d = e as unknown as { data: unknown; init?: { status?: number } };
      return { data: d.data, status: d.init?.status ?? 200 };
    }
    throw e;
  }
}
