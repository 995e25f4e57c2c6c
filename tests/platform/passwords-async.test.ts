import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword, hashPasswordSync, verifyPassword } from "../../platform/auth/passwords.js";
import { MAX_FAILURES_PER_ACCOUNT } from "../../platform/auth/throttle.js";
import {
  apiCall,
  authHeaders,
  startPlatform,
  createUserWithToken,
  type TestPlatform,
} from "../helpers/platform.js";
import { sql } from "kysely";
import { run, value } from "../helpers/sql.js";

type Token = { token: string; csrf: string };

describe("password hashing off the event loop", () => {
  let p: TestPlatform;
  let admin: Token;

  const call = (t: Token, method: string, path: string, body?: unknown) =>
    apiCall(p.api, t, method, path, body);

  async function upload(t: Token, csv: string) {
    const form = new FormData();
    form.append("file", new Blob([csv]), "users.csv");
    const res = await fetch(`${p.api}/common/users/upload/`, {
      method: "POST",
      headers: authHeaders(t, false),
      body: form,
    });
    return { status: res.status, body: await res.json() };
  }

  const login = (username: string, password: string, address: string) =>
    fetch(`${p.api}/common/users/login/`, {
      method: "POST",
      headers: {
        Cookie: "csrftoken=anon-csrf-1",
        "X-CSRFToken": "anon-csrf-1",
        "Content-Type": "application/json",
        "X-Forwarded-For": address,
      },
      body: JSON.stringify({ username, password }),
    }).then(async (r) => ({ status: r.status, body: await r.json() }));

  const hashOf = (username: string) =>
    value<string | undefined>(
      p.ctx,
      sql`SELECT password_hash FROM users WHERE username = ${username}`,
    );

  beforeAll(async () => {
    p = await startPlatform();
    admin = await createUserWithToken(p.ctx, "pw-admin", ["admin"]);
  });
  afterAll(() => p.close());

  it("keeps the stored format: hashes made by the old synchronous code verify, wrong or malformed ones do not", async () => {
    const old = hashPasswordSync("Old-pass-2023");
    expect(old).toMatch(/^scrypt\$16384\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword("Old-pass-2023", old)).toBe(true);
    expect(await verifyPassword("old-pass-2023", old)).toBe(false);
    const fresh = await hashPassword("New-pass-2024");
    expect(fresh).not.toBe(await hashPassword("New-pass-2024"));
    expect(await verifyPassword("New-pass-2024", fresh)).toBe(true);
    expect(await verifyPassword("New-pass-2024", "argon2$x$y$z")).toBe(false);
    expect(await verifyPassword("New-pass-2024", "scrypt$abc$c2FsdA==$aGFzaA==")).toBe(false);
  });

  it("lets the event loop turn while a hash is computed", async () => {
    let settled = false;
    const hashing = hashPassword("Some-pass-1").then(() => (settled = true));
    await new Promise((r) => setImmediate(r));
    expect(settled).toBe(false);
    await hashing;
  });

  it("answers a read while sixteen users are being created, and every created password verifies", async () => {
    const finished: string[] = [];
    const creates = Array.from({ length: 16 }, (_, i) =>
      call(admin, "POST", "/common/users/", {
        username: `mixed${i}`,
        password: `Mixed-pass-${i}`,
        is_active: 1,
      }).then((r) => {
        finished.push("create");
        return r;
      }),
    );
    const read = call(admin, "GET", "/common/users/?page=1").then((r) => {
      finished.push("read");
      return r;
    });
    const [readAnswer, ...created] = await Promise.all([read, ...creates]);
    expect(readAnswer.status).toBe(200);
    expect(created.map((r) => r.status)).toEqual(Array(16).fill(201));
    // Sixteen hashes take at least 4 × 40 ms on the pool; the read did not wait for them all.
    expect(finished.indexOf("read")).toBeLessThan(16);
    expect(await verifyPassword("Mixed-pass-7", (await hashOf("mixed7"))!)).toBe(true);
  });

  it("logs in, changes and resets passwords through the asynchronous hash", async () => {
    expect((await login("mixed1", "Mixed-pass-1", "10.9.0.1")).status).toBe(200);
    const own = await createUserWithToken(p.ctx, "pw-changer", [], "First-pass-1");
    await run(p.ctx, sql`UPDATE users SET need_init_password = 0 WHERE id = ${own.id}`);
    const changed = await call(own, "PATCH", "/common/users/password/", {
      old_password: "First-pass-1",
      new_password: "Second-pass-2",
      confirm_password: "Second-pass-2",
    });
    expect(changed.status).toBe(200);
    expect(await verifyPassword("Second-pass-2", (await hashOf("pw-changer"))!)).toBe(true);
    expect(
      (await call(own, "POST", "/common/users/valid/", { password: "Second-pass-2" })).body,
    ).toEqual({ valid: true });

    const reset = await call(admin, "POST", `/common/users/${own.id}/reset_password/`, {
      new_password: "Third-pass-3",
    });
    expect(reset.status).toBe(200);
    expect(await verifyPassword("Third-pass-3", (await hashOf("pw-changer"))!)).toBe(true);
  });

  it("judges guesses sent together as of when each was checked: no more wrong answers than the throttle allows", async () => {
    await createUserWithToken(p.ctx, "pw-target", [], "Right-pass-9");
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login("pw-target", `wrong-guess-${i}`, `10.8.0.${i}`)),
    );
    const wrong = guesses.filter((g) => g.status === 400);
    const refused = guesses.filter((g) => g.status === 429);
    expect(wrong.length).toBeLessThanOrEqual(MAX_FAILURES_PER_ACCOUNT);
    expect(wrong.length + refused.length).toBe(12);
    expect(refused[0]?.body.code).toBe("throttled");
    // The account is closed now, even to its own password.
    expect((await login("pw-target", "Right-pass-9", "10.8.1.1")).status).toBe(429);
  });

  it("imports users with passwords: all hashed before the one transaction, or none written", async () => {
    const rows = Array.from({ length: 24 }, (_, i) => `csv${i},Csv-pass-${i},1`);
    const bad = await upload(
      admin,
      ["username,password,is_active", ...rows, "csv-short,short,1"].join("\n"),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { row: 26, field: "password", message: "密码长度不能少于8位" },
    ]);
    expect(await hashOf("csv0")).toBeUndefined();

    const finished: string[] = [];
    const importing = upload(admin, ["username,password,is_active", ...rows].join("\n")).then(
      (r) => {
        finished.push("import");
        return r;
      },
    );
    const read = call(admin, "GET", "/common/users/?page=1").then((r) => {
      finished.push("read");
      return r;
    });
    const [imported, readAnswer] = await Promise.all([importing, read]);
    expect(imported).toMatchObject({ status: 200, body: { created: 24, updated: 0, errors: [] } });
    expect(readAnswer.status).toBe(200);
    // 24 hashes take about a second (40 ms each, at most cores − 1 at once): the read was answered meanwhile.
    expect(finished).toEqual(["read", "import"]);
    expect(await verifyPassword("Csv-pass-23", (await hashOf("csv23"))!)).toBe(true);
  });
});
