import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { encryptForPlatform } from "../../platform/common/encryption.js";
import {
  authHeaders,
  startPlatform,
  createUserWithToken,
  type TestPlatform,
} from "../helpers/platform.js";
import { sql } from "kysely";
import { one, rows, run, value } from "../helpers/sql.js";

const anon = (address = "10.9.0.1") => ({
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
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, any>,
    headers: res.headers,
  };
}

const setConfig = (p: TestPlatform, key: string, to: string) =>
  run(p.ctx, sql`UPDATE configs SET value = ${to} WHERE key = ${key}`);

describe("configs, nonce and trailing slashes", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform();
    await run(
      p.ctx,
      sql`INSERT INTO configs (key, value, type, public) VALUES ('YF_SECRET_THING', 'x', 'str', 0), ('YF_PAGE_LIMIT', '50', 'int', 1)`,
    );
  });
  afterAll(() => p.close());

  it("serves public configs with typed values and the RSA public key, without login", async () => {
    const res = await send(p, "GET", "/common/configs/all", {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      YF_SHOW_LOGO: true,
      YF_ANTI_RESUBMIT: false,
      YF_BODY_ENCRYPT: false,
      YF_PRODUCT_TITLE: "",
      YF_PAGE_LIMIT: 50,
    });
    expect(res.body).not.toHaveProperty("YF_SECRET_THING");
    expect(res.body.YF_RSA_PUBLIC_KEY).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const key = crypto.createPublicKey(res.body.YF_RSA_PUBLIC_KEY);
    expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);
    const stored = await rows<{ name: string }>(p.ctx, sql`SELECT name FROM secrets ORDER BY name`);
    expect(stored.map((r) => r.name)).toEqual(["rsa_private", "rsa_public"]);
  });

  it("answers with and without the trailing slash", async () => {
    const a = await send(p, "GET", "/common/configs/all/", {});
    const b = await send(p, "GET", "/common/configs/all", {});
    expect(a.status).toBe(200);
    expect(a.body.YF_RSA_PUBLIC_KEY).toBe(b.body.YF_RSA_PUBLIC_KEY);
    const login = await send(p, "POST", "/common/users/login", anon(), {
      username: "admin",
      password: "admin-pass-1",
    });
    expect(login.status).toBe(200);
  });

  it("sets a csrftoken cookie only when the client has none", async () => {
    const fresh = await send(p, "GET", "/common/configs/all/", {});
    expect(fresh.headers.getSetCookie().join(";")).toMatch(/csrftoken=[0-9a-f]{48}; .*Path=\//);
    const known = await send(p, "GET", "/common/configs/all/", { Cookie: "csrftoken=abc" });
    expect(known.headers.getSetCookie()).toEqual([]);
  });

  it("hands out single-use nonces that last five minutes", async () => {
    const res = await send(p, "GET", "/common/nonce/?key=random", {});
    expect(res.body.nonce).toMatch(/^[0-9a-f]{32}$/);
    const expires = await value<number>(
      p.ctx,
      sql`SELECT expires_at FROM nonces WHERE nonce = ${res.body.nonce}`,
    );
    expect(expires - Date.now()).toBeGreaterThan(4.9 * 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(5 * 60_000);
  });
});

describe("write guards: CSRF and anti-resubmission", () => {
  let p: TestPlatform;
  let u: { id: number; token: string; csrf: string };
  beforeAll(async () => {
    p = await startPlatform();
    u = await createUserWithToken(p.ctx, "writer", []);
  });
  beforeEach(async () => {
    await setConfig(p, "YF_ANTI_RESUBMIT", "false");
  });
  afterAll(() => p.close());

  const report = (headers: Record<string, string>) =>
    send(p, "POST", "/common/clienterrors/", headers, { error: "boom" });
  const errorCount = () => value<number>(p.ctx, sql`SELECT count(*) AS n FROM client_errors`);

  it("refuses an anonymous write with a missing or forged CSRF token, and writes nothing", async () => {
    const before = await errorCount();
    const missing = await report({ "Content-Type": "application/json", Cookie: "csrftoken=abc" });
    expect(missing).toMatchObject({
      status: 403,
      body: { detail: "CSRF验证失败", code: "csrf_failed" },
    });
    const forged = await report({
      "Content-Type": "application/json",
      Cookie: "csrftoken=abc",
      "X-CSRFToken": "abd",
    });
    expect(forged.status).toBe(403);
    const noCookie = await report({ "Content-Type": "application/json", "X-CSRFToken": "abc" });
    expect(noCookie.status).toBe(403);
    expect(await errorCount()).toBe(before);
    expect((await report(anon())).status).toBe(201);
  });

  it("refuses an authenticated write unless X-CSRFToken is the token's csrf", async () => {
    const missing = await report({
      Authorization: `Token ${u.token}`,
      "Content-Type": "application/json",
    });
    expect(missing.body.code).toBe("csrf_failed");
    const cookieOnly = await report({ ...anon(), Authorization: `Token ${u.token}` });
    expect(cookieOnly.body.code).toBe("csrf_failed");
    const forged = await report({ ...authHeaders(u), "X-CSRFToken": "f".repeat(32) });
    expect(forged.status).toBe(403);
    expect((await report(authHeaders(u))).status).toBe(201);
  });

  it("tells a writer with a dead token why (401) rather than CSRF", async () => {
    const res = await report({ ...authHeaders(u), Authorization: "Token deadbeef" });
    expect(res).toMatchObject({ status: 401, body: { code: "token_invalid" } });
  });

  it("with anti-resubmission on, requires a fresh nonce and refuses a replayed one", async () => {
    await setConfig(p, "YF_ANTI_RESUBMIT", "true");
    const before = await errorCount();
    const missing = await report(authHeaders(u));
    expect(missing).toMatchObject({ status: 403, body: { code: "nonce_required" } });
    const { body } = await send(p, "GET", "/common/nonce/?key=random", {});
    expect((await report({ ...authHeaders(u), "X-API-Nonce": body.nonce })).status).toBe(201);
    const replayed = await report({ ...authHeaders(u), "X-API-Nonce": body.nonce });
    expect(replayed).toEqual(
      expect.objectContaining({
        status: 403,
        body: { detail: "请求已失效，请勿重复提交", code: "nonce_invalid" },
      }),
    );
    const unknown = await report({ ...authHeaders(u), "X-API-Nonce": "0".repeat(32) });
    expect(unknown.body.code).toBe("nonce_invalid");
    expect(await errorCount()).toBe(before + 1);
  });

  it("with anti-resubmission on, refuses an expired nonce and needs one for anonymous login too", async () => {
    await setConfig(p, "YF_ANTI_RESUBMIT", "true");
    const old = (await send(p, "GET", "/common/nonce/", {})).body.nonce;
    await run(p.ctx, sql`UPDATE nonces SET expires_at = ${Date.now() - 1} WHERE nonce = ${old}`);
    expect((await report({ ...authHeaders(u), "X-API-Nonce": old })).body.code).toBe(
      "nonce_invalid",
    );
    const creds = { username: "admin", password: "admin-pass-1" };
    expect((await send(p, "POST", "/common/users/login/", anon(), creds)).body.code).toBe(
      "nonce_required",
    );
    const nonce = (await send(p, "GET", "/common/nonce/", {})).body.nonce;
    const ok = await send(
      p,
      "POST",
      "/common/users/login/",
      { ...anon(), "X-API-Nonce": nonce },
      creds,
    );
    expect(ok.status).toBe(200);
  });

  it("lets reads through without CSRF or nonce", async () => {
    await setConfig(p, "YF_ANTI_RESUBMIT", "true");
    expect(
      (await send(p, "GET", "/common/users/info/", { Authorization: `Token ${u.token}` })).status,
    ).toBe(200);
  });
});

describe("body encryption and body limits", () => {
  let p: TestPlatform;
  let publicKey: string;
  beforeAll(async () => {
    p = await startPlatform();
    publicKey = (await send(p, "GET", "/common/configs/all/", {})).body.YF_RSA_PUBLIC_KEY;
  });
  afterAll(() => p.close());

  it("leaves a {data} body alone while encryption is off", async () => {
    const res = await send(p, "POST", "/common/clienterrors/", anon(), { data: "not encrypted" });
    expect(res).toMatchObject({ status: 400, body: { code: "required", fields: ["error"] } });
  });

  it("logs in with an encrypted body when encryption is on", async () => {
    await setConfig(p, "YF_BODY_ENCRYPT", "true");
    const body = encryptForPlatform(publicKey, { username: "admin", password: "admin-pass-1" });
    const res = await send(p, "POST", "/common/users/login/", anon(), body);
    expect(res.status).toBe(200);
    expect(res.body.token).toBeTruthy();
  });

  it("round-trips Chinese text longer than 100 characters across several pieces", async () => {
    await setConfig(p, "YF_BODY_ENCRYPT", "true");
    const error = "知识图谱平台运行时错误：" + "无法读取属性“名称”，".repeat(20);
    const body = encryptForPlatform(publicKey, {
      error,
      info: "渲染组件时 🚀",
      url: "/245/article?q=装备",
    });
    expect(body.data.split(",").length).toBeGreaterThan(5);
    const res = await send(p, "POST", "/common/clienterrors/", anon(), body);
    expect(res.status).toBe(201);
    const row = await one(
      p.ctx,
      sql`SELECT error, info, url FROM client_errors WHERE id = ${res.body.id}`,
    );
    expect(row).toEqual({ error, info: "渲染组件时 🚀", url: "/245/article?q=装备" });
  });

  it("answers 400 to an encrypted body it cannot decrypt", async () => {
    await setConfig(p, "YF_BODY_ENCRYPT", "true");
    const foreign = crypto
      .generateKeyPairSync("rsa", { modulusLength: 1024 })
      .publicKey.export({ type: "spki", format: "pem" });
    for (const body of [
      { data: "bm90IHJzYQ==" },
      encryptForPlatform(String(foreign), { username: "admin" }),
    ]) {
      const res = await send(p, "POST", "/common/users/login/", anon(), body);
      expect(res).toMatchObject({
        status: 400,
        body: { detail: "请求体解密失败", code: "decrypt_failed" },
      });
    }
  });

  it("answers 413 to a JSON body over 1 MB and 400 to malformed JSON", async () => {
    await setConfig(p, "YF_BODY_ENCRYPT", "false");
    const big = await send(p, "POST", "/common/clienterrors/", anon(), {
      error: "x".repeat(1024 * 1024 + 10),
    });
    expect(big).toMatchObject({ status: 413, body: { code: "too_large" } });
    const bad = await send(p, "POST", "/common/users/login/", anon(), '{"username": "admin",');
    expect(bad).toMatchObject({
      status: 400,
      body: { detail: "请求体格式错误", code: "malformed" },
    });
  });
});

describe("client error log", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform();
  });
  afterAll(() => p.close());

  it("records a report from anyone, with the user when signed in, cutting oversized parts", async () => {
    const anonymous = await send(
      p,
      "POST",
      "/common/clienterrors/",
      { ...anon(), "User-Agent": "test-agent" },
      {
        error: "TypeError: x is undefined",
        info: { componentStack: "at Page" },
        url: "http://localhost/245/article",
      },
    );
    expect(anonymous.status).toBe(201);
    const u = await createUserWithToken(p.ctx, "clicker", []);
    const signed = await send(p, "POST", "/common/clienterrors", authHeaders(u), {
      error: "e".repeat(20_000),
      url: "/x",
    });
    const stored = await rows<any>(p.ctx, sql`SELECT * FROM client_errors ORDER BY id`);
    expect(stored[0]).toMatchObject({
      id: anonymous.body.id,
      user_id: null,
      error: "TypeError: x is undefined",
      info: '{"componentStack":"at Page"}',
      url: "http://localhost/245/article",
      user_agent: "test-agent",
    });
    expect(stored[1]).toMatchObject({ id: signed.body.id, user_id: u.id, username: "clicker" });
    expect(stored[1].error.length).toBe(8000);
    const empty = await send(p, "POST", "/common/clienterrors/", anon(), { info: "no error" });
    expect(empty.status).toBe(400);
  });

  it("lists reports, newest first and paged, only for holders of common__clienterror__read", async () => {
    const reader = await createUserWithToken(p.ctx, "errreader", ["common__clienterror__read"]);
    const other = await createUserWithToken(p.ctx, "nobody", []);
    const headers = { Authorization: `Token ${reader.token}` };
    const page1 = await send(p, "GET", "/common/clienterrors/?page=1&page_size=1", headers);
    expect(page1.status).toBe(200);
    expect(page1.body.count).toBe(2);
    expect(page1.body.results).toHaveLength(1);
    expect(page1.body.results[0].username).toBe("clicker");
    const page2 = await send(p, "GET", "/common/clienterrors/?page=2&page_size=1", headers);
    expect(page2.body.results[0].error).toBe("TypeError: x is undefined");
    expect(
      (await send(p, "GET", "/common/clienterrors/", { Authorization: `Token ${other.token}` }))
        .status,
    ).toBe(403);
    expect((await send(p, "GET", "/common/clienterrors/", {})).status).toBe(401);
  });

  it("limits one address to 30 reports a minute", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push(
        (await send(p, "POST", "/common/clienterrors/", anon("10.8.0.8"), { error: `e${i}` }))
          .status,
      );
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses[30]).toBe(429);
    expect(
      (await send(p, "POST", "/common/clienterrors/", anon("10.8.0.9"), { error: "other" })).status,
    ).toBe(201);
  });
});
