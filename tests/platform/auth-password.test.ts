import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authHeaders,
  startPlatform,
  createUserWithToken,
  type TestPlatform,
} from "../helpers/platform.js";
import { sql } from "kysely";
import { run, value } from "../helpers/sql.js";

const anon = { Cookie: "csrftoken=c1", "X-CSRFToken": "c1", "Content-Type": "application/json" };

async function send(
  p: TestPlatform,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
) {
  const res = await fetch(`${p.api}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe("first start without ADMIN_PASSWORD: forced first-time password", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform({ adminPassword: undefined });
  });
  afterAll(() => p.close());

  it("sets a new password without the old one, keeps the token live, then logs in with it", async () => {
    const first = await send(p, "POST", "/common/users/login/", anon, {
      username: "admin",
      password: "admin",
    });
    expect(first.body).toMatchObject({ need_init_password: true });
    const session = { token: first.body.token, csrf: first.body.csrf_token };
    const before = await send(p, "GET", "/common/users/info/", authHeaders(session));
    expect(before.body.profile.need_init_password).toBe(true);
    expect(before.body.is_superuser).toBe(true);

    const weak = await send(p, "PATCH", "/common/users/password/", authHeaders(session), {
      new_password: "short1",
      confirm_password: "short1",
    });
    expect(weak).toMatchObject({ status: 400, body: { detail: "密码至少8位，且包含字母和数字" } });

    const same = await send(p, "PATCH", "/common/users/password/", authHeaders(session), {
      new_password: "admin",
      confirm_password: "admin",
    });
    expect(same.status).toBe(400);

    const set = await send(p, "PATCH", "/common/users/password/", authHeaders(session), {
      new_password: "brand-new-9",
      confirm_password: "brand-new-9",
    });
    expect(set).toEqual({ status: 200, body: { detail: "密码修改成功" } });

    const after = await send(p, "GET", "/common/users/info/", authHeaders(session));
    expect(after.status).toBe(200);
    expect(after.body.profile.need_init_password).toBe(false);
    const relogin = await send(p, "POST", "/common/users/login/", anon, {
      username: "admin",
      password: "brand-new-9",
    });
    expect(relogin.body).toMatchObject({ need_init_password: false, password_expired: false });
  });
});

describe("ordinary password change", () => {
  let p: TestPlatform;
  let u: { id: number; token: string; csrf: string };
  const change = (body: Record<string, string>) =>
    send(p, "PATCH", "/common/users/password/", authHeaders(u), body);
  beforeAll(async () => {
    p = await startPlatform();
    u = await createUserWithToken(p.ctx, "changer", [], "old-pass-1");
  });
  afterAll(() => p.close());

  it("requires the old password", async () => {
    const res = await change({
      new_password: "another-pass-2",
      confirm_password: "another-pass-2",
    });
    expect(res).toMatchObject({
      status: 400,
      body: { code: "required", fields: ["old_password"] },
    });
  });

  it("refuses a wrong old password, a mismatch, a weak or unchanged password, each with its message", async () => {
    const cases: [Record<string, string>, string][] = [
      [
        {
          old_password: "wrong",
          new_password: "another-pass-2",
          confirm_password: "another-pass-2",
        },
        "原密码错误",
      ],
      [
        {
          old_password: "old-pass-1",
          new_password: "another-pass-2",
          confirm_password: "another-pass-3",
        },
        "两次输入的密码不一致",
      ],
      [
        {
          old_password: "old-pass-1",
          new_password: "lettersonly",
          confirm_password: "lettersonly",
        },
        "密码至少8位，且包含字母和数字",
      ],
      [
        { old_password: "old-pass-1", new_password: "12345678", confirm_password: "12345678" },
        "密码至少8位，且包含字母和数字",
      ],
      [
        { old_password: "old-pass-1", new_password: "old-pass-1", confirm_password: "old-pass-1" },
        "新密码不能与原密码相同",
      ],
    ];
    const hash = () => value(p.ctx, sql`SELECT password_hash FROM users WHERE id = ${u.id}`);
    const hashBefore = await hash();
    for (const [body, detail] of cases) {
      const res = await change(body);
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe(detail);
    }
    expect(await hash()).toBe(hashBefore);
  });

  it("changes it, records when, and keeps the current token", async () => {
    await run(
      p.ctx,
      sql`UPDATE users SET password_changed_at = '2020-01-01T00:00:00.000Z' WHERE id = ${u.id}`,
    );
    const res = await change({
      old_password: "old-pass-1",
      new_password: "another-pass-2",
      confirm_password: "another-pass-2",
    });
    expect(res.status).toBe(200);
    const changedAt = await value<string>(
      p.ctx,
      sql`SELECT password_changed_at FROM users WHERE id = ${u.id}`,
    );
    expect(Date.now() - Date.parse(changedAt)).toBeLessThan(60_000);
    const infoRes = await send(p, "GET", "/common/users/info/", authHeaders(u));
    expect(infoRes.body.profile.password_expired).toBe(false);
    const ok = await send(p, "POST", "/common/users/login/", anon, {
      username: "changer",
      password: "another-pass-2",
    });
    expect(ok.status).toBe(200);
  });
});
