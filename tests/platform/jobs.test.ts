import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JobFailedError, registerJobKind } from "../../platform/jobs/kinds.js";
import { getJob, listJobs } from "../../platform/jobs/store.js";
import { abandoned, enqueueJob, recoverJobs, takenOver } from "../../platform/jobs/worker.js";
import type { Job } from "@contract/graph-admin";
import {
  authHeaders,
  eventually,
  settled,
  startPlatform,
  createUserWithToken,
  type TestPlatform,
} from "../helpers/platform.js";
import { sql } from "kysely";
import type { Tx } from "../../platform/db/store.js";
import { rows, run, value } from "../helpers/sql.js";

/** Test kinds: what the runner does with success, failure, slowness, cancellation and restarts. */
let gate: () => void = () => {};
registerJobKind<{ steps: number }>(
  "test.count",
  async (job) => {
    for (let i = 1; i <= job.params.steps; i++) {
      await job.checkpoint();
      job.progress((i / job.params.steps) * 100, `第 ${i} 步`);
      job.log("info", `step ${i}`);
    }
    return { counted: job.params.steps };
  },
  { permission: "kg__graph__update", label: "测试计数" },
);
registerJobKind("test.fail", async () => {
  throw new JobFailedError("数据有误", { bad_rows: [{ ref: "第 2 行", message: "主体不能为空" }] });
});
registerJobKind("test.crash", async () => {
  throw new Error("boom");
});
registerJobKind(
  "test.wait",
  async (job) => {
    await new Promise<void>((resolve) => (gate = resolve));
    for (;;) await job.checkpoint();
  },
  { permission: "kg__graph__update" },
);
registerJobKind("test.resumable", async () => ({ resumed: true }), { resumable: true });

/**
 * Kinds whose first run stalls at a gate without a checkpoint (a worker frozen mid-job), then
 * writes its effect (an audit row) through the job's transaction; later runs do not stall.
 */
const stalled = new Map<string, () => void>();
let runs = 0;
const effects = (jobId: number) =>
  value<number>(
    p.ctx,
    sql`SELECT count(*) AS n FROM audit_log WHERE action = 'test-effect' AND resource = ${`job-${jobId}`}`,
  );
const writeEffect = (tx: Tx, jobId: number) =>
  sql`INSERT INTO audit_log (action, resource) VALUES ('test-effect', ${`job-${jobId}`})`.execute(
    tx,
  );
for (const [kind, resumable] of [
  ["test.stall-resumable", true],
  ["test.stall-once", false],
] as const) {
  registerJobKind(
    kind,
    async (job) => {
      if (runs++ === 0) await new Promise<void>((resolve) => stalled.set(kind, resolve));
      await job.transaction((tx) => writeEffect(tx, job.id));
      await job.progress(50, "效果已写入");
      await job.log("info", "effect written");
      return job.complete(() => ({ wrote: true }));
    },
    { resumable },
  );
}
registerJobKind("test.once", async () => ({ ran: true }), { resumable: false });
/** What the store connection's page cache is while a job runs (SQLite; null on PostgreSQL). */
registerJobKind("test.cache", async (job) => ({
  cacheSize: job.ctx.store.sqlite?.handle.pragma("cache_size", { simple: true }) ?? null,
}));

let p: TestPlatform;
const logsOf = async (id: number) =>
  (
    await rows<{ message: string }>(
      p.ctx,
      sql`SELECT message FROM job_logs WHERE job_id = ${id} ORDER BY id`,
    )
  ).map((r) => r.message);
beforeAll(async () => {
  p = await startPlatform();
});
afterAll(() => p.close());

describe("the job runner", () => {
  it("runs a queued job to success with its progress, log and result kept in the store", async () => {
    const id = await enqueueJob(p.ctx, { kind: "test.count", params: { steps: 5 }, userId: null });
    expect((await getJob(p.ctx.store.db, id))!.status).toMatch(/queued|running/);
    const job = await settled(p, id);
    expect(job).toMatchObject({
      status: "succeeded",
      progress: 100,
      result: { counted: 5 },
      error: null,
    });
    expect(job.started_at).toBeTruthy();
    expect(job.finished_at).toBeTruthy();
    const logs = await logsOf(id);
    expect(logs).toEqual(expect.arrayContaining(["任务开始", "step 1", "step 5", "任务完成"]));
  });

  it("runs a job with a 16 MB page cache on its process's SQLite connection, the full one back after", async () => {
    const sqlite = p.ctx.store.sqlite;
    const before = sqlite?.handle.pragma("cache_size", { simple: true });
    const job = await settled(p, await enqueueJob(p.ctx, { kind: "test.cache", params: {} }));
    expect(job.status).toBe("succeeded");
    if (!sqlite) return expect(job.result).toEqual({ cacheSize: null });
    expect(before).toBe(-64 * 1024);
    expect(job.result).toEqual({ cacheSize: -16 * 1024 });
    expect(sqlite.handle.pragma("cache_size", { simple: true })).toBe(before);
  });

  it("marks a job failed with the handler's message and keeps what it reported", async () => {
    const job = await settled(p, await enqueueJob(p.ctx, { kind: "test.fail", params: {} }));
    expect(job.status).toBe("failed");
    expect(job.error).toBe("数据有误");
    expect(job.result).toEqual({ bad_rows: [{ ref: "第 2 行", message: "主体不能为空" }] });
  });

  it("turns an unexpected error into a failed job instead of losing it", async () => {
    const job = await settled(p, await enqueueJob(p.ctx, { kind: "test.crash", params: {} }));
    expect(job.status).toBe("failed");
    // The error's own text stays in the server log: the job says the service message.
    expect(job.error).toBe("任务出错：服务异常，请联系系统管理员！");
  });

  it("refuses an unknown kind", async () => {
    await expect(enqueueJob(p.ctx, { kind: "no.such.kind", params: {} })).rejects.toThrow(
      /unknown job kind/,
    );
  });

  it("cancels a running job at its next checkpoint", async () => {
    const admin = await createUserWithToken(p.ctx, "canceller", ["kg__graph__update"]);
    const id = await enqueueJob(p.ctx, { kind: "test.wait", params: {} });
    await eventually(async () => (await getJob(p.ctx.store.db, id))!.status === "running");
    const res = await fetch(`${p.api}/jobs/${id}/cancel/`, {
      method: "POST",
      headers: authHeaders(admin),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).cancel_requested).toBe(true);
    gate();
    const job = await settled(p, id);
    expect(job.status).toBe("cancelled");
    const again = await fetch(`${p.api}/jobs/${id}/cancel/`, {
      method: "POST",
      headers: authHeaders(admin),
    });
    expect(again.status).toBe(400);
    expect((await again.json()).detail).toBe("任务已结束，无法取消");
  });
});

describe("jobs whose worker stopped answering (dead, or only slow)", () => {
  /** A job as a dead process leaves it: running, with a heartbeat that stopped. */
  const orphan = (kind: string, heartbeat: string | null = null) =>
    value<number>(
      p.ctx,
      sql`INSERT INTO jobs (kind, status, progress, started_at, heartbeat_at, worker)
        VALUES (${kind}, 'running', 40, ${new Date().toISOString()}, ${heartbeat}, 'dead-worker')
        RETURNING id`,
    );

  it("re-queues a resumable job and runs it again", async () => {
    const id = await orphan("test.resumable");
    const out = await recoverJobs(p.ctx);
    expect(out.requeued).toContain(id);
    const job = await settled(p, id);
    expect(job).toMatchObject({ status: "succeeded", attempts: 1, result: { resumed: true } });
    expect(await logsOf(id)).toContain(`${takenOver(30)}，已重新排队（第 1 次重试）`);
  });

  it("marks any other job failed, saying its worker stopped answering", async () => {
    const id = await orphan("test.once");
    expect((await recoverJobs(p.ctx)).failed).toContain(id);
    expect(await getJob(p.ctx.store.db, id)).toMatchObject({
      status: "failed",
      error: "工作进程超过 30 秒无响应，任务已中断",
    });
  });

  it("leaves a job whose heartbeat is fresh (another process is running it)", async () => {
    const id = await orphan("test.once", new Date().toISOString());
    const out = await recoverJobs(p.ctx);
    expect(out.failed).not.toContain(id);
    expect((await getJob(p.ctx.store.db, id))!.status).toBe("running");
    expect((await recoverJobs(p.ctx, { staleMs: 0 })).failed).toContain(id);
  });

  it("gives up on a resumable job after three restarts", async () => {
    const id = await orphan("test.resumable");
    await run(p.ctx, sql`UPDATE jobs SET attempts = 3 WHERE id = ${id}`);
    expect((await recoverJobs(p.ctx)).failed).toContain(id);
    expect((await getJob(p.ctx.store.db, id))!.error).toBe(`${abandoned(30)}（已重试 3 次）`);
  });

  it("recovers at platform start: a job left running in the store is never silently lost", async () => {
    const { createPlatform } = await import("../../platform/index.js");
    const settings = { ...p.ctx.settings };
    const id = await orphan("test.once");
    const second = await createPlatform(settings);
    try {
      expect(await getJob(second.ctx.store.db, id)).toMatchObject({
        status: "failed",
        error: abandoned(30),
      });
    } finally {
      await second.close();
    }
  });
});

describe("ownership: a worker that lost its job writes nothing more", () => {
  /** A second platform on the same store: another worker, as another process would be. */
  async function withSecondWorker(fn: (second: TestPlatform["platform"]) => Promise<void>) {
    const { createPlatform } = await import("../../platform/index.js");
    const second = await createPlatform({ ...p.ctx.settings });
    try {
      await fn(second);
    } finally {
      await second.close();
    }
  }

  it("a resumable job taken over from a stalled worker runs its effects once", async () => {
    runs = 0;
    const id = await enqueueJob(p.ctx, { kind: "test.stall-resumable" });
    await eventually(() => stalled.has("test.stall-resumable"));
    const first = (await getJob(p.ctx.store.db, id))!;
    expect(first.status).toBe("running");
    await withSecondWorker(async (second) => {
      // The first worker is silent past the limit (here: at once); the second takes the job.
      expect((await recoverJobs(second.ctx, { staleMs: 0 })).requeued).toContain(id);
      const done = await settled(p, id);
      expect(done).toMatchObject({ status: "succeeded", attempts: 1, result: { wrote: true } });
      expect(await effects(id)).toBe(1);
      // The stalled worker wakes: its write, progress, log and result are all refused.
      stalled.get("test.stall-resumable")!();
      stalled.delete("test.stall-resumable");
      const again = await enqueueJob(p.ctx, { kind: "test.count", params: { steps: 1 } });
      expect((await settled(p, again)).status).toBe("succeeded");
    });
    expect(await effects(id)).toBe(1);
    expect(await getJob(p.ctx.store.db, id)).toMatchObject({ status: "succeeded", attempts: 1 });
    const logs = await logsOf(id);
    expect(logs.filter((m) => m === "任务完成")).toHaveLength(1);
    expect(logs.filter((m) => m === "effect written")).toHaveLength(1);
    expect(logs).toContain(`${takenOver(30)}，已重新排队（第 1 次重试）`);
    expect(logs).toContain("任务重新开始（第 2 次）");
  });

  it("a job that cannot run again is failed once, never also succeeded", async () => {
    runs = 0;
    const id = await enqueueJob(p.ctx, { kind: "test.stall-once" });
    await eventually(() => stalled.has("test.stall-once"));
    await withSecondWorker(async (second) => {
      expect((await recoverJobs(second.ctx, { staleMs: 0 })).failed).toContain(id);
    });
    stalled.get("test.stall-once")!();
    stalled.delete("test.stall-once");
    // The stalled worker is free again once its run has stopped.
    const again = await enqueueJob(p.ctx, { kind: "test.count", params: { steps: 1 } });
    expect((await settled(p, again)).status).toBe("succeeded");
    expect(await getJob(p.ctx.store.db, id)).toMatchObject({
      status: "failed",
      error: abandoned(30),
    });
    expect(await effects(id)).toBe(0);
    expect(await logsOf(id)).not.toContain("effect written");
    expect(await logsOf(id)).not.toContain("任务完成");
  });
});

describe("the job API", () => {
  it("lists jobs newest first with filters and pages", async () => {
    const u = await createUserWithToken(p.ctx, "lister", ["kg__graph__update"]);
    const a = await enqueueJob(p.ctx, { kind: "test.count", graphId: 245, params: { steps: 1 } });
    await settled(p, a);
    const res = await fetch(`${p.api}/jobs/?kind=test.count&graph_id=245&status=succeeded&page=1`, {
      headers: authHeaders(u),
    });
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body.count).toBeGreaterThanOrEqual(1);
    expect(body.results[0]).toMatchObject({
      id: a,
      kind: "test.count",
      kind_label: "测试计数",
      graph_id: 245,
      status: "succeeded",
    });
    expect(body.results[0].result).toBeUndefined();
    const bad = await fetch(`${p.api}/jobs/?status=done`, { headers: authHeaders(u) });
    expect(bad.status).toBe(400);
  });

  it("shows only the kinds a user's codenames open (and their own jobs)", async () => {
    const outsider = await createUserWithToken(p.ctx, "outsider", ["kg__graph__read"]);
    const visible = await listJobs(p.ctx.store.db, { visibleKinds: [], orCreatedBy: outsider.id });
    expect(visible.count).toBe(0);
    const mine = await enqueueJob(p.ctx, {
      kind: "test.count",
      params: { steps: 1 },
      userId: outsider.id,
    });
    await settled(p, mine);
    const res = await fetch(`${p.api}/jobs/`, { headers: authHeaders(outsider) });
    expect((await res.json()).results.map((j: Job) => j.id)).toEqual([mine]);
    const other = await enqueueJob(p.ctx, { kind: "test.count", params: { steps: 1 } });
    const refused = await fetch(`${p.api}/jobs/${other}/`, { headers: authHeaders(outsider) });
    expect(refused.status).toBe(403);
  });

  it("returns one job with its log paged newest first, and 404 for an unknown id", async () => {
    const u = await createUserWithToken(p.ctx, "reader", ["kg__graph__update"]);
    const id = await enqueueJob(p.ctx, { kind: "test.count", params: { steps: 30 } });
    await settled(p, id);
    const res = await fetch(`${p.api}/jobs/${id}/?log_page=2&log_page_size=10`, {
      headers: authHeaders(u),
    });
    const body = await res.json();
    expect(body.logs.count).toBe(33);
    expect(body.logs.page).toBe(2);
    expect(body.logs.results).toHaveLength(10);
    expect(body.logs.results[0].id).toBeGreaterThan(body.logs.results[9].id);
    expect(body.result).toEqual({ counted: 30 });
    const missing = await fetch(`${p.api}/jobs/999999/`, { headers: authHeaders(u) });
    expect(missing.status).toBe(404);
    expect((await missing.json()).detail).toBe("任务不存在");
  });

  it("streams progress as server-sent events until the job is done", async () => {
    const u = await createUserWithToken(p.ctx, "follower", ["kg__graph__update"]);
    const id = await enqueueJob(p.ctx, { kind: "test.wait", params: {} });
    await eventually(async () => (await getJob(p.ctx.store.db, id))!.status === "running");
    const res = await fetch(`${p.api}/jobs/${id}/events/`, { headers: authHeaders(u) });
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    const first = await reader.read();
    text += decoder.decode(first.value);
    expect(text).toContain("event: progress");
    expect(text).toContain('"status":"running"');
    await run(p.ctx, sql`UPDATE jobs SET cancel_requested = 1 WHERE id = ${id}`);
    gate();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    expect(text).toContain("event: done");
    expect(text).toContain('"status":"cancelled"');
  });

  it("needs a login", async () => {
    const res = await fetch(`${p.api}/jobs/`);
    expect(res.status).toBe(401);
  });
});
