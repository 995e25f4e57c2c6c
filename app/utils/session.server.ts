import { createCookie, createCookieSessionStorage, type Session } from "@remix-run/node";
import { isLng, type Lng } from "~/i18n";
import { sessionSecret } from "./env.server";

/** What the console keeps per browser: the platform token and the UI state of spec §3. */
export interface SessionData {
  token: string;
  /** The platform's anti-forgery token bound to `token`. */
  csrf: string;
  uid: number;
  lng: Lng;
  sidebar: "open" | "closed";
  size: "sm" | "md" | "lg";
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

const storage = createCookieSessionStorage<SessionData, FlashData>({
  cookie: {
    name: "__console",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: process.env.COOKIE_SECURE === "on",
    secrets: [sessionSecret()],
    maxAge: 60 * 60 * 24 * 30,
  },
});

/** One read of the session per Request, however many loaders ask. */
const memo = new WeakMap<Request, Promise<ConsoleSession>>();
export function getSession(request: Request): Promise<ConsoleSession> {
  let s = memo.get(request);
  if (!s) {
    s = storage.getSession(request.headers.get("Cookie"));
    memo.set(request, s);
  }
  return s;
}

export const commitSession = (session: ConsoleSession) => storage.commitSession(session);

export function sessionLng(session: ConsoleSession): Lng | undefined {
  const l = session.get("lng");
  return isLng(l) ? l : undefined;
}

/** Ends the login but keeps the UI preferences (language, sidebar, size, graph). */
export function clearLogin(session: ConsoleSession) {
  session.unset("token");
  session.unset("csrf");
  session.unset("uid");
  session.unset("previewRole");
  session.unset("tags");
}

export function flash(session: ConsoleSession, type: FlashData["toast"]["type"], message: string) {
  session.flash("toast", { type, message });
}

export const csrfCookie = createCookie("__csrf", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: process.env.COOKIE_SECURE === "on",
  secrets: [sessionSecret()],
});
