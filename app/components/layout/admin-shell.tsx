import { Link, useLocation, useNavigation } from "@remix-run/react";
import { IconChevronRight, IconHome, IconLogout, IconMenu2, IconUser } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { matchNav, type NavItem } from "~/navigation";
import { LanguageSwitch } from "../language-switch";
import { NavIcon } from "../nav-icon";
import { UiForm, LogoutButton } from "./post-forms";

/** Spec §9: below this body width the layout is in mobile mode. */
export const MOBILE_BREAKPOINT = 992;

function navTarget(item: NavItem) {
  return item.redirect ?? item.path;
}

function Sidebar({ nav, productTitle }: { nav: NavItem[]; productTitle: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const chain = matchNav(pathname);
  const activePath = chain.at(-1)?.activeMenu ?? chain.at(-1)?.path;
  const isActive = (item: NavItem) => item.path === activePath;
  return (
    <aside className="sidebar" aria-label={t("layout.menu")}>
      <Link to="/" className="logo">
        <img src="/favicon.svg" alt="" width={26} height={26} />
        <span className="label">{productTitle}</span>
      </Link>
      <nav>
        {nav
          .filter((i) => !i.hidden)
          .map((item) => {
            const children = item.children?.filter((c) => !c.hidden) ?? [];
            if (item.children && !children.length) return null;
            if (!children.length) {
              return (
                <Link
                  key={item.path}
                  to={navTarget(item)}
                  aria-current={isActive(item) ? "page" : undefined}
                  title={t(item.title)}
                >
                  <NavIcon name={item.icon} />
                  <span className="label">{t(item.title)}</span>
                </Link>
              );
            }
            const open = children.some((c) => isActive(c)) || chain.includes(item);
            return (
              <details key={item.path} open={open}>
                <summary className="group-title" title={t(item.title)}>
                  <NavIcon name={item.icon} />
                  <span className="label">{t(item.title)}</span>
                  <IconChevronRight className="chev" size={14} aria-hidden />
                </summary>
                <div className="sub">
                  {children.map((c) => (
                    <Link
                      key={c.path}
                      to={navTarget(c).replace(/\/:\w+\?$/, "")}
                      aria-current={isActive(c) ? "page" : undefined}
                      title={t(c.title)}
                    >
                      <NavIcon name={c.icon} size={16} />
                      <span className="label">{t(c.title)}</span>
                    </Link>
                  ))}
                </div>
              </details>
            );
          })}
      </nav>
    </aside>
  );
}

function Breadcrumb() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const chain = matchNav(pathname);
  return (
    <nav className="breadcrumb" aria-label="breadcrumb" data-testid="breadcrumb">
      <Link to="/dashboard">{t("nav.dashboard")}</Link>
      {chain
        .filter((c) => c.path !== "/dashboard")
        .map((c, i, all) => (
          <span key={c.path} style={{ display: "contents" }}>
            <IconChevronRight size={12} aria-hidden />
            {i < all.length - 1 && c.redirect ? (
              <Link to={c.redirect}>{t(c.title)}</Link>
            ) : (
              <span className="current">{t(c.title)}</span>
            )}
          </span>
        ))}
    </nav>
  );
}

/** The optional tags view: the recently visited admin pages, each closable. */
function TagsView({ tags }: { tags: string[] }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <nav className="tags-view" aria-label={t("layout.tagsView")} data-testid="tags-view">
      {tags.map((path) => {
        const item = matchNav(path).at(-1);
        const current = path === location.pathname;
        return (
          <span key={path} className="tag" aria-current={current ? "page" : undefined}>
            <Link to={path}>{item ? t(item.title) : path}</Link>
            {!current && (
              <UiForm back={location.pathname + location.search}>
                <button
                  type="submit"
                  name="closeTag"
                  value={path}
                  aria-label={t("layout.closeTag")}
                >
                  ×
                </button>
              </UiForm>
            )}
          </span>
        );
      })}
    </nav>
  );
}

export interface AdminShellProps {
  nav: NavItem[];
  sidebar: "open" | "closed";
  username: string;
  productTitle: string;
  previewRole?: string;
  previewGroups?: { id: number; name: string }[];
  minimal?: boolean;
  size?: string;
  tagsView?: boolean;
  tags?: string[];
  children: React.ReactNode;
}

/** The admin layout of spec §2: collapsible 210 px sidebar, navbar with breadcrumb and user menu. */
export function AdminShell({
  nav,
  sidebar,
  username,
  productTitle,
  previewRole,
  previewGroups,
  minimal,
  size = "md",
  tagsView = false,
  tags = [],
  children,
}: AdminShellProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  // Optimistic: while the toggle is being saved, show the state it asks for. The button posts
  // the state it wants, not "toggle", so a second post of the same click changes nothing.
  const pending = navigation.formAction === "/ui" ? navigation.formData?.get("sidebar") : null;
  const state = pending === "open" || pending === "closed" ? pending : sidebar;
  const mobileToggle = useRef<HTMLInputElement>(null);
  // Spec §2: on mobile the sidebar closes after navigation.
  useEffect(() => {
    if (mobileToggle.current && document.body.clientWidth < MOBILE_BREAKPOINT)
      mobileToggle.current.checked = false;
  }, [location.pathname]);

  const here = location.pathname + location.search;
  return (
    <div className="admin" data-sidebar={minimal ? "closed" : state} data-testid="admin-layout">
      {!minimal && (
        <>
          <input
            type="checkbox"
            id="mobile-nav"
            className="mobile-toggle visually-hidden"
            ref={mobileToggle}
            aria-label={t("layout.menu")}
          />
          <Sidebar nav={nav} productTitle={productTitle} />
          <label htmlFor="mobile-nav" className="sidebar-backdrop" aria-hidden />
        </>
      )}
      <div className="admin-main">
        <header className="navbar">
          {!minimal && (
            <>
              <label
                htmlFor="mobile-nav"
                className="hamburger mobile-only"
                title={t("layout.menu")}
                data-testid="mobile-menu"
              >
                <IconMenu2 size={20} aria-hidden />
              </label>
              <UiForm back={here} className="desktop-only" preventScrollReset replace>
                <button
                  type="submit"
                  name="sidebar"
                  value={state === "open" ? "closed" : "open"}
                  aria-expanded={state === "open"}
                  className="hamburger"
                  title={t("layout.toggleSidebar")}
                  data-testid="sidebar-toggle"
                >
                  <IconMenu2 size={20} aria-hidden />
                </button>
              </UiForm>
              <Breadcrumb />
            </>
          )}
          <span className="spacer" />
          {previewRole && (
            <span className="domain-tag" data-testid="preview-banner">
              {t("layout.previewing", { role: previewRole })}
            </span>
          )}
          {previewGroups && previewGroups.length > 0 && (
            <details className="dd" data-testid="role-preview">
              <summary style={{ color: "#333" }}>{t("layout.previewRole")}</summary>
              <div className="dd-menu">
                <UiForm back="/dashboard">
                  {previewRole && (
                    <button type="submit" name="preview" value="">
                      {t("layout.previewOff")}
                    </button>
                  )}
                  {previewGroups.map((g) => (
                    <button key={g.id} type="submit" name="preview" value={g.id}>
                      {g.name}
                    </button>
                  ))}
                </UiForm>
              </div>
            </details>
          )}
          <LanguageSwitch tone="dark" />
          <details className="dd" data-testid="user-menu">
            <summary style={{ color: "#333" }}>
              <IconUser size={16} aria-hidden /> {username}
            </summary>
            <div className="dd-menu">
              <Link to="/dashboard">{t("nav.dashboard")}</Link>
              <Link to="/">
                <IconHome size={16} aria-hidden /> {t("nav.home")}
              </Link>
              <UiForm back={here}>
                <button
                  type="submit"
                  name="tagsView"
                  value={tagsView ? "off" : "on"}
                  data-testid="tags-view-toggle"
                >
                  {t("layout.tagsView")}: {tagsView ? "✓" : "—"}
                </button>
              </UiForm>
              <UiForm back={here} className="size-switch">
                <span
                  style={{
                    display: "block",
                    fontSize: 12,
                    color: "#868e96",
                    padding: "6px 10px 0",
                  }}
                >
                  {t("size")}
                </span>
                <div style={{ display: "flex" }}>
                  {(["sm", "md", "lg"] as const).map((s) => (
                    <button
                      key={s}
                      type="submit"
                      name="size"
                      value={s}
                      aria-current={s === size}
                      style={{ justifyContent: "center" }}
                    >
                      {t(`sizes.${s}`)}
                    </button>
                  ))}
                </div>
              </UiForm>
              <LogoutButton back={here} data-testid="logout">
                <IconLogout size={16} aria-hidden /> {t("nav.logout")}
              </LogoutButton>
            </div>
          </details>
        </header>
        {tagsView && !minimal && <TagsView tags={tags} />}
        <main className="admin-content">{children}</main>
      </div>
    </div>
  );
}
