import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, vi } from "vitest";
import { openDatabase, type DB } from "../../platform/db/database.js";
import { freePort } from "./free-port.js";

const STARTUP_MS = 90_000;

/** The product's server (build/server.js) as a test runs it, with an admin signed in through the API. */
export interface BuiltServer {
  base: string;
  dataDir: string;
  child: ChildProcess;
  /** Everything the server printed so far (stdout and stderr). */
  output: () => string;
  /** The test's own connection to the store: it reads as an operator's script would. */
  store: DB;
  /** The admin signed in through the API. */
  admin: { token: string; csrf: string };
  /** The admin's API headers (token and CSRF), JSON unless `json` is false. */
  headers: (json?: boolean) => Record<string, string>;
  /** Stops the server (SIGTERM) and removes its data. */
  stop: () => Promise<void>;
}

/** build/server.js started by a test, before anything is asked of it. */
export interface SpawnedServer {
  base: string;
  dataDir: string;
  child: ChildProcess;
  /** Everything the server printed so far (stdout and stderr). */
  output: () => string;
  /** Stops the server (SIGTERM; SIGCONT first, should it be frozen) and removes its data. */
  stop: () => Promise<void>;
}

/**
 * Starts build/server.js on `port` (else TEST_SERVER_PORT, else a free one) with a fresh
 * DATA_DIR, no seed, no captcha, the embedded platform and `env` over that.
 */
export async function spawnBuiltServer(
  name: string,
  env: Record<string, string>,
  port?: number,
): Promise<SpawnedServer> {
  port ??= Number(process.env.TEST_SERVER_PORT) || (await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `kg-${name}-`));
  let output = "";
  const child = spawn(process.execPath, ["build/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED: "none",
      CAPTCHA: "off",
      PLATFORM_API_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  return {
    base: `http://127.0.0.1:${port}`,
    dataDir,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGCONT"); // a test may have frozen it (SIGSTOP)
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits until the server answers `path` with 200 (it fails at once should the server exit). */
export async function untilAnswers(server: SpawnedServer, path = "/readyz") {
  await vi.waitFor(
    async () => {
      if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
      expect((await fetch(`${server.base}${path}`)).status).toBe(200);
    },
    { timeout: STARTUP_MS, interval: 200 },
  );
}

/**
 * Starts build/server.js (spawnBuiltServer) with the admin's password; waits until it is ready,
 * opens the store and signs the admin in.
 */
export async function startBuiltServer(
  name: string,
  adminPassword: string,
  env: Record<string, string>,
): Promise<BuiltServer> {
  const server = await spawnBuiltServer(name, { ADMIN_PASSWORD: adminPassword, ...env });
  const { base, dataDir, child, output } = server;
  await untilAnswers(server);
  const store = openDatabase(path.join(dataDir, "platform.sqlite"));
  const login = await fetch(`${base}/api/common/users/login/`, {
    method: "POST",
    headers: { Cookie: "csrftoken=t", "X-CSRFToken": "t", "Content-Type": "application/json" },
    body: JSON.stringify({ username: "admin", password: adminPassword }),
  });
  expect(login.status).toBe(200);
  const body = (await login.json()) as { token: string; csrf_token: string };
  const admin = { token: body.token, csrf: body.csrf_token };
  return {
    base,
    dataDir,
    child,
    output,
    store,
    admin,
    headers: (json = true) => ({
      Authorization: `Token ${admin.token}`,
      "X-CSRFToken": admin.csrf,
      ...(json ? { "Content-Type": "application/json" } : {}),
    }),
    stop: async () => {
      store.close();
      await server.stop();
    },
  };
}

/** Time enough for a server to start (beforeAll's timeout). */
export const SERVER_STARTUP_MS = STARTUP_MS + 10_000;
