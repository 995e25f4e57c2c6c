import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import i18n, { resources } from "./i18n";
import { installClientErrorReporter } from "./utils/client-errors";

installClientErrorReporter();

i18next
  .use(initReactI18next)
  .init({ ...i18n, lng: document.documentElement.lang || i18n.fallbackLng, resources })
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
