import { Link, NavLink, useLocation, useParams, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { GraphSummary } from "~/kg/graphs.server";
import { LanguageSwitch } from "../language-switch";
import { Separated } from "../ui/separated";
import { LogoutButton } from "./post-forms";
import { ShellIcon } from "../ui/shell-icon";

export interface HeaderProps {
  graphs: GraphSummary[];
  kgId: number;
  username?: string | null;
  productTitle: string;
}

/** Spec §9: the header polls every 100 ms until the graph list appears. */
export const HEADER_POLL_MS = 100;

/** A graph's domain as the header shows it (军事, 通用…). */
export function DomainTag({ domain }: { domain: string }) {
  const { t } = useTranslation();
  return (
    <span className="domain-tag" data-domain={domain}>
      {t(`header.domains.${domain}`, { defaultValue: domain })}
    </span>
  );
}

/** Where picking graph `id` leads: the same page for that graph. */
function useGraphSwitchUrl() {
  const location = useLocation();
  const params = useParams();
  return (id: number) => {
    if (params.kgId) {
      const parts = location.pathname.split("/");
      const i = parts.indexOf(params.kgId);
      if (i > 0) {
        parts[i] = String(id);
        return parts.join("/");
      }
    }
    const search = new URLSearchParams(location.search);
    search.set("id", String(id));
    return `${location.pathname}?${search}`;
  };
}

export function PublicHeader({ graphs, kgId, username, productTitle }: HeaderProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const switchUrl = useGraphSwitchUrl();
  const revalidator = useRevalidator();
  const tries = useRef(0);
  const active = graphs.find((g) => g.id === kgId);
  const domain = active?.domain;

  useEffect(() => {
    if (graphs.length || tries.current > 50 || revalidator.state !== "idle") return;
    const timer = setTimeout(
      () => {
        tries.current += 1;
        revalidator.revalidate();
      },
      HEADER_POLL_MS * Math.max(1, tries.current),
    );
    return () => clearTimeout(timer);
  }, [graphs.length, revalidator]);

  const items: { to: string; label: string; show: boolean; name: string }[] = [
    { name: "home", to: `/?id=${kgId}`, label: t("nav.home"), show: true },
    { name: "extract", to: `/${kgId}/extract`, label: t("nav.extract"), show: true },
    {
      name: "articles",
      to: `/${kgId}/articles`,
      label: t("nav.articles"),
      show: domain === "military" || domain === "general",
    },
    { name: "EventPage", to: `/${kgId}/event`, label: t("nav.event"), show: true },
    {
      name: "flowchart",
      to: `/${kgId}/flowchart`,
      label: t("nav.flowchart"),
      show: domain === "military",
    },
    { name: "eGraph", to: `/${kgId}/egraph`, label: t("nav.eGraph"), show: domain === "military" },
    { name: "dashboard", to: "/dashboard", label: t("nav.dashboard"), show: !!username },
  ];

  return (
    <header className="pub-header">
      <Link to={`/?id=${kgId}`} className="brand">
        {productTitle}
      </Link>
      <details className="dd" data-testid="graph-picker">
        <summary aria-label={t("header.pickGraph")}>
          {active ? (
            <>
              <DomainTag domain={active.domain} /> <span className="graph-name">{active.name}</span>
            </>
          ) : (
            t("header.pickGraph")
          )}
          <ShellIcon name="chevron-down" size={14} />
        </summary>
        <div className="dd-menu left">
          {graphs.length === 0 && (
            <span style={{ padding: 8, color: "var(--kg-muted)" }}>{t("header.noGraphs")}</span>
          )}
          <Separated>
            {graphs.map((g) => (
              <Link key={g.id} to={switchUrl(g.id)} aria-current={g.id === kgId}>
                <DomainTag domain={g.domain} /> {g.name}
              </Link>
            ))}
          </Separated>
        </div>
      </details>
      <nav className="pub-nav" aria-label={t("nav.navigation")} data-testid="header-nav">
        <Separated>
          {items
            .filter((i) => i.show)
            .map((i) => (
              <NavLink
                key={i.name}
                to={i.to}
                data-name={i.name}
                aria-current={location.pathname === i.to.split("?")[0] ? "page" : undefined}
              >
                {i.label}
              </NavLink>
            ))}
        </Separated>
      </nav>
      <LanguageSwitch />
      {username ? (
        <details className="dd" data-testid="user-menu">
          <summary aria-label={username}>
            <ShellIcon name="user" size={16} /> <span className="dd-text">{username}</span>
          </summary>
          <div className="dd-menu">
            <Link to="/dashboard">{t("nav.dashboard")}</Link>
            <LogoutButton back={location.pathname + location.search}>
              <ShellIcon name="logout" size={16} /> {t("nav.logout")}
            </LogoutButton>
          </div>
        </details>
      ) : (
        <Link
          to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`}
          style={{ color: "#fff", whiteSpace: "nowrap" }}
        >
          {t("nav.login")}
        </Link>
      )}
    </header>
  );
}
