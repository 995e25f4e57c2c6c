import type { AuthUser } from "../auth/context.js";
import type { Db } from "../db/store.js";
import { auditRow } from "./store.js";

/** One audit_log row for a graph-administration change (resource names `graphadmin/...`), in `tx`. */
export const audit = (
  tx: Db,
  user: AuthUser,
  action: "create" | "update" | "delete",
  resource: string,
  recordId: number | null,
  before: unknown,
  after: unknown,
) => auditRow(tx, user, action, `graphadmin/${resource}`, recordId, before, after);
