import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { supportedLngs } from "~/i18n";
import { UiForm } from "~/components/layout/post-forms";
import { useRootData } from "~/root-data";
import { SCHEME_PREFERENCES } from "~/utils/color-scheme";
import { ShellIcon } from "~/components/ui/shell-icon";

/**
 * The display menu of every layout: the language and the colour scheme (light, dark, or the
 * system's), each a plain form posted to /ui, so it works without JavaScript.
 */
export function LanguageSwitch({ tone = "light" }: { tone?: "light" | "dark" }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const root = useRootData();
  const back = location.pathname + location.search;
  return (
    <details className="dd" data-testid="language-switch">
      <summary
        aria-label={t("displayMenu")}
        style={tone === "dark" ? { color: "var(--kg-text)" } : undefined}
      >
        <ShellIcon name="language" size={18} />{" "}
        <span className="dd-text">{t(`languages.${i18n.language}`)}</span>
      </summary>
      <div className="dd-menu">
        <div role="group" aria-label={t("language")}>
          {supportedLngs.map((lng) => (
            <UiForm back={back} key={lng} reloadDocument>
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
        <div role="group" aria-labelledby="scheme-label" data-testid="scheme-switch">
          <div className="dd-heading" id="scheme-label">
            {t("scheme.label")}
          </div>
          {SCHEME_PREFERENCES.map((scheme) => (
            <UiForm back={back} key={scheme} preventScrollReset replace>
              <button
                type="submit"
                name="scheme"
                value={scheme}
                aria-pressed={scheme === (root?.scheme ?? "auto")}
              >
                {t(`scheme.${scheme}`)}
              </button>
            </UiForm>
          ))}
        </div>
      </div>
    </details>
  );
}
