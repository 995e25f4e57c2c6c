import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DB } from "../../platform/db/database.js";
import { storeOverSqlite } from "../../platform/db/store.js";
import { ensureBuiltinOntologies } from "../../platform/kg/ontology.js";
import { settingsFromEnv } from "../../platform/settings.js";
import { SERVER_STARTUP_MS, startBuiltServer, type BuiltServer } from "../helpers/built-server.js";

/**
 * Issue 19 (#26 here), found from outside: with two worker processes, the process running a
 * graph build was frozen (SIGSTOP) past the takeover limit; the other took the job over, and
 * when the frozen one resumed both wrote the graph, and the job said succeeded with counts the
 * graph did not hold. Here the same, on the real server: the job must run its effects once.
 */

const TAKEOVER_SECONDS = 3;
const SHIPS = 12_000;
const CITIES = 50;

let server: BuiltServer;
let base: string;
let store: DB;
const headers = (json?: boolean) => server.headers(json);

beforeAll(async () => {
  server = await startBuiltServer("takeover", "takeover-admin-pass-1", {
    WORKERS: "2",
    JOB_TAKEOVER_SECONDS: String(TAKEOVER_SECONDS),
  });
  base = server.base;
  store = server.store;
}, SERVER_STARTUP_MS);

afterAll(() => server?.stop(), 30_000);

interface JobRow {
  status: string;
  progress: number;
  worker: string | null;
  attempts: number;
  result_json: string | null;
}
const jobRow = (id: number) =>
  store
    .prepare("SELECT status, progress, worker, attempts, result_json FROM jobs WHERE id = ?")
    .get(id) as JobRow;
const countOf = (table: string, graphId: number) =>
  store.prepare(`SELECT count(*) FROM ${table} WHERE graph_id = ?`).pluck().get(graphId) as number;
const pidOf = (worker: string) => Number(worker.split("-")[0]);

/** Whether some process holds the store's write lock now (a write would have to wait). */
function writeLocked() {
  store.pragma("busy_timeout = 0");
  try {
    store.exec("BEGIN IMMEDIATE");
    store.exec("ROLLBACK");
    return false;
  } catch {
    return true;
  } finally {
    store.pragma("busy_timeout = 5000");
  }
}

/** The source file: ships deployed in cities, one relation per ship. */
function buildCsv() {
  const lines = ["subject,predicate,object,confidence"];
  for (let c = 0; c < CITIES; c++) lines.push(`城市${c},类型,城市,`);
  for (let s = 0; s < SHIPS; s++) lines.push(`舰${s},类型,舰艇,`);
  for (let s = 0; s < SHIPS; s++) lines.push(`舰${s},部署于,城市${s % CITIES},0.9`);
  return `${lines.join("\n")}\n`;
}

describe("a build whose worker froze past the takeover limit", () => {
  it("runs once: the job succeeds with what the graph holds, and the woken worker writes nothing", async () => {
    const form = new FormData();
    form.append("name", "takeover.csv");
    form.append("file", new File([buildCsv()], "takeover.csv", { type: "text/csv" }));
    const upload = await fetch(`${base}/api/data/files/`, {
      method: "POST",
      headers: headers(false),
      body: form,
    });
    expect(upload.status).toBe(201);
    const { military: ontology } = await ensureBuiltinOntologies({
      store: storeOverSqlite(path.join(server.dataDir, "platform.sqlite"), store),
      settings: settingsFromEnv({ ...process.env, DATA_DIR: server.dataDir }),
    });
    const created = await fetch(`${base}/api/graphadmin/graphs/`, {
      method: "POST",
      headers: headers(),
      body: JSON.stringify({
        name: "接管测试图谱",
        domain: "military",
        ontology_id: ontology,
        file_ids: [((await upload.json()) as { id: number }).id],
      }),
    });
    expect(created.status).toBe(202);
    const { job_id: jobId, graph } = (await created.json()) as {
      job_id: number;
      graph: { id: number };
    };

    // Freeze the worker that runs the build while it reads and checks the source (it holds
    // no write lock then: a process frozen inside a transaction would stop every writer).
    let frozen = 0;
    await vi.waitFor(
      () => {
        const job = jobRow(jobId);
        if (job.status !== "running" || !job.worker || job.progress >= 30)
          throw new Error(`not checking yet: ${JSON.stringify(job)}`);
        const pid = pidOf(job.worker);
        process.kill(pid, "SIGSTOP");
        if (writeLocked()) {
          process.kill(pid, "SIGCONT");
          throw new Error("frozen inside a write; again");
        }
        frozen = pid;
      },
      { timeout: 60_000, interval: 5 },
    );
    try {
      // The other process takes the job over once the heartbeat is silent past the limit.
      await vi.waitFor(
        () => {
          const job = jobRow(jobId);
          expect(job.attempts).toBe(1);
          expect(job.status).toBe("running");
          expect(pidOf(job.worker ?? "0-")).not.toBe(frozen);
        },
        { timeout: 30_000, interval: 50 },
      );
    } finally {
      // It wakes while the new owner builds: both are alive at once, as in the report.
      process.kill(frozen, "SIGCONT");
    }

    let atSuccess: { entities: number; relations: number } | null = null;
    let job: JobRow | null = null;
    await vi.waitFor(
      () => {
        job = jobRow(jobId);
        if (job.status === "succeeded") {
          atSuccess = {
            entities: countOf("kg_entities", graph.id),
            relations: countOf("kg_relations", graph.id),
          };
          return;
        }
        expect(job.status).toBe("running");
        throw new Error(`still ${job.status} at ${job.progress}%`);
      },
      { timeout: 120_000, interval: 10 },
    );
    const result = JSON.parse(job!.result_json!) as {
      written: { entities: { added: number }; relations: { added: number } };
    };
    expect(result.written.entities.added).toBe(SHIPS + CITIES);
    expect(result.written.relations.added).toBe(SHIPS);
    // At the moment the job says succeeded, the graph holds exactly what its report gives.
    expect(atSuccess).toEqual({ entities: SHIPS + CITIES, relations: SHIPS });

    // The woken worker has stopped without writing: a while later nothing has moved.
    await new Promise((r) => setTimeout(r, TAKEOVER_SECONDS * 1000));
    expect({
      entities: countOf("kg_entities", graph.id),
      relations: countOf("kg_relations", graph.id),
    }).toEqual(atSuccess);
    const logs = store
      .prepare("SELECT message FROM job_logs WHERE job_id = ? ORDER BY id")
      .pluck()
      .all(jobId) as string[];
    expect(logs.filter((m) => m === "任务完成")).toHaveLength(1);
    expect(logs).toContain(
      `工作进程超过 ${TAKEOVER_SECONDS} 秒无响应，任务已由其他进程接管，已重新排队（第 1 次重试）`,
    );
    expect(logs.filter((m) => m.startsWith("构建完成"))).toHaveLength(1);
    expect(server.output()).toContain(`job ${jobId}: taken over by another worker`);
    expect(jobRow(jobId).status).toBe("succeeded");
  }, 240_000);
});
