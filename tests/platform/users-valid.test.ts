import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiCall,
  startPlatform,
  createUserWithToken,
  type TestPlatform,
} from "../helpers/platform.js";
import { value } from "../helpers/sql.js";

/** POST /api/common/users/valid/ with {new_password}: the password rule, asked before a change. */
describe("users/valid checks a candidate new password", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform();
  });
  afterAll(() => p.close());

  it("says a password that meets the rule is valid, and why one does not", async () => {
    const u = await createUserWithToken(p.ctx, "candidate", []);
    const valid = (body: unknown) => apiCall(p.api, u, "POST", "/common/users/valid/", body);
    expect(await valid({ new_password: "Str0nger-pass" })).toMatchObject({
      status: 200,
      body: { valid: true },
    });
    expect(await valid({ new_password: "short1" })).toMatchObject({
      status: 400,
      body: { code: "password_weak", detail: "密码至少8位，且包含字母和数字" },
    });
    expect(await valid({ new_password: `a1${"x".repeat(127)}` })).toMatchObject({
      status: 400,
      body: { code: "password_weak", detail: "密码不能超过128位" },
    });
    expect(await valid({ new_password: "" })).toMatchObject({
      status: 400,
      body: { code: "required", fields: ["new_password"] },
    });
  });

  it("changes nothing and counts nothing toward the login throttle", async () => {
    const u = await createUserWithToken(p.ctx, "candidate2", []);
    const hash = () => value(p.ctx, sql`SELECT password_hash FROM users WHERE id = ${u.id}`);
    const before = await hash();
    for (let i = 0; i < 8; i++)
      expect(
        (await apiCall(p.api, u, "POST", "/common/users/valid/", { new_password: "weak" })).status,
      ).toBe(400);
    // Re-confirming the current password still works: the weak candidates were no failed logins.
    expect(
      await apiCall(p.api, u, "POST", "/common/users/valid/", { password: "pass-candidate2" }),
    ).toMatchObject({ status: 200, body: { valid: true } });
    expect(await hash()).toBe(before);
  });

  it("needs a signed-in caller", async () => {
    const res = await fetch(`${p.api}/common/users/valid/`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Cookie: "csrftoken=anon-csrf-1",
        "X-CSRFToken": "anon-csrf-1",
      },
      body: JSON.stringify({ new_password: "Str0nger-pass" }),
    });
    expect(res.status).toBe(401);
  });
});
