import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import i18n, { addResources, isLng, type LanguageResources, type Lng } from "./i18n";
import { installClientErrorReporter } from "./utils/client-errors";
import { installValidityMessages } from "./utils/validity";

installClientErrorReporter();
installValidityMessages();

/** One chunk per language: the page's language is fetched, the others never are. */
const languages: Record<Lng, () => Promise<{ default: LanguageResources }>> = {
  en: () => import("./locales/en"),
  zh: () => import("./locales/zh"),
  es: () => import("./locales/es"),
};

const pageLng = document.documentElement.lang;
const lng: Lng = isLng(pageLng) ? pageLng : i18n.fallbackLng;

languages[lng]()
  .then(({ default: resources }) => {
    addResources(lng, resources);
    return i18next.use(initReactI18next).init({ ...i18n, lng, resources: { [lng]: resources } });
  })
  .then(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <I18nextProvider i18n={i18next}>
          <StrictMode>
            <RemixBrowser />
          </StrictMode>
        </I18nextProvider>,
      );
    });
  });
