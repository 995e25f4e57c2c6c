import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invalidatePlatformConfig } from "~/platform-client/config.server";
import { loader as rootLoader } from "~/root";
import { action as loginAction, loader as loginLoader } from "~/routes/login";
import { action as logoutAction } from "~/routes/logout";
import { action as passwordAction } from "~/routes/_admin.backend.profile.password";
import { action as uiAction } from "~/routes/ui";
import { action as clientErrorAction } from "~/routes/client-error";
import { loader as adminLayoutLoader } from "~/routes/_admin";
import { filterNav } from "~/navigation";
import { requireViewer } from "~/auth/guard.server";
import { browser, get, post, run, useTestPlatform } from "../helpers/console";
import { startPlatform, userWithToken, type TestPlatform } from "../helpers/platform";
import { sqliteHandle } from "../helpers/sql.js";

let p: TestPlatform;
beforeAll(async () => {
  p = await startPlatform({ captcha: true });
  useTestPlatform(p);
});
afterAll(() => p.close());

const args = (request: Request) => ({ request, params: {}, context: {} });

describe("the navigation guard (spec §4)", () => {
  it("sends a visitor without a token to login with the path and query", async () => {
    const r = await run(() =>
      requireViewer(get("/backend/setting/users?page=2", { cookie: "", csrfToken: "" })),
    );
    expect(r.status).toBe(302);
    expect(r.response!.headers.get("Location")).toBe(
      "/login?redirect=%2Fbackend%2Fsetting%2Fusers%3Fpage%3D2",
    );
  });

  it("lets a user with the route's codename through and refuses one without (403)", async () => {
    const reader = userWithToken(p.ctx, "reader", ["auth__user__read"]);
    const state = await browser(reader);
    const viewer = await requireViewer(get("/backend/setting/users", state));
    expect(viewer.info.username).toBe("reader");
    expect(viewer.roles).toEqual(["auth__user__read"]);
    const refused = await run(() => requireViewer(get("/backend/setting/configs", state)));
    expect(refused.status).toBe(403);
  });

  it("redirects a first-time user to the Password page with type=init, but lets them open it", async () => {
    const u = userWithToken(p.ctx, "newbie", []);
    sqliteHandle(p.ctx).prepare("UPDATE users SET need_init_password = 1 WHERE id = ?").run(u.id);
    const state = await browser(u);
    const r = await run(() => requireViewer(get("/dashboard", state)));
    expect(r.response!.headers.get("Location")).toBe("/backend/profile/password?type=init");
    const viewer = await requireViewer(get("/backend/profile/password?type=init", state));
    expect(viewer.roles).toEqual(["default"]);
  });

  it("redirects a user whose password expired to the Password page", async () => {
    const u = userWithToken(p.ctx, "oldpass", []);
    sqliteHandle(p.ctx)
      .prepare("UPDATE users SET password_changed_at = '2000-01-01T00:00:00.000Z' WHERE id = ?")
      .run(u.id);
    const state = await browser(u);
    const r = await run(() => requireViewer(get("/dashboard", state)));
    expect(r.response!.headers.get("Location")).toBe("/backend/profile/password?type=expired");
  });

  it("clears a token the platform refuses and sends the user to login with its message", async () => {
    const u = userWithToken(p.ctx, "replaced", ["admin"]);
    sqliteHandle(p.ctx)
      .prepare("UPDATE tokens SET ended_at = 1, ended_reason = 'replaced' WHERE key = ?")
      .run(u.token);
    const state = await browser(u);
    const r = await run(() => requireViewer(get("/dashboard?x=1", state)));
    expect(r.status).toBe(302);
    expect(r.response!.headers.get("Location")).toBe("/login?redirect=%2Fdashboard%3Fx%3D1");
    expect(r.response!.headers.get("Set-Cookie")).toContain("__console=");
  });

  it("refuses a write without the page's anti-forgery token", async () => {
    const u = userWithToken(p.ctx, "forger", ["admin"]);
    const state = await browser(u);
    const r = await run(() =>
      requireViewer(post("/ui", { ...state, csrfToken: "forged" }, { lng: "zh" })),
    );
    expect(r.status).toBe(403);
  });

  it("answers 503 with the service message when the platform is down", async () => {
    const u = userWithToken(p.ctx, "downer", ["admin"]);
    const state = await browser(u);
    process.env.PLATFORM_API_URL = "http://127.0.0.1:9/api";
    invalidatePlatformConfig();
    try {
      const r = await run(() => requireViewer(get("/dashboard", state)));
      expect(r.status).toBe(503);
      expect(await r.response!.text()).toBe("服务异常，请联系系统管理员！");
      const root = await run(() => rootLoader(args(get("/", state))));
      expect((root.data as { config: { ok: boolean } }).config.ok).toBe(false);
    } finally {
      useTestPlatform(p);
    }
  });

  it("builds the admin menu from the user's codenames", async () => {
    const u = userWithToken(p.ctx, "grouper", ["auth__group__read"]);
    const state = await browser(u);
    const r = await run(() => adminLayoutLoader(args(get("/dashboard", state))));
    // The layout sends the roles; the menu is theirs (filterNav, on both sides).
    const nav = filterNav((r.data as { roles: string[] }).roles);
    const titles = nav.flatMap((i) => [i.title, ...(i.children ?? []).map((c) => c.title)]);
    expect(titles).toEqual([
      "nav.dashboard",
      "nav.job",
      "nav.profile",
      "nav.password",
      "nav.setting",
      "nav.permission",
      "nav.groups",
    ]);
  });
});

describe("login (spec §5, §7)", () => {
  async function captchaFor(state: Awaited<ReturnType<typeof browser>>) {
    const r = await run(() => loginLoader(args(get("/login", state))));
    const { captcha } = r.data as { captcha: { captcha_id: string; image: string } };
    expect(captcha.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const answer = sqliteHandle(p.ctx)
      .prepare("SELECT answer FROM captchas WHERE id = ?")
      .pluck()
      .get(captcha.captcha_id) as string;
    return { id: captcha.captcha_id, answer };
  }

  it("logs in with a trimmed username and the captcha, and honours a same-site redirect", async () => {
    const state = await browser();
    const c = await captchaFor(state);
    const r = await run(() =>
      loginAction(
        args(
          post("/login", state, {
            username: "  admin ",
            password: "admin-pass-1",
            captcha_id: c.id,
            captcha: c.answer,
            redirect: "/backend/setting/users?page=2",
          }),
        ),
      ),
    );
    expect(r.status).toBe(302);
    expect(r.response!.headers.get("Location")).toBe("/backend/setting/users?page=2");
    expect(r.response!.headers.get("Set-Cookie")).toContain("__console=");
  });

  it("ignores a foreign redirect", async () => {
    const state = await browser();
    const c = await captchaFor(state);
    const r = await run(() =>
      loginAction(
        args(
          post("/login", state, {
            username: "admin",
            password: "admin-pass-1",
            captcha_id: c.id,
            captcha: c.answer,
            redirect: "//evil.example/x",
          }),
        ),
      ),
    );
    expect(r.response!.headers.get("Location")).toBe("/");
  });

  it("says the captcha is wrong, keeps the username and offers a new captcha", async () => {
    const state = await browser();
    const c = await captchaFor(state);
    const r = await run(() =>
      loginAction(
        args(
          post("/login", state, {
            username: "admin",
            password: "x",
            captcha_id: c.id,
            captcha: "----",
          }),
        ),
      ),
    );
    expect(r.status).toBe(400);
    const d = r.data as { error: string; username: string; captcha: { captcha_id: string } };
    expect(d.error).toBe("验证码错误");
    expect(d.username).toBe("admin");
    expect(d.captcha.captcha_id).not.toBe(c.id);
  });

  it("offers a text question with ?captcha=text, logs in with its answer, and refuses another kind", async () => {
    const state = await browser();
    const page = await run(() => loginLoader(args(get("/login?captcha=text", state))));
    const { captcha } = page.data as {
      captcha: { captcha_id: string; kind: string; challenge: { op: string } };
    };
    expect(captcha.kind).toBe("text");
    expect(["plus", "minus"]).toContain(captcha.challenge.op);
    const answer = sqliteHandle(p.ctx)
      .prepare("SELECT answer FROM captchas WHERE id = ?")
      .pluck()
      .get(captcha.captcha_id) as string;
    const r = await run(() =>
      loginAction(
        args(
          post("/login", state, {
            username: "admin",
            password: "admin-pass-1",
            captcha_id: captcha.captcha_id,
            captcha: answer,
            captcha_kind: "text",
          }),
        ),
      ),
    );
    expect(r.status).toBe(302);
    const bad = await run(() => loginLoader(args(get("/login?captcha=audio", state))));
    expect(bad.status).toBe(400);
  });

  it("after a wrong answer to a question, asks another question", async () => {
    const state = await browser();
    const r = await run(() =>
      loginAction(
        args(
          post("/login", state, {
            username: "nobody-here",
            password: "x",
            captcha_id: "unknown",
            captcha: "1",
            captcha_kind: "text",
          }),
        ),
      ),
    );
    expect(r.status).toBe(400);
    expect((r.data as { captcha: { kind: string } }).captcha.kind).toBe("text");
  });

  it("prompts for each missing field without calling the platform", async () => {
    const state = await browser();
    const r = await run(() =>
      loginAction(args(post("/login", state, { username: " ", password: "", captcha: "" }))),
    );
    expect(r.status).toBe(400);
    expect(Object.keys((r.data as { fieldErrors: object }).fieldErrors).sort()).toEqual([
      "captcha",
      "password",
      "username",
    ]);
  });

  it("refuses a login post without the anti-forgery token", async () => {
    const state = await browser();
    const r = await run(() =>
      loginAction(args(post("/login", { ...state, csrfToken: "nope" }, { username: "admin" }))),
    );
    expect(r.status).toBe(403);
  });
});

describe("logout, preferences and password", () => {
  it("logout ends the platform token and returns to login with the page as redirect", async () => {
    const u = userWithToken(p.ctx, "leaver", ["admin"]);
    const state = await browser(u);
    const r = await run(() =>
      logoutAction(args(post("/logout", state, { redirect: "/backend/setting/users?page=3" }))),
    );
    expect(r.response!.headers.get("Location")).toBe(
      "/login?redirect=%2Fbackend%2Fsetting%2Fusers%3Fpage%3D3",
    );
    const ended = sqliteHandle(p.ctx)
      .prepare("SELECT ended_reason FROM tokens WHERE key = ?")
      .pluck()
      .get(u.token);
    expect(ended).toBe("logout");
  });

  it("stores the language and sidebar state, refusing unknown values", async () => {
    const state = await browser();
    const ok = await run(() =>
      uiAction(args(post("/ui", state, { lng: "es", redirectTo: "/login" }))),
    );
    expect(ok.response!.headers.get("Location")).toBe("/login");
    expect(ok.response!.headers.get("Set-Cookie")).toContain("__console_prefs=");
    const bad = await run(() => uiAction(args(post("/ui", state, { lng: "fr" }))));
    expect(bad.status).toBe(400);
    const side = await run(() =>
      uiAction(args(post("/ui", state, { sidebar: "closed", redirectTo: "https://evil.example" }))),
    );
    expect(side.response!.headers.get("Location")).toBe("/");
    // The toggle posts the state it wants, so the same post sent twice changes nothing.
    const closed = await browser(undefined, { sidebar: "closed" });
    const again = await run(() => uiAction(args(post("/ui", closed, { sidebar: "closed" }))));
    expect(again.status).toBe(302);
    expect(again.response!.headers.get("Set-Cookie") ?? "").not.toContain("__console_prefs=");
    const relative = await run(() => uiAction(args(post("/ui", state, { sidebar: "toggle" }))));
    expect(relative.status).toBe(400);
  });

  it("keeps the colour scheme: light, dark or the system's as the browser hints it", async () => {
    const state = await browser();
    const set = await run(() =>
      uiAction(args(post("/ui", state, { scheme: "dark", redirectTo: "/login" }))),
    );
    expect(set.response!.headers.get("Location")).toBe("/login");
    expect(set.response!.headers.get("Set-Cookie")).toContain("__console_prefs=");
    const bad = await run(() => uiAction(args(post("/ui", state, { scheme: "purple" }))));
    expect(bad.status).toBe(400);

    const scheme = async (prefs: Record<string, unknown>, hint?: string) => {
      const s = await browser(undefined, prefs);
      const headers: Record<string, string> = hint ? { "Sec-CH-Prefers-Color-Scheme": hint } : {};
      const r = await run(() => rootLoader(args(get("/", s, headers))));
      const d = r.data as { scheme: string; colorScheme: string };
      return `${d.scheme}/${d.colorScheme}`;
    };
    expect(await scheme({ scheme: "dark" })).toBe("dark/dark");
    expect(await scheme({ scheme: "light" }, "dark")).toBe("light/light");
    expect(await scheme({}, '"dark"')).toBe("auto/dark");
    expect(await scheme({}, "light")).toBe("auto/light");
    expect(await scheme({})).toBe("auto/light");
  });

  it("tells every page whether the session holds a sign-in (the header of a page's error boundary)", async () => {
    const signedIn = async (state: Awaited<ReturnType<typeof browser>>) =>
      ((await run(() => rootLoader(args(get("/", state))))).data as { signedIn: boolean }).signedIn;
    expect(await signedIn(await browser())).toBe(false);
    expect(await signedIn(await browser(userWithToken(p.ctx, "headerviewer", [])))).toBe(true);
  });

  it("changes a first-time password without the old one", async () => {
    const u = userWithToken(p.ctx, "initme", []);
    sqliteHandle(p.ctx).prepare("UPDATE users SET need_init_password = 1 WHERE id = ?").run(u.id);
    const state = await browser(u);
    const mismatch = await run(() =>
      passwordAction(
        args(
          post("/backend/profile/password", state, {
            new_password: "Abcdefg12",
            confirm_password: "Abcdefg13",
          }),
        ),
      ),
    );
    expect(mismatch.status).toBe(400);
    const weak = await run(() =>
      passwordAction(
        args(
          post("/backend/profile/password", state, {
            new_password: "short",
            confirm_password: "short",
          }),
        ),
      ),
    );
    expect(weak.status).toBe(400);
    // users/valid's answer, under the new-password field.
    expect((weak.data as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      new_password: "密码至少8位，且包含字母和数字",
    });
    const r = await run(() =>
      passwordAction(
        args(
          post("/backend/profile/password", state, {
            new_password: "Abcdefg12",
            confirm_password: "Abcdefg12",
          }),
        ),
      ),
    );
    expect(r.status).toBe(302);
    expect(
      sqliteHandle(p.ctx)
        .prepare("SELECT need_init_password FROM users WHERE id = ?")
        .pluck()
        .get(u.id),
    ).toBe(0);
  });

  it("lets an admin preview a group's menu, and nobody else", async () => {
    const admin = userWithToken(p.ctx, "previewer", ["admin"]);
    const state = await browser(admin);
    const visitors = sqliteHandle(p.ctx)
      .prepare("SELECT id FROM groups WHERE name = '访客'")
      .pluck()
      .get() as number;
    const r = await run(() =>
      uiAction(args(post("/ui", state, { preview: String(visitors), redirectTo: "/dashboard" }))),
    );
    expect(r.status).toBe(302);
    const session = r.response!.headers.get("Set-Cookie")!.split(";")[0];
    const previewing = { ...state, cookie: state.cookie.replace(/__console=[^;]+/, session) };
    const viewer = await requireViewer(get("/dashboard", previewing));
    expect(viewer.previewRole).toBe("访客");
    expect(viewer.roles.sort()).toEqual(["kg__feedback__create", "kg__graph__read"]);
    expect((await run(() => requireViewer(get("/backend/setting/users", previewing)))).status).toBe(
      403,
    );

    const plain = userWithToken(p.ctx, "notadmin", ["auth__user__read"]);
    const plainState = await browser(plain);
    const refused = await run(() =>
      uiAction(args(post("/ui", plainState, { preview: String(visitors) }))),
    );
    expect(refused.status).toBe(403);
  });

  it("records a browser's runtime error with the error, info and URL, and the user", async () => {
    const u = userWithToken(p.ctx, "crasher", []);
    const state = await browser(u);
    const form = new FormData();
    form.append("error", "TypeError: x is undefined");
    form.append("info", "window.onerror");
    form.append("url", "http://console.test/dashboard");
    const req = new Request("http://console.test/client-error", {
      method: "POST",
      body: form,
      headers: { Cookie: state.cookie },
    });
    const r = await run(() => clientErrorAction(args(req)));
    expect(r.status).toBe(202);
    const row = sqliteHandle(p.ctx)
      .prepare("SELECT error, info, url, username FROM client_errors ORDER BY id DESC LIMIT 1")
      .get();
    expect(row).toEqual({
      error: "TypeError: x is undefined",
      info: "window.onerror",
      url: "http://console.test/dashboard",
      username: "crasher",
    });
  });
});
