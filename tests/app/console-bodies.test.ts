import net from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { invalidatePlatformConfig } from "~/platform-client/config.server";
import { action as loginAction } from "~/routes/login";
import { action as logoutAction } from "~/routes/logout";
import { action as uiAction } from "~/routes/ui";
import { requireViewer } from "~/auth/guard.server";
import { CSV_FORM_BYTES, FORM_BYTES } from "~/http/form.server";
import { safeRedirect } from "~/utils/redirect";
import { importAction } from "~/table/index.server";
import { getSession } from "~/auth/session.server";
import { browser, get, post, run, useTestPlatform, type BrowserState } from "../helpers/console";
import { startPlatform, userWithToken, type TestPlatform } from "../helpers/platform";
import { as, upload } from "./table-helpers";

let p: TestPlatform;
beforeAll(async () => {
  p = await startPlatform();
  useTestPlatform(p);
});
afterAll(() => p.close());
afterEach(() => {
  delete process.env.COOKIE_SECURE;
  delete process.env.PLATFORM_TIMEOUT_MS;
  vi.useRealTimers();
});

const args = (request: Request) => ({ request, params: {}, context: {} });
const actions: Record<string, (a: ReturnType<typeof args>) => Promise<unknown>> = {
  "/login": loginAction,
  "/ui": uiAction,
  "/logout": logoutAction,
};

function raw(
  path: string,
  state: BrowserState,
  body: BodyInit | null,
  headers: Record<string, string> = {},
) {
  return new Request(`http://console.test${path}`, {
    method: "POST",
    body,
    headers: { Cookie: state.cookie, ...headers },
  });
}

/** A server that accepts connections and never answers; counts them. */
async function silentServer() {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((s) => {
    connections++;
    sockets.add(s);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as net.AddressInfo).port;
  return {
    api: `http://127.0.0.1:${port}/api`,
    connections: () => connections,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const setCookies = (r: { response?: Response }) => r.response!.headers.getSetCookie();
const cookieNamed = (r: { response?: Response }, name: string) =>
  setCookies(r).find((c) => c.startsWith(`${name}=`));

describe("console actions read their bodies safely", () => {
  for (const [path, action] of Object.entries(actions)) {
    it(`${path} refuses a body that is not a form with 415 and a malformed one with 400`, async () => {
      const state = await browser(userWithToken(p.ctx, `body${path.slice(1)}`, ["admin"]));
      const errors = vi.spyOn(console, "error");
      try {
        const none = await run(() => action(args(raw(path, state, null))));
        expect(none.status).toBe(415);
        const json = await run(() =>
          action(args(raw(path, state, '{"lng":"zh"}', { "Content-Type": "application/json" }))),
        );
        expect(json.status).toBe(415);
        expect(await json.response!.text()).toBe("不支持的请求格式");
        const text = await run(() =>
          action(args(raw(path, state, "lng=zh", { "Content-Type": "text/plain" }))),
        );
        expect(text.status).toBe(415);
        const noBoundary = await run(() =>
          action(args(raw(path, state, "--x\r\n", { "Content-Type": "multipart/form-data" }))),
        );
        expect(noBoundary.status).toBe(400);
        const broken = await run(() =>
          action(
            args(
              raw(path, state, '--xyz\r\nContent-Disposition: form-data; name="lng"\r\n\r\nzh', {
                "Content-Type": "multipart/form-data; boundary=xyz",
              }),
            ),
          ),
        );
        expect(broken.status).toBe(400);
        expect(await broken.response!.text()).toBe("请求内容无法解析");
        const badUtf8 = await run(() =>
          action(
            args(
              raw(path, state, new Uint8Array([0x6c, 0x6e, 0x67, 0x3d, 0xff, 0xfe]), {
                "Content-Type": "application/x-www-form-urlencoded",
              }),
            ),
          ),
        );
        expect(badUtf8.status).toBe(400);
        expect(errors).not.toHaveBeenCalled();
      } finally {
        errors.mockRestore();
      }
    });
  }

  it("refuses a form over the limit with 413, by its Content-Length and while streaming", async () => {
    const state = await browser();
    const big = `lng=zh&filler=${"x".repeat(FORM_BYTES)}`;
    const declared = await run(() =>
      uiAction(
        args(raw("/ui", state, big, { "Content-Type": "application/x-www-form-urlencoded" })),
      ),
    );
    expect(declared.status).toBe(413);
    expect(await declared.response!.text()).toBe("请求内容过大");

    const chunks = [
      new TextEncoder().encode("lng=zh&filler="),
      ...Array.from({ length: 80 }, () => new Uint8Array(4096).fill(120)),
    ];
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        const next = chunks.shift();
        if (next) c.enqueue(next);
        else c.close();
      },
    });
    const streamed = new Request("http://console.test/ui", {
      method: "POST",
      body: stream,
      duplex: "half",
      headers: { Cookie: state.cookie, "Content-Type": "application/x-www-form-urlencoded" },
    } as RequestInit);
    expect(streamed.headers.get("Content-Length")).toBeNull();
    expect((await run(() => uiAction(args(streamed)))).status).toBe(413);

    const form = new FormData();
    form.append("csrf", state.csrfToken);
    form.append("lng", "x".repeat(FORM_BYTES + 1));
    expect((await run(() => uiAction(args(raw("/ui", state, form))))).status).toBe(413);
  });

  it("refuses a CSV import over 2 MB without reaching the platform", async () => {
    const admin = await as(p, "big-importer", ["admin"]);
    const silent = await silentServer();
    process.env.PLATFORM_API_URL = silent.api;
    invalidatePlatformConfig();
    try {
      const csv = `subject,predicate,object\n${"a,b,c\n".repeat(Math.ceil(CSV_FORM_BYTES / 6))}`;
      const r = await run(() =>
        importAction(
          "triples",
          args(
            upload(
              "/data/triaddata/import",
              admin,
              { intent: "check" },
              { name: "big.csv", content: csv },
            ),
          ),
        ),
      );
      expect(r.status).toBe(413);
      expect(silent.connections()).toBe(0);
    } finally {
      useTestPlatform(p);
      await silent.close();
    }
  });

  it("still refuses a well-formed form without the page's anti-forgery token", async () => {
    const state = await browser();
    const r = await run(() =>
      uiAction(args(raw("/ui", state, new URLSearchParams({ lng: "zh" })))),
    );
    expect(r.status).toBe(403);
    const forged = await run(() =>
      uiAction(
        args(raw("/ui", state, new URLSearchParams({ lng: "zh", csrf: `${state.csrfToken}x` }))),
      ),
    );
    expect(forged.status).toBe(403);
    const ok = await run(() =>
      uiAction(
        args(
          raw(
            "/ui",
            state,
            new URLSearchParams({ lng: "zh", csrf: state.csrfToken, redirectTo: "/x" }),
          ),
        ),
      ),
    );
    expect(ok.status).toBe(302);
  });
});

describe("redirects", () => {
  it("percent-encodes what a URL may not hold and keeps what is already encoded", () => {
    expect(safeRedirect("/245/articles?search=辽宁舰")).toBe(
      "/245/articles?search=%E8%BE%BD%E5%AE%81%E8%88%B0",
    );
    expect(safeRedirect("/245/articles?search=%E8%BE%BD")).toBe("/245/articles?search=%E8%BE%BD");
    expect(safeRedirect("/a b/c?d=e f#g")).toBe("/a%20b/c?d=e%20f#g");
    for (const foreign of [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "/x\ny",
      "x",
    ]) {
      expect(safeRedirect(foreign)).toBe("/");
    }
  });

  it("logs in with a non-ASCII redirect and lands there, the session holding the token", async () => {
    const state = await browser();
    const r = await run(() =>
      loginAction(
        args(
          post("/login", state, {
            username: "admin",
            password: "admin-pass-1",
            captcha_id: "x",
            captcha: "x",
            redirect: "/245/articles?search=辽宁舰",
          }),
        ),
      ),
    );
    expect(r.status).toBe(302);
    expect(r.response!.headers.get("Location")).toBe(
      "/245/articles?search=%E8%BE%BD%E5%AE%81%E8%88%B0",
    );
    const login = cookieNamed(r, "__console")!.split(";")[0];
    const session = await getSession(
      new Request("http://console.test/", { headers: { Cookie: login } }),
    );
    expect(session.get("token")).toMatch(/\S{20,}/);
    expect(session.get("uid")).toBeGreaterThan(0);
  });
});

describe("platform timeouts", () => {
  it("answers 503 with the service message within seconds when the platform never answers", async () => {
    const silent = await silentServer();
    const u = userWithToken(p.ctx, "waiter", ["admin"]);
    const state = await browser(u);
    const anonymous = await browser(undefined, { lng: "zh" });
    process.env.PLATFORM_API_URL = silent.api;
    process.env.PLATFORM_TIMEOUT_MS = "300";
    invalidatePlatformConfig();
    try {
      const started = Date.now();
      const login = await run(() =>
        loginAction(
          args(
            post("/login", anonymous, {
              username: "admin",
              password: "admin-pass-1",
              captcha_id: "x",
              captcha: "x",
            }),
          ),
        ),
      );
      expect(login.status).toBe(503);
      expect((login.data as { error: string }).error).toBe("服务异常，请联系系统管理员！");
      const page = await run(() => requireViewer(get("/dashboard", state)));
      expect(page.status).toBe(503);
      expect(await page.response!.text()).toBe("服务异常，请联系系统管理员！");
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(silent.connections()).toBeGreaterThan(0);
    } finally {
      useTestPlatform(p);
      await silent.close();
    }
  });
});

describe("cookies", () => {
  const lngPost = (state: BrowserState, headers: Record<string, string> = {}) =>
    raw(
      "/ui",
      state,
      new URLSearchParams({ lng: "en", csrf: state.csrfToken, redirectTo: "/" }),
      headers,
    );

  it("are Secure with COOKIE_SECURE=on or over TLS, and not otherwise", async () => {
    const state = await browser();
    const plain = await run(() => uiAction(args(lngPost(state))));
    expect(cookieNamed(plain, "__console_prefs")).not.toMatch(/;\s*Secure/i);

    const tls = await run(() =>
      uiAction(args(lngPost(state, { "x-console-forwarded-proto": "https" }))),
    );
    expect(cookieNamed(tls, "__console_prefs")).toMatch(/;\s*Secure/i);

    process.env.COOKIE_SECURE = "on";
    const forced = await run(() => uiAction(args(lngPost(state))));
    expect(cookieNamed(forced, "__console_prefs")).toMatch(/;\s*Secure/i);
    const login = await run(() =>
      loginAction(
        args(
          post("/login", state, {
            username: "admin",
            password: "admin-pass-1",
            captcha_id: "x",
            captcha: "x",
          }),
        ),
      ),
    );
    expect(cookieNamed(login, "__console")).toMatch(/;\s*Secure/i);
  });

  it("keep the login no longer than the browser session and LOGIN_MAX_HOURS, the preferences 30 days", async () => {
    const state = await browser();
    const prefs = await run(() => uiAction(args(lngPost(state))));
    expect(cookieNamed(prefs, "__console_prefs")).toMatch(/Max-Age=2592000/);

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-01-01T08:00:00Z"));
    const login = await run(() =>
      loginAction(
        args(
          post("/login", state, {
            username: "admin",
            password: "admin-pass-1",
            captcha_id: "x",
            captcha: "x",
          }),
        ),
      ),
    );
    const cookie = cookieNamed(login, "__console")!;
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
    expect(setCookies(login)).toHaveLength(1);

    const withLogin = { Cookie: cookie.split(";")[0] };
    vi.setSystemTime(new Date("2026-01-01T19:59:00Z"));
    expect(
      (await getSession(new Request("http://console.test/", { headers: withLogin }))).get("token"),
    ).toBeTruthy();
    vi.setSystemTime(new Date("2026-01-01T20:01:00Z"));
    expect(
      (await getSession(new Request("http://console.test/", { headers: withLogin }))).get("token"),
    ).toBeUndefined();
  });

  it("keeps the preferences when the login ends", async () => {
    const u = userWithToken(p.ctx, "prefs-keeper", ["admin"]);
    const state = await browser(u, { lng: "en", sidebar: "closed" });
    const r = await run(() =>
      logoutAction(args(post("/logout", state, { redirect: "/dashboard" }))),
    );
    expect(r.status).toBe(302);
    expect(cookieNamed(r, "__console_prefs")).toBeUndefined();
    const after = await getSession(
      new Request("http://console.test/", {
        headers: {
          Cookie: state.cookie.replace(
            /__console=[^;]+/,
            cookieNamed(r, "__console")!.split(";")[0],
          ),
        },
      }),
    );
    expect(after.get("token")).toBeUndefined();
    expect(after.get("lng")).toBe("en");
    expect(after.get("sidebar")).toBe("closed");
  });
});
