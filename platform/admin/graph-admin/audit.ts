import type { AuthUser } from "../../auth/context.js";
import type { DB } from "../../db/database.js";
import { auditRowSync } from "../../resources/store.js";

/** One audit_log row for a graph-administration change (resource names `graphadmin/...`). */
export const audit = (
  db: DB,
  user: AuthUser,
  action: "create" | "update" | "delete",
  resource: string,
  recordId: number | null,
  before: unknown,
  after: unknown,
) => auditRowSync(db, user, action, `graphadmin/${resource}`, recordId, before, after);
