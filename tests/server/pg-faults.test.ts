import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openStore } from "../../platform/db/store.js";
import { ensureBuiltinOntologies } from "../../platform/kg/ontology.js";
import { settingsFromEnv } from "../../platform/settings.js";
import { startCluster } from "../../scripts/pg-cluster.mjs";
import { freePort } from "../helpers/free-port.js";

/**
 * The platform on PostgreSQL when the database fails (issue 22): a real server process
 * (production build) on a throwaway cluster of this file's own, which the tests stop and start
 * again under it. Down at start: one clear line naming the database (password hidden) and a
 * non-zero exit. Lost while serving: the process lives on, pages and the API answer with the
 * spec's service message, /readyz says 503, a write in flight leaves nothing, and everything
 * works again by itself once the database is back (a job that was running finishes exactly).
 * A statement cut off by its timeout is rolled back.
 */

const STARTUP_MS = 90_000;
const ADMIN_PASSWORD = "faults-admin-pass-1";
const OPERATOR_PASSWORD = "faults-operator-pass-1";
const DB_PASSWORD = "db-secret-never-shown";
const SERVICE_MESSAGE = "服务异常，请联系系统管理员！";
const STATEMENT_TIMEOUT_SECONDS = 3;
const TAKEOVER_SECONDS = 3;

let cluster: Awaited<ReturnType<typeof startCluster>>;
/** The platform's database, with a password in its URL (the cluster trusts local connections). */
let url: string;
/** The test's own connection, as an operator's psql would be. */
let db: pg.Pool;

interface Server {
  base: string;
  child: ChildProcess;
  output(): string;
  dataDir: string;
}

function spawnServer(env: Record<string, string> = {}): Server {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kg-pg-faults-"));
  const port = Number(env.PORT);
  const child = spawn(process.execPath, ["build/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      SESSION_SECRET: "faults-session-secret",
      SEED: "none",
      CAPTCHA: "off",
      ADMIN_PASSWORD,
      WORKERS: "1",
      JOB_TAKEOVER_SECONDS: String(TAKEOVER_SECONDS),
      DATABASE_STATEMENT_TIMEOUT: String(STATEMENT_TIMEOUT_SECONDS),
      PLATFORM_API_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  return { base: `http://127.0.0.1:${port}`, child, output: () => out, dataDir };
}

async function stopServer(s: Server | undefined) {
  if (!s) return;
  if (s.child.exitCode === null && s.child.signalCode === null) {
    const exited = new Promise((r) => s.child.once("exit", r));
    s.child.kill("SIGTERM");
    await exited;
  }
  fs.rmSync(s.dataDir, { recursive: true, force: true });
}

beforeAll(async () => {
  cluster = await startCluster();
  const admin = new pg.Client(cluster.url);
  await admin.connect();
  await admin.query("CREATE DATABASE kg_faults");
  await admin.end();
  const u = new URL(cluster.url);
  u.password = DB_PASSWORD;
  u.pathname = "/kg_faults";
  url = u.toString();
  db = new pg.Pool({ connectionString: cluster.url.replace(/\/postgres$/, "/kg_faults"), max: 3 });
  // The database goes away under it too: its idle connections' errors are expected.
  db.on("error", () => {});
}, 60_000);

afterAll(async () => {
  await db?.end().catch(() => {});
  await cluster?.stop();
}, 30_000);

describe("PostgreSQL down when a node starts", () => {
  it("stops at once with one line naming the database, its password hidden, and a non-zero exit", async () => {
    await cluster.halt();
    let server: Server | undefined;
    try {
      server = spawnServer({ PORT: String(await freePort()) });
      const code = await new Promise<number | null>((resolve) =>
        server!.child.once("exit", (c) => resolve(c)),
      );
      expect(code).toBe(1);
      const out = server.output();
      expect(out).toContain(
        `platform: cannot start: database postgres://postgres:***@127.0.0.1:${cluster.port}/kg_faults cannot be used: connection refused (ECONNREFUSED)`,
      );
      expect(out).not.toContain(DB_PASSWORD);
      expect(out).not.toMatch(/^\s+at /m); // no stack
    } finally {
      await stopServer(server);
      await cluster.resume();
    }
  }, 60_000);
});

describe("PostgreSQL lost while a node serves", () => {
  let server: Server;
  let token: { token: string; csrf: string };
  let cookie: string;

  const api = (p: string, init: RequestInit = {}) =>
    fetch(`${server.base}/api${p}`, {
      ...init,
      headers: {
        Authorization: `Token ${token.token}`,
        "X-CSRFToken": token.csrf,
        "Content-Type": "application/json",
        ...(init.headers as Record<string, string>),
      },
    });
  const consolePage = (p: string) =>
    fetch(`${server.base}${p}`, {
      headers: { Cookie: cookie, "Accept-Language": "zh-CN" },
      redirect: "manual",
    });
  const addTriple = (subject: string) =>
    api("/data/triples/", {
      method: "POST",
      body: JSON.stringify({ subject, predicate: "测试", object: "故障", confidence: 1 }),
    });
  const triplesNamed = async (subject: string) =>
    Number(
      (await db.query("SELECT count(*) AS n FROM data_triples WHERE subject = $1", [subject]))
        .rows[0].n,
    );
  /** The platform's own sessions waiting for a lock (its write blocked by the test's lock). */
  const waitingOnLock = async () =>
    Number(
      (
        await db.query(
          "SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = 'kg-platform' AND wait_event_type = 'Lock'",
        )
      ).rows[0].n,
    );

  /** Holds an exclusive lock on the audit log: writes block at their audit row, after their record. */
  async function lockAuditLog() {
    const holder = await db.connect();
    holder.on("error", () => {}); // the database may go away while it holds the lock
    await holder.query("BEGIN");
    await holder.query("LOCK TABLE audit_log IN EXCLUSIVE MODE");
    return holder;
  }

  beforeAll(async () => {
    server = spawnServer({ PORT: String(await freePort()) });
    await vi.waitFor(
      async () => {
        if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
        expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
      },
      { timeout: STARTUP_MS, interval: 200 },
    );
    const login = await fetch(`${server.base}/api/common/users/login/`, {
      method: "POST",
      headers: { Cookie: "csrftoken=f", "X-CSRFToken": "f", "Content-Type": "application/json" },
      body: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const body = (await login.json()) as { token: string; csrf_token: string };
    token = { token: body.token, csrf: body.csrf_token };
    // The API calls below are another administrator's: one live session per user, and the
    // console's login (admin's, whose password needs no first change) would end admin's token.
    const made = await api("/common/users/", {
      method: "POST",
      body: JSON.stringify({
        username: "operator",
        email: "operator@example.com",
        password: OPERATOR_PASSWORD,
        is_active: 1,
        groups: [1],
      }),
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const operator = await fetch(`${server.base}/api/common/users/login/`, {
      method: "POST",
      headers: { Cookie: "csrftoken=f", "X-CSRFToken": "f", "Content-Type": "application/json" },
      body: JSON.stringify({ username: "operator", password: OPERATOR_PASSWORD }),
    });
    expect(operator.status).toBe(200);
    const opBody = (await operator.json()) as { token: string; csrf_token: string };
    token = { token: opBody.token, csrf: opBody.csrf_token };
    const form = await fetch(`${server.base}/login`);
    const jar = new Map<string, string>();
    const keep = (r: Response) => {
      for (const line of r.headers.getSetCookie()) {
        const [pair] = line.split(";");
        jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
      }
    };
    keep(form);
    const html = await form.text();
    const field = (name: string) =>
      new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1] ?? "";
    const posted = await fetch(`${server.base}/login`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
      },
      body: new URLSearchParams({
        csrf: field("csrf"),
        captcha_id: field("captcha_id"),
        redirect: "/dashboard",
        username: "admin",
        password: ADMIN_PASSWORD,
        captcha: "x",
        intent: "login",
      }),
    });
    expect(posted.status).toBe(302);
    keep(posted);
    cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    expect((await consolePage("/dashboard")).status).toBe(200);
  }, STARTUP_MS + 30_000);

  afterAll(async () => {
    await stopServer(server);
  }, 30_000);

  it("rolls back a write whose statement ran past the timeout, and answers with the service message", async () => {
    const holder = await lockAuditLog();
    let answer: Response;
    const started = Date.now();
    try {
      answer = await addTriple("超时主体");
    } finally {
      await holder.query("ROLLBACK");
      holder.release();
    }
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(STATEMENT_TIMEOUT_SECONDS * 1000 - 100);
    expect(waited).toBeLessThan(STATEMENT_TIMEOUT_SECONDS * 1000 + 5_000);
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ detail: SERVICE_MESSAGE, code: "store_unavailable" });
    // The record was inserted before the audit row blocked: rolled back with it.
    expect(await triplesNamed("超时主体")).toBe(0);
    // Nothing else was wrong: the same write goes through now.
    expect((await addTriple("超时主体")).status).toBe(201);
    expect(await triplesNamed("超时主体")).toBe(1);
    expect(server.output()).toMatch(/platform error: POST \/api\/data\/triples\/: .*57014/);
  }, 30_000);

  it("keeps serving with the service message while the database is gone, leaves nothing half-written, and recovers by itself", async () => {
    const pid = server.child.pid;
    // 1. A job running (a graph build), 2. an export whose reader has stopped reading (its
    // connection sits lent out between two statements), 3. a write in flight (blocked after
    // inserting its record): then the database goes away.
    const SHIPS = 12_000;
    const lines = ["subject,predicate,object,confidence"];
    for (let c = 0; c < 30; c++) lines.push(`城市${c},类型,城市,`);
    for (let s = 0; s < SHIPS; s++) lines.push(`舰${s},类型,舰艇,`);
    for (let s = 0; s < SHIPS; s++) lines.push(`舰${s},部署于,城市${s % 30},0.9`);
    const form = new FormData();
    form.append("name", "faults.csv");
    form.append("file", new File([`${lines.join("\n")}\n`], "faults.csv", { type: "text/csv" }));
    const upload = await fetch(`${server.base}/api/data/files/`, {
      method: "POST",
      headers: { Authorization: `Token ${token.token}`, "X-CSRFToken": token.csrf },
      body: form,
    });
    expect(upload.status).toBe(201);
    const fileId = ((await upload.json()) as { id: number }).id;
    // An export larger than the sockets between server and test hold (12 MB).
    await db.query(
      `INSERT INTO audit_log (username, action, resource, record_id, after_json)
       SELECT 'export', 'update', 'common/configs', g::text, repeat('x', 600) FROM generate_series(1, 20000) g`,
    );
    const own = openStore({ databaseUrl: url, dbFile: "" });
    const { military: ontologyId } = await ensureBuiltinOntologies({
      store: own,
      settings: settingsFromEnv({ ...process.env, DATABASE_URL: url }),
    }).finally(() => own.close());

    const exporting = await fetch(`${server.base}/api/common/auditlog/export/`, {
      headers: { Authorization: `Token ${token.token}` },
    });
    expect(exporting.status).toBe(200);
    const reader = exporting.body!.getReader();
    expect((await reader.read()).done).toBe(false); // it has begun; then nobody reads

    const created = await api("/graphadmin/graphs/", {
      method: "POST",
      body: JSON.stringify({
        name: "故障图谱",
        domain: "military",
        ontology_id: ontologyId,
        file_ids: [fileId],
      }),
    });
    expect(created.status, await created.clone().text()).toBe(202);
    const { job_id: jobId, graph } = (await created.json()) as {
      job_id: number;
      graph: { id: number };
    };
    await vi.waitFor(
      async () => {
        const { rows } = await db.query("SELECT status, progress FROM jobs WHERE id = $1", [jobId]);
        expect(rows[0].status).toBe("running");
        expect(Number(rows[0].progress)).toBeGreaterThan(0);
      },
      { timeout: 30_000, interval: 20 },
    );

    const holder = await lockAuditLog();
    const inFlight = addTriple("断线主体");
    await vi.waitFor(async () => expect(await waitingOnLock()).toBeGreaterThan(0), {
      timeout: 2_000,
      interval: 20,
    });
    const stopped = Date.now();
    await cluster.halt();
    holder.release(true);

    // --- The database is gone ---------------------------------------------------------------
    const lost = await inFlight;
    expect(lost.status).toBe(503);
    expect(await lost.json()).toEqual({ detail: SERVICE_MESSAGE, code: "store_unavailable" });
    await reader.cancel().catch(() => {});
    const readiness = await fetch(`${server.base}/readyz`);
    expect(readiness.status).toBe(503);
    expect(await readiness.json()).toMatchObject({ status: "not ready", store: "unavailable" });
    const call = await api("/common/users/info/");
    expect(call.status).toBe(503);
    const callBody = await call.text();
    expect(JSON.parse(callBody)).toEqual({ detail: SERVICE_MESSAGE, code: "store_unavailable" });
    const page = await consolePage("/dashboard");
    expect(page.status).toBe(503);
    const pageHtml = await page.text();
    expect(pageHtml.includes(SERVICE_MESSAGE), "the page says the service message").toBe(true);
    const login = await fetch(`${server.base}/login`, { headers: { "Accept-Language": "zh-CN" } });
    expect((await login.text()).includes(SERVICE_MESSAGE), "the login page says it too").toBe(true);
    // No store error or stack reaches a client.
    for (const text of [callBody, pageHtml])
      expect(text).not.toMatch(/ECONNREFUSED|terminat|57P01|\bat .*\.js:\d+/i);
    await new Promise((r) => setTimeout(r, 1_500)); // a while without the database
    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();

    // --- The database is back: the node carries on by itself (no restart) ------------------
    await cluster.resume();
    await vi.waitFor(async () => expect((await fetch(`${server.base}/readyz`)).status).toBe(200), {
      timeout: 20_000,
      interval: 100,
    });
    expect(server.child.pid).toBe(pid);
    expect(server.child.exitCode).toBeNull();
    expect((await api("/common/users/info/")).status).toBe(200);
    expect((await consolePage("/dashboard")).status).toBe(200);
    // The write in flight left nothing; the next one goes through.
    expect(await triplesNamed("断线主体")).toBe(0);
    expect((await addTriple("断线主体")).status).toBe(201);
    // The job running when the database went away is taken over and ends exact.
    await vi.waitFor(
      async () => {
        const { rows } = await db.query("SELECT status FROM jobs WHERE id = $1", [jobId]);
        expect(rows[0].status).toBe("succeeded");
      },
      { timeout: 60_000, interval: 200 },
    );
    const job = (await db.query("SELECT attempts FROM jobs WHERE id = $1", [jobId])).rows[0];
    expect(Number(job.attempts)).toBe(1);
    const counts = (
      await db.query(
        `SELECT (SELECT count(*) FROM kg_entities WHERE graph_id = $1) AS e,
                (SELECT count(*) FROM kg_relations WHERE graph_id = $1) AS r`,
        [graph.id],
      )
    ).rows[0];
    expect({ e: Number(counts.e), r: Number(counts.r) }).toEqual({ e: SHIPS + 30, r: SHIPS });
    const out = server.output();
    expect(out).toContain("readiness: not ready (store unavailable");
    expect(out).toContain(`job ${jobId}: the store stopped answering`);
    expect(Date.now() - stopped).toBeLessThan(90_000);
  }, 150_000);
});
