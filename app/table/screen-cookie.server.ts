import { createCookie } from "@remix-run/node";
import { sessionSecret } from "~/env.server";

/**
 * A signed cookie of its own keeping one value per user and screen, `{ "<uid>:<screen>": value }`
 * (the column choice, the adjustable grid): signed, so a browser cannot hand another user's
 * values in; keyed by user, so two people on one browser keep theirs; at most `maxEntries`
 * values, the oldest dropped first, so it stays under the browsers' 4 KB limit.
 */
export function screenCookie(name: string, maxEntries: number) {
  const cookie = createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: process.env.COOKIE_SECURE === "on",
    secrets: [sessionSecret()],
    maxAge: 60 * 60 * 24 * 365,
  });
  const read = async (request: Request): Promise<Record<string, unknown>> => {
    const value = await cookie.parse(request.headers.get("Cookie"));
    return value && typeof value === "object" && !Array.isArray(value) ? value : {};
  };
  return {
    /** This user's value on this screen as stored (unchecked), or undefined. */
    async get(request: Request, uid: number, screen: string): Promise<unknown> {
      return (await read(request))[`${uid}:${screen}`];
    },
    /** The Set-Cookie header keeping `value` for this user and screen. */
    async set(request: Request, uid: number, screen: string, value: unknown): Promise<string> {
      const stored = await read(request);
      const key = `${uid}:${screen}`;
      delete stored[key];
      stored[key] = value;
      const keys = Object.keys(stored);
      for (const k of keys.slice(0, Math.max(0, keys.length - maxEntries))) delete stored[k];
      return cookie.serialize(stored);
    },
  };
}
