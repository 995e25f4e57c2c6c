/**
 * A big graph apply and the other users (issue 26): `npx tsx bench/apply-bench.ts`
 * (STATEMENTS=20000 for a quick run; WRITERS=4 users logging in and saving meanwhile; REBUILD=1
 * to rebuild the graph afterwards from the same files, the users writing meanwhile;
 * BENCH_PORT: the server's port, else one the system gives).
 *
 * Starts the product's server (`build/server.js`, WORKERS=2, SQLite under a temp DATA_DIR),
 * writes a synthetic N-Triples document (typed and labelled entities of the military ontology,
 * relations within their relation types' domain and range: the same shape as
 * interchange-import-bench.ts), uploads it through the API in files of at most 19 MB, creates
 * a graph by a dry run (POST /api/graphadmin/graphs/dry-run/) and applies it
 * (POST …/graphs/:id/update/). While the apply runs, WRITERS users loop: log in
 * (POST /api/common/users/login/) and save their user (PATCH /api/common/users/:id/), each
 * waiting for its answer. Prints the time and statements/s of the dry run and the apply, the
 * RSS peak of the server's processes (the primary and each worker, sampled from /proc every
 * 50 ms), the latency of those writes (p50/p95/p99, max), their 5xx and other failures, and
 * whether `SQLITE_BUSY` appeared in the server's output. Goals (issue 26): RSS ≤ 400 MB at
 * 1,000,000 statements, write p99 ≤ 1 s, no 5xx, no SQLITE_BUSY.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../platform/db/database.js";
import { storeOverSqlite } from "../platform/db/store.js";
import { ensureBuiltinOntologies } from "../platform/kg/ontology.js";
import { settingsFromEnv } from "../platform/settings.js";
import { freePort } from "../tests/helpers/free-port.js";
import { militaryNTriples } from "../tests/helpers/ntriples.js";
import { createOtherUsers, percentile, userWrites } from "../tests/helpers/user-writes.js";
import { loadAverage } from "./store.js";

const STATEMENTS = Number(process.env.STATEMENTS ?? 1_000_000);
const WRITERS = Number(process.env.WRITERS ?? 4);
const ADMIN_PASSWORD = "apply-bench-admin-1";
const mb = (bytes: number) => (bytes / 1e6).toFixed(0);
const n = (x: number, digits = 0) =>
  x.toLocaleString("en", { maximumFractionDigits: digits, minimumFractionDigits: digits });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "apply-bench-"));
const port = Number(process.env.BENCH_PORT) || (await freePort());
const origin = `http://127.0.0.1:${port}`;
let output = "";
/** The longest event-loop delay (ms) each server process reported since the stage began (bench/loop-delay.mjs). */
const loopDelay = new Map<number, number>();
/** What each process's highest RSS so far was made of: "rss heapTotal heapUsed external arrayBuffers" (MB). */
const atPeak = new Map<number, string>();
let stderrTail = "";
const onStderr = (d: Buffer) => {
  const lines = (stderrTail + d.toString()).split("\n");
  stderrTail = lines.pop()!;
  for (const line of lines) {
    const m = /^\[loop-delay\] (\d+) (\d+)$/.exec(line);
    const mem = /^\[memory\] (\d+) (.*)$/.exec(line);
    if (m) loopDelay.set(Number(m[1]), Math.max(loopDelay.get(Number(m[1])) ?? 0, Number(m[2])));
    else if (mem) atPeak.set(Number(mem[1]), mem[2]);
    else output += `${line}\n`;
  }
};
const startServer = () => {
  const s = spawn(process.execPath, ["build/server.js"], {
    env: {
      ...process.env,
      // SERVER_NODE_OPTIONS: flags for the server only (a heap limit tried on its processes).
      NODE_OPTIONS: `${process.env.SERVER_NODE_OPTIONS ?? ""} --import ${path.resolve("bench/loop-delay.mjs")}`,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED: "none",
      CAPTCHA: "off",
      ADMIN_PASSWORD,
      WORKERS: "2",
      PLATFORM_API_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  s.stdout!.on("data", (d) => (output += d));
  s.stderr!.on("data", onStderr);
  return s;
};
let server = startServer();
/** FRESH=1: the server restarts after the uploads, so the jobs start in processes that did not parse them. */
const FRESH = process.env.FRESH === "1";
/** REBUILD=1: the graph is then rebuilt from the same files (a dry run of mode replace, applied). */
const REBUILD = process.env.REBUILD === "1";

/** The server's processes: the primary and its workers (node:cluster children). */
function serverPids(): number[] {
  const pids = [server.pid!];
  try {
    const children = fs.readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, "utf8");
    pids.push(...children.trim().split(/\s+/).filter(Boolean).map(Number));
  } catch {
    // Not Linux, or gone: the primary only.
  }
  return pids;
}
const rssOf = (pid: number) => {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
};

async function ready() {
  for (const started = Date.now(); Date.now() - started < 120_000;) {
    if (server.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      if ((await fetch(`${origin}/readyz`)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready: ${output}`);
}

async function login(username: string, password: string) {
  const res = await fetch(`${origin}/api/common/users/login/`, {
    method: "POST",
    headers: { Cookie: "csrftoken=b", "X-CSRFToken": "b", "Content-Type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  return res;
}

async function main() {
  console.log(`load before: ${loadAverage()} (${os.cpus().length} cores)`);
  await ready();
  const res = await login("admin", ADMIN_PASSWORD);
  if (res.status !== 200) throw new Error(`login: ${res.status}`);
  const body = (await res.json()) as { token: string; csrf_token: string };
  const headers = (json = true) => ({
    Authorization: `Token ${body.token}`,
    "X-CSRFToken": body.csrf_token,
    ...(json ? { "Content-Type": "application/json" } : {}),
  });
  const api = async (method: string, p: string, payload?: unknown) => {
    const r = await fetch(`${origin}/api${p}`, {
      method,
      headers: headers(),
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
    const text = await r.text();
    if (!r.ok) throw new Error(`${method} ${p}: ${r.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };

  // The ontology and its IRIs, read through the store as an operator's script would.
  const db = openDatabase(path.join(dataDir, "platform.sqlite"));
  const { military: ontologyId } = await ensureBuiltinOntologies({
    store: storeOverSqlite(path.join(dataDir, "platform.sqlite"), db),
    settings: settingsFromEnv({ ...process.env, DATA_DIR: dataDir }),
  });
  const began = performance.now();
  const { files, entities, relations } = militaryNTriples(db, ontologyId, STATEMENTS);
  console.log(
    `${n(STATEMENTS)} statements (${n(entities)} entities, ${n(relations)} relations) in ${files.length} file(s), written in ${((performance.now() - began) / 1000).toFixed(1)} s`,
  );

  const fileIds: number[] = [];
  for (const [i, text] of files.entries()) {
    const form = new FormData();
    form.append("name", `apply-bench-${i}.nt`);
    form.append("file", new File([text], `apply-bench-${i}.nt`, { type: "application/n-triples" }));
    const r = await fetch(`${origin}/api/data/files/`, {
      method: "POST",
      headers: headers(false),
      body: form,
    });
    if (r.status !== 201) throw new Error(`upload: ${r.status} ${await r.text()}`);
    fileIds.push(((await r.json()) as { id: number }).id);
  }
  files.length = 0;
  if (FRESH) {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    server = startServer();
    await ready();
  }

  // The other users: each logs in and saves its own user record (API and console forms).
  const others = await createOtherUsers(
    origin,
    { token: body.token, csrf: body.csrf_token },
    WRITERS,
    "apply-bench",
  );

  const jobStatus = (id: number) =>
    db.prepare("SELECT status, error, result_json FROM jobs WHERE id = ?").get(id) as {
      status: string;
      error: string | null;
      result_json: string | null;
    };
  const timed = async (label: string, start: () => Promise<number>, writing: boolean) => {
    const peaks = new Map<number, number>();
    console.log(
      `${label} starts; RSS of the server's processes: ${serverPids()
        .map((p) => `${mb(rssOf(p))} MB`)
        .join(", ")}`,
    );
    const sampler = setInterval(() => {
      for (const pid of serverPids()) peaks.set(pid, Math.max(peaks.get(pid) ?? 0, rssOf(pid)));
    }, 50);
    const t0 = performance.now();
    loopDelay.clear();
    const id = await start();
    const writes = writing ? userWrites(origin, others) : null;
    let job = jobStatus(id);
    while (!["succeeded", "failed", "cancelled"].includes(job.status)) {
      await new Promise((r) => setTimeout(r, 100));
      job = jobStatus(id);
    }
    const seconds = (performance.now() - t0) / 1000;
    const log = await writes?.stop();
    clearInterval(sampler);
    if (job.status !== "succeeded") throw new Error(`${label}: ${job.status} ${job.error}`);
    const peak = Math.max(...peaks.values());
    const delay = Math.max(0, ...loopDelay.values());
    console.log(
      `${label}: ${seconds.toFixed(1)} s, ${n(STATEMENTS / seconds)} statements/s, RSS peak ${mb(peak)} MB (a process); event-loop delay max ${n(delay)} ms; load ${loadAverage()}`,
    );
    console.log(
      `  per process (pid: RSS peak, longest event-loop delay): ${[...peaks]
        .map(([pid, rss]) => {
          const [r, total, used, ext, buffers] = (atPeak.get(pid) ?? "").split(" ");
          const made = r
            ? ` (at its ${r} MB peak so far: V8 heap ${total} MB committed, ${used} used; external ${ext}, of it array buffers ${buffers})`
            : "";
          return `${pid}: ${mb(rss)} MB, ${loopDelay.get(pid) ?? "?"} ms${made}`;
        })
        .join("; ")}`,
    );
    return { id, job, seconds, peak, delay, log };
  };

  const dry = await timed(
    "dry run",
    async () =>
      (
        (await api("POST", "/graphadmin/graphs/dry-run/", {
          name: "应用基准图谱",
          domain: "military",
          ontology_id: ontologyId,
          file_ids: fileIds,
        })) as { job_id: number }
      ).job_id,
    false,
  );
  const graphId = (
    db.prepare("SELECT graph_id FROM jobs WHERE id = ?").get(dry.id) as { graph_id: number }
  ).graph_id;
  const applied = await timed(
    "apply",
    async () =>
      (
        (await api("POST", `/graphadmin/graphs/${graphId}/update/`, { plan_job_id: dry.id })) as {
          job_id: number;
        }
      ).job_id,
    true,
  );
  // REBUILD=1: then a rebuild of the graph from the same files (decision 037: cleared and
  // written again in batches under the mark), with the users writing meanwhile.
  const rebuild = async () => {
    const plan = await timed(
      "rebuild dry run",
      async () =>
        (
          (await api("POST", `/graphadmin/graphs/${graphId}/build/dry-run/`, {
            file_ids: fileIds,
          })) as { job_id: number }
        ).job_id,
      false,
    );
    return timed(
      "rebuild",
      async () =>
        (
          (await api("POST", `/graphadmin/graphs/${graphId}/update/`, {
            plan_job_id: plan.id,
          })) as { job_id: number }
        ).job_id,
      true,
    ).then((r) => ({ plan, r }));
  };
  const rebuilt = REBUILD ? await rebuild() : null;
  const count = (table: string) =>
    db.prepare(`SELECT count(*) FROM ${table} WHERE graph_id = ?`).pluck().get(graphId) as number;
  const stored = { entities: count("kg_entities"), relations: count("kg_relations") };
  db.close();

  const log = applied.log!;
  const w = log.latencies;
  console.log("");
  console.log(
    `| ${n(STATEMENTS)} N-Triples statements | time | statements/s | RSS peak (a process) | event-loop delay max (a process) |`,
  );
  console.log("|---|---:|---:|---:|---:|");
  for (const [label, r] of [
    ["dry run", dry],
    ["apply", applied],
    ...(rebuilt
      ? ([
          ["rebuild dry run", rebuilt.plan],
          ["rebuild", rebuilt.r],
        ] as const)
      : []),
  ] as const)
    console.log(
      `| ${label} | ${r.seconds.toFixed(1)} s | ${n(STATEMENTS / r.seconds)} | ${mb(r.peak)} MB | ${n(r.delay)} ms |`,
    );
  console.log("");
  console.log(
    `writes during the apply (${WRITERS} users, each: API login + save, console login form + user form): ${w.length} — p50 ${n(percentile(w, 0.5))} ms, p95 ${n(percentile(w, 0.95))} ms, p99 ${n(percentile(w, 0.99))} ms, max ${n(Math.max(0, ...w))} ms; 5xx ${log.serverErrors}, failed ${log.failed}${log.first ? ` (first: ${log.first})` : ""}`,
  );
  console.log(
    `SQLITE_BUSY in the server's output: ${output.includes("SQLITE_BUSY") ? "yes" : "no"}; stored: ${n(stored.entities)} entities, ${n(stored.relations)} relations; load after: ${loadAverage()}`,
  );
  const r = rebuilt?.r.log;
  if (r)
    console.log(
      `writes during the rebuild: ${r.latencies.length} — p50 ${n(percentile(r.latencies, 0.5))} ms, p95 ${n(percentile(r.latencies, 0.95))} ms, p99 ${n(percentile(r.latencies, 0.99))} ms, max ${n(Math.max(0, ...r.latencies))} ms; 5xx ${r.serverErrors}, failed ${r.failed}`,
    );
  const peaks = [dry, applied, ...(rebuilt ? [rebuilt.plan, rebuilt.r] : [])].map((x) => x.peak);
  const all = [...w, ...(r?.latencies ?? [])];
  const goals = [
    ["RSS ≤ 400 MB", Math.max(...peaks) <= 400e6],
    ["write p99 ≤ 1 s", percentile(all, 0.99) <= 1000],
    ["no 5xx", log.serverErrors + (r?.serverErrors ?? 0) === 0],
    ["no SQLITE_BUSY", !output.includes("SQLITE_BUSY")],
  ] as const;
  console.log(`goals: ${goals.map(([g, ok]) => `${g} ${ok ? "✓" : "✗"}`).join(", ")}`);
}

try {
  await main();
} catch (e) {
  console.log(`server output (last 4,000 characters):\n${output.slice(-4000)}`);
  throw e;
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
