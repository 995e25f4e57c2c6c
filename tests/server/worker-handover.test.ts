import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { storeOverSqlite } from "../../platform/db/store.js";
import { ensureBuiltinOntologies } from "../../platform/kg/ontology.js";
import { settingsFromEnv } from "../../platform/settings.js";
import { SERVER_STARTUP_MS, startBuiltServer, type BuiltServer } from "../helpers/built-server.js";

/**
 * Issue 26 item 4: a worker process that a big job left over RECYCLE_RSS_MB hands over to a new
 * one (server.ts, platform/jobs/collect.ts). Here every job counts as big (BIG_JOB_SECONDS=0)
 * and every process is over 1 MB: the worker that ran a build stops taking jobs, the primary
 * starts its replacement, and once that one serves the old one closes its connections as it
 * answers and stops — while a client reading over kept-alive connections sees every answer,
 * and the next job runs. Two workers that hand over at once are replaced one after the other,
 * and a client opening a connection per request is never refused.
 */

let server: BuiltServer;
let base: string;
const headers = (json?: boolean) => server.headers(json);

beforeAll(async () => {
  server = await startBuiltServer("handover", "handover-admin-pass-1", {
    WORKERS: "2",
    BIG_JOB_SECONDS: "0",
    RECYCLE_RSS_MB: "1",
  });
  base = server.base;
}, SERVER_STARTUP_MS);

afterAll(() => server?.stop(), 30_000);

const jobOf = (id: number) =>
  server.store.prepare("SELECT status, worker FROM jobs WHERE id = ?").get(id) as {
    status: string;
    worker: string | null;
  };

/** Builds a graph of `ships` ships from an uploaded CSV; the job's id and the graph's. */
async function build(name: string, ships: number) {
  const lines = ["subject,predicate,object,confidence", "港口,类型,城市,"];
  for (let s = 0; s < ships; s++)
    lines.push(`${name}舰${s},类型,舰艇,`, `${name}舰${s},部署于,港口,0.9`);
  const form = new FormData();
  form.append("name", `${name}.csv`);
  form.append("file", new File([`${lines.join("\n")}\n`], `${name}.csv`, { type: "text/csv" }));
  const upload = await fetch(`${base}/api/data/files/`, {
    method: "POST",
    headers: headers(false),
    body: form,
  });
  expect(upload.status).toBe(201);
  const { military: ontology } = await ensureBuiltinOntologies({
    store: storeOverSqlite(path.join(server.dataDir, "platform.sqlite"), server.store),
    settings: settingsFromEnv({ ...process.env, DATA_DIR: server.dataDir }),
  });
  const created = await fetch(`${base}/api/graphadmin/graphs/`, {
    method: "POST",
    headers: headers(),
    body: JSON.stringify({
      name,
      domain: "military",
      ontology_id: ontology,
      file_ids: [((await upload.json()) as { id: number }).id],
    }),
  });
  expect(created.status).toBe(202);
  return (await created.json()) as { job_id: number; graph: { id: number } };
}

/** Which worker answers a request on a connection of its own. */
function workerOfNewConnection(): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http
      .get(`${base}/healthz`, { agent: false, timeout: 10_000 }, (res) => {
        res.resume();
        resolve(String(res.headers["x-console-worker"] ?? ""));
      })
      .on("error", reject)
      .on("timeout", () =>
        req.destroy(new Error(`no answer in 10 s (${new Date().toISOString()})`)),
      );
  });
}

async function succeeded(jobId: number) {
  await vi.waitFor(
    () => {
      const job = jobOf(jobId);
      if (job.status !== "succeeded") throw new Error(`job ${jobId}: ${job.status}`);
    },
    { timeout: 120_000, interval: 50 },
  );
  return jobOf(jobId);
}

/** The environment of each worker process the primary started (Linux: /proc). */
function workerEnvironments(): Map<string, string>[] {
  const primary = server.child.pid!;
  return fs
    .readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        // "pid (comm) state ppid …": the parent comes after the command's closing parenthesis.
        const stat = fs.readFileSync(`/proc/${d}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === primary;
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(
      (d) =>
        new Map(
          fs
            .readFileSync(`/proc/${d}/environ`, "utf8")
            .split("\0")
            .filter(Boolean)
            .map((kv) => [kv.slice(0, kv.indexOf("=")), kv.slice(kv.indexOf("=") + 1)]),
        ),
    );
}

describe("the workers' memory settings", () => {
  it("start with two glibc arenas and a 128 KB mmap threshold (docs/deploy.md, Memory)", () => {
    const envs = workerEnvironments();
    expect(envs).toHaveLength(2);
    for (const env of envs) {
      expect(env.get("MALLOC_ARENA_MAX")).toBe("2");
      expect(env.get("MALLOC_MMAP_THRESHOLD_")).toBe("131072");
    }
  });
});

describe("a worker a big job left over RECYCLE_RSS_MB", () => {
  it("hands over to a new process while readers see every answer, and the next job runs", async () => {
    // Four readers on kept-alive connections (fetch's pool; the primary spreads the connections
    // over both workers) all through the hand-over.
    const answers: { status: number; worker: string }[] = [];
    const failures: string[] = [];
    let reading = true;
    const read = async () => {
      while (reading) {
        try {
          const res = await fetch(`${base}/api/common/users/?page=1&page_size=5`, {
            headers: headers(false),
          });
          await res.arrayBuffer();
          answers.push({ status: res.status, worker: res.headers.get("x-console-worker") ?? "" });
        } catch (e) {
          failures.push(String((e as Error).cause ?? e));
        }
      }
    };
    const readers = Promise.all([read(), read(), read(), read()]);
    try {
      const first = await build("交接一", 300);
      const ran = await succeeded(first.job_id);
      const pid = Number(ran.worker!.split("-")[0]);
      await vi.waitFor(
        () => {
          expect(server.output()).toContain(`worker ${pid}: `);
          expect(server.output()).toContain(`worker ${pid} exited (0) after handing over`);
        },
        { timeout: 30_000, interval: 100 },
      );
      // The primary's new worker (cluster ids 1 and 2 were the first two) answers new connections.
      await vi.waitFor(
        async () => expect(Number(await workerOfNewConnection())).toBeGreaterThan(2),
        {
          timeout: 60_000,
          interval: 100,
        },
      );
      // The next job runs (on whichever process takes it) and succeeds.
      const second = await build("交接二", 50);
      await succeeded(second.job_id);
      expect(
        server.store
          .prepare("SELECT count(*) FROM kg_entities WHERE graph_id = ?")
          .pluck()
          .get(second.graph.id),
      ).toBe(51);
    } finally {
      reading = false;
      await readers;
    }
    expect(failures).toEqual([]);
    expect(answers.length).toBeGreaterThan(20);
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    // The readers were answered by the process that handed over too.
    const workers = answers[0] && new Set(answers.map((a) => a.worker));
    expect(workers && workers.size).toBeGreaterThanOrEqual(2);
  }, 240_000);
});

/** Where `line` first appears in the server's output after `from` (-1: nowhere). */
const seenAt = (line: string, from: number) => server.output().indexOf(line, from);

describe("two workers a big job each left over RECYCLE_RSS_MB at once", () => {
  it("are replaced one after the other, each new process serving before the old one stops", async () => {
    const from = server.output().length;
    // A reader that opens a connection of its own for every request: refused while no worker
    // listens on the port.
    const refused: string[] = [];
    let served = 0;
    let reading = true;
    const read = async () => {
      while (reading) {
        try {
          await workerOfNewConnection();
          served++;
        } catch (e) {
          refused.push(String((e as Error).message));
        }
      }
    };
    const readers = Promise.all([read(), read()]);
    try {
      // Two builds at once: a worker takes one job at a time, so each runs on its own worker.
      const [a, b] = await Promise.all([build("同交一", 1500), build("同交二", 1500)]);
      const [ranA, ranB] = await Promise.all([succeeded(a.job_id), succeeded(b.job_id)]);
      const pids = [ranA, ranB].map((r) => Number(r.worker!.split("-")[0]));
      expect(new Set(pids).size).toBe(2);
      await vi.waitFor(
        () => {
          for (const pid of pids)
            expect(server.output().slice(from)).toContain(
              `worker ${pid} exited (0) after handing over`,
            );
        },
        { timeout: 60_000, interval: 100 },
      );
      for (const pid of pids) {
        const serves = seenAt(`: worker ${pid} hands over`, from);
        expect(serves).toBeGreaterThan(-1);
        expect(seenAt(`worker ${pid} exited (0) after handing over`, from)).toBeGreaterThan(serves);
      }
      // Each old worker was told to go only once the other's replacement served: one at a time.
      const [first, second] = pids
        .map((pid) => ({ pid, serves: seenAt(`: worker ${pid} hands over`, from) }))
        .sort((x, y) => x.serves - y.serves);
      expect(seenAt(`worker ${first.pid} exited`, from)).toBeGreaterThan(-1);
      expect(second.serves).toBeGreaterThan(seenAt(`: worker ${first.pid} hands over`, from));
    } finally {
      reading = false;
      await readers;
    }
    expect(refused).toEqual([]);
    expect(served).toBeGreaterThan(20);
  }, 240_000);
});
