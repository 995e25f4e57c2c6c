import { useLocation } from "@remix-run/react";
import { IconLanguage } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { supportedLngs } from "~/i18n";
import { UiForm } from "~/components/layout/post-forms";

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
          <UiForm back={location.pathname + location.search} key={lng} reloadDocument>
            <button
              type="submit"
              name="lng"
              value={lng}
              aria-current={lng === i18n.language}
              lang={lng}
            >
              {t(`languages.${lng}`)}
            </button>
          </UiForm>
        ))}
      </div>
    </details>
  );
}
