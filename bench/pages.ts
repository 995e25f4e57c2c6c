/**
 * Pages under real load (issue 11): the real server (server.ts, production build, a temp
 * DATA_DIR seeded with the demo), a login through the real login form, then autocannon against
 * whole documents: the users table page, a KG page, a chart page and a bare Remix page that
 * renders the same 10 SQLite rows as a plain <table> on the same server (bench/bare-table.tsx,
 * in a build of its own under bench/.build/, never in the product's build).
 *
 *   npm run bench:pages
 *   npx tsx bench/pages.ts [--seconds 10] [--rounds 3] [--soak 30] [--rss 60] [--workers N]
 *                          [--transport in-process|http] [--info-cache-ms 3000] [--quick]
 *                          [--rounds-only]          (skip the 64-connection and memory parts: comparing levers)
 *                          [--build | --no-build]   (rebuild bench/.build/ always / never; default: when sources are newer)
 *
 * The reference (issue 25) is the bare app of bench/bare-app/: a Remix app of its own on the
 * card's stack (its own build in bench/.bare-build/, MantineProvider and Mantine's stylesheet,
 * no i18n, no session, no shell) on a server of its own (Express, compression), serving the
 * same 10 user rows from the same store. The bare page inside the console stays as a breakdown
 * (what the console's root, session and i18n cost on their own), and so do the pages of a second
 * console server that keeps no rendered page (RENDER_MEMO_MB=0, decision 044), "rendered each time".
 *
 * 1. 8 connections, `--rounds` alternating rounds of `--seconds` per page: req/s, p50, p90, p95,
 *    and each page's req/s against the bare app's in the same round (goal ≥ 25 %), its p90 and
 *    p95 against the bare app's (goal ≤ 3×).
 * 2. 64 connections for `--soak` seconds per page: timeouts, errors, p99 (goal: none, ≤ 1 s).
 * 3. RSS of every server process (primary and workers) idle, then after `--rss` seconds at 64
 *    connections over the pages in turn (goal: within 1.5× idle).
 * `--quick` (5 s rounds, 10 s soak, 20 s RSS) is for comparing levers, not for the record.
 *
 *   npx tsx bench/pages.ts --engines [--seconds 10] [--rounds 3]
 *
 * Both engines side by side (issue 22): two servers of the product's build (build/server.js, no
 * bare page), one on a SQLite DATA_DIR, one on a PostgreSQL database of a throwaway cluster
 * (bench/store.ts: DATABASE_URL, SESSION_SECRET), both seeded with the demo; `--rounds`
 * alternating rounds (the SQLite server's pages, then the PostgreSQL server's) of `--seconds`
 * per page at 8 connections; each page's req/s on PostgreSQL against SQLite's in the same round
 * (goal ≥ 70 %). Server CPU per page counts the PostgreSQL cluster's processes too.
 */
import { execSync, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { benchDatabase, clusterPids, loadAverage, processTree, writeBenchJson } from "./store.js";
import { BENCH_ADMIN_PASSWORD, freePort } from "./built-server.js";
import { ensureBareAppBuild, startBareApp } from "./bare-app/start.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const argValue = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const quick = process.argv.includes("--quick");
const num = (name: string, fallback: number) => Number(argValue(name) ?? fallback);
const SECONDS = num("seconds", quick ? 5 : 10);
const ROUNDS = num("rounds", 3);
const SOAK = num("soak", quick ? 10 : 30);
const RSS_SECONDS = num("rss", quick ? 20 : 60);
const WORKERS = argValue("workers");
const TRANSPORT = argValue("transport");
const INFO_CACHE_MS = argValue("info-cache-ms");
const LOW = 8;
const HIGH = 64;

const BARE = "/bench/bare-table";
const PAGES = ["/backend/setting/users", "/245/articles", "/?id=245"];
/**
 * The same pages from a second server that renders each one anew (RENDER_MEMO_MB=0): what a
 * page costs the first time a viewer sees its data (a breakdown; the goals are the pages above,
 * which a viewer asking again with the same data meets kept, app/render-memo.server.ts).
 */
const RENDERED = " · rendered each time";
const PAGES_RENDERED = PAGES.map((p) => p + RENDERED);
/** The reference: the bare app's users page (bench/bare-app/), on its own server. */
const BARE_APP = "bare app /users";
const GOALS = { share: 0.25, latency: 3, p99: 1000, rss: 1.5 };

const BUILD_DIR = path.join(root, "bench", ".build");
const ADMIN_PASSWORD = BENCH_ADMIN_PASSWORD;

/** Builds the console with the bare page into bench/.build/ when it is missing or older than the sources. */
function ensureBuild() {
  const out = path.join(BUILD_DIR, "index.js");
  const newest = (p: string): number => {
    const st = fs.statSync(p);
    if (!st.isDirectory()) return st.mtimeMs;
    return Math.max(0, ...fs.readdirSync(p).map((e) => newest(path.join(p, e))));
  };
  const sources = Math.max(
    newest(path.join(root, "app")),
    newest(path.join(root, "public", "locales")),
    newest(path.join(root, "remix.config.js")),
    newest(path.join(root, "bench", "bare-table.tsx")),
  );
  if (fs.existsSync(out) && process.argv.includes("--no-build")) return;
  if (
    fs.existsSync(out) &&
    fs.statSync(out).mtimeMs >= sources &&
    !process.argv.includes("--build")
  )
    return;
  console.log("building the console with the bare page into bench/.build/ …");
  execSync("npx remix build", {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, BENCH_BARE_PAGE: "1", NODE_ENV: "production" },
  });
}

async function startServer(
  dataDir: string,
  port: number,
  more: Record<string, string | undefined> = { BENCH_BUILD_DIR: BUILD_DIR },
): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED: "demo",
    CAPTCHA: "off",
    ADMIN_PASSWORD,
    ...more,
  };
  delete env.PLATFORM_API_URL;
  if (!more.DATABASE_URL) delete env.DATABASE_URL;
  if (WORKERS) env.WORKERS = WORKERS;
  if (TRANSPORT) env.PLATFORM_TRANSPORT = TRANSPORT;
  if (INFO_CACHE_MS) env.VIEWER_INFO_CACHE_MS = INFO_CACHE_MS;
  // The request log goes nowhere (as to a file, it costs a write per request either way).
  const child = spawn(process.execPath, [path.join(root, "build", "server.js")], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    const ok = await fetch(`${origin}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    if (Date.now() > deadline) throw new Error("server not ready after 120 s");
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Logs in as admin through the real login form; returns the browser's Cookie header. */
async function login(origin: string): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair.indexOf("=");
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const form = await fetch(`${origin}/login`);
  keep(form);
  const html = await form.text();
  const field = (name: string) =>
    new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1] ??
    new RegExp(`value="([^"]*)"[^>]*name="${name}"`).exec(html)?.[1] ??
    "";
  const body = new URLSearchParams({
    csrf: field("csrf"),
    captcha_id: field("captcha_id"),
    redirect: "",
    username: "admin",
    password: ADMIN_PASSWORD,
    captcha: "bench", // CAPTCHA=off: any answer
    intent: "login",
  });
  const res = await fetch(`${origin}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie(), "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
  keep(res);
  if (res.status !== 302 || !jar.has("__console"))
    throw new Error(`login: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return cookie();
}

interface Run {
  rps: number;
  /** Server CPU per request (ms), all its processes. */
  cpuMs: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

function percentile(sorted: number[], p: number) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

let serverPid = 0;

function load(
  origin: string,
  pagePath: string,
  cookie: string,
  connections: number,
  seconds: number,
  cpuMs: () => number = () => (serverPid ? treeCpuMs(serverPid) : NaN),
): Promise<Run> {
  const latencies: number[] = [];
  const cpuBefore = cpuMs();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: `${origin}${pagePath}`, connections, duration: seconds, headers: { Cookie: cookie } },
      (err, result) => {
        if (err) return reject(err);
        latencies.sort((a, b) => a - b);
        const done = latencies.length || 1;
        resolve({
          cpuMs: (cpuMs() - cpuBefore) / done,
          rps: result.requests.average,
          p50: percentile(latencies, 0.5),
          p90: percentile(latencies, 0.9),
          p95: percentile(latencies, 0.95),
          p99: percentile(latencies, 0.99),
          errors: result.errors,
          timeouts: result.timeouts,
          non2xx: result.non2xx,
        });
      },
    );
    instance.on("response", (_c, _s, _b, ms) => latencies.push(ms));
  });
}

/** CPU time (ms, user + system) the server's processes have used: less disturbed by other work than req/s. */
const TICK_MS = 1000 / Number(execSync("getconf CLK_TCK").toString().trim() || 100);
function treeCpuMs(pid: number, more: number[] = []): number {
  let ticks = 0;
  for (const p of [...processTree(pid), ...more]) {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      // gone meanwhile
    }
  }
  return ticks * TICK_MS;
}

/** Resident memory (MB) of the process and all its descendants (tsx, the primary, the workers). */
function treeRss(pid: number): { mb: number; processes: number } {
  let kb = 0;
  let processes = 0;
  for (const p of processTree(pid)) {
    try {
      const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, "utf8"));
      if (m) {
        kb += Number(m[1]);
        processes++;
      }
    } catch {
      // gone meanwhile
    }
  }
  return { mb: kb / 1024, processes };
}

const f = (x: number, digits = 0) =>
  x.toLocaleString("en", { maximumFractionDigits: digits, minimumFractionDigits: digits });
const mark = (ok: boolean) => (ok ? "✓" : "✗");

async function main() {
  ensureBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pages-"));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const started = performance.now();
  // Every process and folder started is stopped and removed, however far the start got.
  const children: ChildProcess[] = [];
  const dirs = [dataDir];
  try {
    const server = await startServer(dataDir, port);
    children.push(server);
    serverPid = server.pid!;
    ensureBareAppBuild();
    const bareOrigin = `http://127.0.0.1:${await freePort()}`;
    const bareApp = await startBareApp(dataDir, Number(new URL(bareOrigin).port));
    children.push(bareApp);
    const bareCpu = () => treeCpuMs(bareApp.pid!);
    const renderedDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pages-rendered-"));
    dirs.push(renderedDir);
    const renderedOrigin = `http://127.0.0.1:${await freePort()}`;
    const renderedServer = await startServer(renderedDir, Number(new URL(renderedOrigin).port), {
      BENCH_BUILD_DIR: BUILD_DIR,
      RENDER_MEMO_MB: "0",
    });
    children.push(renderedServer);
    const renderedCpu = () => treeCpuMs(renderedServer.pid!);
    /** One page of the run: the bare app's users page, or a page of the console. */
    const loadPage = (p: string, connections: number, seconds: number) =>
      p === BARE_APP
        ? load(bareOrigin, "/users", "", connections, seconds, bareCpu)
        : p.endsWith(RENDERED)
          ? load(
              renderedOrigin,
              p.slice(0, -RENDERED.length),
              renderedCookie,
              connections,
              seconds,
              renderedCpu,
            )
          : load(origin, p, cookie, connections, seconds);
    let cookie = "";
    let renderedCookie = "";
    console.log(`server ready in ${f((performance.now() - started) / 1000, 1)} s`);
    cookie = await login(origin);
    renderedCookie = await login(renderedOrigin);
    for (const p of [BARE, ...PAGES]) {
      const res = await fetch(`${origin}${p}`, { headers: { Cookie: cookie }, redirect: "manual" });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${p}: ${res.status} ${text.slice(0, 200)}`);
    }
    // warm-up: JIT, statement caches
    for (const p of [BARE_APP, BARE, ...PAGES, ...PAGES_RENDERED]) await loadPage(p, LOW, 2);
    await new Promise((r) => setTimeout(r, 3_000));
    const idle = treeRss(server.pid!);

    const cpu = os.cpus();
    console.log(
      `Pages under load: ${origin}, WORKERS=${WORKERS ?? `(default: ${os.availableParallelism()})`}, transport ${TRANSPORT ?? "in-process (default)"}, info cache ${INFO_CACHE_MS ?? "default"} ms`,
    );
    console.log(
      `machine: ${cpu.length} × ${cpu[0]?.model.trim()}, ${f(os.totalmem() / 2 ** 30)} GiB, node ${process.version}, load average ${os
        .loadavg()
        .map((l) => f(l, 2))
        .join(" ")}, ${new Date().toISOString()}`,
    );
    console.log("");

    // 1. 8 connections, alternating rounds: the bare app, the bare page in the console, the pages.
    const ALL = [BARE_APP, BARE, ...PAGES, ...PAGES_RENDERED];
    const rounds: Record<string, Run[]> = Object.fromEntries(ALL.map((p) => [p, []]));
    for (let r = 0; r < ROUNDS; r++) {
      for (const p of ALL) rounds[p].push(await loadPage(p, LOW, SECONDS));
    }
    console.log(`## ${LOW} connections, ${ROUNDS} alternating rounds of ${SECONDS} s`);
    console.log("");
    console.log(
      "| page | req/s per round | of the bare app (goal ≥ 25 %) | p50 | p90 | p95 | p90, p95 against the bare app's (goal ≤ 3×) | p99 | errors | server CPU per page |",
    );
    console.log("|---|---|---|---|---|---|---|---|---|---|");
    const ref = rounds[BARE_APP];
    const ms = (runs: Run[], k: "p50" | "p90" | "p95" | "p99") =>
      `${runs.map((run) => f(run[k], 1)).join(" / ")} ms`;
    const figures: Record<string, unknown> = {};
    for (const p of ALL) {
      const runs = rounds[p];
      const shares = runs.map((run, i) => run.rps / ref[i].rps);
      const p90s = runs.map((run, i) => run.p90 / ref[i].p90);
      const p95s = runs.map((run, i) => run.p95 / ref[i].p95);
      const latency = Math.max(...p90s, ...p95s);
      const errors = runs.reduce((n, run) => n + run.errors + run.timeouts + run.non2xx, 0);
      const goal = PAGES.includes(p);
      figures[p] = { runs, shares, p90s, p95s };
      console.log(
        `| \`${p}\` | ${runs.map((run) => f(run.rps)).join(" / ")} | ${
          p === BARE_APP
            ? "100 %"
            : `${shares.map((x) => f(x * 100)).join(" / ")} %${goal ? ` ${mark(Math.min(...shares) >= GOALS.share)}` : ""}`
        } | ${ms(runs, "p50")} | ${ms(runs, "p90")} | ${ms(runs, "p95")} | ${
          p === BARE_APP
            ? ""
            : `${p90s.map((x) => f(x, 1)).join(" / ")}×, ${p95s.map((x) => f(x, 1)).join(" / ")}×${goal ? ` ${mark(latency <= GOALS.latency)}` : ""}`
        } | ${ms(runs, "p99")} | ${errors} | ${runs.map((run) => f(run.cpuMs, 1)).join(" / ")} ms |`,
      );
    }
    console.log("");
    writeBenchJson({ seconds: SECONDS, rounds: ROUNDS, pages: figures });

    if (process.argv.includes("--rounds-only")) return;

    // 2. 64 connections.
    console.log(
      `## ${HIGH} connections, ${SOAK} s per page (goal: no timeouts, no errors, p99 ≤ 1 s)`,
    );
    console.log("");
    console.log("| page | req/s | p50 | p99 | timeouts | errors | non-2xx | goal |");
    console.log("|---|---|---|---|---|---|---|---|");
    for (const p of [BARE_APP, BARE, ...PAGES]) {
      const run = await loadPage(p, HIGH, SOAK);
      const ok = run.timeouts === 0 && run.errors === 0 && run.non2xx === 0 && run.p99 <= GOALS.p99;
      console.log(
        `| \`${p}\` | ${f(run.rps)} | ${f(run.p50, 1)} ms | ${f(run.p99, 1)} ms | ${run.timeouts} | ${run.errors} | ${run.non2xx} | ${p === BARE || p === BARE_APP ? "" : mark(ok)} |`,
      );
    }
    console.log("");

    // 3. Memory: idle, then after RSS_SECONDS at 64 connections over the pages in turn.
    const slice = RSS_SECONDS / PAGES.length;
    for (const p of PAGES) await load(origin, p, cookie, HIGH, slice);
    const loaded = treeRss(server.pid!);
    const ratio = loaded.mb / idle.mb;
    console.log(
      `## Memory (RSS of ${loaded.processes} processes: tsx, ${WORKERS === "1" ? "the server" : "the primary and its workers"})`,
    );
    console.log("");
    console.log(
      `idle ${f(idle.mb)} MB → after ${RSS_SECONDS} s at ${HIGH} connections ${f(loaded.mb)} MB: ${f(ratio, 2)}× (goal ≤ ${GOALS.rss}×) ${mark(ratio <= GOALS.rss)}`,
    );
  } finally {
    for (const child of children) child.kill("SIGTERM");
    for (const child of children)
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Waits (at most 5 minutes) until `cpuMs` grows by less than 5 % of a core over 2 s; the ms waited. */
async function settle(cpuMs: () => number): Promise<number> {
  const t0 = performance.now();
  while (performance.now() - t0 < 300_000) {
    const before = cpuMs();
    await new Promise((r) => setTimeout(r, 2_000));
    if (cpuMs() - before < 100) break;
  }
  return performance.now() - t0;
}

/** Both engines side by side (issue 22): see the header. */
async function enginesMain() {
  const database = await benchDatabase("console", "postgres");
  const sides = [
    { engine: "sqlite", label: "SQLite", more: {} as Record<string, string | undefined> },
    {
      engine: "postgres",
      label: "PostgreSQL",
      more: {
        DATABASE_URL: database.databaseUrl,
        SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
      } as Record<string, string | undefined>,
    },
  ].map((side) => ({
    ...side,
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), `bench-pages-${side.engine}-`)),
    server: null as ChildProcess | null,
    origin: "",
    cookie: "",
    cpu: () => NaN,
  }));
  try {
    for (const side of sides) {
      const port = await freePort();
      side.origin = `http://127.0.0.1:${port}`;
      const started = performance.now();
      const server = await startServer(side.dataDir, port, side.more);
      side.server = server;
      const extra = () => (side.engine === "postgres" ? clusterPids(database.clusterDir!) : []);
      side.cpu = () => treeCpuMs(server.pid!, extra());
      console.log(
        `${side.label} server ready in ${f((performance.now() - started) / 1000, 1)} s (demo seed)`,
      );
      side.cookie = await login(side.origin);
      for (const p of PAGES) {
        const res = await fetch(`${side.origin}${p}`, {
          headers: { Cookie: side.cookie },
          redirect: "manual",
        });
        const text = await res.text();
        if (res.status !== 200)
          throw new Error(`${side.label} ${p}: ${res.status} ${text.slice(0, 200)}`);
      }
    }
    // The demo seed queues jobs (a model's training and evaluation) that run in the servers for a
    // while after start: the rounds begin when both servers (and the cluster) are idle.
    for (const side of sides) {
      const settled = await settle(side.cpu);
      console.log(`${side.label} server idle after ${f(settled / 1000)} s`);
    }
    for (const side of sides)
      for (const p of PAGES) await load(side.origin, p, side.cookie, LOW, 2, side.cpu); // warm-up
    await new Promise((r) => setTimeout(r, 3_000));

    const cpu = os.cpus();
    console.log(
      `Pages on both engines: WORKERS=${WORKERS ?? `(default: ${os.availableParallelism()})`}, ${database.describe}`,
    );
    console.log(
      `machine: ${cpu.length} × ${cpu[0]?.model.trim()}, ${f(os.totalmem() / 2 ** 30)} GiB, node ${process.version}, load average ${loadAverage()}, ${new Date().toISOString()}`,
    );
    console.log("");
    const runs: Record<string, Record<string, Run[]>> = Object.fromEntries(
      sides.map((s) => [s.engine, Object.fromEntries(PAGES.map((p) => [p, [] as Run[]]))]),
    );
    const loads: string[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      for (const side of sides) {
        loads.push(`${side.label} round ${r + 1}: ${loadAverage()}`);
        for (const p of PAGES)
          runs[side.engine][p].push(
            await load(side.origin, p, side.cookie, LOW, SECONDS, side.cpu),
          );
      }
    }
    const GOAL = 0.7;
    console.log(
      `## ${LOW} connections, ${ROUNDS} alternating rounds (SQLite, PostgreSQL) of ${SECONDS} s per page`,
    );
    console.log("");
    console.log(
      "| page | SQLite req/s | PostgreSQL req/s | PostgreSQL / SQLite (goal ≥ 70 %) | p95 SQLite | p95 PostgreSQL | server CPU / page SQLite | PostgreSQL (+ cluster) |",
    );
    console.log("|---|---|---|---|---|---|---|---|");
    const pages: Record<string, unknown> = {};
    for (const p of PAGES) {
      const a = runs.sqlite[p];
      const b = runs.postgres[p];
      const sum = (xs: Run[]) => xs.reduce((n, x) => n + x.rps, 0);
      const ratio = sum(b) / sum(a);
      const ratios = b.map((x, i) => x.rps / a[i].rps);
      pages[p] = {
        sqlite: a.map((x) => ({ rps: x.rps, p95: x.p95, cpuMs: x.cpuMs })),
        postgres: b.map((x) => ({ rps: x.rps, p95: x.p95, cpuMs: x.cpuMs })),
        ratio,
        ratios,
      };
      console.log(
        `| \`${p}\` | ${a.map((x) => f(x.rps)).join(" / ")} | ${b.map((x) => f(x.rps)).join(" / ")} | ${f(ratio * 100)} % (${ratios.map((x) => f(x * 100)).join(" / ")}) ${mark(ratio >= GOAL)} | ${a.map((x) => f(x.p95)).join(" / ")} ms | ${b.map((x) => f(x.p95)).join(" / ")} ms | ${a.map((x) => f(x.cpuMs, 1)).join(" / ")} ms | ${b.map((x) => f(x.cpuMs, 1)).join(" / ")} ms |`,
      );
    }
    console.log("");
    console.log(`load average at the start of each round: ${loads.join("; ")}`);
    writeBenchJson({ describe: database.describe, seconds: SECONDS, rounds: ROUNDS, pages, loads });
  } finally {
    for (const side of sides) {
      const server = side.server;
      if (server) {
        server.kill("SIGTERM");
        await new Promise((r) => (server.exitCode !== null ? r(null) : server.once("exit", r)));
      }
      fs.rmSync(side.dataDir, { recursive: true, force: true });
    }
    await database.stop();
  }
}

if (process.argv.includes("--engines")) await enginesMain();
else await main();
