/**
 * Answers a viewer asks for on every page, kept per token for a few seconds (issue 11, issue
 * 25): the viewer's info (`GET /common/users/info/`, every page's guard), a resource's schema
 * (every table page) and the groups an admin may preview (every admin page). They change
 * rarely, and each costs a platform call. With the embedded platform in-process, an entry also
 * holds only while the store's version is the one it was asked under (any commit, by any
 * process: a login elsewhere, a role change, a token ended, a field's options edited), so
 * nothing stale is served. Against a platform elsewhere, a change made there shows within
 * VIEWER_INFO_CACHE_MS (3,000 ms by default; 0 turns the cache off). Any write this process
 * sends to the platform (a password change, a profile edit, a logout, a login that replaces
 * another token, an administrator's change to users or groups) forgets every entry at once,
 * and an answer asked for before that write is not kept. Failures are never kept: the next page
 * asks again.
 */
const DEFAULT_MS = 3_000;
const MAX_ENTRIES = 10_000;

export function viewerInfoCacheMs(): number {
  const raw = process.env.VIEWER_INFO_CACHE_MS;
  if (raw === undefined || raw === "") return DEFAULT_MS;
  if (!/^\d{1,7}$/.test(raw))
    throw new Error(`VIEWER_INFO_CACHE_MS must be a whole number of milliseconds, not "${raw}"`);
  return Number(raw);
}

const entries = new Map<
  string,
  { until: number; version: string | undefined; value: Promise<unknown> }
>();
/** Bumped by every forget: an answer loaded across a write is not kept. */
let generation = 0;

function sweep(now: number) {
  for (const [key, e] of entries) if (e.until <= now) entries.delete(key);
  // Still full of live entries (many logins at once): start over rather than grow.
  if (entries.size >= MAX_ENTRIES) entries.clear();
}

/**
 * The token's answer `what` (the info, or a GET's language and URL) from the cache while fresh,
 * else from `load` (kept when it succeeds). `version`: the embedded store's version now
 * (undefined against a remote platform).
 */
export function keptForViewer<T>(
  token: string,
  what: string,
  load: () => Promise<T>,
  version?: string,
): Promise<T> {
  const ms = viewerInfoCacheMs();
  if (!ms || !token) return load();
  const now = Date.now();
  const key = `${token}\n${what}`;
  const hit = entries.get(key);
  if (hit && hit.until > now && hit.version === version) return hit.value as Promise<T>;
  if (entries.size >= MAX_ENTRIES) sweep(now);
  const value = load();
  const entry = { until: now + ms, version, value };
  const asked = generation;
  entries.set(key, entry);
  value.then(
    () => {
      if (generation !== asked && entries.get(key) === entry) entries.delete(key);
    },
    () => {
      if (entries.get(key) === entry) entries.delete(key);
    },
  );
  return value;
}

/** The token's info (`GET /common/users/info/`), kept as above. */
export const cachedViewerInfo = <T>(token: string, load: () => Promise<T>, version?: string) =>
  keptForViewer(token, "info", load, version);

/** Forgets every kept answer (after any write this process sends to the platform). */
export function forgetViewerInfo() {
  generation++;
  entries.clear();
}
