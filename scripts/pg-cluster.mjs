// A throwaway PostgreSQL cluster for tests, benches and CI: initdb on a fresh temp folder, a
// port the system picks, the unix socket inside the folder, no durability (fsync off). Never
// the system cluster on 5432. As root the binaries run as the `postgres` user (runuser);
// otherwise as the current user. The superuser is `postgres`, trusted, no password.
//
//   import { startCluster } from "./scripts/pg-cluster.mjs";
//   const { url, stop } = await startCluster();   // url: postgres://postgres@127.0.0.1:PORT/postgres
//
//   node scripts/pg-cluster.mjs start [dir]   # prints the cluster as JSON (url, dir), leaves it running
//   node scripts/pg-cluster.mjs stop <dir>    # stops it and removes the folder
//   node scripts/pg-cluster.mjs run -- <command…>   # DATABASE_ADMIN_URL=… <command>, then stop
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = "/usr/lib/postgresql";

/** The folder of initdb/pg_ctl: PostgreSQL 15 when installed, else the newest there is. */
export function postgresBin() {
  const versions = fs.existsSync(ROOT)
    ? fs
        .readdirSync(ROOT)
        .filter((v) => fs.existsSync(path.join(ROOT, v, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const version = versions.includes("15") ? "15" : versions[0];
  if (!version) {
    throw new Error(
      `PostgreSQL is not installed (no ${ROOT}/*/bin/initdb): apt-get install postgresql (Debian), or see .ci/run`,
    );
  }
  return path.join(ROOT, version, "bin");
}

const isRoot = () => process.getuid?.() === 0;

/** Runs a PostgreSQL binary, as the postgres user when we are root. */
function pgRun(bin, args, opts = {}) {
  const exe = path.join(postgresBin(), bin);
  const [cmd, argv] = isRoot() ? ["runuser", ["-u", "postgres", "--", exe, ...args]] : [exe, args];
  const r = spawnSync(cmd, argv, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], ...opts });
  if (r.error) throw r.error;
  if (r.status !== 0) {
    const err = new Error(`${bin} ${args.join(" ")} failed (${r.status}): ${r.stderr || r.stdout}`);
    err.stderr = r.stderr;
    throw err;
  }
  return r.stdout;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const clusterFile = (dir) => path.join(dir, "cluster.json");

/**
 * Stops the cluster in `dir` at once (no checkpoint: nothing in it is kept) and removes the folder.
 * @param {string} dir
 */
export function stopCluster(dir) {
  const data = path.join(dir, "data");
  if (fs.existsSync(path.join(data, "postmaster.pid"))) {
    try {
      pgRun("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
    } catch (e) {
      // Already gone (the pid file of a dead server): nothing to stop.
      if (!/Is server running|No such process|not running/i.test(String(e.stderr ?? e))) throw e;
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * Starts a fresh cluster; resolves to its admin URL (superuser `postgres`, database
 * `postgres`), its folder and stop(). Unless `keep` is set the cluster is also stopped when
 * this process exits, so a test run cut short leaves no server behind.
 * `settings`: more `-c name=value` server settings (benches).
 * `halt()` stops the server and keeps its data; `resume()` starts it again on the same port
 * (the fault tests: the database lost while the platform serves, then back).
 * @param {{ dir?: string, keep?: boolean, settings?: Record<string, string | number> }} [options]
 * @returns {Promise<{ url: string, dir: string, port: number, socketDir: string, startMs: number, stop: () => Promise<void>, halt: (mode?: "fast" | "immediate") => Promise<void>, resume: () => Promise<void> }>}
 */
export async function startCluster({ dir, keep = false, settings = {} } = {}) {
  const t0 = performance.now();
  dir = dir ? path.resolve(dir) : fs.mkdtempSync(path.join(os.tmpdir(), "kg-pg-"));
  fs.mkdirSync(dir, { recursive: true });
  if (isRoot()) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    fs.chownSync(dir, uid, gid);
  }
  const data = path.join(dir, "data");
  const log = path.join(dir, "server.log");
  try {
    pgRun("initdb", [
      "-D",
      data,
      "-U",
      "postgres",
      "-E",
      "UTF8",
      "--locale=C.UTF-8",
      "--auth=trust",
      "--no-sync",
      "--no-instructions",
    ]);
    const all = {
      fsync: "off",
      synchronous_commit: "off",
      full_page_writes: "off",
      max_connections: "300",
      listen_addresses: "127.0.0.1",
      unix_socket_directories: dir,
      ...settings,
    };
    // The port is free when asked for, but another process may take it before the server
    // binds it: try again with another.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const opts = Object.entries({ ...all, port })
        .map(([k, v]) => `-c ${k}=${v}`)
        .join(" ");
      try {
        pgRun("pg_ctl", ["-D", data, "-l", log, "-w", "-t", "60", "-o", opts, "start"]);
      } catch (e) {
        const text = fs.existsSync(log) ? fs.readFileSync(log, "utf8") : "";
        if (attempt < 5 && /could not bind|Address already in use/i.test(text)) continue;
        throw new Error(`${e.message}\n${text}`);
      }
      const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
      const info = { url, dir, port, socketDir: dir, startMs: Math.round(performance.now() - t0) };
      fs.writeFileSync(clusterFile(dir), JSON.stringify(info, null, 2));
      let stopped = false;
      const stop = () => {
        if (stopped) return;
        stopped = true;
        process.off("exit", stop);
        stopCluster(dir);
      };
      if (!keep) {
        process.on("exit", stop);
        watch(process.pid, dir);
      }
      const halt = async (mode = "fast") =>
        void pgRun("pg_ctl", ["-D", data, "-m", mode, "-w", "stop"]);
      const resume = async () =>
        void pgRun("pg_ctl", ["-D", data, "-l", log, "-w", "-t", "60", "-o", opts, "start"]);
      return { ...info, stop: async () => stop(), halt, resume };
    }
  } catch (e) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

/**
 * A cluster kept in `dir` from one start to the next (`npm run start:pg`): created on first
 * use (durable: fsync on), started when stopped, left running when already up. Its port is
 * kept in cluster.json; another is taken when that one is busy. Resolves to its admin URL.
 * @param {string} dir
 * @returns {Promise<{ url: string, dir: string, port: number, stop: () => void }>}
 */
export async function ensureCluster(dir) {
  dir = path.resolve(dir);
  const data = path.join(dir, "data");
  const log = path.join(dir, "server.log");
  const saved = fs.existsSync(clusterFile(dir))
    ? JSON.parse(fs.readFileSync(clusterFile(dir), "utf8"))
    : null;
  const stop = () => pgRun("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  if (saved && fs.existsSync(path.join(data, "postmaster.pid"))) {
    try {
      pgRun("pg_ctl", ["-D", data, "status"]);
      return { url: saved.url, dir, port: saved.port, stop };
    } catch {
      // A pid file left by a server that is gone: start it again below.
    }
  }
  if (!fs.existsSync(path.join(data, "PG_VERSION"))) {
    fs.mkdirSync(dir, { recursive: true });
    if (isRoot()) {
      const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
      const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
      fs.chownSync(dir, uid, gid);
    }
    pgRun(
      "initdb",
      ["-D", data, "-U", "postgres", "-E", "UTF8", "--locale=C.UTF-8"].concat([
        "--auth=trust",
        "--no-instructions",
      ]),
    );
  }
  for (let attempt = 1; ; attempt++) {
    const port = attempt === 1 && saved?.port ? saved.port : await freePort();
    const opts = `-c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c port=${port}`;
    try {
      pgRun("pg_ctl", ["-D", data, "-l", log, "-w", "-t", "60", "-o", opts, "start"]);
    } catch (e) {
      const text = fs.existsSync(log) ? fs.readFileSync(log, "utf8") : "";
      if (attempt < 5 && /could not bind|Address already in use/i.test(text)) continue;
      throw new Error(`${e.message}\n${text.slice(-2000)}`);
    }
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    fs.writeFileSync(clusterFile(dir), JSON.stringify({ url, dir, port }, null, 2));
    return { url, dir, port, stop };
  }
}

/**
 * A detached watcher that stops the cluster when `pid` is gone without stopping it (a test
 * worker killed, a bench interrupted): no server outlives its owner. It leaves when the
 * cluster's folder is removed (stopped the normal way).
 */
function watch(pid, dir) {
  const child = spawn(
    process.execPath,
    [fileURLToPath(import.meta.url), "watch", String(pid), dir],
    { detached: true, stdio: "ignore" },
  );
  child.unref();
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === "EPERM";
  }
}

async function cli(argv) {
  const [command, ...rest] = argv;
  if (command === "start") {
    const cluster = await startCluster({ dir: rest[0], keep: true });
    const { stop: _stop, ...info } = cluster;
    console.log(JSON.stringify(info, null, 2));
  } else if (command === "stop" && rest[0]) {
    stopCluster(rest[0]);
  } else if (command === "watch" && rest.length === 2) {
    const [pid, dir] = [Number(rest[0]), rest[1]];
    const timer = setInterval(() => {
      if (!fs.existsSync(dir)) return clearInterval(timer);
      if (alive(pid)) return;
      clearInterval(timer);
      stopCluster(dir);
    }, 1000);
  } else if (command === "run" && rest[0] === "--" && rest.length > 1) {
    const cluster = await startCluster();
    let status = 1;
    try {
      const r = spawnSync(rest[1], rest.slice(2), {
        stdio: "inherit",
        env: { ...process.env, DATABASE_ADMIN_URL: cluster.url },
      });
      status = r.status ?? 1;
    } finally {
      await cluster.stop();
    }
    process.exit(status);
  } else {
    console.error(
      "usage: node scripts/pg-cluster.mjs start [dir] | stop <dir> | run -- <command> [args…]",
    );
    process.exit(2);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  cli(process.argv.slice(2)).catch((e) => {
    console.error(e.message);
    process.exit(1);
  });
}
