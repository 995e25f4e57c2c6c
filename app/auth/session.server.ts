import { createCookie, createSession, type Session } from "@remix-run/node";
import { isLng, type Lng } from "~/i18n";
import type { SchemePreference } from "~/utils/color-scheme";
import { loginMaxHours, sessionSecret } from "~/env.server";

/** What the console keeps per browser: the platform token and the UI state of spec §3. */
export interface SessionData {
  token: string;
  /** The platform's anti-forgery token bound to `token`. */
  csrf: string;
  uid: number;
  /** A digest of the single-sign-on ticket this login came from, if it did (app/routes/login.tsx). */
  sso: string;
  lng: Lng;
  sidebar: "open" | "closed";
  size: "sm" | "md" | "lg";
  /** Colour scheme: light, dark, or the system's (issue 12). */
  scheme: SchemePreference;
  kgId: number;
  /** Admin-only: the group whose menu is being previewed, with its codenames. */
  previewRole: { name: string; codenames: string[] };
  /** The optional tags view of the admin layout, and its recently visited pages. */
  tagsView: boolean;
  tags: string[];
}
export interface FlashData {
  toast: { type: "success" | "error" | "info"; message: string };
}
export type ConsoleSession = Session<SessionData, FlashData>;

/**
 * Two cookies behind the one session callers see (docs/security.md, "Cookies and CSRF"):
 * - `__console`, the login (token, csrf, uid, previewRole, tags, and the flash toast): a
 *   browser-session cookie, so it dies with the browser, and its signed value carries the
 *   login time: a login older than LOGIN_MAX_HOURS is forgotten however active the user. The
 *   platform ends the token itself after TOKEN_IDLE_MINUTES idle.
 * - `__console_prefs`, the UI preferences (lng, sidebar, size, scheme, kgId, tagsView): 30 days.
 */
const PREFERENCES = new Set<string>(["lng", "sidebar", "size", "scheme", "kgId", "tagsView"]);
const LOGIN = new Set<string>(["token", "csrf", "uid", "sso", "previewRole", "tags"]);
const isLoginKey = (k: string) => LOGIN.has(k) || k.startsWith("__flash_");
const PREFERENCES_MAX_AGE = 60 * 60 * 24 * 30;

const base = { httpOnly: true, sameSite: "lax" as const, path: "/", secrets: [sessionSecret()] };
const loginCookie = createCookie("__console", base);
const preferencesCookie = createCookie("__console_prefs", { ...base, maxAge: PREFERENCES_MAX_AGE });

/**
 * Secure when COOKIE_SECURE=on or the request came over TLS. server.ts sets
 * `x-console-forwarded-proto` from Express's `req.protocol` (which trusts X-Forwarded-Proto
 * from the loopback proxy only), over anything the client sent.
 */
export function cookieSecure(request: Request): boolean {
  return (
    process.env.COOKIE_SECURE === "on" ||
    request.headers.get("x-console-forwarded-proto") === "https"
  );
}

type Data = Record<string, unknown>;
interface Tracked {
  request: Request;
  /** What each cookie holds now as far as the browser knows (JSON), to write only what changed. */
  login: string;
  preferences: string;
  /** The login's token and when it was issued. */
  token: unknown;
  since: number | undefined;
}
const tracked = new WeakMap<ConsoleSession, Tracked>();

function pick(value: unknown, keep: (k: string) => boolean): Data {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value as Data).filter(([k]) => keep(k)));
}

function split(data: Data): { login: Data; preferences: Data } {
  const login: Data = {};
  const preferences: Data = {};
  for (const [k, v] of Object.entries(data)) (PREFERENCES.has(k) ? preferences : login)[k] = v;
  return { login, preferences };
}

async function readSession(request: Request): Promise<ConsoleSession> {
  const header = request.headers.get("Cookie");
  const [storedLogin, storedPreferences] = await Promise.all([
    loginCookie.parse(header),
    preferencesCookie.parse(header),
  ]);
  const login = pick(storedLogin, isLoginKey);
  const since = (storedLogin as { since?: unknown } | null)?.since;
  const issued = typeof since === "number" ? since : undefined;
  if (
    login.token !== undefined &&
    (issued === undefined || Date.now() - issued > loginMaxHours() * 3_600_000)
  ) {
    for (const k of LOGIN) delete login[k];
  }
  const data = {
    ...login,
    ...pick(storedPreferences, (k) => PREFERENCES.has(k)),
  } as Partial<SessionData>;
  const session = createSession<SessionData, FlashData>(data as SessionData);
  const now = split(session.data as Data);
  tracked.set(session, {
    request,
    login: JSON.stringify(now.login),
    preferences: JSON.stringify(now.preferences),
    token: login.token,
    since: login.token === undefined ? undefined : issued,
  });
  return session;
}

/** One read of the session per Request, however many loaders ask. */
const memo = new WeakMap<Request, Promise<ConsoleSession>>();
export function getSession(request: Request): Promise<ConsoleSession> {
  let s = memo.get(request);
  if (!s) {
    s = readSession(request);
    memo.set(request, s);
  }
  return s;
}

/**
 * The Set-Cookie values for what changed since the session was read (or last committed):
 * the login cookie, the preferences cookie, both, or none.
 */
export async function sessionCookies(session: ConsoleSession): Promise<string[]> {
  const t = tracked.get(session);
  if (!t) throw new Error("a console session comes from getSession");
  // Decided before any await: loaders of one request share the session and commit in turn.
  const now = split(session.data as Data);
  const login = JSON.stringify(now.login);
  const preferences = JSON.stringify(now.preferences);
  const write = { login: login !== t.login, preferences: preferences !== t.preferences };
  t.login = login;
  t.preferences = preferences;
  if (
    write.login &&
    now.login.token !== undefined &&
    (now.login.token !== t.token || t.since === undefined)
  ) {
    t.token = now.login.token;
    t.since = Date.now();
  }
  const secure = cookieSecure(t.request);
  const out: string[] = [];
  if (write.login) {
    const value = now.login.token === undefined ? now.login : { ...now.login, since: t.since };
    out.push(await loginCookie.serialize(value, { secure }));
  }
  if (write.preferences) out.push(await preferencesCookie.serialize(now.preferences, { secure }));
  return out;
}

/**
 * The one Set-Cookie of a commit: the cookie that changed (the login one when nothing did).
 * A request changes the login or the preferences, never both at once; code that would uses
 * `sessionCookies`.
 */
export async function commitSession(session: ConsoleSession): Promise<string> {
  const cookies = await sessionCookies(session);
  if (cookies.length > 1)
    throw new Error("login and preferences changed together: use sessionCookies");
  if (cookies.length === 1) return cookies[0];
  const t = tracked.get(session)!;
  const { login } = split(session.data as Data);
  return loginCookie.serialize(login.token === undefined ? login : { ...login, since: t.since }, {
    secure: cookieSecure(t.request),
  });
}

export function sessionLng(session: ConsoleSession): Lng | undefined {
  const l = session.get("lng");
  return isLng(l) ? l : undefined;
}

/** Ends the login but keeps the UI preferences (language, sidebar, size, graph). */
export function clearLogin(session: ConsoleSession) {
  for (const k of LOGIN) session.unset(k as keyof SessionData);
}

export function flash(session: ConsoleSession, type: FlashData["toast"]["type"], message: string) {
  session.flash("toast", { type, message });
}
