import { execSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../helpers/free-port";
import { spawnBuiltServer, untilAnswers, type SpawnedServer } from "../helpers/built-server";
import { startPlatform, type TestPlatform } from "../helpers/platform";

/** server.ts itself, started as the operator starts it, against the built console. */

const STARTUP_MS = 60_000;

/** The server with an admin password and a session secret of its own, answering /healthz. */
async function startServer(env: Record<string, string> = {}): Promise<SpawnedServer> {
  const server = await spawnBuiltServer("hardening", {
    ADMIN_PASSWORD: "x-admin-pass-1",
    SESSION_SECRET: "hardening-secret",
    ...env,
  });
  await untilAnswers(server, "/healthz");
  return server;
}

/** A raw request, for methods fetch() refuses to send (TRACE). */
function rawRequest(url: string, method: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const req = http.request(url, { method, headers }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on("error", reject);
      req.end();
    },
  );
}

function directives(csp: string | null): Map<string, string[]> {
  return new Map(
    (csp ?? "")
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );
}

function expectSecurityHeaders(headers: Headers) {
  const csp = directives(headers.get("content-security-policy"));
  expect(csp.get("default-src")).toEqual(["'self'"]);
  expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  expect(csp.get("object-src")).toEqual(["'none'"]);
  expect(csp.get("base-uri")).toEqual(["'self'"]);
  expect(csp.get("form-action")).toEqual(["'self'"]);
  expect(csp.get("connect-src")).toEqual(["'self'"]);
  const scriptSrc = csp.get("script-src") ?? [];
  expect(scriptSrc).toContain("'self'");
  expect(scriptSrc.some((v) => /^'nonce-[A-Za-z0-9+/=]{20,}'$/.test(v))).toBe(true);
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("x-frame-options")).toBe("DENY");
  expect(headers.get("referrer-policy")).toBe("same-origin");
  expect(headers.get("permissions-policy")).toContain("camera=()");
  expect(headers.get("permissions-policy")).toContain("geolocation=()");
  expect(headers.get("cross-origin-opener-policy")).toBe("same-origin");
  expect(headers.get("cross-origin-resource-policy")).toBe("same-origin");
  // Decision 045: Chromium's default origin-keyed agent cluster, without a process of its own.
  expect(headers.get("origin-agent-cluster")).toBeNull();
  // Served over plain HTTP here: no HSTS, no upgrade of sub-requests.
  expect(headers.get("strict-transport-security")).toBeNull();
  expect(csp.has("upgrade-insecure-requests")).toBe(false);
}

const nonceOf = (headers: Headers) =>
  /'nonce-([^']+)'/.exec(headers.get("content-security-policy") ?? "")?.[1];

beforeAll(() => {
  if (!fs.existsSync("build/index.js")) execSync("npx remix build", { stdio: "inherit" });
}, 180_000);

describe("the server with its embedded platform", () => {
  let server: SpawnedServer;
  beforeAll(async () => {
    server = await startServer();
  }, STARTUP_MS + 5_000);
  afterAll(() => server?.stop());

  it("sends the security headers on a console page, and the page's scripts carry that request's nonce", async () => {
    const first = await fetch(`${server.base}/login`);
    const second = await fetch(`${server.base}/login`);
    expect(first.status).toBe(200);
    expectSecurityHeaders(first.headers);
    const html = await first.text();
    await second.text();
    const nonce = nonceOf(first.headers)!;
    expect(nonceOf(second.headers)).not.toBe(nonce);

    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(2);
    for (const attrs of scripts) {
      const src = /\bsrc="/.test(attrs);
      if (!src) expect(attrs).toContain(`nonce="${nonce}"`);
    }
  });

  it("sends them on API answers too, which are never stored", async () => {
    const res = await fetch(`${server.base}/api/common/configs/all`);
    expect(res.status).toBe(200);
    expectSecurityHeaders(res.headers);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const missing = await fetch(`${server.base}/api/no/such/thing`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("no-store");
  });

  it("sends them on static files and import templates, which stay cacheable", async () => {
    const icon = await fetch(`${server.base}/favicon.svg`);
    expect(icon.status).toBe(200);
    expectSecurityHeaders(icon.headers);
    expect(icon.headers.get("cache-control")).toMatch(/max-age=\d+/);

    const template = await fetch(`${server.base}/static/template/common-users.csv`);
    expect(template.status).toBe(200);
    expectSecurityHeaders(template.headers);
    expect(template.headers.get("cache-control")).not.toBe("no-store");

    const health = await fetch(`${server.base}/healthz`);
    expectSecurityHeaders(health.headers);
  });

  it("sends HSTS and upgrades sub-requests when a trusted proxy says the request came over TLS", async () => {
    // The default TRUST_PROXY is loopback, and this request comes from 127.0.0.1.
    const res = await fetch(`${server.base}/login`, { headers: { "X-Forwarded-Proto": "https" } });
    await res.text();
    expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000");
    expect(
      directives(res.headers.get("content-security-policy")).has("upgrade-insecure-requests"),
    ).toBe(true);
  });

  it("refuses methods other than GET, HEAD and POST on console routes with a 405, one log line and no stack", async () => {
    const attempts: [string, string][] = [
      ["TRACE", "/login"],
      ["PUT", "/login"],
      ["DELETE", "/backend/setting/users"],
      ["PATCH", "/ui"],
      ["PUT", "/favicon.svg"],
      ["DELETE", "/static/template/common-users.csv"],
    ];
    for (const [method, url] of attempts) {
      const res = await rawRequest(`${server.base}${url}`, method);
      expect(res.status, `${method} ${url}`).toBe(405);
      expect(res.headers.allow).toBe("GET, HEAD, POST");
      expect(res.headers["content-type"]).toMatch(/^text\/plain/);
      expect(res.body).toBe(`Method ${method} not allowed; use GET, HEAD, POST.\n`);
      expect(res.headers["x-frame-options"]).toBe("DENY");
    }
    const options = await rawRequest(`${server.base}/login`, "OPTIONS");
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe("GET, HEAD, POST");

    await expect
      .poll(() => server.output())
      .toMatch(/DELETE \/static\/template\/common-users\.csv 405 /);
    for (const [method, url] of attempts) {
      expect(
        server.output().match(new RegExp(`\\b${method} ${url.replace(/[.]/g, "\\.")} 405 `, "g")),
      ).toHaveLength(1);
    }
    expect(server.output()).not.toMatch(/\n\s+at /);
    expect(server.output()).not.toMatch(/Error/);
  });

  it("answers liveness and readiness", async () => {
    const live = await fetch(`${server.base}/healthz`);
    expect(await live.json()).toEqual({ status: "ok", platform: "embedded" });
    const ready = await fetch(`${server.base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", store: "ok", platform: "ok" });
    expect(server.output()).toContain("readiness: ready (store ok, platform ok)");
  });
});

describe("a proxy that is not trusted", () => {
  let server: SpawnedServer;
  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: "10.1.2.3" });
  }, STARTUP_MS + 5_000);
  afterAll(() => server?.stop());

  it("cannot turn HSTS on with X-Forwarded-Proto", async () => {
    const res = await fetch(`${server.base}/login`, { headers: { "X-Forwarded-Proto": "https" } });
    await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get("strict-transport-security")).toBeNull();
    expect(
      directives(res.headers.get("content-security-policy")).has("upgrade-insecure-requests"),
    ).toBe(false);
  });
});

it(
  "refuses a TRUST_PROXY it cannot read as addresses",
  async () => {
    const child = spawn(process.execPath, ["build/server.js"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(await freePort()),
        TRUST_PROXY: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stderr!.on("data", (d) => (out += d));
    const code = await new Promise((r) => child.once("exit", r));
    expect(code).toBe(1);
    expect(out).toContain('TRUST_PROXY: "1" is not');
  },
  STARTUP_MS,
);

describe("readiness of a console without the embedded platform", () => {
  let server: SpawnedServer;
  let platformPort: number;
  let platform: TestPlatform | undefined;
  let listener: net.Server | http.Server | undefined;
  const closeListener = async () => {
    if (!listener) return;
    const l = listener;
    listener = undefined;
    if ("closeAllConnections" in l) l.closeAllConnections();
    await new Promise((r) => l.close(r));
  };

  beforeAll(async () => {
    platformPort = await freePort();
    server = await startServer({
      EMBEDDED_PLATFORM: "off",
      PLATFORM_API_URL: `http://127.0.0.1:${platformPort}/api`,
    });
  }, STARTUP_MS + 5_000);
  afterAll(async () => {
    await server?.stop();
    await closeListener();
    await platform?.close();
  });

  it("is live but not ready while nothing listens at the platform's address", async () => {
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
    const res = await fetch(`${server.base}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      status: "not ready",
      store: "remote",
      platform: "unreachable",
    });
    expect(server.output()).toContain("readiness: not ready (store remote, platform unreachable)");
  });

  it("is not ready, within its timeout, while the platform accepts connections and never answers", async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((s) => {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
    });
    silent.on("close", () => sockets.forEach((s) => s.destroy()));
    listener = silent;
    await new Promise<void>((r) => silent.listen(platformPort, "127.0.0.1", r));
    const started = Date.now();
    const res = await fetch(`${server.base}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: "not ready", platform: "unreachable" });
    expect(Date.now() - started).toBeLessThan(5_000);
    sockets.forEach((s) => s.destroy());
    await closeListener();
  });

  it("is ready once the platform answers", async () => {
    platform = await startPlatform();
    const app = express();
    app.use("/api", platform.platform.router);
    const up = http.createServer(app);
    listener = up;
    await new Promise<void>((r) => up.listen(platformPort, "127.0.0.1", r));
    const res = await fetch(`${server.base}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ready", store: "remote", platform: "ok" });
    expect(server.output()).toContain("readiness: ready (store remote, platform ok)");
  });
});
