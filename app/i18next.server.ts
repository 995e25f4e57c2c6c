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
  return (await detector.getLocale(request)) as Lng;
}

export async function getFixedT(request: Request, ns: string = "common") {
  const lng = await getLocale(request);
  return detector.getFixedT(lng, ns);
}
