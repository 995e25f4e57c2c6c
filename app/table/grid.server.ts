import { createCookie } from "@remix-run/node";
import { sessionSecret } from "~/env.server";
import { checkGridSettings, type GridSettings } from "./grid-settings";

/**
 * The adjustable grid's settings per user and screen (decision 029), kept the way the column
 * choice is (columns.server.ts): a signed cookie of their own, `{ "<uid>:<screen>": settings }`,
 * read by the table's loader, written by its action. Signed, so a browser cannot hand another
 * user's settings in; keyed by user, so two people on one browser keep theirs.
 */
const gridCookie = createCookie("__grid", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: process.env.COOKIE_SECURE === "on",
  secrets: [sessionSecret()],
  maxAge: 60 * 60 * 24 * 365,
});

type Stored = Record<string, unknown>;
/** About 300 bytes each once signed: ten stay under the browsers' 4 KB limit. */
const MAX_ENTRIES = 10;

async function read(request: Request): Promise<Stored> {
  const value = await gridCookie.parse(request.headers.get("Cookie"));
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Stored) : {};
}

/** This user's grid on this screen, or null when they never set it (or it no longer fits the columns). */
export async function gridSettings(
  request: Request,
  uid: number,
  screen: string,
  columns: readonly string[],
): Promise<GridSettings | null> {
  const stored = (await read(request))[`${uid}:${screen}`];
  return stored === undefined ? null : checkGridSettings(stored, columns);
}

/** The Set-Cookie header keeping these (checked) settings for this user and screen. */
export async function saveGridSettings(
  request: Request,
  uid: number,
  screen: string,
  settings: GridSettings,
): Promise<string> {
  const stored = await read(request);
  const key = `${uid}:${screen}`;
  delete stored[key];
  stored[key] = settings;
  const keys = Object.keys(stored);
  for (const k of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete stored[k];
  return gridCookie.serialize(stored);
}
