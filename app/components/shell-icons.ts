/**
 * The icons of the shell (the sidebar, the headers, the display menu, back to top) and the
 * Tabler icon each one is: each is drawn as one path (scripts/shell-icon-paths.mjs writes
 * app/components/shell-icon-paths.ts, decision 046) instead of Tabler's component.
 */
export const SHELL_ICONS = {
  // The sidebar: the icon named in a route's meta (spec §3 route meta: icon).
  dashboard: "Dashboard",
  database: "Database",
  file: "File",
  tag: "Tag",
  triangle: "Triangle",
  world: "World",
  key: "Key",
  hierarchy: "Hierarchy",
  "chart-dots": "ChartDots",
  "layout-dashboard": "LayoutDashboard",
  plus: "Plus",
  refresh: "Refresh",
  edit: "Edit",
  message: "Message",
  cpu: "Cpu",
  list: "List",
  search: "Search",
  "chart-bar": "ChartBar",
  circles: "Circles",
  bolt: "Bolt",
  settings: "Settings",
  user: "User",
  lock: "Lock",
  users: "Users",
  adjustments: "Adjustments",
  history: "History",
  bug: "Bug",
  // The shell's own.
  "chevron-right": "ChevronRight",
  "chevron-down": "ChevronDown",
  "menu-2": "Menu2",
  home: "Home",
  logout: "Logout",
  language: "Language",
  "arrow-up": "ArrowUp",
} as const;

export type ShellIconName = keyof typeof SHELL_ICONS;
