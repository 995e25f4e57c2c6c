/**
 * The built console (build/server.js) as the page benchmarks run it: a child process on a
 * port of its own, with the demo seed, no captcha and one worker unless told otherwise, and
 * a free port to put it on.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";

/** The admin password of every bench server. */
export const BENCH_ADMIN_PASSWORD = "bench-admin-pass-1";

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts build/server.js on `port` with the data in `dataDir` and waits until `probe`
 * (/healthz, or /readyz) answers; `env` is laid over the bench's defaults.
 */
export async function startBuiltServer(
  port: number,
  dataDir: string,
  env: Record<string, string | undefined> = {},
  probe = "/healthz",
): Promise<{ child: ChildProcess; origin: string }> {
  if (!fs.existsSync("build/server.js") || !fs.existsSync("public/build"))
    throw new Error("no build: run `node scripts/ensure-build.mjs` first");
  const child = spawn(process.execPath, ["build/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      SEED: "demo",
      CAPTCHA: "off",
      SESSION_SECRET: "bench-session-secret",
      WORKERS: "1",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    const up = await fetch(`${origin}${probe}`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { child, origin };
    if (Date.now() > deadline) throw new Error("server did not start within 120 s");
    await new Promise((r) => setTimeout(r, 250));
  }
}
