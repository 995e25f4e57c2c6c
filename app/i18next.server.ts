import { RemixI18Next } from "remix-i18next/server";
import i18n, { supportedLngs, type Lng } from "~/i18n";
import { resources } from "~/locales/all.server";
import { getSession, sessionLng } from "~/auth/session.server";

const detector = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLngs],
    fallbackLanguage: i18n.fallbackLng,
    order: ["header"],
  },
  i18next: { ...i18n, resources },
});

/** Spec §1: the stored preference, else the browser's language, else en. */
export async function getLocale(request: Request): Promise<Lng> {
  const stored = sessionLng(await getSession(request));
  if (stored) return stored;
  return (await detector.getLocale(request)) as Lng;
}

export async function getFixedT(request: Request, ns: string = "common") {
  const lng = await getLocale(request);
  return detector.getFixedT(lng, ns);
}
