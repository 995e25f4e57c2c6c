import { RemixI18Next } from "remix-i18next/server";
import i18n, { supportedLngs, type Lng } from "~/i18n";
import { resources } from "~/locales/all.server";
import { getSession, sessionLng, type ConsoleSession } from "~/auth/session.server";

const detector = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLngs],
    fallbackLanguage: i18n.fallbackLng,
    order: ["header"],
  },
  i18next: { ...i18n, resources },
});

/**
 * Spec §1: the stored preference, else the browser's language, else en. A caller that has the
 * request's session already passes it (the cookie is read once).
 */
export async function getLocale(request: Request, session?: ConsoleSession): Promise<Lng> {
  const stored = sessionLng(session ?? (await getSession(request)));
  if (stored) return stored;
  // The browser's choice depends on its Accept-Language alone: worked out once per header
  // (a CPU profile found the parse at 1 % of a page's server time, asked several times a page).
  const header = request.headers.get("accept-language") ?? "";
  let lng = byHeader.get(header);
  if (!lng) {
    if (byHeader.size >= MAX_HEADERS) byHeader.clear();
    lng = detector.getLocale(request) as Promise<Lng>;
    byHeader.set(header, lng);
  }
  return lng;
}

const MAX_HEADERS = 1_000;
const byHeader = new Map<string, Promise<Lng>>();

type FixedT = Awaited<ReturnType<typeof detector.getFixedT>>;
const fixedTs = new Map<string, Promise<FixedT>>();

/**
 * The page language's `t` for a namespace. remix-i18next makes a new i18next instance per call;
 * the functions are kept per language and namespace instead (they only read the resources).
 */
export async function getFixedT(request: Request, ns: string = "common"): Promise<FixedT> {
  const lng = await getLocale(request);
  const key = `${lng}:${ns}`;
  let t = fixedTs.get(key);
  if (!t) {
    t = detector.getFixedT(lng, ns);
    fixedTs.set(key, t);
    t.catch(() => fixedTs.delete(key));
  }
  return t;
}
