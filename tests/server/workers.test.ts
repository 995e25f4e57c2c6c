import { execSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { PlatformContext } from "../../platform/context.js";
import { openDatabase } from "../../platform/db/database.js";
import { storeOverSqlite } from "../../platform/db/store.js";
import { ensureBuiltinOntologies } from "../../platform/kg/ontology.js";
import { settingsFromEnv } from "../../platform/settings.js";
import { spawnBuiltServer, type SpawnedServer } from "../helpers/built-server.js";
import { sqliteHandle } from "../helpers/sql.js";

/**
 * server.ts with WORKERS=2 (issue 11): two processes behind one port, one store. Each request
 * here opens a connection of its own, so the cluster hands them to the workers in turn, and
 * every answer says which worker gave it (X-Console-Worker).
 */

const STARTUP_MS = 90_000;
const ADMIN_PASSWORD = "workers-admin-pass-1";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  worker: string;
}

let server: SpawnedServer;
let base: string;
let ctx: PlatformContext;

/** One request on a connection of its own (no keep-alive): the cluster picks the worker. */
function request(
  method: string,
  p: string,
  opts: { headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${p}`,
      { method, agent: false, headers: opts.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString("utf8"),
            worker: String(res.headers["x-console-worker"] ?? ""),
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(opts.body);
  });
}

/** The same request, sent again until the given worker answers it (or one other than `not`). */
async function on(
  worker: { is?: string; not?: string },
  method: string,
  p: string,
  opts: Parameters<typeof request>[2] = {},
): Promise<Answer> {
  for (let i = 0; i < 20; i++) {
    // A GET may be repeated freely; a write is only sent once the worker is known to be next.
    const probe =
      method === "GET" ? await request(method, p, opts) : await request("GET", "/healthz");
    const fits =
      (worker.is === undefined || probe.worker === worker.is) &&
      (worker.not === undefined || probe.worker !== worker.not);
    if (!fits) continue;
    if (method === "GET") return probe;
    // Round robin: the next connection goes to the other worker, and the one after to this one.
    await request("GET", "/healthz");
    const answer = await request(method, p, opts);
    if (
      (worker.is === undefined || answer.worker === worker.is) &&
      (worker.not === undefined || answer.worker !== worker.not)
    )
      return answer;
    throw new Error(
      `a write meant for worker ${JSON.stringify(worker)} was answered by ${answer.worker}`,
    );
  }
  throw new Error(`no answer from worker ${JSON.stringify(worker)}`);
}

const json = (token: string, csrf: string) => ({
  Authorization: `Token ${token}`,
  "X-CSRFToken": csrf,
  "Content-Type": "application/json",
});

async function apiLogin(username: string, password: string) {
  return request("POST", "/api/common/users/login/", {
    headers: { Cookie: "csrftoken=w", "X-CSRFToken": "w", "Content-Type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
}

let admin: { token: string; csrf: string };

beforeAll(async () => {
  if (!fs.existsSync("build/index.js")) execSync("npx remix build", { stdio: "inherit" });
  server = await spawnBuiltServer("workers", { ADMIN_PASSWORD, WORKERS: "2" });
  const { child, dataDir, output } = server;
  base = server.base;
  const seen = new Set<string>();
  await vi.waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited: ${output()}`);
      const r = await request("GET", "/readyz");
      expect(r.status).toBe(200);
      seen.add(r.worker);
      expect([...seen].sort()).toEqual(["1", "2"]);
    },
    { timeout: STARTUP_MS, interval: 200 },
  );
  // The test's own connection to the store: a third process, as an operator's script would be.
  const file = path.join(dataDir, "platform.sqlite");
  const db = openDatabase(file);
  ctx = {
    store: storeOverSqlite(file, db),
    settings: settingsFromEnv({ ...process.env, DATA_DIR: dataDir }),
  };
  const login = await apiLogin("admin", ADMIN_PASSWORD);
  expect(login.status).toBe(200);
  const body = JSON.parse(login.text) as { token: string; csrf_token: string };
  admin = { token: body.token, csrf: body.csrf_token };
}, STARTUP_MS + 10_000);

afterAll(async () => {
  ctx?.store.sqlite?.handle.close();
  await server?.stop();
}, 30_000);

describe("two worker processes on one store", () => {
  it("both answer, each with its own process", async () => {
    const one = await on({ is: "1" }, "GET", "/healthz");
    const two = await on({ is: "2" }, "GET", "/healthz");
    expect(JSON.parse(one.text)).toMatchObject({ status: "ok" });
    expect(JSON.parse(two.text)).toMatchObject({ status: "ok" });
    expect(server.output()).toContain("2 worker processes");
  });

  it("runs each job once, whichever worker took the request, and streams its progress from either", async () => {
    const { military } = await ensureBuiltinOntologies(ctx);
    const csv =
      "subject,predicate,object,confidence\n辽宁舰,类型,舰艇,\n大连,类型,城市,\n辽宁舰,部署于,大连,0.8\n";
    const jobs: number[] = [];
    for (let i = 0; i < 4; i++) {
      const boundary = `----w${i}`;
      const form = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nw${i}.csv\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="w${i}.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
      );
      const upload = await request("POST", "/api/data/files/", {
        headers: {
          Authorization: `Token ${admin.token}`,
          "X-CSRFToken": admin.csrf,
          "Content-Type": `multipart/form-data; boundary=${boundary}`,
        },
        body: form,
      });
      expect(upload.status, upload.text).toBe(201);
      const created = await request("POST", "/api/graphadmin/graphs/", {
        headers: json(admin.token, admin.csrf),
        body: JSON.stringify({
          name: `多进程图谱${i}`,
          domain: "military",
          ontology_id: military,
          file_ids: [JSON.parse(upload.text).id],
        }),
      });
      expect(created.status, created.text).toBe(202);
      jobs.push(JSON.parse(created.text).job_id);
    }
    // Two followers of the first job, one on each worker: both see progress and the end.
    const follow = async (worker: string) => {
      for (let i = 0; i < 20; i++) {
        const probe = await request("GET", "/healthz");
        if (probe.worker === worker) continue; // then the next connection goes to `worker`
        return new Promise<{ worker: string; done: Promise<string> }>((resolve, reject) => {
          http
            .get(
              `${base}/api/jobs/${jobs[0]}/events?after_log=0`,
              { agent: false, headers: { Authorization: `Token ${admin.token}` } },
              (res) => {
                let text = "";
                res.setEncoding("utf8");
                res.on("data", (c: string) => (text += c));
                resolve({
                  worker: String(res.headers["x-console-worker"]),
                  done: new Promise((r) => res.on("end", () => r(text))),
                });
              },
            )
            .on("error", reject);
        });
      }
      throw new Error(`worker ${worker} never came next`);
    };
    const first = await follow("1");
    const second = await follow("2");
    const streams = [
      { worker: first.worker, text: await first.done },
      { worker: second.worker, text: await second.done },
    ];
    expect(streams.map((s) => s.worker).sort()).toEqual(["1", "2"]);
    for (const s of streams) {
      expect(s.text).toContain("event: progress");
      expect(s.text).toMatch(/event: done\ndata: \{[^\n]*"status":"succeeded"/);
    }
    await vi.waitFor(
      () => {
        const open = sqliteHandle(ctx)
          .prepare(
            `SELECT count(*) FROM jobs WHERE id IN (${jobs.join(",")}) AND status <> 'succeeded'`,
          )
          .pluck()
          .get();
        expect(open).toBe(0);
      },
      { timeout: 30_000, interval: 100 },
    );
    for (const id of jobs) {
      const starts = sqliteHandle(ctx)
        .prepare("SELECT count(*) FROM job_logs WHERE job_id = ? AND message LIKE '任务%开始%'")
        .pluck()
        .get(id);
      expect(starts, `job ${id} started`).toBe(1);
      expect(
        sqliteHandle(ctx).prepare("SELECT attempts FROM jobs WHERE id = ?").pluck().get(id),
      ).toBe(0);
    }
  });

  it("refuses in one process a nonce spent in the other", async () => {
    sqliteHandle(ctx)
      .prepare("UPDATE configs SET value = 'true' WHERE key = 'YF_ANTI_RESUBMIT'")
      .run();
    try {
      const issued = await request("GET", "/api/common/nonce/?key=random", {
        headers: { Authorization: `Token ${admin.token}` },
      });
      const nonce = (JSON.parse(issued.text) as { nonce: string }).nonce;
      const write = {
        headers: { ...json(admin.token, admin.csrf), "X-API-Nonce": nonce },
        body: JSON.stringify({ password: ADMIN_PASSWORD }),
      };
      const spent = await request("POST", "/api/common/users/valid/", write);
      expect(spent.status, spent.text).toBe(200);
      const replayed = await on({ not: spent.worker }, "POST", "/api/common/users/valid/", write);
      expect(replayed.status).toBe(403);
      expect(JSON.parse(replayed.text)).toMatchObject({ code: "nonce_invalid" });
    } finally {
      sqliteHandle(ctx)
        .prepare("UPDATE configs SET value = 'false' WHERE key = 'YF_ANTI_RESUBMIT'")
        .run();
    }
  });

  it("counts failed logins across processes", async () => {
    const created = await request("POST", "/api/common/users/", {
      headers: json(admin.token, admin.csrf),
      body: JSON.stringify({
        username: "throttled",
        email: "t@example.com",
        password: "Right-pass-1",
        is_active: 1,
      }),
    });
    expect(created.status, created.text).toBe(201);
    const workers = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const r = await apiLogin("throttled", "wrong-pass-1");
      expect(r.status).toBe(400);
      workers.add(r.worker);
    }
    expect([...workers].sort()).toEqual(["1", "2"]);
    // The right password on either worker is refused now.
    for (const worker of ["1", "2"]) {
      const r = await on({ is: worker }, "POST", "/api/common/users/login/", {
        headers: { Cookie: "csrftoken=w", "X-CSRFToken": "w", "Content-Type": "application/json" },
        body: JSON.stringify({ username: "throttled", password: "Right-pass-1" }),
      });
      expect(r.status).toBe(429);
    }
  });

  it("shows a schema change made in one process in the other's next answer", async () => {
    const before = await on({ is: "1" }, "GET", "/api/common/users/schema", {
      headers: { Authorization: `Token ${admin.token}` },
    });
    expect(before.status).toBe(200);
    const names = (a: Answer) =>
      (JSON.parse(a.text).select_options.groups as { label: string }[]).map((o) => o.label);
    expect(names(before)).not.toContain("多进程组");
    await on({ is: "1" }, "GET", "/api/common/users/schema", {
      headers: { Authorization: `Token ${admin.token}` },
    }); // kept now
    const created = await on({ is: "2" }, "POST", "/api/common/groups/", {
      headers: json(admin.token, admin.csrf),
      body: JSON.stringify({ name: "多进程组" }),
    });
    expect(created.status, created.text).toBe(201);
    const after = await on({ is: "1" }, "GET", "/api/common/users/schema", {
      headers: { Authorization: `Token ${admin.token}` },
    });
    expect(names(after)).toContain("多进程组");
  });

  it("ends a page's cached login in every process at once (the cache follows the store's version)", async () => {
    // A console login through the form (captcha off).
    const form = await request("GET", "/login");
    const cookies = new Map<string, string>();
    const keep = (a: Answer) => {
      for (const c of [a.headers["set-cookie"] ?? []].flat()) {
        const [pair] = c.split(";");
        cookies.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
      }
    };
    keep(form);
    const field = (name: string) =>
      new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(form.text)?.[1] ?? "";
    const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const posted = await request("POST", "/login", {
      headers: { Cookie: cookie(), "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        csrf: field("csrf"),
        captcha_id: field("captcha_id"),
        redirect: "/dashboard",
        username: "admin",
        password: ADMIN_PASSWORD,
        captcha: "x",
        intent: "login",
      }).toString(),
    });
    expect(posted.status, posted.text.slice(0, 300)).toBe(302);
    keep(posted);
    // Both workers show the page (and keep the viewer's info).
    for (const worker of ["1", "2"])
      expect(
        (await on({ is: worker }, "GET", "/dashboard", { headers: { Cookie: cookie() } })).status,
      ).toBe(200);
    // The login ends elsewhere (as a logout in another console would).
    const uid = sqliteHandle(ctx)
      .prepare("SELECT id FROM users WHERE username = 'admin'")
      .pluck()
      .get();
    sqliteHandle(ctx)
      .prepare(
        "UPDATE tokens SET ended_at = ?, ended_reason = 'logout' WHERE user_id = ? AND ended_at IS NULL",
      )
      .run(Date.now(), uid);
    // The next page in either process refuses it, well inside the 3 s window a remote platform would allow.
    for (const worker of ["1", "2"]) {
      const r = await on({ is: worker }, "GET", "/dashboard", { headers: { Cookie: cookie() } });
      expect(r.status).toBe(302);
      expect(r.headers.location).toBe("/login?redirect=%2Fdashboard");
    }
  });

  it("stops every worker on SIGTERM", async () => {
    server.child.kill("SIGTERM");
    const code = await new Promise((r) => server.child.once("exit", r));
    expect(code).toBe(0);
    expect(server.output()).toContain("SIGTERM: stopping 2 workers");
    expect(server.output().match(/SIGTERM: finishing in-flight requests/g)).toHaveLength(2);
  }, 20_000);
});
