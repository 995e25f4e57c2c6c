import type { Rule as PlatformRule, TableSchema as PlatformSchema } from "@contract/resources";

export type { FieldType, FormField, RowError, SelectOption, TableField } from "@contract/resources";

/** A check of the platform's, or `same_as`: a console-only custom rule (spec §5). */
export type Rule = PlatformRule | { message: string; same_as: string };

export type Rules = Record<string, Rule[]>;

type Optional = "label" | "searchable" | "importable" | "default_ordering" | "template" | "locked";

/**
 * The platform's schema as the console reads it: its rule lists may hold console rules, and a
 * form the console describes itself (reset password) leaves out what only tables use.
 */
export type TableSchema = Omit<
  PlatformSchema,
  "rules" | "create_rules" | "update_rules" | Optional
> &
  Partial<Pick<PlatformSchema, Optional>> & {
    rules: Rules;
    create_rules: Rules;
    update_rules: Rules;
  };

export type Row = Record<string, unknown> & { id: number | string };

export type FormMode = "create" | "update";

/** What a form shows: typed text per field (a list for multi-selects). */
export type FormValues = Record<string, string | string[]>;
export type FieldErrors = Record<string, string>;
