import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "../helpers/free-port";

/** The server's own life: health, request log, clean shutdown, console without the embedded platform. */

function startServer(port: number, env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kg-server-"));
  const child = spawn(process.execPath, ["build/server.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED: "none",
      ADMIN_PASSWORD: "x-pass-123",
      NODE_ENV: "production",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  return { child, dataDir, output: () => out };
}

async function waitHealthy(port: number) {
  const healthy = () =>
    fetch(`http://127.0.0.1:${port}/healthz`).then(
      (res) => res.ok,
      () => false, // not listening yet
    );
  await expect.poll(healthy, { timeout: 60_000, intervals: [100] }).toBe(true);
  return fetch(`http://127.0.0.1:${port}/healthz`);
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((r) => child.once("exit", (code) => r(code)));

test.describe.configure({ mode: "serial" });

test("answers health checks, logs requests, finishes in-flight requests on SIGTERM and closes the store", async () => {
  const port = await freePort();
  const s = startServer(port);
  try {
    const health = await waitHealthy(port);
    expect(await health.json()).toMatchObject({ status: "ok", platform: "embedded" });
    await fetch(`http://127.0.0.1:${port}/api/common/configs/all`);
    await expect.poll(() => s.output()).toMatch(/GET \/api\/common\/configs\/all 200 [\d.]+ms/);

    // A request whose body is still arriving when SIGTERM comes must still be answered.
    const body = JSON.stringify({
      username: "admin",
      password: "wrong",
      captcha_id: "x",
      captcha: "x",
    });
    const answer = new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          path: "/api/common/users/login/",
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "Content-Length": Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        s.child.kill("SIGTERM");
        setTimeout(() => req.end(body.slice(10)), 300);
      }, 200);
    });
    const status = await answer;
    expect(status).toBeGreaterThanOrEqual(400); // refused by CSRF or credentials, but answered
    expect(status).toBeLessThan(500);
    expect(await exited(s.child)).toBe(0);
    expect(s.output()).toContain("SIGTERM: finishing in-flight requests");
    expect(s.output()).toContain("stopped");
    // Closing the store checkpoints the WAL away.
    expect(fs.existsSync(path.join(s.dataDir, "platform.sqlite-wal"))).toBe(false);
  } finally {
    s.child.kill("SIGKILL");
  }
});

test("serves the console alone with EMBEDDED_PLATFORM=off, saying the platform is unreachable", async ({
  page,
}) => {
  const port = await freePort();
  const s = startServer(port, {
    EMBEDDED_PLATFORM: "off",
    PLATFORM_API_URL: "http://127.0.0.1:9/api",
  });
  try {
    const health = await waitHealthy(port);
    expect((await health.json()).platform).toBe("http://127.0.0.1:9/api");
    expect((await fetch(`http://127.0.0.1:${port}/api/common/configs/all`)).status).toBe(404);
    await page.goto(`http://127.0.0.1:${port}/login`);
    await expect(page.getByText("服务异常，请联系系统管理员！").first()).toBeVisible();
  } finally {
    s.child.kill("SIGTERM");
    await exited(s.child);
  }
});
