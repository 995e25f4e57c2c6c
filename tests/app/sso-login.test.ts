import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as loginLoader } from "~/routes/login";
import { getSession } from "~/auth/session.server";
import { browser, get, run, useTestPlatform } from "../helpers/console";
import { apiCall, startPlatform, userWithToken, type TestPlatform } from "../helpers/platform";
import { sqliteHandle } from "../helpers/sql.js";

const args = (request: Request) => ({ request, params: {}, context: {} });

/** Spec §7 single sign-on: the console logs in with a ticket the platform issued. */
describe("login with a single sign-on ticket", () => {
  let p: TestPlatform;
  let user: ReturnType<typeof userWithToken>;
  let n = 0;

  beforeAll(async () => {
    p = await startPlatform();
    useTestPlatform(p);
  });
  afterAll(() => p.close());

  /** A ticket for a new user (a ticket login ends the user's other token). */
  const ticket = async () => {
    user = userWithToken(p.ctx, `sso-user-${++n}`, ["kg__graph__read"]);
    const r = await apiCall(p.api, user, "POST", "/common/users/ssoticket/", {});
    expect(r.status).toBe(201);
    return r.body.ticket as string;
  };

  it("logs in with /login?ticket= and lands on the redirect, the session holding a new token", async () => {
    const t = await ticket();
    const r = await run(async () =>
      loginLoader(
        args(
          get(
            `/login?ticket=${encodeURIComponent(t)}&redirect=${encodeURIComponent("/245/articles?search=辽宁舰")}`,
            await browser(),
          ),
        ),
      ),
    );
    expect(r.status).toBe(302);
    expect(r.response!.headers.get("Location")).toBe(
      "/245/articles?search=%E8%BE%BD%E5%AE%81%E8%88%B0",
    );
    const cookie = r.response!.headers.get("Set-Cookie")!.split(";")[0];
    const session = await getSession(
      new Request("http://console.test/", { headers: { Cookie: cookie } }),
    );
    expect(session.get("uid")).toBe(user.id);
    expect(session.get("token")).toMatch(/\S{20,}/);
    expect(session.get("token")).not.toBe(user.token);
    // The same session as a form login: the platform's CSRF token of the new login with it.
    const login = sqliteHandle(p.ctx)
      .prepare("SELECT csrf FROM tokens WHERE key = ?")
      .pluck()
      .get(session.get("token"));
    expect(session.get("csrf")).toBe(login);
  });

  it("refuses a spent ticket on the login form with the platform's reason", async () => {
    const t = await ticket();
    expect(
      (await run(async () => loginLoader(args(get(`/login?ticket=${t}`, await browser()))))).status,
    ).toBe(302);
    const again = await run(async () =>
      loginLoader(args(get(`/login?ticket=${t}`, await browser(undefined, { lng: "zh" })))),
    );
    expect(again.status).toBe(400);
    expect(again.data).toMatchObject({ error: "登录凭证无效或已过期" });
    expect((again.data as { captcha: unknown }).captcha).toBeTruthy();
  });

  it("lets the browser the ticket logged in ask its URL again (Chromium's Critical-CH restart), no other", async () => {
    const t = await ticket();
    const url = `/login?ticket=${t}&redirect=%2Fdashboard`;
    const first = await run(async () => loginLoader(args(get(url, await browser()))));
    const cookie = first.response!.headers.get("Set-Cookie")!.split(";")[0];
    const again = await run(async () =>
      loginLoader(args(new Request(`http://console.test${url}`, { headers: { Cookie: cookie } }))),
    );
    expect(again.status).toBe(302);
    expect(again.response!.headers.get("Location")).toBe("/dashboard");
    const elsewhere = await run(async () => loginLoader(args(get(url, await browser()))));
    expect(elsewhere.status).toBe(400);
  });

  it("ignores a foreign redirect after a ticket login", async () => {
    const t = await ticket();
    const r = await run(async () =>
      loginLoader(
        args(
          get(
            `/login?ticket=${t}&redirect=${encodeURIComponent("https://evil.example/")}`,
            await browser(),
          ),
        ),
      ),
    );
    expect(r.response!.headers.get("Location")).toBe("/");
  });
});
