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

/**
 * Starts build/server.js on a free port (TEST_SERVER_PORT: that one) with a fresh DATA_DIR, no seed, no captcha and `env`
 * over that; waits until it is ready, opens the store and signs the admin in.
 */
export async function startBuiltServer(
  name: string,
  adminPassword: string,
  env: Record<string, string>,
): Promise<BuiltServer> {
  const port = Number(process.env.TEST_SERVER_PORT) || (await freePort());
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
      ADMIN_PASSWORD: adminPassword,
      PLATFORM_API_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  await vi.waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
    },
    { timeout: STARTUP_MS, interval: 200 },
  );
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
    output: () => output,
    store,
    admin,
    headers: (json = true) => ({
      Authorization: `Token ${admin.token}`,
      "X-CSRFToken": admin.csrf,
      ...(json ? { "Content-Type": "application/json" } : {}),
    }),
    stop: async () => {
      store.close();
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Time enough for a server to start (beforeAll's timeout). */
export const SERVER_STARTUP_MS = STARTUP_MS + 10_000;
