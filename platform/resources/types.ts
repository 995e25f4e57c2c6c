import type { Router } from "express";
import type { AuthUser } from "../auth/context.js";
import type { PlatformContext } from "../context.js";
import type { Db } from "../db/store.js";

export type { FieldType, Rule, SelectOption } from "@contract/resources";
import type { FieldType, Rule, SelectOption } from "@contract/resources";

/** How a value is kept in its SQLite column; decides coercion of form and CSV input. */
export type ValueType = "text" | "int" | "real";

/**
 * Options listed in the definition, or read from the store on each schema/validation by a
 * store function (platform/resources/defs/*-store.ts).
 */
export type OptionSource = SelectOption[] | ((db: Db) => Promise<SelectOption[]>);

/** A many-to-many field kept in a link table; `target` maps stored ids to the keys clients use. */
export interface ManyToMany {
  link: string;
  own: string;
  other: string;
  target?: { table: string; key: string };
}

export interface FieldDef {
  name: string;
  label: string;
  type: FieldType;
  /** SQL column; defaults to the name. Ignored for `many` and `virtual` fields. */
  column?: string;
  valueType?: ValueType;
  width?: number;
  sortable?: boolean;
  filterable?: boolean;
  searchable?: boolean;
  /** Not a column of the table: the value goes through `store` (password) or a custom route (file). */
  virtual?: boolean;
  many?: ManyToMany;
  /** Set by the store, never by a client: shown in the table, absent from forms. */
  readOnly?: boolean;
  /** Only given on create (password, file). */
  createOnly?: boolean;
  /** Given on create, shown but not changeable on update (config key). */
  immutable?: boolean;
  /** Not a table column (password). */
  hidden?: boolean;
  /** A table column that is rarely needed: hidden until the viewer chooses their columns. */
  defaultHidden?: boolean;
  /** Not in CSV import/export or the template (file content). */
  noCsv?: boolean;
  default?: unknown;
  options?: OptionSource;
  rules?: Rule[];
  createRules?: Rule[];
  updateRules?: Rule[];
  /** Unique column: checked before writing so the answer names the field. */
  unique?: string;
  /** The one spelling a text value is kept, compared and filtered in (usernames: NFKC, case-folded). */
  normalize?: (text: string) => string;
  /**
   * Slow work on a virtual field's valid value before the write transaction opens (hashing a
   * password off the event loop); `store` receives what it resolves to.
   */
  prepareValue?: (value: unknown) => Promise<unknown>;
  /** Columns to write for a virtual field's value (e.g. the password hash). */
  store?: (value: unknown) => Record<string, unknown>;
}

export type Mode = "create" | "update";
export type FieldErrors = Record<string, string[]>;
export type RecordRow = Record<string, unknown> & { id: number };

/** Who writes: the platform and the signed-in user. */
export interface ResourceActor {
  ctx: PlatformContext;
  user: AuthUser;
}

/**
 * What a hook is given: the actor, and `db`, the handle its queries go through — the write's
 * transaction inside a write (so what it reads and writes is part of it), else the store's.
 */
export interface ResourceHookContext extends ResourceActor {
  db: Db;
}

/** A check run before a write commits (see ResourceHooks.guard); a throw rolls the write back. */
export type GuardCheck = () => void | Promise<void>;

/** One record's write as the authorize hook sees it: `values` are the validated fields given. */
export interface WriteChange {
  mode: Mode | "delete";
  before: RecordRow | null;
  values: Record<string, unknown>;
}

/** The parts of a schema answer a viewerSchema hook adjusts. */
export interface ViewerSchemaParts {
  select_options: Record<string, SelectOption[]>;
  /**
   * Record id → "*" (the viewer may not change or delete it) or the fields they may not
   * change, with the pseudo-field "delete" when they may not delete it.
   */
  locked: Record<string, "*" | string[]>;
}

export interface ResourceHooks {
  /** Checks across fields after each field passed its own rules. */
  validate?: (
    values: Record<string, unknown>,
    mode: Mode,
    existing: RecordRow | null,
  ) => FieldErrors;
  /** Extra columns to write with an insert (e.g. need_init_password). */
  insertColumns?: (
    h: ResourceHookContext,
    values: Record<string, unknown>,
  ) => Record<string, unknown>;
  /**
   * Refuses a write the actor may not make (an HttpError, 403): runs inside the write's
   * transaction for every record on every path (create, update, delete, bulk delete, each
   * CSV import row), so one rule covers them all.
   */
  authorize?: (h: ResourceHookContext, change: WriteChange) => void | Promise<void>;
  /**
   * Runs at the start of every write transaction of the resource and returns a check run
   * before commit (invariants across records, e.g. the last superuser); a throw rolls back.
   */
  guard?: (h: ResourceHookContext) => GuardCheck | Promise<GuardCheck>;
  /**
   * Tells this viewer what the authorize hook would refuse, so the console can grey it out:
   * marks select options `disabled` and fills `locked` (the platform still decides).
   */
  viewerSchema?: (h: ResourceHookContext, schema: ViewerSchemaParts) => void | Promise<void>;
  /** Refuses a delete with an HttpError (e.g. one's own account). */
  beforeDelete?: (h: ResourceHookContext, record: RecordRow) => void | Promise<void>;
  /** Runs after the deleting transaction committed (e.g. removing stored files). */
  afterDelete?: (h: ResourceHookContext, records: RecordRow[]) => void | Promise<void>;
}

export interface Permissions {
  create?: string;
  read: string;
  update?: string;
  delete?: string;
}

export interface ResourceDef {
  app: string;
  name: string;
  table: string;
  label: string;
  fields: FieldDef[];
  permissions: Permissions;
  /** `field` or `-field`; id breaks ties so pages are stable. */
  defaultOrdering?: string;
  /**
   * SQLite: contentless FTS5 trigram table over the searchable fields (large tables), with an
   * fts5vocab table named `{ftsTable}_vocab`; see schema-resources.ts for the layout and
   * search-store.ts for its use. (PostgreSQL searches through indexes of the table itself.)
   */
  ftsTable?: string;
  /**
   * Integer columns whose row count per value the store keeps in resource_counts (triggers in
   * a migration), so a list filtered by one of them alone counts without stepping the rows.
   */
  countedColumns?: string[];
  /** CSV upload allowed (false for the audit log and file data). */
  importable?: boolean;
  /** POST creates through this resource's own route (multipart file upload), not JSON. */
  customCreate?: boolean;
  hooks?: ResourceHooks;
  /** Actions beyond the generic ones, mounted on the resource's router before them. */
  routes?: (router: Router, ctx: PlatformContext, def: ResourceDef) => void;
}

export const resourcePath = (def: ResourceDef) => `${def.app}/${def.name}`;
