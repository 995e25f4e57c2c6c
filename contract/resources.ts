/**
 * The generic resources of the platform (users, groups, configs, data, models…): the table
 * schema served at GET {prefix}/schema/ (spec §3 "Table schema from the server") and the
 * shapes of its answers.
 */

/** Field types a schema names (spec §3), plus `datetime` for read-only timestamps. */
export type FieldType =
  | "str"
  | "password"
  | "number"
  | "text"
  | "time"
  | "select"
  | "multi-select"
  | "custom"
  | "datetime";

/** One validation rule, plain JSON: each carries exactly one check and its message. */
export type Rule = { message: string } & (
  | { required: true }
  | { min_length: number }
  | { max_length: number }
  | { pattern: string }
  | { min: number }
  | { max: number }
  | { integer: true }
  | { enum: (string | number)[] }
);

export interface SelectOption {
  key: string | number;
  label: string;
  /** This viewer may not choose or unchoose it (the account rule). */
  disabled?: boolean;
}

export interface TableField {
  label: string;
  /** The column's width in px: long values are cut to it (the whole value on hover). */
  width?: number;
  sortable: boolean;
  filter: boolean;
  type: FieldType;
  /** A rarely needed column: hidden until the viewer chooses their columns. */
  default_hidden?: true;
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
  label: string;
  table_fields: Record<string, TableField>;
  form_fields: Record<string, FormField>;
  select_options: Record<string, SelectOption[]>;
  rules: Record<string, Rule[]>;
  create_rules: Record<string, Rule[]>;
  update_rules: Record<string, Rule[]>;
  permissions: { create: boolean; read: boolean; update: boolean; delete: boolean };
  searchable: boolean;
  importable: boolean;
  default_ordering: string;
  template: string | null;
  /** Records (by id) this viewer may not change: "*" for the whole record, or the fields. */
  locked: Record<string, "*" | string[]>;
}

/** An import problem: the CSV line (header is 1), the field, the message. */
export interface RowError {
  row: number;
  field: string;
  message: string;
}
