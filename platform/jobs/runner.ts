import crypto from "node:crypto";
import type { PlatformContext } from "../context.js";
import type { DB } from "../db/database.js";
import { HttpError } from "../http/errors.js";
import type { Job, JobLog, JobLogLevel, JobStatus } from "@contract/graph-admin";

/**
 * The job runner: long work (graph builds, incremental updates, model runs) kept in the
 * store (table jobs, job_logs) and run in-process, one job at a time per process.
 *
 * - A job kind is registered once, at module load, with its handler. The handler awaits
 *   `job.checkpoint()` between batches, so HTTP requests are served while it works, and
 *   writes each batch in a transaction of its own.
 * - State lives in the store, not in memory: any process can list, follow and cancel a
 *   job, and a job cut off by a restart is found again by its stopped heartbeat
 *   (recoverJobs): re-queued when its kind is resumable, else failed with its reason.
 */

export const JOB_STATUSES: JobStatus[] = ["queued", "running", "succeeded", "failed", "cancelled"];
export const INTERRUPTED = "服务重启，任务中断";
const CANCELLED = "任务已取消";

export interface JobContext<P = Record<string, unknown>> {
  id: number;
  kind: string;
  graphId: number | null;
  userId: number | null;
  params: P;
  ctx: PlatformContext;
  /** Sets the progress (0..100) and optionally the message shown with it. */
  progress(pct: number, message?: string): void;
  log(level: JobLogLevel, message: string): void;
  /** Whether someone asked to cancel this job (read from the store). */
  isCancelled(): boolean;
  /** Yields to the event loop; throws when the job was cancelled or the worker is stopping. */
  checkpoint(): Promise<void>;
}

export type JobHandler<P = Record<string, unknown>> = (job: JobContext<P>) => Promise<unknown>;

export interface JobKindOptions {
  /** Re-queued (started again from the beginning) after a restart cut it off. */
  resumable?: boolean;
  /** The codename that lets a user see and cancel jobs of this kind (the creator always may). */
  permission?: string;
  /** A name for people (Chinese), shown in lists and logs. */
  label?: string;
}

interface JobKind {
  handler: JobHandler<never>;
  resumable: boolean;
  permission: string;
  label: string;
}

const kinds = new Map<string, JobKind>();

/** Declares a kind of job. Call at module load, so restarts find the kind before recovering. */
export function registerJobKind<P = Record<string, unknown>>(
  kind: string,
  handler: JobHandler<P>,
  opts: JobKindOptions = {},
) {
  kinds.set(kind, {
    handler: handler as JobHandler<never>,
    resumable: !!opts.resumable,
    permission: opts.permission ?? "admin",
    label: opts.label ?? kind,
  });
}

export const jobKind = (kind: string) => kinds.get(kind);
export const jobKindLabel = (kind: string) => kinds.get(kind)?.label ?? kind;
export const jobKindNames = () => [...kinds.keys()];

/** A job that ends as failed with this message; `result` (e.g. the bad rows) is kept with it. */
export class JobFailedError extends Error {
  constructor(
    message: string,
    public result?: unknown,
  ) {
    super(message);
  }
}

/** Thrown by checkpoint() once the job is cancelled: the job ends as cancelled. */
export class JobCancelledError extends Error {
  constructor() {
    super(CANCELLED);
  }
}

/** Thrown by checkpoint() while the worker stops: the job stays running for recoverJobs. */
export class WorkerStoppedError extends Error {}

export interface JobRow {
  id: number;
  kind: string;
  graph_id: number | null;
  status: JobStatus;
  progress: number;
  message: string;
  params_json: string;
  result_json: string | null;
  error: string | null;
  created_by: number | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  heartbeat_at: string | null;
  cancel_requested: number;
  attempts: number;
  worker: string | null;
}

const now = () => new Date().toISOString();

function parse(text: string | null): unknown {
  if (text == null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const JOB_SELECT = `SELECT j.*, g.name AS graph_name, u.username AS created_by_name
  FROM jobs j LEFT JOIN graphs g ON g.id = j.graph_id LEFT JOIN users u ON u.id = j.created_by`;

function toJob(
  row: JobRow & { graph_name: string | null; created_by_name: string | null },
  withResult = true,
): Job {
  return {
    id: row.id,
    kind: row.kind,
    kind_label: jobKindLabel(row.kind),
    graph_id: row.graph_id,
    graph_name: row.graph_name,
    status: row.status,
    progress: row.progress,
    message: row.message,
    params: parse(row.params_json),
    result: withResult ? parse(row.result_json) : undefined,
    error: row.error,
    created_by: row.created_by,
    created_by_name: row.created_by_name,
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
    heartbeat_at: row.heartbeat_at,
    cancel_requested: !!row.cancel_requested,
    attempts: row.attempts,
  };
}

export function getJob(ctx: PlatformContext, id: number): Job | null {
  const row = ctx.db.prepare(`${JOB_SELECT} WHERE j.id = ?`).get(id) as
    Parameters<typeof toJob>[0] | undefined;
  return row ? toJob(row) : null;
}

export interface JobFilters {
  kind?: string | string[];
  graphId?: number;
  status?: JobStatus | JobStatus[];
  /** Only jobs of these kinds, or created by `orCreatedBy` (what a user may see). */
  visibleKinds?: string[];
  orCreatedBy?: number;
  page?: number;
  pageSize?: number;
}

/** Jobs newest first, without their results (a list stays small); `{results, count}`. */
export function listJobs(
  ctx: PlatformContext,
  filters: JobFilters = {},
): { results: Job[]; count: number } {
  const where: string[] = [];
  const params: unknown[] = [];
  const list = (v: string | string[] | undefined) =>
    v === undefined ? [] : Array.isArray(v) ? v : [v];
  const kindsWanted = list(filters.kind);
  if (kindsWanted.length) {
    where.push(`j.kind IN (${kindsWanted.map(() => "?").join(", ")})`);
    params.push(...kindsWanted);
  }
  const statuses = list(filters.status);
  if (statuses.length) {
    where.push(`j.status IN (${statuses.map(() => "?").join(", ")})`);
    params.push(...statuses);
  }
  if (filters.graphId !== undefined) {
    where.push("j.graph_id = ?");
    params.push(filters.graphId);
  }
  if (filters.visibleKinds) {
    const marks = filters.visibleKinds.map(() => "?").join(", ") || "NULL";
    where.push(`(j.kind IN (${marks}) OR j.created_by = ?)`);
    params.push(...filters.visibleKinds, filters.orCreatedBy ?? -1);
  }
  const clause = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const pageSize = Math.min(Math.max(filters.pageSize ?? 10, 1), 100);
  const page = Math.max(filters.page ?? 1, 1);
  const count = ctx.db
    .prepare(`SELECT count(*) FROM jobs j ${clause}`)
    .pluck()
    .get(...params) as number;
  const rows = ctx.db
    .prepare(`${JOB_SELECT} ${clause} ORDER BY j.id DESC LIMIT ? OFFSET ?`)
    .all(...params, pageSize, (page - 1) * pageSize) as Parameters<typeof toJob>[0][];
  return { results: rows.map((r) => toJob(r, false)), count };
}

/** A job's log, newest first. */
export function jobLogs(
  ctx: PlatformContext,
  jobId: number,
  page = 1,
  pageSize = 20,
): { results: JobLog[]; count: number; page: number; page_size: number } {
  const count = ctx.db
    .prepare("SELECT count(*) FROM job_logs WHERE job_id = ?")
    .pluck()
    .get(jobId) as number;
  const results = ctx.db
    .prepare(
      "SELECT id, job_id, at, level, message FROM job_logs WHERE job_id = ? ORDER BY id DESC LIMIT ? OFFSET ?",
    )
    .all(jobId, pageSize, (page - 1) * pageSize) as JobLog[];
  return { results, count, page, page_size: pageSize };
}

/** Log lines after `afterId`, oldest first (for a live follower). */
export function jobLogsAfter(
  ctx: PlatformContext,
  jobId: number,
  afterId: number,
  limit = 200,
): JobLog[] {
  return ctx.db
    .prepare(
      "SELECT id, job_id, at, level, message FROM job_logs WHERE job_id = ? AND id > ? ORDER BY id LIMIT ?",
    )
    .all(jobId, afterId, limit) as JobLog[];
}

function addLog(db: DB, jobId: number, level: JobLogLevel, message: string) {
  db.prepare("INSERT INTO job_logs (job_id, at, level, message) VALUES (?, ?, ?, ?)").run(
    jobId,
    now(),
    level,
    message,
  );
}

export interface EnqueueInput {
  kind: string;
  graphId?: number | null;
  params?: unknown;
  userId?: number | null;
}

/** Queues a job and wakes this process's worker; returns the job id. */
export function enqueueJob(ctx: PlatformContext, input: EnqueueInput): number {
  const kind = kinds.get(input.kind);
  if (!kind) throw new Error(`unknown job kind ${input.kind}`);
  const id = ctx.db.transaction(() => {
    const jobId = Number(
      ctx.db
        .prepare(
          "INSERT INTO jobs (kind, graph_id, params_json, created_by, created_at, message) VALUES (?, ?, ?, ?, ?, ?)",
        )
        .run(
          input.kind,
          input.graphId ?? null,
          JSON.stringify(input.params ?? {}),
          input.userId ?? null,
          now(),
          "排队中",
        ).lastInsertRowid,
    );
    addLog(ctx.db, jobId, "info", `任务已创建：${kind.label}`);
    return jobId;
  })();
  workers.get(ctx.db)?.wake();
  return id;
}

/**
 * Asks a job to stop: a queued job is cancelled at once; a running one is flagged and ends
 * at its next checkpoint. A finished job cannot be cancelled (400).
 */
export function cancelJob(ctx: PlatformContext, id: number, username = ""): Job {
  const db = ctx.db;
  db.transaction(() => {
    const row = db.prepare("SELECT status FROM jobs WHERE id = ?").get(id) as
      { status: JobStatus } | undefined;
    if (!row) throw new HttpError(404, "任务不存在", "not_found");
    const who = username ? `（${username}）` : "";
    if (row.status === "queued") {
      db.prepare(
        "UPDATE jobs SET status = 'cancelled', cancel_requested = 1, finished_at = ?, message = ? WHERE id = ?",
      ).run(now(), CANCELLED, id);
      addLog(db, id, "warn", `任务在开始前被取消${who}`);
    } else if (row.status === "running") {
      db.prepare("UPDATE jobs SET cancel_requested = 1, message = '正在取消…' WHERE id = ?").run(
        id,
      );
      addLog(db, id, "warn", `已请求取消${who}`);
    } else {
      throw new HttpError(400, "任务已结束，无法取消", "job_finished");
    }
  })();
  return getJob(ctx, id)!;
}

/** A running job whose heartbeat is older than this was cut off (heartbeats come every 5 s). */
export const STALE_AFTER_MS = 15_000;
const HEARTBEAT_MS = 5_000;
const POLL_MS = 1_000;
const MAX_ATTEMPTS = 3;

/**
 * Finds jobs left running by a process that died (no heartbeat for `staleMs`, or none at
 * all) and settles them: a resumable kind goes back to the queue (at most 3 attempts), any
 * other is marked failed with "服务重启，任务中断". Returns what it did.
 */
export function recoverJobs(
  ctx: PlatformContext,
  opts: { staleMs?: number } = {},
): { requeued: number[]; failed: number[] } {
  const db = ctx.db;
  const cutoff = new Date(Date.now() - (opts.staleMs ?? STALE_AFTER_MS)).toISOString();
  const own = workers.get(db);
  const out = { requeued: [] as number[], failed: [] as number[] };
  db.transaction(() => {
    const rows = db
      .prepare(
        `SELECT id, kind, attempts FROM jobs
          WHERE status = 'running' AND (heartbeat_at IS NULL OR heartbeat_at <= ?) AND id <> ?`,
      )
      .all(cutoff, own?.busyWith ?? -1) as { id: number; kind: string; attempts: number }[];
    for (const r of rows) {
      const kind = kinds.get(r.kind);
      if (kind?.resumable && r.attempts < MAX_ATTEMPTS) {
        db.prepare(
          "UPDATE jobs SET status = 'queued', progress = 0, message = ?, worker = NULL, heartbeat_at = NULL, attempts = attempts + 1 WHERE id = ?",
        ).run("服务重启，任务将重新执行", r.id);
        addLog(db, r.id, "warn", `${INTERRUPTED}，已重新排队（第 ${r.attempts + 1} 次重试）`);
        out.requeued.push(r.id);
      } else {
        const reason = kind?.resumable ? `${INTERRUPTED}（已重试 ${r.attempts} 次）` : INTERRUPTED;
        db.prepare(
          "UPDATE jobs SET status = 'failed', error = ?, message = ?, finished_at = ?, worker = NULL WHERE id = ?",
        ).run(reason, reason, now(), r.id);
        addLog(db, r.id, "error", reason);
        out.failed.push(r.id);
      }
    }
  })();
  if (out.requeued.length) own?.wake();
  return out;
}

/** The in-process worker of one store. */
class Worker {
  readonly id = `${process.pid}-${crypto.randomBytes(4).toString("hex")}`;
  stopped = false;
  busyWith: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  private lastRecovery = 0;

  constructor(private ctx: PlatformContext) {}

  wake() {
    if (this.stopped || this.busyWith !== null) return;
    this.schedule(0);
  }

  private schedule(ms: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.tick();
    }, ms);
    this.timer.unref();
  }

  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async tick() {
    if (this.stopped || this.busyWith !== null) return;
    try {
      if (Date.now() - this.lastRecovery > HEARTBEAT_MS) {
        this.lastRecovery = Date.now();
        recoverJobs(this.ctx);
      }
      const row = this.claim();
      if (row) await this.run(row);
    } catch (e) {
      if (!this.stopped) console.error("job worker:", e);
    }
    if (!this.stopped) this.schedule(this.busyWith === null && this.hasQueued() ? 0 : POLL_MS);
  }

  private hasQueued() {
    return !!this.ctx.db.prepare("SELECT 1 FROM jobs WHERE status = 'queued' LIMIT 1").get();
  }

  /** Takes the oldest queued job of a known kind; one UPDATE, so no two workers take the same. */
  private claim(): JobRow | null {
    const known = [...kinds.keys()];
    if (!known.length) return null;
    const t = now();
    return (
      (this.ctx.db
        .prepare(
          `UPDATE jobs SET status = 'running', worker = ?, started_at = coalesce(started_at, ?), heartbeat_at = ?, message = '运行中'
            WHERE id = (SELECT id FROM jobs WHERE status = 'queued' AND kind IN (${known.map(() => "?").join(", ")}) ORDER BY id LIMIT 1)
              AND status = 'queued'
          RETURNING *`,
        )
        .get(this.id, t, t, ...known) as JobRow | undefined) ?? null
    );
  }

  private async run(row: JobRow) {
    const db = this.ctx.db;
    const kind = kinds.get(row.kind)!;
    this.busyWith = row.id;
    const heartbeat = setInterval(() => {
      if (!this.stopped)
        db.prepare("UPDATE jobs SET heartbeat_at = ? WHERE id = ?").run(now(), row.id);
    }, HEARTBEAT_MS);
    heartbeat.unref();
    addLog(
      db,
      row.id,
      "info",
      row.attempts ? `任务重新开始（第 ${row.attempts + 1} 次）` : "任务开始",
    );
    const job = this.jobContext(row);
    try {
      const result = await kind.handler(job as JobContext<never>);
      if (this.stopped) return;
      db.transaction(() => {
        db.prepare(
          "UPDATE jobs SET status = 'succeeded', progress = 100, message = ?, result_json = ?, finished_at = ?, heartbeat_at = ? WHERE id = ?",
        ).run("已完成", JSON.stringify(result ?? null), now(), now(), row.id);
        addLog(db, row.id, "info", "任务完成");
      })();
    } catch (e) {
      if (this.stopped || e instanceof WorkerStoppedError) return;
      this.settleFailure(row.id, e);
    } finally {
      clearInterval(heartbeat);
      this.busyWith = null;
    }
  }

  private settleFailure(id: number, e: unknown) {
    const db = this.ctx.db;
    const cancelled = e instanceof JobCancelledError;
    const message =
      e instanceof JobFailedError || e instanceof JobCancelledError
        ? e.message
        : e instanceof HttpError
          ? e.detail
          : `任务出错：${e instanceof Error ? e.message : String(e)}`;
    if (!(
      e instanceof JobFailedError ||
      e instanceof JobCancelledError ||
      e instanceof HttpError
    )) {
      console.error(`job ${id}:`, e);
    }
    const result =
      e instanceof JobFailedError && e.result !== undefined ? JSON.stringify(e.result) : null;
    db.transaction(() => {
      db.prepare(
        "UPDATE jobs SET status = ?, error = ?, message = ?, result_json = coalesce(?, result_json), finished_at = ? WHERE id = ?",
      ).run(
        cancelled ? "cancelled" : "failed",
        cancelled ? null : message,
        message,
        result,
        now(),
        id,
      );
      addLog(db, id, cancelled ? "warn" : "error", message);
    })();
  }

  private jobContext(row: JobRow): JobContext {
    const db = this.ctx.db;
    const setProgress = db.prepare(
      "UPDATE jobs SET progress = ?, message = coalesce(?, message), heartbeat_at = ? WHERE id = ?",
    );
    const cancelFlag = db.prepare("SELECT cancel_requested FROM jobs WHERE id = ?").pluck();
    let lastWrite = 0;
    let lastPct = -1;
    const guard = () => {
      if (this.stopped) throw new WorkerStoppedError();
    };
    const isCancelled = () => !this.stopped && cancelFlag.get(row.id) === 1;
    return {
      id: row.id,
      kind: row.kind,
      graphId: row.graph_id,
      userId: row.created_by,
      params: (parse(row.params_json) ?? {}) as Record<string, unknown>,
      ctx: this.ctx,
      progress: (pct, message) => {
        guard();
        const p = Math.round(Math.min(100, Math.max(0, pct)) * 10) / 10;
        // Many small steps are written at most every 100 ms; a new message always is.
        if (message === undefined && p !== 100 && Date.now() - lastWrite < 100 && p - lastPct < 5)
          return;
        lastWrite = Date.now();
        lastPct = p;
        setProgress.run(p, message ?? null, now(), row.id);
      },
      log: (level, message) => {
        guard();
        addLog(db, row.id, level, message);
      },
      isCancelled,
      checkpoint: async () => {
        guard();
        await new Promise<void>((r) => setImmediate(r));
        guard();
        if (isCancelled()) throw new JobCancelledError();
      },
    };
  }
}

const workers = new Map<DB, Worker>();

/** Starts the worker of this store (idempotent). */
export function startJobWorker(ctx: PlatformContext) {
  if (workers.has(ctx.db)) return;
  const w = new Worker(ctx);
  workers.set(ctx.db, w);
  w.wake();
}

/**
 * Stops the worker of this store (all workers without an argument). A job it was running
 * stays "running" in the store and is recovered at the next start.
 */
export function stopJobWorker(ctx?: PlatformContext) {
  for (const [db, w] of workers) {
    if (ctx && db !== ctx.db) continue;
    w.stop();
    workers.delete(db);
  }
}

/** Whether the job's kind lets this user see and cancel it. */
export function mayAccessJob(
  user: { id: number; isSuperuser: boolean; codenames: Set<string> },
  job: { kind: string; created_by: number | null },
): boolean {
  if (user.isSuperuser || user.codenames.has("admin") || job.created_by === user.id) return true;
  const kind = kinds.get(job.kind);
  return !!kind && user.codenames.has(kind.permission);
}

/** The kinds whose codename this user holds (every kind for administrators). */
export function visibleKinds(user: {
  isSuperuser: boolean;
  codenames: Set<string>;
}): string[] | undefined {
  if (user.isSuperuser || user.codenames.has("admin")) return undefined;
  return [...kinds].filter(([, k]) => user.codenames.has(k.permission)).map(([name]) => name);
}
