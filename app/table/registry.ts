import type { Rules } from "./types";

/**
 * The console's table screens: which platform resource each shows and where it lives.
 * Everything else (columns, forms, options, rules, buttons) comes from the resource's
 * schema, so a screen is this entry plus thin route modules.
 */
/** The generic pages a screen can have; each is one module of app/table/routes/. */
export type TablePage =
  | "list"
  | "new"
  | "edit"
  | "delete"
  | "bulk-delete"
  | "import"
  | "export"
  | "download"
  | "password";

/**
 * Where each page lives below the screen's path.
 * @public read by remix.config.js (through tsImport, which knip does not follow)
 */
export const PAGE_PATHS: Record<TablePage, string> = {
  list: "",
  new: "new",
  edit: ":id/edit",
  delete: ":id/delete",
  "bulk-delete": "delete",
  import: "import",
  export: "export",
  download: ":id/download",
  password: ":id/password",
};

const EDITABLE: TablePage[] = ["list", "new", "edit", "delete", "bulk-delete", "export"];
const IMPORTABLE: TablePage[] = [...EDITABLE, "import"];

export interface ResourceScreen {
  key: ResourceKey;
  /**
   * The pages the console serves for it; remix.config.js makes their routes from this list
   * (the screen's own route files, e.g. a model's run page, nest under its list).
   */
  pages: TablePage[];
  /** Platform path under /api, without slashes: "common/users". */
  api: string;
  /** The console path of the table. */
  path: string;
  /** i18n key (common namespace) of the title. */
  title: string;
  /** Field name → the custom editor rendering it (spec §3 field type `custom`, or an override). */
  customFields?: Record<string, CustomEditor>;
  /** Console-only rules merged after the schema's (spec §5). */
  customRules?: { create?: Rules; update?: Rules };
  /** A create with a file goes as multipart (data/files). */
  multipart?: boolean;
  /** A field left empty takes the uploaded file's name, as the platform does (data/files: name). */
  nameFromFile?: string;
  /** Per-row extra actions: a nested route under `{path}/{id}/` (a file download when `document`). */
  rowActions?: { to: string; label: string; codename: "update" | "read"; document?: boolean }[];
  /** The platform offers no CSV export for it (client error log). */
  exportable?: false;
  /** The platform's list takes only page and page_size (client error log). */
  pagesOnly?: true;
  /**
   * Many or long columns: with JavaScript the user may turn on the adjustable grid
   * (mantine-react-table: widths, pinning, density, kept per user; decision 029).
   */
  grid?: true;
}

export type CustomEditor = "file-upload" | "permission-matrix";

export type ResourceKey =
  | "users"
  | "groups"
  | "configs"
  | "auditlog"
  | "errorlog"
  | "files"
  | "labels"
  | "triples"
  | "sources"
  | "models"
  | "feedback"
  | "relationResults";

export const screens: Record<ResourceKey, ResourceScreen> = {
  users: {
    key: "users",
    pages: [...IMPORTABLE, "password"],
    api: "common/users",
    path: "/backend/setting/users",
    title: "nav.users",
    rowActions: [{ to: "password", label: "resetPassword", codename: "update" }],
  },
  groups: {
    key: "groups",
    pages: IMPORTABLE,
    api: "common/groups",
    path: "/backend/setting/groups",
    title: "nav.groups",
    customFields: { permissions: "permission-matrix" },
  },
  configs: {
    key: "configs",
    pages: IMPORTABLE,
    api: "common/configs",
    path: "/backend/setting/configs",
    title: "nav.configs",
  },
  auditlog: {
    key: "auditlog",
    pages: ["list", "export"],
    api: "common/auditlog",
    path: "/backend/setting/auditlog",
    title: "nav.auditlog",
    grid: true,
  },
  errorlog: {
    key: "errorlog",
    pages: ["list"],
    api: "common/clienterrors",
    path: "/backend/setting/errorlog",
    title: "nav.errorlog",
    pagesOnly: true,
    exportable: false,
    grid: true,
  },
  files: {
    key: "files",
    pages: [...EDITABLE, "download"],
    api: "data/files",
    path: "/data/filemanage",
    title: "nav.filemanage",
    customFields: { file: "file-upload" },
    multipart: true,
    nameFromFile: "name",
    rowActions: [{ to: "download", label: "download", codename: "read", document: true }],
    grid: true,
  },
  labels: {
    key: "labels",
    pages: IMPORTABLE,
    api: "data/labels",
    path: "/data/label",
    title: "nav.label",
    grid: true,
  },
  triples: {
    key: "triples",
    pages: IMPORTABLE,
    api: "data/triples",
    path: "/data/triaddata",
    title: "nav.triaddata",
    grid: true,
  },
  sources: {
    key: "sources",
    pages: IMPORTABLE,
    api: "data/sources",
    path: "/data/source",
    title: "nav.source",
  },
  // Insight (issue 5): models with their runs, feedback with its workflow (app/routes/_admin.model.*, _admin.kgfeedback.*).
  models: {
    key: "models",
    pages: IMPORTABLE,
    api: "kg/models",
    path: "/model/index",
    title: "nav.modelIndex",
    rowActions: [
      { to: "run", label: "run", codename: "update" },
      { to: "logs", label: "logs", codename: "read" },
      { to: "evaluation", label: "evaluation", codename: "read" },
    ],
  },
  feedback: {
    key: "feedback",
    pages: EDITABLE,
    api: "kg/feedback",
    path: "/kgfeedback/index",
    title: "nav.kgfeedback",
    rowActions: [{ to: "review", label: "review", codename: "read" }],
  },
  // Graph administration (issue 5): relation-extraction results of the builds (app/routes/_admin.graph.relation.result*).
  relationResults: {
    key: "relationResults",
    pages: ["export"],
    api: "graphadmin/relations",
    path: "/graph/relation/result",
    title: "nav.graphRelationResult",
  },
};

/** The screen a console path belongs to (its list or one of its pages), or a 404. */
export function screenAt(pathname: string): ResourceScreen {
  const path = pathname.replace(/\.data$/, "");
  let found: ResourceScreen | undefined;
  for (const screen of Object.values(screens)) {
    if (path !== screen.path && !path.startsWith(`${screen.path}/`)) continue;
    if (!found || screen.path.length > found.path.length) found = screen;
  }
  if (!found) throw new Response("", { status: 404 });
  return found;
}
