import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as passwordAction } from "~/routes/_admin.backend.profile.password";
import { browser, post, run, useTestPlatform } from "../helpers/console";
import { startPlatform, userWithToken, type TestPlatform } from "../helpers/platform";

const args = (request: Request) => ({ request, params: {}, context: {} });

/** Spec §7 users/valid in the password form: the platform's rule, asked while filling it in and on save. */
describe("the password form checks the new password with users/valid", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform();
    useTestPlatform(p);
  });
  afterAll(() => p.close());

  const send = async (fields: Record<string, string>, name = "checker") => {
    const state = await browser(
      userWithToken(p.ctx, `${name}-${Math.random().toString(36).slice(2, 8)}`, []),
    );
    return run(() => passwordAction(args(post("/backend/profile/password", state, fields))));
  };

  it("intent=check answers the platform's reason, or null when the password meets the rule", async () => {
    expect((await send({ intent: "check", new_password: "onlyletters" })).data).toEqual({
      weakness: "密码至少8位，且包含字母和数字",
    });
    expect((await send({ intent: "check", new_password: "Letters4nd-digits" })).data).toEqual({
      weakness: null,
    });
  });

  it("a save asks the same and puts the answer under the new-password field, changing nothing", async () => {
    const r = await send({
      old_password: "pass-x",
      new_password: "onlyletters",
      confirm_password: "onlyletters",
    });
    expect(r.status).toBe(400);
    expect(r.data).toEqual({ fieldErrors: { new_password: "密码至少8位，且包含字母和数字" } });
  });

  it("refuses an unknown intent", async () => {
    expect((await send({ intent: "guess", new_password: "x" })).status).toBe(400);
  });
});
