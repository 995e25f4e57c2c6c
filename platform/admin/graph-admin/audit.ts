import type { AuthUser } from "../../auth/context.js";
import type { DB } from "../../db/database.js";

/** One audit_log row for a graph-administration change (resource names `graphadmin/...`). */
export function audit(
  db: DB,
  user: AuthUser,
  action: "create" | "update" | "delete",
  resource: string,
  recordId: number | null,
  before: unknown,
  after: unknown,
) {
  db.prepare(
    `INSERT INTO audit_log (user_id, username, action, resource, record_id, before_json, after_json)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    user.id,
    user.username,
    action,
    `graphadmin/${resource}`,
    recordId === null ? null : String(recordId),
    before == null ? null : JSON.stringify(before),
    after == null ? null : JSON.stringify(after),
  );
}
