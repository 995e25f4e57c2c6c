import type { AuthUser } from "../auth/context.js";

export type AuditAction = "create" | "update" | "delete" | "import" | "reset_password";

/** The audit_log row of a change of `resource` (its path, e.g. `data/triples`), as it is written. */
export function auditValues(
  user: AuthUser,
  action: AuditAction,
  resource: string,
  recordId: number | string | null,
  before: unknown,
  after: unknown,
) {
  return {
    user_id: user.id,
    username: user.username,
    action,
    resource,
    record_id: recordId === null ? null : String(recordId),
    before_json: before === null || before === undefined ? null : JSON.stringify(before),
    after_json: after === null || after === undefined ? null : JSON.stringify(after),
  };
}
