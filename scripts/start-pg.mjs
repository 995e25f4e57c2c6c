// `npm run start:pg`: the console and its platform on PostgreSQL, on this machine, in one
// command (beside `npm start` on embedded SQLite). Uses Debian's `postgresql` binaries
// (apt-get install -y postgresql) to keep a cluster of its own in DATA_DIR/postgres (created
// on first start, durable, listening on 127.0.0.1 only, never the system cluster), creates
// the database `kg` in it, and serves build/server.js with DATABASE_URL pointing there and a
// SESSION_SECRET kept beside it. Ctrl-C stops the server, then the cluster.
//
// For a PostgreSQL of your own (another host, several nodes), set DATABASE_URL and
// SESSION_SECRET and run `npm start` instead: see docs/deploy.md.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { ensureCluster } from "./pg-cluster.mjs";

const dataDir = path.resolve(process.env.DATA_DIR || "data");
const cluster = await ensureCluster(path.join(dataDir, "postgres"));

const admin = new pg.Client({ connectionString: cluster.url });
await admin.connect();
const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'kg'");
if (!exists.rowCount) await admin.query("CREATE DATABASE kg");
await admin.end();

const secretFile = path.join(dataDir, "postgres", "session-secret");
if (!fs.existsSync(secretFile)) {
  fs.writeFileSync(secretFile, crypto.randomBytes(32).toString("hex"), { mode: 0o600 });
}

const databaseUrl = cluster.url.replace(/\/postgres$/, "/kg");
console.log(`PostgreSQL: ${databaseUrl} (cluster in ${cluster.dir})`);
const server = spawn(process.execPath, ["build/server.js"], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: process.env.SESSION_SECRET || fs.readFileSync(secretFile, "utf8").trim(),
  },
});

let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  server.kill(signal);
};
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
server.on("exit", (code) => {
  try {
    cluster.stop();
  } catch (e) {
    console.error(`stopping PostgreSQL: ${e.message}`);
  }
  process.exit(code ?? 1);
});
