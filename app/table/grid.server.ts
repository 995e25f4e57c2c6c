import { screenCookie } from "./screen-cookie.server";
import { checkGridSettings, type GridSettings } from "./grid-settings";

/**
 * The adjustable grid's settings per user and screen (decision 029), kept the way the column
 * choice is (columns.server.ts): a signed cookie of their own, `{ "<uid>:<screen>": settings }`,
 * read by the table's loader, written by its action. Signed, so a browser cannot hand another
 * user's settings in; keyed by user, so two people on one browser keep theirs. About 300 bytes
 * each once signed: ten stay under the browsers' 4 KB limit.
 */
const gridCookie = screenCookie("__grid", 10);

/** This user's grid on this screen, or null when they never set it (or it no longer fits the columns). */
export async function gridSettings(
  request: Request,
  uid: number,
  screen: string,
  columns: readonly string[],
): Promise<GridSettings | null> {
  const stored = await gridCookie.get(request, uid, screen);
  return stored === undefined ? null : checkGridSettings(stored, columns);
}

/** The Set-Cookie header keeping these (checked) settings for this user and screen. */
export async function saveGridSettings(
  request: Request,
  uid: number,
  screen: string,
  settings: GridSettings,
): Promise<string> {
  return gridCookie.set(request, uid, screen, settings);
}
