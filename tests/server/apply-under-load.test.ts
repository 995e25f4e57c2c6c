import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DB } from "../../platform/db/database.js";
import { storeOverSqlite } from "../../platform/db/store.js";
import { ensureBuiltinOntologies } from "../../platform/kg/ontology.js";
import { settingsFromEnv } from "../../platform/settings.js";
import { SERVER_STARTUP_MS, startBuiltServer, type BuiltServer } from "../helpers/built-server.js";
import { militaryNTriples } from "../helpers/ntriples.js";
import { createOtherUsers, percentile, userWrites } from "../helpers/user-writes.js";

/**
 * Issue 26 on the real server (WORKERS=2, SQLite): a graph apply (an N-Triples import into a new
 * graph, written in batches) killed (-9) midway is never seen in part and is cleared again,
 * leaving the graph as it was and the job failed, never succeeded;
 * an apply that runs while other users log in and save their user through the API and the
 * console's forms gives them no 5xx and no SQLITE_BUSY, and at the moment the job says
 * `succeeded` the graph holds exactly the counts of its report.
 */

const TAKEOVER_SECONDS = 3;
const STATEMENTS = 12_000;

let server: BuiltServer;
let base: string;
let dataDir: string;
let store: DB;
let ontologyId: number;
const fileIds: number[] = [];
let planned: { entities: number; relations: number };
let graphId: number;

const call = async (method: string, p: string, body?: unknown) => {
  const res = await fetch(`${base}/api${p}`, {
    method,
    headers: server.headers(),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

beforeAll(async () => {
  server = await startBuiltServer("apply-load", "apply-load-admin-1", {
    WORKERS: "2",
    JOB_TAKEOVER_SECONDS: String(TAKEOVER_SECONDS),
  });
  ({ base, dataDir, store } = server);
  ontologyId = (
    await ensureBuiltinOntologies({
      store: storeOverSqlite(path.join(dataDir, "platform.sqlite"), store),
      settings: settingsFromEnv({ ...process.env, DATA_DIR: dataDir }),
    })
  ).military;
  const doc = militaryNTriples(store, ontologyId, STATEMENTS);
  planned = { entities: doc.entities, relations: doc.relations };
  for (const [i, text] of doc.files.entries()) {
    const form = new FormData();
    form.append("name", `load-${i}.nt`);
    form.append("file", new File([text], `load-${i}.nt`, { type: "application/n-triples" }));
    const upload = await fetch(`${base}/api/data/files/`, {
      method: "POST",
      headers: server.headers(false),
      body: form,
    });
    expect(upload.status).toBe(201);
    fileIds.push(((await upload.json()) as { id: number }).id);
  }
}, SERVER_STARTUP_MS + 60_000);

afterAll(() => server?.stop(), 30_000);

interface JobRow {
  status: string;
  progress: number;
  worker: string | null;
  result_json: string | null;
}
const jobRow = (id: number) =>
  store
    .prepare("SELECT status, progress, worker, result_json FROM jobs WHERE id = ?")
    .get(id) as JobRow;
const counts = () => ({
  entities: store
    .prepare("SELECT count(*) FROM kg_entities WHERE graph_id = ?")
    .pluck()
    .get(graphId) as number,
  relations: store
    .prepare("SELECT count(*) FROM kg_relations WHERE graph_id = ?")
    .pluck()
    .get(graphId) as number,
});
const pidOf = (worker: string) => Number(worker.split("-")[0]);

async function settled(id: number, timeout = 120_000) {
  let job: JobRow | null = null;
  await vi.waitFor(
    () => {
      job = jobRow(id);
      if (!["succeeded", "failed", "cancelled"].includes(job.status))
        throw new Error(`still ${job.status} at ${job.progress}%`);
    },
    { timeout, interval: 50 },
  );
  return job!;
}

describe("a graph apply on the real server", () => {
  it("killed (-9) while it writes in batches: readers never see part of it, the sweep clears it, the job is failed, never succeeded", async () => {
    const dry = await call("POST", "/graphadmin/graphs/dry-run/", {
      name: "应用中断图谱",
      domain: "military",
      ontology_id: ontologyId,
      file_ids: fileIds,
    });
    expect(dry.status).toBe(202);
    graphId = (dry.body.graph as { id: number }).id;
    expect((await settled(dry.body.job_id as number)).status).toBe("succeeded");

    const applied = await call("POST", `/graphadmin/graphs/${graphId}/update/`, {
      plan_job_id: dry.body.job_id,
    });
    expect(applied.status).toBe(202);
    const jobId = applied.body.job_id as number;
    // Killed once part of the graph is written (85 %: "分批写入实体与关系", batches committed).
    await vi.waitFor(
      () => {
        const job = jobRow(jobId);
        expect(job.status).toBe("running");
        if (job.progress < 85 || !job.worker || counts().entities === 0)
          throw new Error("not writing yet");
        process.kill(pidOf(job.worker), "SIGKILL");
      },
      { timeout: 120_000, interval: 2 },
    );
    // Part of it is in the store, marked as being written: readers are told so (asked until the
    // other worker answers: a connection the killed one had accepted is reset).
    expect(counts().entities).toBeGreaterThan(0);
    expect(
      store.prepare("SELECT job_id FROM kg_graph_writes WHERE graph_id = ?").pluck().get(graphId),
    ).toBe(jobId);
    const reader = await vi.waitFor(() => call("GET", `/kg/graphs/${graphId}/entities/`), {
      timeout: 10_000,
      interval: 20,
    });
    expect(reader.status).toBe(409);
    expect(reader.body.code).toBe("graph_writing");

    const job = await settled(jobId, 60_000);
    expect(job.status).toBe("failed");
    // The next sweep hands the unfinished write to a graph.clear job, which empties the graph.
    let clearJob = 0;
    await vi.waitFor(
      () => {
        clearJob = store
          .prepare("SELECT id FROM jobs WHERE kind = 'graph.clear' AND graph_id = ?")
          .pluck()
          .get(graphId) as number;
        expect(clearJob).toBeGreaterThan(0);
      },
      { timeout: 30_000, interval: 50 },
    );
    expect((await settled(clearJob, 60_000)).status).toBe("succeeded");
    expect(counts()).toEqual({ entities: 0, relations: 0 });
    expect((await call("GET", `/kg/graphs/${graphId}/entities/`)).status).toBe(200);
    // A while later: still failed, still empty (no late commit, no second run).
    await new Promise((r) => setTimeout(r, 2 * TAKEOVER_SECONDS * 1000));
    expect(jobRow(jobId).status).toBe("failed");
    expect(counts()).toEqual({ entities: 0, relations: 0 });
    const logs = store
      .prepare("SELECT message FROM job_logs WHERE job_id = ? ORDER BY id")
      .pluck()
      .all(jobId) as string[];
    expect(logs).not.toContain("任务完成");
  }, 240_000);

  it("while other users log in and save (API and console forms): no 5xx, no SQLITE_BUSY; succeeded holds the report's counts", async () => {
    expect(graphId).toBeGreaterThan(0);
    const others = await createOtherUsers(base, server.admin, 3, "apply-load");
    const dry = await call("POST", `/graphadmin/graphs/${graphId}/update/dry-run/`, {
      file_ids: fileIds,
    });
    expect(dry.status).toBe(202);
    expect((await settled(dry.body.job_id as number)).status).toBe("succeeded");

    const writes = userWrites(base, others);
    let atSuccess: { entities: number; relations: number } | null = null;
    let job: JobRow | null = null;
    let from = 0;
    try {
      // The writers are under way before the apply starts.
      await vi.waitFor(() => expect(writes.log.latencies.length).toBeGreaterThan(2), {
        timeout: 30_000,
      });
      from = writes.log.latencies.length;
      const applied = await call("POST", `/graphadmin/graphs/${graphId}/update/`, {
        plan_job_id: dry.body.job_id,
      });
      expect(applied.status).toBe(202);
      const jobId = applied.body.job_id as number;
      await vi.waitFor(
        () => {
          job = jobRow(jobId);
          if (job.status === "succeeded") {
            atSuccess = counts();
            return;
          }
          expect(job.status).toBe("running");
          throw new Error(`still ${job.status} at ${job.progress}%`);
        },
        { timeout: 120_000, interval: 5 },
      );
    } finally {
      await writes.stop();
    }
    const result = JSON.parse(job!.result_json!) as {
      applied: { entities: { added: number }; relations: { added: number } };
    };
    expect(result.applied.entities.added).toBe(planned.entities);
    expect(result.applied.relations.added).toBe(planned.relations);
    // At the moment the job says succeeded, the graph holds exactly what its report gives.
    expect(atSuccess).toEqual(planned);

    const { log } = writes;
    const during = log.latencies.slice(from);
    const ms = (p: number) => Math.round(percentile(during, p));
    // Printed, not asserted (a timing on a shared machine): bench/apply-bench.ts measures it.
    console.log(
      `writes during the apply: ${during.length}, p50 ${ms(0.5)} ms, p95 ${ms(0.95)} ms, p99 ${ms(0.99)} ms`,
    );
    expect(log.latencies.length).toBeGreaterThan(4);
    expect(log.serverErrors).toBe(0);
    expect(log.first).toBe("");
    expect(log.failed).toBe(0);
    expect(server.output()).not.toContain("SQLITE_BUSY");
  }, 240_000);

  it("a rebuild killed (-9) while it writes: never seen in part, resumed by a new job to exactly the planned graph", async () => {
    expect(counts()).toEqual(planned);
    const dry = await call("POST", `/graphadmin/graphs/${graphId}/build/dry-run/`, {
      file_ids: fileIds,
    });
    expect(dry.status).toBe(202);
    expect((await settled(dry.body.job_id as number)).status).toBe("succeeded");
    const applied = await call("POST", `/graphadmin/graphs/${graphId}/update/`, {
      plan_job_id: dry.body.job_id,
    });
    expect(applied.status).toBe(202);
    const jobId = applied.body.job_id as number;
    const mark = () =>
      store.prepare("SELECT job_id, resume FROM kg_graph_writes WHERE graph_id = ?").get(graphId);
    // Killed once the old facts are cleared and part of the new ones written (85 %: "分批重建图谱").
    await vi.waitFor(
      () => {
        const job = jobRow(jobId);
        expect(job.status).toBe("running");
        const now = counts();
        if (job.progress < 85 || !job.worker || !now.entities || now.relations >= planned.relations)
          throw new Error("not writing yet");
        process.kill(pidOf(job.worker), "SIGKILL");
      },
      { timeout: 120_000, interval: 2 },
    );
    expect(counts().relations).toBeLessThan(planned.relations);
    expect(mark()).toEqual({ job_id: jobId, resume: 1 });
    const reader = await vi.waitFor(() => call("GET", `/kg/graphs/${graphId}/entities/`), {
      timeout: 10_000,
      interval: 20,
    });
    expect(reader.status).toBe(409);

    // Recovery fails the job (its worker stopped answering); the sweep hands the mark to a new
    // graph.update that resumes the rebuild and ends with the graph exactly as planned.
    expect((await settled(jobId, 60_000)).status).toBe("failed");
    let resumed = 0;
    await vi.waitFor(
      () => {
        resumed = store
          .prepare("SELECT id FROM jobs WHERE kind = 'graph.update' AND graph_id = ? AND id > ?")
          .pluck()
          .get(graphId, jobId) as number;
        expect(resumed).toBeGreaterThan(0);
      },
      { timeout: 30_000, interval: 50 },
    );
    const done = await settled(resumed, 120_000);
    expect(done.status).toBe("succeeded");
    expect(counts()).toEqual(planned);
    expect(mark()).toBeUndefined();
    expect((await call("GET", `/kg/graphs/${graphId}/entities/`)).status).toBe(200);
    // A while later: the killed job still failed, the graph still whole (no late writer).
    await new Promise((r) => setTimeout(r, 2 * TAKEOVER_SECONDS * 1000));
    expect(jobRow(jobId).status).toBe("failed");
    expect(counts()).toEqual(planned);
  }, 300_000);
});
