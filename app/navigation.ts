import { canAccess } from "./utils/roles";

/**
 * The route tree of the admin area (spec §2) with its route meta (spec §3: title, icon,
 * roles, noCache, activeMenu). One table serves the sidebar, the breadcrumb, the page
 * titles and the server-side guard, so a route's roles are declared once.
 */
export interface NavItem {
  path: string;
  /** Route name of spec §2 where it gives one. */
  name?: string;
  /** i18n key in the common namespace. */
  title: string;
  icon?: string;
  roles?: string[];
  hidden?: boolean;
  noCache?: boolean;
  activeMenu?: string;
  redirect?: string;
  /** Visible when the user holds any of these (spec: settings parent with user-read or group-read). */
  anyOf?: string[];
  children?: NavItem[];
}

export const adminNav: NavItem[] = [
  { path: "/dashboard", name: "dashboard", title: "nav.dashboard", icon: "dashboard" },
  // A job's page (builds, updates, model runs): reached from the page that started it; the
  // platform decides per job kind who may see it.
  { path: "/jobs/:id", title: "nav.job", hidden: true },
  {
    path: "/backend/profile",
    title: "nav.profile",
    icon: "database",
    redirect: "/data/filemanage",
    children: [
      {
        path: "/data/filemanage",
        title: "nav.filemanage",
        icon: "file",
        roles: ["data__file__read"],
      },
      { path: "/data/label", title: "nav.label", icon: "tag", roles: ["data__label__read"] },
      {
        path: "/data/triaddata",
        title: "nav.triaddata",
        icon: "triangle",
        roles: ["data__triple__read"],
      },
      { path: "/data/source", title: "nav.source", icon: "world", roles: ["data__source__read"] },
      {
        path: "/backend/profile/password",
        name: "Password",
        title: "nav.password",
        icon: "key",
        roles: ["default"],
        hidden: true,
      },
    ],
  },
  { path: "/schema", title: "nav.schema", icon: "hierarchy", roles: ["kg__ontology__read"] },
  {
    path: "/graph",
    title: "nav.graph",
    icon: "chart-dots",
    redirect: "/graph/index",
    roles: ["kg__graph__update"],
    children: [
      {
        path: "/graph/index",
        title: "nav.graphIndex",
        icon: "layout-dashboard",
        roles: ["kg__graph__update"],
      },
      {
        path: "/graph/detail/:id",
        title: "nav.graphDetail",
        hidden: true,
        activeMenu: "/graph/index",
        roles: ["kg__graph__update"],
      },
      {
        path: "/graph/relation/result",
        title: "nav.graphRelationResult",
        hidden: true,
        activeMenu: "/graph/index",
        roles: ["kg__graph__update"],
      },
      {
        path: "/graph/create/:id?",
        title: "nav.graphCreate",
        icon: "plus",
        roles: ["kg__graph__create"],
      },
      {
        path: "/graph/increased/:id?",
        title: "nav.graphIncreased",
        icon: "refresh",
        roles: ["kg__graph__update"],
      },
      {
        path: "/graph/schemaedit/:id?",
        title: "nav.graphSchemaEdit",
        icon: "edit",
        roles: ["kg__ontology__update"],
      },
    ],
  },
  {
    path: "/kgfeedback/index",
    title: "nav.kgfeedback",
    icon: "message",
    roles: ["kg__feedback__read"],
  },
  {
    path: "/model",
    title: "nav.model",
    icon: "cpu",
    redirect: "/model/index",
    roles: ["kg__model__read"],
    children: [
      { path: "/model/index", title: "nav.modelIndex", icon: "list", roles: ["kg__model__read"] },
      {
        path: "/model/logs/:id",
        title: "nav.modelLogs",
        hidden: true,
        activeMenu: "/model/index",
        roles: ["kg__model__read"],
      },
      {
        path: "/model/evaluation/:id",
        title: "nav.modelEvaluation",
        hidden: true,
        activeMenu: "/model/index",
        roles: ["kg__model__read"],
      },
    ],
  },
  { path: "/log/index", title: "nav.log", icon: "search", roles: ["kg__log__read"] },
  {
    path: "/count",
    title: "nav.count",
    icon: "chart-bar",
    redirect: "/count/entity",
    roles: ["kg__statistics__read"],
    children: [
      {
        path: "/count/entity",
        title: "nav.entityCount",
        icon: "circles",
        roles: ["kg__statistics__read"],
      },
      {
        path: "/count/entitycount/:id",
        title: "nav.entityCountDetail",
        hidden: true,
        activeMenu: "/count/entity",
        roles: ["kg__statistics__read"],
      },
      {
        path: "/count/verb",
        title: "nav.verbCount",
        icon: "bolt",
        roles: ["kg__statistics__read"],
      },
      {
        path: "/count/keyword",
        title: "nav.keywordCount",
        icon: "key",
        roles: ["kg__statistics__read"],
      },
    ],
  },
  {
    path: "/backend/setting",
    title: "nav.setting",
    icon: "settings",
    redirect: "/backend/setting/users",
    anyOf: ["auth__user__read", "auth__group__read"],
    children: [
      {
        path: "/backend/setting/users",
        title: "nav.users",
        icon: "user",
        roles: ["auth__user__read"],
      },
      {
        path: "/backend/setting/permission",
        title: "nav.permission",
        icon: "lock",
        roles: ["auth__group__read"],
      },
      {
        path: "/backend/setting/groups",
        title: "nav.groups",
        icon: "users",
        roles: ["auth__group__read"],
      },
      {
        path: "/backend/setting/configs",
        title: "nav.configs",
        icon: "adjustments",
        roles: ["common__config__read"],
      },
      {
        path: "/backend/setting/auditlog",
        title: "nav.auditlog",
        icon: "history",
        roles: ["common__auditlog__read"],
      },
      {
        path: "/backend/setting/errorlog",
        title: "nav.errorlog",
        icon: "bug",
        roles: ["common__clienterror__read"],
      },
    ],
  },
];

/** Paths that need no login (spec §6): flowchart, eeg, 404, login. */
export const whitelist = [/^\/login\/?$/, /^\/404\/?$/, /^\/eeg\/?$/, /^\/[^/]+\/flowchart\/?$/];
export const isWhitelisted = (pathname: string) => whitelist.some((re) => re.test(pathname));

/** Each nav path's pattern, compiled once (every page load matches its path against them). */
const patterns = new Map<string, RegExp>();

function patternToRegExp(path: string): RegExp {
  let re = patterns.get(path);
  if (!re) patterns.set(path, (re = compilePattern(path)));
  return re;
}

function compilePattern(path: string): RegExp {
  const src = path
    .split("/")
    .filter(Boolean)
    .map((seg) => {
      if (seg.startsWith(":")) return seg.endsWith("?") ? "(?:/[^/]+)?" : "/[^/]+";
      return "/" + seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("");
  return new RegExp(`^${src || ""}/?$`);
}

/**
 * The chain of nav items (parent first) for pathname, or [] when none. A nested page
 * (a dialog route such as /backend/setting/users/new) belongs to the closest item above it,
 * for the breadcrumb, the highlighted menu item and the route check.
 */
export function matchNav(pathname: string): NavItem[] {
  for (
    let path = pathname.replace(/\/+$/, "") || "/";
    path;
    path = path.slice(0, path.lastIndexOf("/"))
  ) {
    const chain = matchExact(path);
    if (chain.length) return chain;
  }
  return [];
}

function matchExact(
  pathname: string,
  items: NavItem[] = adminNav,
  trail: NavItem[] = [],
): NavItem[] {
  for (const item of items) {
    const chain = [...trail, item];
    if (patternToRegExp(item.path).test(pathname)) return chain;
    if (item.children) {
      const found = matchExact(pathname, item.children, chain);
      if (found.length) return found;
    }
  }
  return [];
}

export function itemVisible(item: NavItem, roles: readonly string[]): boolean {
  if (item.anyOf && !roles.includes("admin") && !item.anyOf.some((r) => roles.includes(r)))
    return false;
  return canAccess(roles, item.roles);
}

/** Spec §6: the routes a user may use, children filtered too; a parent left without children goes. */
export function filterNav(roles: readonly string[], items: NavItem[] = adminNav): NavItem[] {
  const out: NavItem[] = [];
  for (const item of items) {
    if (!itemVisible(item, roles)) continue;
    if (item.children) {
      const children = filterNav(roles, item.children);
      if (!children.length) continue;
      out.push({ ...item, children });
    } else {
      out.push(item);
    }
  }
  return out;
}

/** Whether every nav item on the way to pathname lets these roles in. Paths outside the table: true. */
export function pathAllowed(pathname: string, roles: readonly string[]): boolean {
  return matchNav(pathname).every((item) => itemVisible(item, roles));
}

/** The first visible leaf: where a parent's redirect lands when its own target is not allowed. */
export function firstAllowedPath(
  roles: readonly string[],
  items: NavItem[] = filterNav(roles),
): string | undefined {
  for (const item of items) {
    if (item.hidden) continue;
    if (item.children?.length) {
      const p = firstAllowedPath(roles, item.children);
      if (p) return p;
    } else if (!item.path.includes(":")) {
      return item.path;
    }
  }
  return undefined;
}
