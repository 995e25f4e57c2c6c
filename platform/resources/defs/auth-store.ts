import type { Db } from "../../db/store.js";
import type { SelectOption } from "../types.js";

/** The statements of the users and groups resources' own options and actions (tables of auth). */

export const groupOptions = (db: Db): Promise<SelectOption[]> =>
  db.selectFrom("groups").select(["id as key", "name as label"]).orderBy("name").execute();

export const userOptions = (db: Db): Promise<SelectOption[]> =>
  db.selectFrom("users").select(["id as key", "username as label"]).orderBy("username").execute();

export const permissionOptions = (db: Db): Promise<SelectOption[]> =>
  db
    .selectFrom("permissions")
    .select(["codename as key", "name as label"])
    .orderBy("codename")
    .execute();

/** Every permission of the catalogue, by codename. */
export const listPermissions = (db: Db) =>
  db.selectFrom("permissions").select(["id", "codename", "name"]).orderBy("codename").execute();

/**
 * Sets a user's password hash (changed at `at`), forces a change at next login and ends the
 * user's live tokens. Run inside the reset's write.
 */
export async function resetPassword(tx: Db, userId: number, hash: string, at: string) {
  await tx
    .updateTable("users")
    .set({ password_hash: hash, password_changed_at: at, need_init_password: 1 })
    .where("id", "=", userId)
    .execute();
  await tx
    .updateTable("tokens")
    .set({ ended_at: Date.now(), ended_reason: "password_reset" })
    .where("user_id", "=", userId)
    .where("ended_at", "is", null)
    .execute();
}
