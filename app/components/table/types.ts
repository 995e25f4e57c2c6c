/**
 * The table schema the platform serves at GET {prefix}/schema/ (spec §3 "Table schema from
 * the server"), as the console reads it. Declared here, not imported from platform/, because
 * the console only knows the platform through its HTTP contract.
 */
export type FieldType =
  | "str"
  | "password"
  | "number"
  | "text"
  | "time"
  | "select"
  | "multi-select"
  | "custom"
  | (string & {});

/** One check with its message. `same_as` exists only in the console (custom rules). */
export type Rule = { message: string } & (
  | { required: true }
  | { min_length: number }
  | { max_length: number }
  | { pattern: string }
  | { min: number }
  | { max: number }
  | { integer: true }
  | { enum: (string | number)[] }
  | { same_as: string }
);

export type Rules = Record<string, Rule[]>;

export interface SelectOption {
  key: string | number;
  label: string;
  /** The viewer may not choose or unchoose it (the platform's account rule). */
  disabled?: boolean;
}

export interface TableField {
  label: string;
  width?: number;
  sortable: boolean;
  filter: boolean;
  type: FieldType;
}

export interface FormField {
  label: string;
  type: FieldType;
  default: unknown;
  /** Only given on create (password, file). */
  create_only?: boolean;
  /** Shown but not changeable on update (a config key). */
  readonly_on_update?: boolean;
}

export interface TableSchema {
  label?: string;
  table_fields: Record<string, TableField>;
  form_fields: Record<string, FormField>;
  select_options: Record<string, SelectOption[]>;
  rules: Rules;
  create_rules: Rules;
  update_rules: Rules;
  permissions: { create: boolean; read: boolean; update: boolean; delete: boolean };
  searchable?: boolean;
  importable?: boolean;
  default_ordering?: string;
  template?: string | null;
  /** Records this viewer may not change: "*" or the fields (and "delete"); see locks.ts. */
  locked?: Record<string, "*" | string[]>;
}

export type Row = Record<string, unknown> & { id: number | string };

export type FormMode = "create" | "update";

/** What a form shows: typed text per field (a list for multi-selects). */
export type FormValues = Record<string, string | string[]>;
export type FieldErrors = Record<string, string>;

/** An import problem as the platform reports it: the CSV line (header is 1), field, message. */
export interface RowError {
  row: number;
  field: string;
  message: string;
}
