import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openStore, type Store } from "../../platform/db/store.js";
import { ensureBuiltinOntologies } from "../../platform/kg/ontology.js";
import { settingsFromEnv } from "../../platform/settings.js";
import { spawnBuiltServer, untilAnswers, type SpawnedServer } from "../helpers/built-server.js";
import { freePort } from "../helpers/free-port.js";
import { freshDatabase, stopOwnCluster, type TestDatabase } from "../helpers/postgres.js";
import { one, rows, value } from "../helpers/sql.js";

/**
 * Several nodes on one PostgreSQL (issue 22): two server processes (production build) on
 * ports of their own, each with its own DATA_DIR, one DATABASE_URL. They behave as one
 * platform: tokens and console sessions, the one-live-session rule, logouts, throttles,
 * captchas (every login answers one the other node issued), nonces, settings, users, files
 * and jobs are the store's, not a node's, and no node's cache serves what the other changed.
 */

const STARTUP_MS = 90_000;
const ADMIN_PASSWORD = "nodes-admin-pass-1";
const TAKEOVER_SECONDS = 3;

/** A node: the product's server on the shared database, named for the test's messages. */
type Node = SpawnedServer & { name: string };

let database: TestDatabase;
let store: Store;
let a: Node;
let b: Node;

/** A port of its own for each node (never TEST_SERVER_PORT: there are two). */
async function startNode(name: string): Promise<Node> {
  const server = await spawnBuiltServer(
    `node-${name}`,
    {
      DATABASE_URL: database.url,
      SESSION_SECRET: "one-secret-for-every-node",
      CAPTCHA: "on",
      ADMIN_PASSWORD,
      WORKERS: "1",
      JOB_TAKEOVER_SECONDS: String(TAKEOVER_SECONDS),
    },
    await freePort(),
  );
  return { ...server, name };
}

beforeAll(async () => {
  database = await freshDatabase({ empty: true });
  // Both start at once on an empty database: one migrates and seeds, the other waits its turn.
  [a, b] = await Promise.all([startNode("a"), startNode("b")]);
  await Promise.all([untilAnswers(a), untilAnswers(b)]);
  store = openStore({ databaseUrl: database.url, dbFile: "" });
}, STARTUP_MS + 30_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await store?.close();
  await database?.drop();
  await stopOwnCluster();
}, 60_000);

// --- The API ----------------------------------------------------------------------------------

interface Token {
  token: string;
  csrf: string;
}

/** A captcha's answer, read from the store as only the person looking at its image could. */
const answerOf = async (id: string) =>
  (await value<string>({ store }, sql`SELECT answer FROM captchas WHERE id = ${id}`)) ?? "none";

/** A captcha issued by `node`, with its answer. */
async function captchaFrom(node: Node) {
  const res = await fetch(`${node.base}/api/common/users/captcha/`);
  expect(res.status).toBe(200);
  const { captcha_id } = (await res.json()) as { captcha_id: string };
  return { captcha_id, captcha: await answerOf(captcha_id) };
}

/**
 * A login on `node` with a captcha the other node issued (every login here shows that a
 * captcha is the store's, not a node's), or with the one given.
 */
async function apiLogin(
  node: Node,
  username = "admin",
  password = ADMIN_PASSWORD,
  captcha?: { captcha_id: string; captcha: string },
) {
  const other = node === a ? b : a;
  const alive = other.child.exitCode === null && other.child.signalCode === null;
  return fetch(`${node.base}/api/common/users/login/`, {
    method: "POST",
    headers: { Cookie: "csrftoken=n", "X-CSRFToken": "n", "Content-Type": "application/json" },
    body: JSON.stringify({
      username,
      password,
      ...(captcha ?? (await captchaFrom(alive ? other : node))),
    }),
  });
}

async function token(node: Node, username = "admin", password = ADMIN_PASSWORD): Promise<Token> {
  const res = await apiLogin(node, username, password);
  expect(res.status, await res.clone().text()).toBe(200);
  const body = (await res.json()) as { token: string; csrf_token: string };
  return { token: body.token, csrf: body.csrf_token };
}

const auth = (t: Token, json = true) => ({
  Authorization: `Token ${t.token}`,
  "X-CSRFToken": t.csrf,
  ...(json ? { "Content-Type": "application/json" } : {}),
});

const info = (node: Node, t: Token) =>
  fetch(`${node.base}/api/common/users/info/`, { headers: auth(t) });

async function upload(node: Node, t: Token, name: string, text: string) {
  const form = new FormData();
  form.append("name", name);
  form.append("file", new File([text], name, { type: "text/csv" }));
  const res = await fetch(`${node.base}/api/data/files/`, {
    method: "POST",
    headers: auth(t, false),
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

// --- The console (cookies) --------------------------------------------------------------------

type Jar = Map<string, string>;

function keepCookies(res: Response, jar: Jar) {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const i = pair.indexOf("=");
    jar.set(pair.slice(0, i), pair.slice(i + 1));
  }
}
const cookieHeader = (jar: Jar) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

/** Logs in through the console's login form on `node`; the session cookies. */
async function consoleLogin(node: Node): Promise<Jar> {
  const jar: Jar = new Map();
  const page = await fetch(`${node.base}/login`);
  keepCookies(page, jar);
  const html = await page.text();
  const field = (name: string) =>
    new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1] ?? "";
  const res = await fetch(`${node.base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookieHeader(jar) },
    body: new URLSearchParams({
      csrf: field("csrf"),
      captcha_id: field("captcha_id"),
      redirect: "/dashboard",
      username: "admin",
      password: ADMIN_PASSWORD,
      captcha: await answerOf(field("captcha_id")),
      captcha_kind: "image",
      intent: "login",
    }),
  });
  expect(res.status, (await res.clone().text()).slice(0, 300)).toBe(302);
  keepCookies(res, jar);
  return jar;
}

const page = (node: Node, jar: Jar, p: string) =>
  fetch(`${node.base}${p}`, { headers: { Cookie: cookieHeader(jar) }, redirect: "manual" });

describe("two nodes on one PostgreSQL", () => {
  it("started together on an empty database: migrated and seeded once", async () => {
    const admins = await rows<{ username: string }>(
      { store },
      sql`SELECT username FROM users WHERE lower(username) = 'admin'`,
    );
    expect(admins).toHaveLength(1);
    const configs = await one<{ n: number; keys: number }>(
      { store },
      sql`SELECT count(*) AS n, count(DISTINCT key) AS keys FROM configs`,
    );
    expect(configs!.n).toBeGreaterThan(0);
    expect(configs!.n).toBe(configs!.keys);
  });

  it("a token from A works on B; a second login on B ends A's; a logout on A ends it on B", async () => {
    const first = await token(a);
    expect((await info(b, first)).status).toBe(200);
    expect((await info(a, first)).status).toBe(200);
    const second = await token(b);
    for (const node of [a, b]) {
      const refused = await info(node, first);
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { code: string }).code).toBe("token_replaced");
    }
    expect((await info(a, second)).status).toBe(200);
    const out = await fetch(`${a.base}/api/common/users/logout/`, {
      method: "POST",
      headers: auth(second),
    });
    expect(out.status).toBe(200);
    expect((await info(b, second)).status).toBe(401);
    expect((await info(a, second)).status).toBe(401);
  });

  it("a user created on A is listed by B", async () => {
    const t = await token(a);
    const created = await fetch(`${a.base}/api/common/users/`, {
      method: "POST",
      headers: auth(t),
      body: JSON.stringify({
        username: "made-on-a",
        password: "Made-on-a-pass-1",
        email: "made@example.com",
        is_active: 1,
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const listed = await fetch(`${b.base}/api/common/users/?search=made-on-a`, {
      headers: auth(t),
    });
    expect(listed.status).toBe(200);
    const body = (await listed.json()) as { results: { username: string }[] };
    expect(body.results.map((u) => u.username)).toEqual(["made-on-a"]);
  });

  it("a group made on B is in the next users schema A answers (A's schema cache follows the store)", async () => {
    const t = await token(a);
    const groupNames = async () =>
      (
        (await (
          await fetch(`${a.base}/api/common/users/schema/`, { headers: auth(t) })
        ).json()) as {
          select_options: { groups: { label: string }[] };
        }
      ).select_options.groups.map((g) => g.label);
    expect(await groupNames()).not.toContain("节点组");
    const made = await fetch(`${b.base}/api/common/groups/`, {
      method: "POST",
      headers: auth(t),
      body: JSON.stringify({ name: "节点组" }),
    });
    expect(made.status, await made.clone().text()).toBe(201);
    expect(await groupNames()).toContain("节点组");
  });

  it("a console cookie from A opens an admin page on B; a setting changed through A shows on B's next page", async () => {
    const jar = await consoleLogin(a);
    const users = await page(b, jar, "/backend/setting/users");
    expect(users.status).toBe(200);
    const html = await users.text();
    expect(html.includes("made-on-a"), "B's users page lists the user made on A").toBe(true);
    // B has shown a page: it holds the platform's settings and the viewer's info now.
    expect(html.includes("某节点知识平台")).toBe(false);
    const t = await token(b, "made-on-a", "Made-on-a-pass-1");
    await fetch(`${a.base}/api/common/users/logout/`, { method: "POST", headers: auth(t) });
    // The change goes through A's API, as the configs screen of A's console would send it.
    const admin = await token(b);
    const found = (await (
      await fetch(`${a.base}/api/common/configs/?key=YF_PRODUCT_TITLE`, { headers: auth(admin) })
    ).json()) as { results: { id: number; key: string }[] };
    expect(found.results.map((r) => r.key)).toEqual(["YF_PRODUCT_TITLE"]);
    const changed = await fetch(`${a.base}/api/common/configs/${found.results[0].id}/`, {
      method: "PATCH",
      headers: auth(admin),
      body: JSON.stringify({ value: "某节点知识平台" }),
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    const next = await (await fetch(`${b.base}/login`)).text();
    expect(next.includes("某节点知识平台"), "B's next page shows the title set through A").toBe(
      true,
    );
  });

  it("a second console login on B ends A's console session on both nodes at their next page", async () => {
    const jar = await consoleLogin(a);
    // Both nodes show a page with it (and keep the viewer's info for their next pages).
    for (const node of [a, b]) expect((await page(node, jar, "/dashboard")).status).toBe(200);
    const other = await consoleLogin(b);
    for (const node of [a, b]) {
      const r = await page(node, jar, "/dashboard");
      expect(r.status, `${node.name}`).toBe(302);
      expect(r.headers.get("location")).toMatch(/^\/login\b/);
      expect((await page(node, other, "/dashboard")).status).toBe(200);
    }
    // A logout through A's console ends B's session on B.
    const form = await (await page(b, other, "/dashboard")).text();
    const csrf = /name="csrf"[^>]*value="([^"]*)"/.exec(form)?.[1];
    expect(csrf).toBeTruthy();
    const out = await fetch(`${a.base}/logout`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: cookieHeader(other),
      },
      body: new URLSearchParams({ csrf: csrf! }),
    });
    expect(out.status).toBe(302);
    expect((await page(b, other, "/dashboard")).status).toBe(302);
  });

  it("a file uploaded on A downloads from B, and neither node keeps it on disk", async () => {
    const t = await token(a);
    const text = "subject,predicate,object\n甲,乙,丙\n";
    const id = await upload(a, t, "nodes.csv", text);
    const down = await fetch(`${b.base}/api/data/files/${id}/download/`, { headers: auth(t) });
    expect(down.status).toBe(200);
    expect(await down.text()).toBe(text);
    for (const node of [a, b]) {
      const dir = path.join(node.dataDir, "files");
      expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);
    }
  });

  it("the login throttle counts failures made on both", async () => {
    const wrong = (node: Node) => apiLogin(node, "made-on-a", "not-the-password");
    for (const node of [a, b, a, b, a]) expect((await wrong(node)).status).toBe(400);
    // The account's next try is refused wherever it is made, even with the right password.
    for (const node of [b, a])
      expect((await apiLogin(node, "made-on-a", "Made-on-a-pass-1")).status).toBe(429);
  });

  it("a captcha issued by A is good for one answer: on B, then nowhere", async () => {
    const issued = await captchaFrom(a);
    expect((await apiLogin(b, "admin", ADMIN_PASSWORD, issued)).status).toBe(200);
    for (const node of [a, b]) {
      const again = await apiLogin(node, "admin", ADMIN_PASSWORD, issued);
      expect(again.status).toBe(400);
      expect(((await again.json()) as { code: string }).code).toBe("captcha_invalid");
    }
  });

  it("a nonce spent on A is refused on B (anti-resubmission on)", async () => {
    const t = await token(a);
    await sql`UPDATE configs SET value = 'true' WHERE key = 'YF_ANTI_RESUBMIT'`.execute(store.db);
    try {
      const issued = await fetch(`${b.base}/api/common/nonce/?key=random`, { headers: auth(t) });
      const { nonce } = (await issued.json()) as { nonce: string };
      const write = (node: Node) =>
        fetch(`${node.base}/api/common/users/valid/`, {
          method: "POST",
          headers: { ...auth(t), "X-API-Nonce": nonce },
          body: JSON.stringify({ password: ADMIN_PASSWORD }),
        });
      expect((await write(a)).status).toBe(200);
      const replayed = await write(b);
      expect(replayed.status).toBe(403);
      expect(((await replayed.json()) as { code: string }).code).toBe("nonce_invalid");
    } finally {
      await sql`UPDATE configs SET value = 'false' WHERE key = 'YF_ANTI_RESUBMIT'`.execute(
        store.db,
      );
    }
  });

  it("a build started on A, A killed (-9) while it writes: B takes the job over and the graph is exact", async () => {
    const t = await token(b);
    const SHIPS = 15_000;
    const CITIES = 40;
    const lines = ["subject,predicate,object,confidence"];
    for (let c = 0; c < CITIES; c++) lines.push(`城市${c},类型,城市,`);
    for (let s = 0; s < SHIPS; s++) lines.push(`舰${s},类型,舰艇,`);
    for (let s = 0; s < SHIPS; s++) lines.push(`舰${s},部署于,城市${s % CITIES},0.9`);
    const fileId = await upload(a, t, "build.csv", `${lines.join("\n")}\n`);
    const { military } = await ensureBuiltinOntologies({
      store,
      settings: settingsFromEnv({ ...process.env, DATABASE_URL: database.url }),
    });
    const job = (id: number) =>
      one<{ status: string; worker: string | null; attempts: number; result_json: string | null }>(
        { store },
        sql`SELECT status, worker, attempts, result_json FROM jobs WHERE id = ${id}`,
      );
    const countOf = async (graphId: number) =>
      (await one<{ e: number; r: number }>(
        { store },
        sql`SELECT (SELECT count(*) FROM kg_entities WHERE graph_id = ${graphId}) AS e,
                   (SELECT count(*) FROM kg_relations WHERE graph_id = ${graphId}) AS r`,
      ))!;
    const pidOf = (worker: string | null) => Number((worker ?? "0-").split("-")[0]);

    // B is frozen until A has claimed the job, so that A is the one running it.
    b.child.kill("SIGSTOP");
    let jobId = 0;
    let graphId = 0;
    try {
      const created = await fetch(`${a.base}/api/graphadmin/graphs/`, {
        method: "POST",
        headers: auth(t),
        body: JSON.stringify({
          name: "节点接管图谱",
          domain: "military",
          ontology_id: military,
          file_ids: [fileId],
        }),
      });
      expect(created.status, await created.clone().text()).toBe(202);
      ({
        job_id: jobId,
        graph: { id: graphId },
      } = (await created.json()) as { job_id: number; graph: { id: number } });
      await vi.waitFor(
        async () => {
          const j = await job(jobId);
          expect(j?.status).toBe("running");
          expect(pidOf(j!.worker)).toBe(a.child.pid);
        },
        { timeout: 30_000, interval: 20 },
      );
    } finally {
      b.child.kill("SIGCONT");
    }
    // A dies in the middle of writing the graph: part of it is in the store.
    let atKill = { e: 0, r: 0 };
    await vi.waitFor(
      async () => {
        const c = await countOf(graphId);
        expect(c.e).toBeGreaterThan(0);
        a.child.kill("SIGKILL");
        atKill = c;
      },
      { timeout: 60_000, interval: 10 },
    );
    await new Promise((r) => a.child.once("exit", r));
    expect(atKill.e).toBeLessThan(SHIPS + CITIES);

    await vi.waitFor(
      async () => {
        const j = await job(jobId);
        expect(j?.status).toBe("succeeded");
      },
      { timeout: 90_000, interval: 100 },
    );
    const done = (await job(jobId))!;
    expect(pidOf(done.worker)).toBe(b.child.pid);
    expect(done.attempts).toBe(1);
    const result = JSON.parse(done.result_json!) as {
      written: { entities: { added: number }; relations: { added: number } };
    };
    expect(result.written.entities.added).toBe(SHIPS + CITIES);
    expect(result.written.relations.added).toBe(SHIPS);
    expect(await countOf(graphId)).toEqual({ e: SHIPS + CITIES, r: SHIPS });
    // No entity twice (a name is one entity of the graph).
    const names = await one<{ n: number }>(
      { store },
      sql`SELECT count(DISTINCT name) AS n FROM kg_entities WHERE graph_id = ${graphId}`,
    );
    expect(names!.n).toBe(SHIPS + CITIES);
    const logs = (
      await rows<{ message: string }>(
        { store },
        sql`SELECT message FROM job_logs WHERE job_id = ${jobId} ORDER BY id`,
      )
    ).map((r) => r.message);
    expect(logs.filter((m) => m.startsWith("构建完成"))).toHaveLength(1);
    expect(logs).toContain(
      `工作进程超过 ${TAKEOVER_SECONDS} 秒无响应，任务已由其他进程接管，已重新排队（第 1 次重试）`,
    );
    // B, the survivor, still serves.
    expect((await fetch(`${b.base}/readyz`)).status).toBe(200);
  }, 180_000);
});
