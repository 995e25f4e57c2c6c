import type { ResourceKey } from "./registry";
import type { GridSettings } from "./grid-settings";
import type { TableState } from "./table-state";
import type {
  FieldErrors,
  FormMode,
  FormValues,
  Row,
  RowError,
  SelectOption,
  TableSchema,
} from "./types";

/** What a table route's loader returns (JSON), read by ResourceTablePage. */
export interface TableData {
  screen: ResourceKey;
  schema: TableSchema | null;
  rows: Row[];
  count: number;
  state: TableState;
  /**
   * The platform's token of the page shown (decision 022), carried by the pager's links so
   * that the next page is read on from this one; null when the list gave none.
   */
  pageSeek: string | null;
  /** Columns this user chose to hide on this screen. */
  hidden: string[];
  /** A spec §8 message when the schema or the list could not be loaded. */
  error: string | null;
  /** Configs screen: the feature flags of the config object (spec §3 "Global config"). */
  flags?: { key: string; id: number; on: boolean; label: string }[];
  /** The adjustable grid's settings for this user (screens that offer it; decision 029). */
  grid?: GridSettings;
}

/** A create or edit dialog: its loader's data, and its action's after a refused save. */
export interface FormDialogData {
  screen: ResourceKey;
  mode: FormMode;
  schema: TableSchema;
  id?: string;
  values: FormValues;
  errors?: FieldErrors;
  message?: string;
  /** Fields the viewer may not change on this record (shown disabled, never sent). */
  locked?: string[];
  /** The account rule locks the whole record: why, instead of a form (until a refused save shows what was typed). */
  lockedMessage?: string;
}

export interface FormActionData {
  values: FormValues;
  errors: FieldErrors;
  message: string;
}

export interface DeleteData {
  screen: ResourceKey;
  /** One record (by id) or a selection (ids, or everything matching the filters). */
  id?: string;
  ids?: string[];
  all?: boolean;
  count: number;
  /** A few words naming the record(s) to delete. */
  summary: string[];
  error?: string;
}

export interface ImportResult {
  created: number;
  updated: number;
  errors: RowError[];
}

export interface ImportData {
  screen: ResourceKey;
  template: string | null;
  error?: string;
}

export interface ImportActionData {
  stage: "checked" | "failed";
  message?: string;
  result?: ImportResult;
  /** The checked file, carried to the commit so it need not be chosen again (base64). */
  content?: string;
  filename?: string;
}

export interface ResetPasswordData {
  screen: ResourceKey;
  id: string;
  username: string;
}

export interface PermissionPageData {
  groups: { id: number; name: string }[];
  group: { id: number; name: string; members: string[]; permissions: string[] } | null;
  /** Options as the viewer may use them: `disabled` where the account rule refuses a change. */
  users: SelectOption[];
  permissions: SelectOption[];
  canUpdate: boolean;
  /** Fields of the chosen group the viewer may not change ("members", "permissions"). */
  lockedFields: string[];
  /** Why the chosen group cannot be changed at all (the account rule), when it cannot. */
  lockedMessage?: string;
  error: string | null;
}
