import { Link, useLocation, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { matchNav, type NavItem } from "~/navigation";
import { LanguageSwitch } from "../language-switch";
import { NavIcon } from "../nav-icon";
import { ShellIcon } from "../ui/shell-icon";
import { Separated } from "../ui/separated";
import { Main, SkipLink } from "./main-landmark";
import { UiForm, LogoutButton } from "./post-forms";

function navTarget(item: NavItem) {
  return item.redirect ?? item.path;
}

/** The phone menu's parts: the off-canvas sidebar and the button that opens it. */
const SIDEBAR_ID = "sidebar";
const MENU_BUTTON_ID = "mobile-menu-button";

function Sidebar({
  nav,
  productTitle,
  closeControl,
}: {
  nav: NavItem[];
  productTitle: string;
  closeControl: React.ReactNode;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const chain = matchNav(pathname);
  const activePath = chain.at(-1)?.activeMenu ?? chain.at(-1)?.path;
  const isActive = (item: NavItem) => item.path === activePath;
  return (
    <aside id={SIDEBAR_ID} className="sidebar" aria-label={t("layout.menu")} tabIndex={-1}>
      {closeControl}
      <Link to="/" className="logo">
        <img src="/favicon.svg" alt="" width={26} height={26} />
        <span className="label">{productTitle}</span>
      </Link>
      <span className="text-sep" aria-hidden="true">
        {" | "}
      </span>
      <nav aria-label={t("layout.mainMenu")}>
        <Separated>
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
                    <ShellIcon name="chevron-right" className="chev" size={14} />
                  </summary>
                  <div className="sub">
                    <Separated>
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
                    </Separated>
                  </div>
                </details>
              );
            })}
        </Separated>
      </nav>
    </aside>
  );
}

function Breadcrumb() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const chain = matchNav(pathname);
  return (
    <nav className="breadcrumb" aria-label={t("layout.breadcrumb")} data-testid="breadcrumb">
      <Link to="/dashboard">{t("nav.dashboard")}</Link>
      {chain
        .filter((c) => c.path !== "/dashboard")
        .map((c, i, all) => (
          <span key={c.path} className="crumb">
            <ShellIcon name="chevron-right" size={12} />
            <span className="text-sep" aria-hidden="true">
              {" > "}
            </span>
            {i < all.length - 1 && c.redirect ? (
              <Link to={c.redirect}>{t(c.title)}</Link>
            ) : (
              <span className="current" aria-current="page">
                {t(c.title)}
              </span>
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

/**
 * The phone menu (below 992 px; spec §2), keyboard-operable with and without JavaScript.
 * Without JavaScript it is a link to the off-canvas sidebar, which CSS opens while it is the
 * URL's :target (the browser moves focus there, so Tab reaches its links); its close link
 * goes back to the button. With JavaScript it is a button with aria-expanded: opening moves
 * focus into the sidebar, Escape (or the backdrop, or a navigation) closes it and puts focus
 * back on the button. Closed, the sidebar is visibility:hidden, so its links are no Tab stops.
 */
function usePhoneMenu() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);
  // Spec §2: on mobile the sidebar closes after navigation.
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    closeButton.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") close(true);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, close]);

  const label = (
    <>
      <ShellIcon name="menu-2" size={20} />
      <span className="visually-hidden">{t("layout.menu")}</span>
    </>
  );
  if (!hydrated) {
    return {
      open: false,
      button: (
        <a
          href={`#${SIDEBAR_ID}`}
          id={MENU_BUTTON_ID}
          className="hamburger mobile-only"
          title={t("layout.menu")}
          data-testid="mobile-menu"
        >
          {label}
        </a>
      ),
      closeControl: (
        <a href={`#${MENU_BUTTON_ID}`} className="sidebar-close" data-testid="mobile-menu-close">
          {t("layout.closeMenu")}
        </a>
      ),
      backdrop: (
        // Closes by pointer; the keyboard has the close link, so this one is no Tab stop.
        <a href={`#${MENU_BUTTON_ID}`} className="sidebar-backdrop" tabIndex={-1} aria-hidden />
      ),
    };
  }
  return {
    open,
    button: (
      <button
        type="button"
        ref={button}
        id={MENU_BUTTON_ID}
        className="hamburger mobile-only"
        title={t("layout.menu")}
        aria-expanded={open}
        aria-controls={SIDEBAR_ID}
        onClick={() => setOpen((o) => !o)}
        data-testid="mobile-menu"
      >
        {label}
      </button>
    ),
    closeControl: (
      <button
        type="button"
        ref={closeButton}
        className="sidebar-close"
        onClick={() => close(true)}
        data-testid="mobile-menu-close"
      >
        {t("layout.closeMenu")}
      </button>
    ),
    backdrop: <div className="sidebar-backdrop" aria-hidden onClick={() => close(false)} />,
  };
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
  const menu = usePhoneMenu();

  const here = location.pathname + location.search;
  return (
    <div
      className="admin"
      data-sidebar={minimal ? undefined : state}
      data-minimal={minimal || undefined}
      data-mobile-nav={menu.open ? "open" : undefined}
      data-testid="admin-layout"
    >
      <SkipLink />
      {!minimal && (
        <>
          <Sidebar nav={nav} productTitle={productTitle} closeControl={menu.closeControl} />
          {menu.backdrop}
        </>
      )}
      <div className="admin-main">
        <header className="navbar">
          {minimal && (
            // No menu while the password must be set first: the product's name stands in its place.
            <span className="navbar-brand" data-testid="navbar-brand">
              <img src="/favicon.svg" alt="" width={26} height={26} />
              <span>{productTitle}</span>
            </span>
          )}
          {!minimal && (
            <>
              {menu.button}
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
                  <ShellIcon name="menu-2" size={20} />
                  <span className="visually-hidden">{t("layout.toggleSidebar")}</span>
                </button>
              </UiForm>
              <Breadcrumb />
              <span className="text-sep" aria-hidden="true">
                {" | "}
              </span>
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
              <summary style={{ color: "var(--kg-text)" }}>{t("layout.previewRole")}</summary>
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
            <summary style={{ color: "var(--kg-text)" }} aria-label={username}>
              <ShellIcon name="user" size={16} /> <span className="dd-text">{username}</span>
            </summary>
            <div className="dd-menu">
              {!minimal && (
                <>
                  <Link to="/dashboard">{t("nav.dashboard")}</Link>
                  <Link to="/">
                    <ShellIcon name="home" size={16} /> {t("nav.home")}
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
                </>
              )}
              <UiForm back={here} className="size-switch">
                <span
                  style={{
                    display: "block",
                    fontSize: 12,
                    color: "var(--kg-muted)",
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
                <ShellIcon name="logout" size={16} /> {t("nav.logout")}
              </LogoutButton>
            </div>
          </details>
        </header>
        {tagsView && !minimal && <TagsView tags={tags} />}
        <Main className="admin-content">{children}</Main>
      </div>
    </div>
  );
}
