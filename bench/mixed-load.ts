/**
 * API reads while users are written (issue 9): the users list read alone for N seconds, then
 * the same reads while 16 writers create users (with a password), change their e-mail and
 * reset their password, in one run. Goal: reads under writes ≥ 30 % of reads alone.
 *
 *   npx tsx bench/mixed-load.ts [--seconds 10] [--connections 8] [--writers 16]
 *   npm run bench:mixed
 *
 * The platform runs in a child process (a real platform over HTTP on a temp store, as the
 * tests start it), so the load generators here do not share its event loop. Reads are
 * driven by autocannon; writers are plain fetch loops, each waiting for its answer.
 */
import { fork, type ChildProcess } from "node:child_process";
import os from "node:os";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg("seconds", 10);
const CONNECTIONS = arg("connections", 8);
const WRITERS = arg("writers", 16);
const GOAL = 0.3;
const READ_PATH = "/api/common/users/?page=1";

async function startServer(): Promise<{ child: ChildProcess; origin: string }> {
  const child = fork(fileURLToPath(import.meta.url), ["--serve"], { stdio: "inherit" });
  const origin = await new Promise<string>((resolve, reject) => {
    child.once("message", (m) => resolve((m as { origin: string }).origin));
    child.once("exit", (code) => reject(new Error(`platform process exited (${code})`)));
  });
  return { child, origin };
}

async function login(origin: string) {
  const res = await fetch(`${origin}/api/common/users/login/`, {
    method: "POST",
    headers: {
      Cookie: "csrftoken=bench",
      "X-CSRFToken": "bench",
      "Content-Type": "application/json",
    },
    body: JSON.stringify({ username: "admin", password: "admin-pass-1" }),
  });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { token: string; csrf_token: string };
  return { token: body.token, csrf: body.csrf_token };
}

function reads(origin: string, token: string, seconds: number) {
  const latencies: number[] = [];
  return new Promise<{ perSecond: number; p95: number; failed: number }>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${origin}${READ_PATH}`,
        connections: CONNECTIONS,
        duration: seconds,
        headers: { Authorization: `Token ${token}` },
      },
      (err, result) => {
        if (err) return reject(err);
        resolve({
          perSecond: result.requests.average,
          p95: percentile(latencies, 0.95),
          failed: result.errors + result.timeouts + result.non2xx,
        });
      },
    );
    instance.on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
  });
}

/** Writers loop until `stop` is set: create a user with a password, change their e-mail, reset the password. */
function writers(origin: string, auth: { token: string; csrf: string }) {
  const state = { stop: false, ok: 0, failed: 0, latencies: [] as number[], firstFailure: "" };
  const headers = {
    Authorization: `Token ${auth.token}`,
    "X-CSRFToken": auth.csrf,
    "Content-Type": "application/json",
  };
  const send = async (method: string, path: string, body: unknown) => {
    const started = performance.now();
    const res = await fetch(`${origin}/api${path}`, {
      method,
      headers,
      body: JSON.stringify(body),
    });
    const text = await res.text();
    state.latencies.push(performance.now() - started);
    if (res.ok) state.ok++;
    else {
      state.failed++;
      state.firstFailure ||= `${method} ${path}: ${res.status} ${text}`;
    }
    return res.ok ? (JSON.parse(text) as { id: number }) : null;
  };
  const loop = async (w: number) => {
    for (let i = 0; !state.stop; i++) {
      const created = await send("POST", "/common/users/", {
        username: `bench-${w}-${i}`,
        email: `bench-${w}-${i}@example.com`,
        password: `Bench-pass-${w}-${i}`,
        is_active: 1,
      });
      if (!created || state.stop) continue;
      await send("PATCH", `/common/users/${created.id}/`, {
        email: `changed-${w}-${i}@example.com`,
      });
      if (state.stop) continue;
      await send("POST", `/common/users/${created.id}/reset_password/`, {
        new_password: `Reset-pass-${w}-${i}`,
      });
    }
  };
  const running = Promise.all(Array.from({ length: WRITERS }, (_, w) => loop(w)));
  return {
    state,
    finish: async () => {
      state.stop = true;
      await running;
    },
  };
}

function percentile(values: number[], p: number) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

const n = (x: number, digits = 0) =>
  x.toLocaleString("en", { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main() {
  const { child, origin } = await startServer();
  try {
    const auth = await login(origin);
    await reads(origin, auth.token, 1); // warm-up: JIT, statement cache
    const alone = await reads(origin, auth.token, SECONDS);

    const load = writers(origin, auth);
    const startedWrites = performance.now();
    const mixed = await reads(origin, auth.token, SECONDS);
    const writeSeconds = (performance.now() - startedWrites) / 1000;
    const writesDone = load.state.ok + load.state.failed;
    await load.finish();

    const ratio = mixed.perSecond / alone.perSecond;
    const cpu = os.cpus();
    console.log(
      `Mixed load: ${READ_PATH} with ${CONNECTIONS} connections, ${SECONDS} s each phase`,
    );
    console.log(
      `machine: ${cpu.length} × ${cpu[0]?.model.trim()}, node ${process.version}, ${new Date().toISOString()}`,
    );
    console.log("");
    console.log("| | reads/s | read p95 | writes/s | write p95 |");
    console.log("|---|---:|---:|---:|---:|");
    console.log(`| reads alone | ${n(alone.perSecond)} | ${n(alone.p95, 1)} ms | | |`);
    console.log(
      `| reads + ${WRITERS} writers | ${n(mixed.perSecond)} | ${n(mixed.p95, 1)} ms | ${n(writesDone / writeSeconds)} | ${n(
        percentile(load.state.latencies, 0.95),
        0,
      )} ms |`,
    );
    console.log("");
    console.log(
      `reads under writes: ${n(ratio * 100, 1)} % of reads alone (goal ≥ ${GOAL * 100} %: ${ratio >= GOAL ? "met" : "NOT met"})`,
    );
    const failed = alone.failed + mixed.failed + load.state.failed;
    if (failed)
      console.log(
        `failed requests: ${failed}${load.state.firstFailure ? ` (first write: ${load.state.firstFailure})` : ""}`,
      );
  } finally {
    child.send("close");
    await new Promise((r) => child.once("exit", r));
  }
}

if (process.argv.includes("--serve")) {
  const { startPlatform } = await import("../tests/helpers/platform.js");
  const p = await startPlatform();
  process.send!({ origin: p.origin });
  process.on("message", async () => {
    await p.close();
    process.exit(0);
  });
} else {
  await main();
}
