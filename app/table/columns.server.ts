import { screenCookie } from "./screen-cookie.server";

/**
 * Hidden columns per user and screen, in a signed cookie of their own (not the session,
 * whose owner keeps it small): `{ "<uid>:<screen>": ["email", ...] }`. An empty list is
 * kept too: it means "I chose to see every column", unlike no entry (the schema's defaults).
 * Forty screens stay well under the browsers' 4 KB limit.
 */
const columnsCookie = screenCookie("__columns", 40);

/** The columns this user chose to hide on this screen, or null when they never chose. */
export async function hiddenColumns(
  request: Request,
  uid: number,
  screen: string,
): Promise<string[] | null> {
  const stored = await columnsCookie.get(request, uid, screen);
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
  return columnsCookie.set(request, uid, screen, hidden.slice(0, 100));
}
