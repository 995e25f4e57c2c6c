/**
 * The icons of the shell (the sidebar, the headers, the display menu, back to top) and the
 * Tabler icon each one is: they are drawn from one cached sprite, app/styles/icons.svg
 * (scripts/icon-sprite.mjs, decision 034), instead of each page's HTML carrying their paths.
 */
export const SPRITE_ICONS = {
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

export type SpriteIconName = keyof typeof SPRITE_ICONS;
