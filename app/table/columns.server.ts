import { createCookie } from "@remix-run/node";
import { sessionSecret } from "~/env.server";

/**
 * Hidden columns per user and screen, in a signed cookie of their own (not the session,
 * whose owner keeps it small): `{ "<uid>:<screen>": ["email", ...] }`. An empty list is
 * kept too: it means "I chose to see every column", unlike no entry (the schema's defaults).
 */
const columnsCookie = createCookie("__columns", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: process.env.COOKIE_SECURE === "on",
  secrets: [sessionSecret()],
  maxAge: 60 * 60 * 24 * 365,
});

type Stored = Record<string, string[]>;
/** A cookie stays well under the browsers' 4 KB limit. */
const MAX_ENTRIES = 40;

async function read(request: Request): Promise<Stored> {
  const value = await columnsCookie.parse(request.headers.get("Cookie"));
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Stored) : {};
}

/** The columns this user chose to hide on this screen, or null when they never chose. */
export async function hiddenColumns(
  request: Request,
  uid: number,
  screen: string,
): Promise<string[] | null> {
  const stored = (await read(request))[`${uid}:${screen}`];
  return Array.isArray(stored) ? stored.filter((c) => typeof c === "string") : null;
}

/** Columns hidden before the user chooses: the schema's rarely needed ones (`default_hidden`). */
export const defaultHidden = (fields: Record<string, { default_hidden?: true }>) =>
  Object.entries(fields)
    .filter(([, f]) => f.default_hidden)
    .map(([name]) => name);

/** The Set-Cookie header remembering which of `all` columns this user hides on this screen. */
export async function saveHiddenColumns(
  request: Request,
  uid: number,
  screen: string,
  hidden: string[],
): Promise<string> {
  const stored = await read(request);
  const key = `${uid}:${screen}`;
  delete stored[key];
  stored[key] = hidden.slice(0, 100);
  const keys = Object.keys(stored);
  for (const k of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete stored[k];
  return columnsCookie.serialize(stored);
}
