import { RemixBrowser } from "@remix-run/react";
import i18next, { type BackendModule } from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import i18n, { addResources, isLng, isNamespace, type Lng } from "./i18n";
import { pageNamespaces } from "./components/i18n-namespaces";
import { loadNamespaces } from "./locales/namespaces";
import { installClientErrorReporter } from "./utils/client-errors";
import { installValidityMessages } from "./utils/validity";

installClientErrorReporter();
installValidityMessages();

const pageLng = document.documentElement.lang;
const lng: Lng = isLng(pageLng) ? pageLng : i18n.fallbackLng;

/**
 * A namespace the page did not load yet, fetched when a component asks for it (a part drawn
 * only in the browser); root.tsx loads every namespace before the first navigation. Other
 * languages are never fetched: i18next asks for its fallback language's too, and gets nothing.
 */
const lazyNamespaces: BackendModule = {
  type: "backend",
  init() {},
  read(language, ns, callback) {
    if (language !== lng || !isNamespace(ns)) return callback(null, {});
    loadNamespaces(lng, [ns]).then(
      (resources) => {
        addResources(lng, resources);
        callback(null, resources[ns] ?? {});
      },
      (error: Error) => callback(error, null),
    );
  },
};

// The page's language, and of it the namespaces its server render used (issue 11).
const initial = pageNamespaces();
loadNamespaces(lng, initial)
  .then((resources) => {
    addResources(lng, resources);
    return i18next
      .use(lazyNamespaces)
      .use(initReactI18next)
      .init({
        ...i18n,
        lng,
        ns: initial,
        partialBundledLanguages: true,
        resources: { [lng]: resources },
      });
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
