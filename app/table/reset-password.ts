import type { Rules, TableSchema } from "./types";

type Translate = (key: string) => string;

/**
 * The reset-password dialog of the users screen, described like a resource form so it goes
 * through the same form, rules and validation as every other dialog. The confirmation rule
 * (`same_as`) is a console-side custom rule (spec §5).
 */
export function resetPasswordForm(t: Translate): { schema: TableSchema; rules: Rules } {
  const field = (label: string) => ({ label: t(label), type: "password" as const, default: null });
  return {
    schema: {
      table_fields: {},
      form_fields: {
        new_password: field("password.newPassword"),
        confirm_password: field("password.confirmPassword"),
      },
      select_options: {},
      rules: {},
      create_rules: {},
      update_rules: {},
      permissions: { create: false, read: true, update: true, delete: false },
    },
    rules: {
      new_password: [
        { required: true, message: t("password.required") },
        { min_length: 8, message: t("password.minLength") },
        { max_length: 128, message: t("password.maxLength") },
      ],
      confirm_password: [
        { required: true, message: t("password.confirmRequired") },
        { same_as: "new_password", message: t("password.mismatch") },
      ],
    },
  };
}
