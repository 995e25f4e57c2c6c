import { sql } from "kysely";
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operatorCodenames, visitorCodenames } from "../../platform/auth/catalog.js";
import { hashPasswordSync } from "../../platform/auth/passwords.js";
import type { PlatformContext } from "../../platform/context.js";
import {
  apiCall,
  authHeaders,
  startPlatform,
  createUserWithToken,
  type TestPlatform,
} from "../helpers/platform.js";
import { rows, run, value } from "../helpers/sql.js";

/**
 * The account rule (docs/security.md, "Permission model") as a matrix: every actor against
 * every action, through the API and the CSV import. Each actor gets a platform of its own
 * with the same fixtures; the cases of one actor run in order on it. Every refusal must
 * leave the accounts exactly as they were.
 */

type Actor = "su" | "am" | "um" | "gm" | "op" | "vi";
const ACTORS: Actor[] = ["su", "am", "um", "gm", "op", "vi"];
type Expect = Record<Actor, number>;

const USER_CRUD = [
  "auth__user__create",
  "auth__user__read",
  "auth__user__update",
  "auth__user__delete",
];
const GROUP_CRUD = [
  "auth__group__create",
  "auth__group__read",
  "auth__group__update",
  "auth__group__delete",
];

interface World {
  p: TestPlatform;
  me: { id: number; token: string; csrf: string };
  /** The actor's own group (their rights), or the admin group for the superuser. */
  ownGroup: number;
  adminGroup: number;
  operatorsGroup: number;
  /** A second superuser and a second admin-group member, without tokens: protected targets. */
  su2: number;
  adm2: number;
  /** Groups without members: one empty, one holding auth__group__read. */
  spareGroup: number;
  heldGroup: number;
}

async function tokenFor(ctx: PlatformContext, userId: number) {
  const token = crypto.randomBytes(20).toString("hex");
  const csrf = crypto.randomBytes(16).toString("hex");
  const now = Date.now();
  await run(
    ctx,
    sql`INSERT INTO tokens (key, user_id, csrf, created_at, last_used_at) VALUES (${token}, ${userId}, ${csrf}, ${now}, ${now})`,
  );
  return { id: userId, token, csrf };
}

async function addUser(
  ctx: PlatformContext,
  username: string,
  opts: { superuser?: boolean; group?: number } = {},
) {
  const hash = hashPasswordSync("pass-" + username);
  const id = await value<number>(
    ctx,
    sql`INSERT INTO users (username, email, password_hash, is_superuser)
        VALUES (${username}, ${`${username}@example.com`}, ${hash}, ${opts.superuser ? 1 : 0}) RETURNING id`,
  );
  if (opts.group)
    await run(ctx, sql`INSERT INTO user_groups (user_id, group_id) VALUES (${id}, ${opts.group})`);
  return id;
}

async function addGroup(ctx: PlatformContext, name: string, codenames: string[] = []) {
  const id = await value<number>(ctx, sql`INSERT INTO groups (name) VALUES (${name}) RETURNING id`);
  for (const c of codenames) {
    await run(
      ctx,
      sql`INSERT INTO group_permissions (group_id, permission_id) SELECT CAST(${id} AS integer), id FROM permissions WHERE codename = ${c}`,
    );
  }
  return id;
}

async function world(actor: Actor): Promise<World> {
  const p = await startPlatform();
  const ctx = p.ctx;
  const groupId = (name: string) =>
    value<number>(ctx, sql`SELECT id FROM groups WHERE name = ${name}`);
  const adminGroup = await groupId("管理员");
  const su2 = await addUser(ctx, "root2", { superuser: true });
  const adm2 = await addUser(ctx, "adm2", { group: adminGroup });
  const spareGroup = await addGroup(ctx, "spare");
  const heldGroup = await addGroup(ctx, "held", ["auth__group__read"]);
  let me: World["me"];
  let ownGroup: number;
  if (actor === "su") {
    me = await tokenFor(ctx, 1);
    ownGroup = adminGroup;
  } else if (actor === "am") {
    me = await tokenFor(ctx, await addUser(ctx, "am", { group: adminGroup }));
    ownGroup = adminGroup;
  } else {
    const codenames = {
      um: USER_CRUD,
      gm: [...GROUP_CRUD, "auth__user__read"],
      op: operatorCodenames,
      vi: visitorCodenames,
    }[actor];
    me = await createUserWithToken(ctx, actor, codenames);
    ownGroup = await groupId(`g-${actor}`);
  }
  return {
    p,
    me,
    ownGroup,
    adminGroup,
    operatorsGroup: await groupId("运维人员"),
    su2,
    adm2,
    spareGroup,
    heldGroup,
  };
}

const call = (w: World, method: string, path: string, body?: unknown) =>
  apiCall(w.p.api, w.me, method, path, body);

async function upload(w: World, csv: string) {
  const form = new FormData();
  form.append("file", new Blob([csv]), "users.csv");
  const res = await fetch(`${w.p.api}/common/users/upload/`, {
    method: "POST",
    headers: authHeaders(w.me, false),
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

/** Everything the rule protects, to compare before and after a refusal. */
async function accounts(ctx: PlatformContext) {
  const all = async (query: Parameters<typeof rows>[1]) => JSON.stringify(await rows(ctx, query));
  return [
    await all(
      sql`SELECT id, username, email, is_active, is_superuser, password_hash FROM users ORDER BY id`,
    ),
    await all(sql`SELECT id, name FROM groups ORDER BY id`),
    await all(sql`SELECT * FROM user_groups ORDER BY user_id, group_id`),
    await all(sql`SELECT * FROM group_permissions ORDER BY group_id, permission_id`),
  ].join("\n");
}

/** The first column of each row. */
const column = async <T>(w: World, query: Parameters<typeof rows>[1]) =>
  (await rows(w.p.ctx, query)).map((r) => Object.values(r as object)[0] as T);
const groupsOf = (w: World, userId: number) =>
  column<number>(
    w,
    sql`SELECT group_id FROM user_groups WHERE user_id = ${userId} ORDER BY group_id`,
  );
const membersOf = (w: World, groupId: number) =>
  column<number>(
    w,
    sql`SELECT user_id FROM user_groups WHERE group_id = ${groupId} ORDER BY user_id`,
  );
const codenamesOf = (w: World, groupId: number) =>
  column<string>(
    w,
    sql`SELECT p.codename FROM group_permissions gp JOIN permissions p ON p.id = gp.permission_id WHERE gp.group_id = ${groupId}`,
  );

/** The request, with its arguments worked out now (fixtures made) and sent later. */
const later =
  <A extends unknown[], R>(fn: (w: World, ...args: A) => Promise<R>, w: World, ...args: A) =>
  () =>
    fn(w, ...args);

let seq = 0;
const plainUser = (w: World) => addUser(w.p.ctx, `plain${++seq}`);

interface Case {
  name: string;
  expect: Expect;
  /** Sets up what the case needs, then returns the request to make. */
  run: (
    w: World,
  ) => Promise<() => Promise<{ status: number; body: { code?: string; detail?: string } | null }>>;
}

const all = (status: number, overrides: Partial<Expect> = {}): Expect => ({
  su: status,
  am: status,
  um: status,
  gm: status,
  op: status,
  vi: status,
  ...overrides,
});

/** Run in this order on each actor's platform (later cases see what earlier ones allowed). */
const cases: Case[] = [
  {
    name: "put a user into the admin group (users.groups)",
    expect: all(403, { su: 200, am: 200 }),
    run: async (w) =>
      later(call, w, "PATCH", `/common/users/${await plainUser(w)}/`, { groups: [w.adminGroup] }),
  },
  {
    name: "join a group oneself (users.groups of one's own record)",
    expect: all(403, { su: 200 }),
    run: async (w) =>
      later(call, w, "PATCH", `/common/users/${w.me.id}/`, {
        groups: [...(await groupsOf(w, w.me.id)), w.operatorsGroup],
      }),
  },
  {
    name: "create a user in the admin group",
    expect: all(403, { su: 201, am: 201 }),
    run: async (w) =>
      later(call, w, "POST", "/common/users/", {
        username: `new${++seq}`,
        password: "long-enough-1",
        groups: [w.adminGroup],
      }),
  },
  {
    name: "create a user without groups (control)",
    expect: all(403, { su: 201, am: 201, um: 201 }),
    run: async (w) =>
      later(call, w, "POST", "/common/users/", {
        username: `new${++seq}`,
        password: "long-enough-1",
        groups: [],
      }),
  },
  {
    name: "edit a plain user's e-mail (control)",
    expect: all(403, { su: 200, am: 200, um: 200 }),
    run: async (w) =>
      later(call, w, "PATCH", `/common/users/${await plainUser(w)}/`, {
        email: "changed@example.com",
      }),
  },
  {
    name: "reset a superuser's password",
    expect: all(403, { su: 200, am: 200 }),
    run: async (w) =>
      later(call, w, "POST", `/common/users/${w.su2}/reset_password/`, {
        new_password: "taken-over-1",
      }),
  },
  {
    name: "reset an admin-group member's password",
    expect: all(403, { su: 200, am: 200 }),
    run: async (w) =>
      later(call, w, "POST", `/common/users/${w.adm2}/reset_password/`, {
        new_password: "taken-over-1",
      }),
  },
  {
    name: "edit an admin-group member",
    expect: all(403, { su: 200, am: 200 }),
    run: async (w) =>
      later(call, w, "PATCH", `/common/users/${w.adm2}/`, { email: "adm2-new@example.com" }),
  },
  {
    name: "disable a superuser while another stays",
    expect: all(403, { su: 200, am: 200 }),
    run: async (w) => later(call, w, "PATCH", `/common/users/${w.su2}/`, { is_active: 0 }),
  },
  {
    name: "delete a superuser while another stays",
    expect: all(403, { su: 204, am: 204 }),
    run: async (w) => later(call, w, "DELETE", `/common/users/${w.su2}/`),
  },
  {
    name: "delete the last active superuser",
    // The superuser itself: deleting one's own account is refused first (400).
    expect: all(403, { su: 400 }),
    run: async (w) => later(call, w, "DELETE", "/common/users/1/"),
  },
  {
    name: "disable the last active superuser",
    expect: all(403),
    run: async (w) => later(call, w, "PATCH", "/common/users/1/", { is_active: 0 }),
  },
  {
    name: "disable oneself",
    expect: all(403),
    run: async (w) => later(call, w, "PATCH", `/common/users/${w.me.id}/`, { is_active: 0 }),
  },
  {
    name: "give a group the admin codename",
    expect: all(403, { su: 200, am: 200 }),
    run: async (w) =>
      later(call, w, "PATCH", `/common/groups/${w.spareGroup}/`, { permissions: ["admin"] }),
  },
  {
    name: "widen the permissions of one's own group",
    expect: all(403, { su: 200 }),
    run: async (w) =>
      later(call, w, "PATCH", `/common/groups/${w.ownGroup}/`, {
        permissions: [...(await codenamesOf(w, w.ownGroup)), "data__triple__read"],
      }),
  },
  {
    name: "join the admin group (groups.members)",
    // The superuser and the admin-group member are in it already: nothing changes.
    expect: all(403, { su: 200, am: 200 }),
    run: async (w) =>
      later(call, w, "PATCH", `/common/groups/${w.adminGroup}/`, {
        members: [...new Set([...(await membersOf(w, w.adminGroup)), w.me.id])],
        // The admin-group member is in it already: it is asked to join another member's group below.
      }),
  },
  {
    name: "join the operators group (groups.members)",
    expect: all(403, { su: 200 }),
    run: async (w) =>
      later(call, w, "PATCH", `/common/groups/${w.operatorsGroup}/`, {
        members: [...new Set([...(await membersOf(w, w.operatorsGroup)), w.me.id])],
      }),
  },
  {
    name: "grant a codename one holds",
    expect: all(403, { su: 200, am: 200, gm: 200 }),
    run: async (w) =>
      later(call, w, "PATCH", `/common/groups/${w.heldGroup}/`, {
        permissions: ["auth__group__read", "auth__group__update"],
      }),
  },
  {
    name: "grant a codename one does not hold",
    expect: all(403, { su: 200, am: 200 }),
    run: async (w) =>
      later(call, w, "PATCH", `/common/groups/${w.heldGroup}/`, {
        permissions: [...(await codenamesOf(w, w.heldGroup)), "data__triple__delete"],
      }),
  },
  {
    name: "add a plain user to a group whose rights one holds",
    expect: all(403, { su: 200, am: 200, gm: 200 }),
    run: async (w) =>
      later(
        call,
        w,
        "PATCH",
        `/common/groups/${await addGroup(w.p.ctx, `g${++seq}`, ["auth__group__read"])}/`,
        {
          members: [await plainUser(w)],
        },
      ),
  },
  {
    name: "add an admin-group member to another group",
    expect: all(403, { su: 200, am: 200 }),
    run: async (w) => {
      const g = await addGroup(w.p.ctx, `g${++seq}`, ["auth__group__read"]);
      return later(call, w, "PATCH", `/common/groups/${g}/`, { members: [w.adm2] });
    },
  },
  {
    name: "create a group holding admin",
    expect: all(403, { su: 201, am: 201 }),
    run: async (w) =>
      later(call, w, "POST", "/common/groups/", {
        name: `ag${++seq}`,
        permissions: ["admin"],
        members: [],
      }),
  },
  {
    name: "delete the admin group",
    expect: all(403),
    run: async (w) => later(call, w, "DELETE", `/common/groups/${w.adminGroup}/`),
  },
  {
    name: "empty the admin group",
    expect: all(403),
    run: async (w) => later(call, w, "PATCH", `/common/groups/${w.adminGroup}/`, { members: [] }),
  },
  {
    name: "take admin from the only admin group with members",
    expect: all(403),
    run: async (w) =>
      later(call, w, "PATCH", `/common/groups/${w.adminGroup}/`, { permissions: [] }),
  },
  {
    name: "bulk-delete users, one of them protected",
    expect: all(403, { su: 200, am: 200 }),
    run: async (w) =>
      later(call, w, "DELETE", `/common/users/?id__in=${await plainUser(w)},${w.adm2}`),
  },
  {
    name: "CSV import: a new row in the admin group (by name)",
    expect: all(403, { su: 200, am: 200 }),
    run: async (w) =>
      later(upload, w, `username,password,groups,is_active\ncsv${++seq},long-enough-1,管理员,1\n`),
  },
  {
    name: "CSV import: an update row putting a user in the admin group (by id)",
    expect: all(403, { su: 200, am: 200 }),
    run: async (w) =>
      later(
        upload,
        w,
        `id,username,groups,is_active\n${await plainUser(w)},upd${++seq},${w.adminGroup},1\n`,
      ),
  },
  {
    name: "CSV import: an update row of the superuser",
    expect: all(403, { su: 200, am: 200 }),
    run: async (w) => later(upload, w, `id,username,email,is_active\n1,admin,root@example.com,1\n`),
  },
  {
    name: "CSV import: an update row adding oneself to a group",
    expect: all(403, { su: 200 }),
    run: async (w) =>
      later(
        upload,
        w,
        `id,username,groups,is_active\n${w.me.id},${await value(w.p.ctx, sql`SELECT username FROM users WHERE id = ${w.me.id}`)},"${[
          ...(await groupsOf(w, w.me.id)),
          w.operatorsGroup,
        ].join(",")}",1\n`,
      ),
  },
];

describe("the account rule: actor × action × path", () => {
  for (const actor of ACTORS) {
    describe(`as ${actor}`, () => {
      let w: World;
      beforeAll(async () => {
        w = await world(actor);
      });
      afterAll(() => w.p.close());

      for (const c of cases) {
        it(`${c.name} → ${c.expect[actor]}`, async () => {
          const request = await c.run(w);
          const before = await accounts(w.p.ctx);
          const r = await request();
          expect(r.status, JSON.stringify(r.body)).toBe(c.expect[actor]);
          if (r.status >= 400) {
            expect(await accounts(w.p.ctx)).toBe(before);
            expect(typeof r.body?.detail).toBe("string");
          }
        });
      }
    });
  }
});

describe("the account rule: what a refusal says and keeps", () => {
  let w: World;
  beforeAll(async () => {
    w = await world("um");
  });
  afterAll(() => w.p.close());

  it("names the admin-only grant and changes nothing", async () => {
    const target = await plainUser(w);
    const before = await accounts(w.p.ctx);
    const r = await call(w, "PATCH", `/common/users/${target}/`, {
      groups: [w.adminGroup],
      email: "x@example.com",
    });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: "admin_only" });
    expect(r.body.detail).toContain("管理员");
    expect(await accounts(w.p.ctx)).toBe(before);
  });

  it("refuses a whole CSV import for one row and names the row", async () => {
    const before = await accounts(w.p.ctx);
    const r = await upload(
      w,
      `username,password,groups,is_active\nok1,long-enough-1,,1\nbad1,long-enough-1,管理员,1\n`,
    );
    expect(r.status).toBe(403);
    expect(r.body.detail).toMatch(/^第 3 行：/);
    expect(await accounts(w.p.ctx)).toBe(before);
  });

  it("refuses a dry run the same way", async () => {
    const r = await upload(w, `username,password,groups,is_active\nbad2,long-enough-1,管理员,1\n`);
    expect(r.status).toBe(403);
  });

  it("lets a user manager take over nothing: the superuser's password still works", async () => {
    const superuserHash = () => value(w.p.ctx, sql`SELECT password_hash FROM users WHERE id = 1`);
    const hash = await superuserHash();
    const r = await call(w, "POST", "/common/users/1/reset_password/", {
      new_password: "taken-over-1",
    });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe("protected_account");
    expect(await superuserHash()).toBe(hash);
  });
});
