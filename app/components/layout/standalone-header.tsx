import { Form, Link, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { loader as rootLoader } from "~/root";
import { LanguageSwitch } from "../language-switch";

/** Spec §2 standalone header: home, dashboard, login or logout. */
export function StandaloneHeader({ username }: { username?: string | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const here = location.pathname + location.search;
  return (
    <header className="pub-header">
      <Link to="/" className="brand">
        {root?.config.productTitle}
      </Link>
      <nav className="pub-nav">
        <Link to="/">{t("nav.home")}</Link>
        <Link to="/dashboard">{t("nav.dashboard")}</Link>
      </nav>
      <LanguageSwitch />
      {username ? (
        <Form method="post" action="/logout">
          <AuthenticityTokenInput />
          <input type="hidden" name="redirect" value={here} />
          <button
            type="submit"
            className="hamburger"
            style={{ color: "#fff", width: "auto", padding: "0 10px" }}
          >
            {t("nav.logout")}
          </button>
        </Form>
      ) : (
        <Link to={`/login?redirect=${encodeURIComponent(here)}`} style={{ color: "#fff" }}>
          {t("nav.login")}
        </Link>
      )}
    </header>
  );
}
