import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useRootData } from "~/root-data";
import { LanguageSwitch } from "../language-switch";
import { Separated } from "../ui/separated";
import { SkipLink } from "./main-landmark";
import { LogoutButton } from "./post-forms";

/**
 * Spec §2 standalone header: home, dashboard, login or logout (after the page's skip link).
 * `username` is the page's viewer (null: nobody signed in); without it (a page's error
 * boundary, whose loader said nothing) the session's sign-in decides.
 */
export function StandaloneHeader({ username }: { username?: string | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  const root = useRootData();
  const here = location.pathname + location.search;
  const signedIn = username === undefined ? Boolean(root?.signedIn) : Boolean(username);
  return (
    <>
      <SkipLink />
      <header className="pub-header">
        <Link to="/" className="brand">
          {root?.config.productTitle}
        </Link>
        <nav className="pub-nav" aria-label={t("nav.navigation")} data-testid="header-nav">
          <Separated>
            <Link to="/">{t("nav.home")}</Link>
            <Link to="/dashboard">{t("nav.dashboard")}</Link>
          </Separated>
        </nav>
        <LanguageSwitch />
        {signedIn ? (
          <LogoutButton
            back={here}
            className="hamburger"
            style={{ color: "#fff", width: "auto", padding: "0 10px" }}
          >
            {t("nav.logout")}
          </LogoutButton>
        ) : (
          <Link to={`/login?redirect=${encodeURIComponent(here)}`} style={{ color: "#fff" }}>
            {t("nav.login")}
          </Link>
        )}
      </header>
    </>
  );
}
