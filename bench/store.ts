import { keepConnections } from "../platform/http/keep-alive.js";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express, { type RequestHandler, type Router } from "express";
import pg from "pg";
import type { PlatformContext } from "../platform/context.js";
import { createPlatform } from "../platform/index.js";
import { readScope } from "../platform/db/read-scope.js";
import { startCluster } from "../scripts/pg-cluster.mjs";
import { createUserWithToken } from "../tests/helpers/user-token.js";

/**
 * The engine every benchmark runs on, chosen in one place: `BENCH_ENGINE=sqlite` (the default:
 * the SQLite file under the bench's folder) or `BENCH_ENGINE=postgres` (a database on a
 * throwaway PostgreSQL cluster started for the run, scripts/pg-cluster.mjs, with
 * PG_BENCH_SETTINGS; or, with `BENCH_PG_URL=postgres://…/db`, a database of yours, which the
 * bench fills: use an empty one).
 */
export type BenchEngine = "sqlite" | "postgres";

export function benchEngine(): BenchEngine {
  const engine = process.env.BENCH_ENGINE || "sqlite";
  if (engine !== "sqlite" && engine !== "postgres")
    throw new Error(`BENCH_ENGINE must be sqlite or postgres, got "${engine}"`);
  return engine;
}

/**
 * The throwaway cluster's settings: durable and sized as a small production server would be,
 * not the test clusters' fsync off. Every commit is flushed to disk (fsync, synchronous_commit,
 * full_page_writes on: PostgreSQL's defaults, written out because scripts/pg-cluster.mjs turns
 * them off for tests); 512 MB of shared buffers on this 24 GiB machine (SQLite's page cache is
 * 64 MB, both have the OS's file cache behind them); SSD costs for random reads; room for a bulk
 * load's WAL between checkpoints. JIT is off for the platform's connections (platform/db/store.ts).
 */
export const PG_BENCH_SETTINGS: Record<string, string> = {
  fsync: "on",
  synchronous_commit: "on",
  full_page_writes: "on",
  shared_buffers: "512MB",
  effective_cache_size: "4GB",
  work_mem: "16MB",
  maintenance_work_mem: "512MB",
  max_wal_size: "4GB",
  checkpoint_timeout: "15min",
  random_page_cost: "1.1",
  effective_io_concurrency: "200",
};

/** A database for one benchmark run: SQLite (nothing to start) or a PostgreSQL database. */
export interface BenchDatabase {
  engine: BenchEngine;
  /** postgres://… of the bench's database (PostgreSQL only). */
  databaseUrl?: string;
  /** The PostgreSQL server's version (PostgreSQL only). */
  describe: string;
  /** The cluster's folder (a throwaway cluster only): its server processes' CPU is counted. */
  clusterDir?: string;
  stop(): Promise<void>;
}

/** The database a bench runs on, by BENCH_ENGINE (`name`: the PostgreSQL database to create). */
export async function benchDatabase(
  name = "bench",
  engine: BenchEngine = benchEngine(),
): Promise<BenchDatabase> {
  if (engine === "sqlite") return { engine: "sqlite", describe: "SQLite", stop: async () => {} };
  const own = process.env.BENCH_PG_URL;
  const cluster = own ? null : await startCluster({ settings: PG_BENCH_SETTINGS });
  let url = own ?? cluster!.url;
  if (cluster) {
    const c = new pg.Client(url);
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    url = url.replace(/\/postgres$/, `/${name}`);
  }
  const c = new pg.Client(url);
  await c.connect();
  const version = (await c.query("SHOW server_version")).rows[0].server_version as string;
  await c.end();
  return {
    engine: "postgres",
    databaseUrl: url,
    describe: `PostgreSQL ${version}${cluster ? " (throwaway cluster, bench/store.ts PG_BENCH_SETTINGS)" : ""}`,
    clusterDir: cluster?.dir,
    stop: async () => {
      await cluster?.stop();
    },
  };
}

/** The store folder of a benchmark: `keep` when given (reused by the next run), else a new temp folder. */
export function benchDir(prefix: string, keep?: string): string {
  const dir = keep ? path.resolve(keep) : fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** The platform on the store in `dataDir` (or the PostgreSQL database `databaseUrl`), without seed data. */
export function benchPlatform(dataDir: string, databaseUrl?: string) {
  return createPlatform({
    dataDir,
    dbFile: path.join(dataDir, "platform.sqlite"),
    databaseUrl,
    adminPassword: "bench-admin-1",
    captcha: false,
    seed: "none",
    tokenIdleSeconds: 3600,
    passwordMaxAgeDays: 0,
  });
}

/**
 * Serves the platform's router under /api on a loopback port, in this process; `probe`
 * runs before it (server-time measurements). Answers the server and the API's base URL.
 */
export async function serveBench(router: Router, probe?: RequestHandler) {
  const app = express();
  if (probe) app.use(probe);
  // As server.ts mounts it: a read request asks the store each question once.
  app.use("/api", readScope, router);
  const server = app.listen(0, "127.0.0.1");
  keepConnections(server);
  await new Promise((r) => server.once("listening", r));
  return { server, api: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api` };
}

/** serveBench with each request's server time (ms, arrival to the end of the answer) kept by its x-bench-id. */
export async function serveTimedBench(router: Router) {
  const serverTimes = new Map<string, number>();
  const served = await serveBench(router, (req, res, next) => {
    const start = process.hrtime.bigint();
    res.on("finish", () =>
      serverTimes.set(
        String(req.headers["x-bench-id"]),
        Number(process.hrtime.bigint() - start) / 1e6,
      ),
    );
    next();
  });
  return { ...served, serverTimes };
}

/** The graph a bench generates or imports into. */
export const BENCH_GRAPH = 900;

/** A synthetic graph's size (platform/kg/generate.ts): its relations and a tenth as many entities. */
export function benchGraphSize(relations = Number(process.env.RELATIONS ?? 1_000_000)) {
  return { relations, entities: Math.round(relations / 10) };
}

/** `uptime`'s load averages now, e.g. "2.10 1.95 1.80". */
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

/**
 * A Markdown table on stdout: the header's cells, the separator (the first column left, the
 * others `align`: "---" or "---:" for right), a line a row.
 */
export function printTable(head: string[], rows: (string | number)[][], align = "---") {
  console.log(`| ${head.join(" | ")} |`);
  console.log(`|${["---", ...head.slice(1).map(() => align)].join("|")}|`);
  for (const cells of rows) console.log(`| ${cells.join(" | ")} |`);
}

/**
 * With BENCH_JSON=file, a bench writes its figures there (bench/engines.ts reads them);
 * `figures`: named numbers and notes.
 */
export function writeBenchJson(figures: Record<string, unknown>) {
  const file = process.env.BENCH_JSON;
  if (!file) return;
  fs.writeFileSync(
    file,
    JSON.stringify({ engine: benchEngine(), load: loadAverage(), ...figures }, null, 2),
  );
}

/** The PIDs of a throwaway cluster's server processes (the postmaster and its children). */
export function clusterPids(clusterDir: string): number[] {
  const pidFile = path.join(clusterDir, "data", "postmaster.pid");
  if (!fs.existsSync(pidFile)) return [];
  const postmaster = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  return processTree(postmaster);
}

/** A process and all its descendants, from /proc. */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const visit = (p: number) => {
    out.push(p);
    for (const c of children.get(p) ?? []) visit(c);
  };
  visit(pid);
  return out;
}

/**
 * A user holding exactly these codenames (through a group of its own), or every permission
 * (`superuser`), and a live token, written through the store (either engine).
 */
export async function benchUser(
  ctx: PlatformContext,
  username: string,
  codenames: string[],
  superuser = false,
): Promise<{ token: string; csrf: string; headers: Record<string, string> }> {
  const { token, csrf } = await createUserWithToken(ctx, username, codenames, undefined, superuser);
  return { token, csrf, headers: { Authorization: `Token ${token}`, "X-CSRFToken": csrf } };
}
