import { Form, useLocation } from "@remix-run/react";
import { IconLanguage } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { supportedLngs } from "~/i18n";

/** Language switch: a plain form per language, so it works without JavaScript. */
export function LanguageSwitch({ tone = "light" }: { tone?: "light" | "dark" }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  return (
    <details className="dd" data-testid="language-switch">
      <summary aria-label={t("language")} style={tone === "dark" ? { color: "#333" } : undefined}>
        <IconLanguage size={18} aria-hidden />{" "}
        <span className="dd-text">{t(`languages.${i18n.language}`)}</span>
      </summary>
      <div className="dd-menu">
        {supportedLngs.map((lng) => (
          <Form method="post" action="/ui" key={lng} reloadDocument>
            <AuthenticityTokenInput />
            <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
            <button
              type="submit"
              name="lng"
              value={lng}
              aria-current={lng === i18n.language}
              lang={lng}
            >
              {t(`languages.${lng}`)}
            </button>
          </Form>
        ))}
      </div>
    </details>
  );
}
