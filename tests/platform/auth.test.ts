import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authHeaders,
  startPlatform,
  createUserWithToken,
  type TestPlatform,
} from "../helpers/platform.js";
import { sql } from "kysely";
import { one, run, value } from "../helpers/sql.js";

/** The double-submit pair an anonymous client sends on writes (cookie + echoing header). */
const anon = (address = "10.0.0.1") => ({
  Cookie: "csrftoken=anon-csrf-1",
  "X-CSRFToken": "anon-csrf-1",
  "Content-Type": "application/json",
  "X-Forwarded-For": address,
});

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

const login = (p: TestPlatform, body: Record<string, unknown>, address?: string) =>
  send(p, "POST", "/common/users/login/", anon(address), body);

const info = (p: TestPlatform, token: string) =>
  send(p, "GET", "/common/users/info/", { Authorization: `Token ${token}` });

describe("login, sessions and user info", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform();
  });
  afterAll(() => p.close());

  it("logs the seeded admin in with ADMIN_PASSWORD and a trimmed username", async () => {
    const res = await login(p, {
      username: "  admin ",
      password: "admin-pass-1",
      captcha_id: "",
      captcha: "",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ need_init_password: false, password_expired: false });
    expect(res.body.token).toMatch(/^[0-9a-f]{40}$/);
    expect(res.body.csrf_token).toMatch(/^[0-9a-f]{32}$/);
    const row = await one<{ id: number; last_login: string | null }>(
      p.ctx,
      sql`SELECT id, last_login FROM users WHERE username = 'admin'`,
    );
    if (!row) throw new Error("no admin");
    expect(res.body.user_id).toBe(row.id);
    expect(row.last_login).toBeTruthy();
  });

  it("answers a wrong password and an unknown user with the same message", async () => {
    const wrong = await login(p, { username: "admin", password: "nope" }, "10.1.0.1");
    const unknown = await login(p, { username: "ghost", password: "nope" }, "10.1.0.1");
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ detail: "用户名或密码错误", code: "invalid_credentials" });
    }
  });

  it("lists every missing field in one 400", async () => {
    const res = await login(p, { username: "   " });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "required", fields: ["username", "password"] });
    expect(res.body.detail).toBe("缺少必填字段：username、password");
  });

  it("refuses a disabled user after checking the password", async () => {
    await createUserWithToken(p.ctx, "sleeper", []);
    await run(p.ctx, sql`UPDATE users SET is_active = 0 WHERE username = 'sleeper'`);
    const res = await login(p, { username: "sleeper", password: "pass-sleeper" });
    expect(res).toMatchObject({
      status: 400,
      body: { detail: "用户已被禁用", code: "user_inactive" },
    });
  });

  it("ends the previous token when the same user logs in again", async () => {
    await createUserWithToken(p.ctx, "twice", []);
    const first = await login(p, { username: "twice", password: "pass-twice" });
    const second = await login(p, { username: "twice", password: "pass-twice" });
    expect((await info(p, second.body.token)).status).toBe(200);
    const old = await info(p, first.body.token);
    expect(old).toMatchObject({ status: 401, body: { code: "token_replaced" } });
    expect(old.body.detail).toBe("登录超时或已在其他终端登录，请重新登录！");
  });

  it("ends a token idle for longer than the limit", async () => {
    const u = await createUserWithToken(p.ctx, "idler", []);
    await run(
      p.ctx,
      sql`UPDATE tokens SET last_used_at = ${Date.now() - 16 * 60_000} WHERE key = ${u.token}`,
    );
    const res = await info(p, u.token);
    expect(res).toMatchObject({
      status: 401,
      body: { code: "token_expired", detail: "15分钟未操作或已在其他终端登录，请重新登录！" },
    });
    expect(await value(p.ctx, sql`SELECT ended_reason FROM tokens WHERE key = ${u.token}`)).toBe(
      "expired",
    );
  });

  it("says why there is no user: no token, unknown token", async () => {
    const none = await send(p, "GET", "/common/users/info/", {});
    expect(none).toMatchObject({
      status: 401,
      body: { code: "not_authenticated", detail: "身份认证信息未提供。" },
    });
    expect((await info(p, "f".repeat(40))).body.code).toBe("token_invalid");
  });

  it("logs out: the token ends and later calls get 401 token_logged_out", async () => {
    const u = await createUserWithToken(p.ctx, "leaver", []);
    const res = await send(p, "POST", "/common/users/logout/", authHeaders(u));
    expect(res).toEqual({ status: 200, body: { detail: "已退出登录" } });
    expect((await info(p, u.token)).body.code).toBe("token_logged_out");
  });

  it("describes the user with groups, permissions and password state", async () => {
    const u = await createUserWithToken(p.ctx, "reader", ["auth__user__read", "kg__graph__read"]);
    const res = await info(p, u.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: u.id,
      username: "reader",
      email: "reader@example.com",
      avatar: "",
      introduction: "",
      is_superuser: false,
      profile: { need_init_password: false, password_expired: false },
    });
    expect(res.body.groups).toHaveLength(1);
    expect(res.body.groups[0]).toMatchObject({ name: "g-reader" });
    expect(res.body.groups[0].permissions.map((x: any) => x.codename).sort()).toEqual([
      "auth__user__read",
      "kg__graph__read",
    ]);
    expect(Object.keys(res.body.groups[0].permissions[0]).sort()).toEqual([
      "codename",
      "id",
      "name",
    ]);
  });

  it("reports password_expired once the password is older than the limit", async () => {
    const u = await createUserWithToken(p.ctx, "oldpw", []);
    const longAgo = new Date(Date.now() - 91 * 24 * 3600_000).toISOString();
    await run(p.ctx, sql`UPDATE users SET password_changed_at = ${longAgo} WHERE id = ${u.id}`);
    expect((await info(p, u.token)).body.profile).toEqual({
      need_init_password: false,
      password_expired: true,
    });
    const res = await login(p, { username: "oldpw", password: "pass-oldpw" });
    expect(res.body.password_expired).toBe(true);
  });

  it("re-confirms the current password with users/valid", async () => {
    const u = await createUserWithToken(p.ctx, "confirmer", []);
    const ok = await send(p, "POST", "/common/users/valid/", authHeaders(u), {
      password: "pass-confirmer",
    });
    expect(ok).toEqual({ status: 200, body: { valid: true } });
    const bad = await send(p, "POST", "/common/users/valid/", authHeaders(u), {
      password: "wrong",
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { detail: "密码错误", code: "password_invalid" },
    });
    const anonymous = await send(p, "POST", "/common/users/valid/", anon(), { password: "x" });
    expect(anonymous.status).toBe(401);
  });
});

describe("login throttling", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform();
  });
  afterAll(() => p.close());

  it("refuses an account after 5 failures in 15 minutes, even with the right password", async () => {
    await createUserWithToken(p.ctx, "target", []);
    for (let i = 0; i < 5; i++) {
      expect((await login(p, { username: "target", password: "bad" }, `10.2.0.${i}`)).status).toBe(
        400,
      );
    }
    const res = await login(p, { username: "TARGET", password: "pass-target" }, "10.2.1.1");
    expect(res).toEqual({
      status: 429,
      body: { detail: "登录失败次数过多，请15分钟后再试", code: "throttled" },
    });
  });

  it("lets the account in again once the failures are older than 15 minutes", async () => {
    await run(p.ctx, sql`UPDATE login_failures SET at = at - 16 * 60000`);
    expect(
      (await login(p, { username: "target", password: "pass-target" }, "10.2.1.1")).status,
    ).toBe(200);
  });

  it("refuses an address after 20 failures, whatever the account", async () => {
    await createUserWithToken(p.ctx, "bystander", []);
    for (let i = 0; i < 19; i++)
      await run(
        p.ctx,
        sql`INSERT INTO login_failures (key, at) VALUES ('address:10.3.0.1', ${Date.now()})`,
      );
    expect((await login(p, { username: "someone", password: "bad" }, "10.3.0.1")).status).toBe(400);
    const refused = await login(
      p,
      { username: "bystander", password: "pass-bystander" },
      "10.3.0.1",
    );
    expect(refused.status).toBe(429);
    const elsewhere = await login(
      p,
      { username: "bystander", password: "pass-bystander" },
      "10.3.0.2",
    );
    expect(elsewhere.status).toBe(200);
  });
});

describe("captcha", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform({ captcha: true });
  });
  afterAll(() => p.close());

  const newCaptcha = async () => {
    const res = await send(p, "GET", "/common/users/captcha/", {});
    expect(res.status).toBe(200);
    const answer = await value<string>(
      p.ctx,
      sql`SELECT answer FROM captchas WHERE id = ${res.body.captcha_id}`,
    );
    return { captcha_id: res.body.captcha_id as string, image: res.body.image as string, answer };
  };

  it("serves a 4-character SVG image captcha", async () => {
    const c = await newCaptcha();
    expect(c.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(c.image.split(",")[1], "base64").toString()).toMatch(/^<svg/);
    expect(c.answer).toMatch(/^[a-z0-9]{4}$/i);
    expect(c.answer).not.toMatch(/[0o1il]/);
  });

  it("requires captcha fields when the captcha is on", async () => {
    const res = await login(p, { username: "admin", password: "admin-pass-1" });
    expect(res.body.fields).toEqual(["captcha_id", "captcha"]);
  });

  it("refuses a wrong answer, then refuses the right answer to the used captcha", async () => {
    const c = await newCaptcha();
    const base = { username: "admin", password: "admin-pass-1", captcha_id: c.captcha_id };
    const wrong = await login(p, { ...base, captcha: "zzzz" });
    expect(wrong).toEqual({ status: 400, body: { detail: "验证码错误", code: "captcha_invalid" } });
    const reused = await login(p, { ...base, captcha: c.answer });
    expect(reused.body.code).toBe("captcha_invalid");
  });

  it("accepts the right answer in any case, once", async () => {
    const c = await newCaptcha();
    const body = {
      username: "admin",
      password: "admin-pass-1",
      captcha_id: c.captcha_id,
      captcha: c.answer.toUpperCase(),
    };
    expect((await login(p, body)).status).toBe(200);
    expect((await login(p, body)).body.code).toBe("captcha_invalid");
  });

  it("refuses an expired captcha", async () => {
    const c = await newCaptcha();
    await run(
      p.ctx,
      sql`UPDATE captchas SET expires_at = ${Date.now() - 1} WHERE id = ${c.captcha_id}`,
    );
    const res = await login(p, {
      username: "admin",
      password: "admin-pass-1",
      captcha_id: c.captcha_id,
      captcha: c.answer,
    });
    expect(res.body.code).toBe("captcha_invalid");
  });
});

describe("text captcha (issue 12: an alternative to the image)", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform({ captcha: true });
  });
  afterAll(() => p.close());

  const textCaptcha = async (address = "10.3.0.1") => {
    const res = await send(p, "GET", "/common/users/captcha/?kind=text", anon(address));
    expect(res.status).toBe(200);
    const answer = await value<string>(
      p.ctx,
      sql`SELECT answer FROM captchas WHERE id = ${res.body.captcha_id}`,
    );
    return { ...(res.body as { captcha_id: string; question: string; challenge: any }), answer };
  };

  it("asks a sum or a difference as text, answered in digits", async () => {
    for (let i = 0; i < 20; i++) {
      const c = await textCaptcha();
      const { op, a, b } = c.challenge;
      expect(["plus", "minus"]).toContain(op);
      expect(c.question).toBe(`${a} ${op === "plus" ? "加" : "减"} ${b} 等于几？`);
      expect(c.answer).toBe(String(op === "plus" ? a + b : a - b));
      expect(Number(c.answer)).toBeGreaterThanOrEqual(0);
    }
  });

  it("serves the image by default or with kind=image, and refuses another kind", async () => {
    const image = await send(p, "GET", "/common/users/captcha/?kind=image", anon());
    expect(image.body).toMatchObject({ kind: "image", image: expect.stringMatching(/^data:/) });
    const bad = await send(p, "GET", "/common/users/captcha/?kind=audio", anon());
    expect(bad).toMatchObject({ status: 400, body: { code: "invalid_parameter", param: "kind" } });
  });

  it("accepts the right answer once, also in full-width digits", async () => {
    const c = await textCaptcha();
    const fullWidth = c.answer.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)));
    const body = {
      username: "admin",
      password: "admin-pass-1",
      captcha_id: c.captcha_id,
      captcha: ` ${fullWidth} `,
    };
    expect((await login(p, body, "10.3.0.2")).status).toBe(200);
    expect((await login(p, body, "10.3.0.2")).body.code).toBe("captcha_invalid");
  });

  it("refuses an expired question", async () => {
    const c = await textCaptcha();
    await run(
      p.ctx,
      sql`UPDATE captchas SET expires_at = ${Date.now() - 1} WHERE id = ${c.captcha_id}`,
    );
    const res = await login(p, {
      username: "admin",
      password: "admin-pass-1",
      captcha_id: c.captcha_id,
      captcha: c.answer,
    });
    expect(res.body.code).toBe("captcha_invalid");
  });

  const wrongAnswer = async (username: string, address: string) => {
    const c = await textCaptcha(address);
    const res = await login(
      p,
      { username, password: "whatever", captcha_id: c.captcha_id, captcha: c.answer + "1" },
      address,
    );
    expect(res.body.code).toBe("captcha_invalid");
  };

  it("counts wrong answers against the account like wrong passwords", async () => {
    await createUserWithToken(p.ctx, "guarded", [], "guarded-pass-1");
    for (let i = 0; i < 5; i++) await wrongAnswer("guarded", `10.4.0.${i + 1}`);
    const c = await textCaptcha("10.4.1.1");
    const right = { username: "guarded", password: "guarded-pass-1", captcha_id: c.captcha_id };
    expect(await login(p, { ...right, captcha: c.answer }, "10.4.1.1")).toEqual({
      status: 429,
      body: { detail: "登录失败次数过多，请15分钟后再试", code: "throttled" },
    });
  });

  it("counts wrong answers against the address like wrong passwords", async () => {
    await createUserWithToken(p.ctx, "bystander", [], "bystander-pass-1");
    for (let i = 0; i < 20; i++) await wrongAnswer(`nobody-${i}`, "10.5.0.1");
    const c = await textCaptcha("10.5.0.1");
    const res = await login(
      p,
      {
        username: "bystander",
        password: "bystander-pass-1",
        captcha_id: c.captcha_id,
        captcha: c.answer,
      },
      "10.5.0.1",
    );
    expect(res.body.code).toBe("throttled");
  });

  it("does not count a wrong image answer (a person misreads an image)", async () => {
    await createUserWithToken(p.ctx, "squinter", [], "squinter-pass-1");
    for (let i = 0; i < 6; i++) {
      const img = await send(p, "GET", "/common/users/captcha/", anon("10.6.0.1"));
      const res = await login(
        p,
        { username: "squinter", password: "x", captcha_id: img.body.captcha_id, captcha: "zzzz" },
        "10.6.0.1",
      );
      expect(res.body.code).toBe("captcha_invalid");
    }
    const c = await textCaptcha("10.6.0.1");
    const body = { username: "squinter", password: "squinter-pass-1", captcha_id: c.captcha_id };
    expect((await login(p, { ...body, captcha: c.answer }, "10.6.0.1")).status).toBe(200);
  });
});

describe("single sign-on tickets", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform();
  });
  afterAll(() => p.close());

  it("issues a ticket to the user for themself, good for exactly one login", async () => {
    const u = await createUserWithToken(p.ctx, "traveller", []);
    const issued = await send(p, "POST", "/common/users/ssoticket/", authHeaders(u), {});
    expect(issued.status).toBe(201);
    expect(issued.body.expires_in).toBe(60);
    const first = await send(p, "POST", "/common/users/ssologin/", anon(), {
      ticket: issued.body.ticket,
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ user_id: u.id, need_init_password: false });
    expect((await info(p, first.body.token)).body.username).toBe("traveller");
    const again = await send(p, "POST", "/common/users/ssologin/", anon(), {
      ticket: issued.body.ticket,
    });
    expect(again).toEqual({
      status: 400,
      body: { detail: "登录凭证无效或已过期", code: "ticket_invalid" },
    });
  });

  it("lets only an administrator issue a ticket for someone else", async () => {
    const plain = await createUserWithToken(p.ctx, "plain", []);
    const boss = await createUserWithToken(p.ctx, "boss", ["admin"]);
    const refused = await send(p, "POST", "/common/users/ssoticket/", authHeaders(plain), {
      username: "boss",
    });
    expect(refused.status).toBe(403);
    const issued = await send(p, "POST", "/common/users/ssoticket/", authHeaders(boss), {
      username: "plain",
    });
    const res = await send(p, "POST", "/common/users/ssologin/", anon(), {
      ticket: issued.body.ticket,
    });
    expect(res.body.user_id).toBe(plain.id);
  });

  it("refuses an expired ticket and a missing one", async () => {
    const u = await createUserWithToken(p.ctx, "late", []);
    const issued = await send(p, "POST", "/common/users/ssoticket/", authHeaders(u), {});
    await run(
      p.ctx,
      sql`UPDATE sso_tickets SET expires_at = ${Date.now() - 1} WHERE ticket = ${issued.body.ticket}`,
    );
    expect(
      (await send(p, "POST", "/common/users/ssologin/", anon(), { ticket: issued.body.ticket }))
        .body.code,
    ).toBe("ticket_invalid");
    expect((await send(p, "POST", "/common/users/ssologin/", anon(), {})).body.fields).toEqual([
      "ticket",
    ]);
  });
});
