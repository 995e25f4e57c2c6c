import crypto from "node:crypto";
import { hashPasswordSync } from "../../platform/auth/passwords.js";
import type { PlatformContext } from "../../platform/context.js";

/* Users for tests and benches. Apart from platform.ts, which loads vitest: benches import it. */

/** A user made by createUserWithToken: its id, token and CSRF token. */
export interface TestUser {
  id: number;
  token: string;
  csrf: string;
}

/**
 * A user holding exactly these codenames through a group of their own (or every permission:
 * `superuser`), and a live token for them, written through the store (either engine).
 */
export async function createUserWithToken(
  ctx: PlatformContext,
  username: string,
  codenames: string[],
  password = "pass-" + username,
  superuser = false,
): Promise<TestUser> {
  const hash = hashPasswordSync(password);
  const token = crypto.randomBytes(20).toString("hex");
  const csrf = crypto.randomBytes(16).toString("hex");
  const now = Date.now();
  const id = await ctx.store.write(async (tx) => {
    const user = await tx
      .insertInto("users")
      .values({
        username,
        email: `${username}@example.com`,
        password_hash: hash,
        is_superuser: superuser ? 1 : 0,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const group = await tx
      .insertInto("groups")
      .values({ name: `g-${username}` })
      .returning("id")
      .executeTakeFirstOrThrow();
    await tx.insertInto("user_groups").values({ user_id: user.id, group_id: group.id }).execute();
    for (const c of codenames) {
      await tx
        .insertInto("permissions")
        .values({ codename: c, name: c })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const permission = await tx
        .selectFrom("permissions")
        .select("id")
        .where("codename", "=", c)
        .executeTakeFirstOrThrow();
      await tx
        .insertInto("group_permissions")
        .values({ group_id: group.id, permission_id: permission.id })
        .execute();
    }
    await tx
      .insertInto("tokens")
      .values({ key: token, user_id: user.id, csrf, created_at: now, last_used_at: now })
      .execute();
    return user.id;
  });
  return { id, token, csrf };
}
