import crypto from "node:crypto";
import { createCookie } from "@remix-run/node";
import { sessionSecret } from "~/env.server";
import { readForm } from "~/http/form.server";
import { cookieSecure } from "~/auth/session.server";

/** The form field that carries the token (remix-utils' AuthenticityTokenInput writes it). */
const FIELD = "csrf";

/** Holds the console's anti-forgery token; signed with the session secret, so it cannot be forged. */
const csrfCookie = createCookie("__csrf", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secrets: [sessionSecret()],
});

async function tokenIn(request: Request): Promise<string | null> {
  const value: unknown = await csrfCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * The console's own anti-forgery token (browser → console): a signed double-submit cookie
 * with node:crypto (decision 006). The page renders the token into each form; a write
 * whose form does not carry the cookie's token is refused.
 */
export const csrf = {
  /** The browser's token, or a new one with the Set-Cookie that stores it. */
  async commitToken(request: Request): Promise<[string, string | null]> {
    const existing = await tokenIn(request);
    if (existing) return [existing, null];
    const token = crypto.randomBytes(32).toString("base64url");
    return [token, await csrfCookie.serialize(token, { secure: cookieSecure(request) })];
  },
};

/** Refuses a write whose form lacks the page's token: 403, nothing done. */
export async function validateCsrf(request: Request, formData?: FormData) {
  const form = formData ?? (await readForm(request.clone()));
  const expected = await tokenIn(request);
  const sent = form.get(FIELD);
  if (!expected || typeof sent !== "string" || !same(sent, expected)) {
    // A key the error page words in the page's language.
    throw new Response("csrfExpired", { status: 403, statusText: "CSRF" });
  }
}
