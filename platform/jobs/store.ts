import { sql } from "kysely";
import type { Job, JobLog, JobLogLevel, JobStatus } from "@contract/graph-admin";
import { engineOf } from "../db/dialect.js";
import type { Db, Store } from "../db/store.js";
import { HttpError } from "../http/errors.js";
import { CANCELLED, jobKindLabel } from "./kinds.js";

/**
 * Jobs in the store (tables jobs, job_logs): state lives here, not in memory, so any
 * process — on any node — can list, follow and cancel a job, whichever process runs it.
 * Every statement of the job runner is here.
 */

export const JOB_STATUSES: JobStatus[] = ["queued", "running", "succeeded", "failed", "cancelled"];

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

export const now = () => new Date().toISOString();

export function parse(text: string | null): unknown {
  if (text == null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

type JobListRow = JobRow & { graph_name: string | null; created_by_name: string | null };

function toJob(row: JobListRow, withResult = true): Job {
  return {
    id: row.id,
    kind: row.kind,
    kind_label: jobKindLabel(row.kind, parse(row.params_json)),
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

const jobsWithNames = (db: Db) =>
  db
    .selectFrom("jobs as j")
    .leftJoin("graphs as g", "g.id", "j.graph_id")
    .leftJoin("users as u", "u.id", "j.created_by")
    .selectAll("j")
    .select(["g.name as graph_name", "u.username as created_by_name"]);

export async function getJob(db: Db, id: number): Promise<Job | null> {
  const row = await jobsWithNames(db).where("j.id", "=", id).executeTakeFirst();
  return row ? toJob(row as JobListRow) : null;
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

const list = <T extends string>(v: T | T[] | undefined): T[] =>
  v === undefined ? [] : Array.isArray(v) ? v : [v];

/** Jobs newest first, without their results (a list stays small); `{results, count}`. */
export async function listJobs(
  db: Db,
  filters: JobFilters = {},
): Promise<{ results: Job[]; count: number }> {
  const kinds = list(filters.kind);
  const statuses = list(filters.status);
  const visible = filters.visibleKinds;
  const filtered = <Q extends ReturnType<typeof jobsWithNames>>(q: Q) =>
    q
      .$if(kinds.length > 0, (w) => w.where("j.kind", "in", kinds))
      .$if(statuses.length > 0, (w) => w.where("j.status", "in", statuses))
      .$if(filters.graphId !== undefined, (w) => w.where("j.graph_id", "=", filters.graphId!))
      .$if(visible !== undefined, (w) =>
        w.where((eb) =>
          eb.or([
            ...(visible!.length ? [eb("j.kind", "in", visible!)] : []),
            eb("j.created_by", "=", filters.orCreatedBy ?? -1),
          ]),
        ),
      );
  const pageSize = Math.min(Math.max(filters.pageSize ?? 10, 1), 100);
  const page = Math.max(filters.page ?? 1, 1);
  const [{ count }] = await filtered(jobsWithNames(db))
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .execute();
  const rows = await filtered(jobsWithNames(db))
    .orderBy("j.id", "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { results: rows.map((r) => toJob(r as JobListRow, false)), count };
}

/** A job's log, newest first. */
export async function jobLogs(
  db: Db,
  jobId: number,
  page = 1,
  pageSize = 20,
): Promise<{ results: JobLog[]; count: number; page: number; page_size: number }> {
  const { count } = await db
    .selectFrom("job_logs")
    .where("job_id", "=", jobId)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  const results = (await db
    .selectFrom("job_logs")
    .select(["id", "job_id", "at", "level", "message"])
    .where("job_id", "=", jobId)
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute()) as JobLog[];
  return { results, count, page, page_size: pageSize };
}

/** Log lines after `afterId`, oldest first (for a live follower). */
export async function jobLogsAfter(
  db: Db,
  jobId: number,
  afterId: number,
  limit = 200,
): Promise<JobLog[]> {
  return (await db
    .selectFrom("job_logs")
    .select(["id", "job_id", "at", "level", "message"])
    .where("job_id", "=", jobId)
    .where("id", ">", afterId)
    .orderBy("id")
    .limit(limit)
    .execute()) as JobLog[];
}

/** The id of the job's newest log line (0: none). */
export async function lastLogId(db: Db, jobId: number): Promise<number> {
  const row = await db
    .selectFrom("job_logs")
    .where("job_id", "=", jobId)
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return row?.id ?? 0;
}

export async function addLog(db: Db, jobId: number, level: JobLogLevel, message: string) {
  await db.insertInto("job_logs").values({ job_id: jobId, at: now(), level, message }).execute();
}

export interface EnqueueRow {
  kind: string;
  graphId: number | null;
  params: unknown;
  userId: number | null;
  label: string;
}

/** Inserts a queued job with its first log line; returns its id. Run inside a write. */
export async function insertJob(tx: Db, job: EnqueueRow): Promise<number> {
  const { id } = await tx
    .insertInto("jobs")
    .values({
      kind: job.kind,
      graph_id: job.graphId,
      params_json: JSON.stringify(job.params ?? {}),
      created_by: job.userId,
      created_at: now(),
      message: "排队中",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await addLog(tx, id, "info", `任务已创建：${job.label}`);
  return id;
}

/**
 * Asks a job to stop: a queued job is cancelled at once; a running one is flagged and ends
 * at its next checkpoint. A finished job cannot be cancelled (400).
 */
export async function cancelJob(store: Store, id: number, username = ""): Promise<Job> {
  await store.write(async (tx) => {
    const row = await tx
      .selectFrom("jobs")
      .select("status")
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, "任务不存在", "not_found");
    const who = username ? `（${username}）` : "";
    if (row.status === "queued") {
      await tx
        .updateTable("jobs")
        .set({ status: "cancelled", cancel_requested: 1, finished_at: now(), message: CANCELLED })
        .where("id", "=", id)
        .execute();
      await addLog(tx, id, "warn", `任务在开始前被取消${who}`);
    } else if (row.status === "running") {
      await tx
        .updateTable("jobs")
        .set({ cancel_requested: 1, message: "正在取消…" })
        .where("id", "=", id)
        .execute();
      await addLog(tx, id, "warn", `已请求取消${who}`);
    } else {
      throw new HttpError(400, "任务已结束，无法取消", "job_finished");
    }
  });
  return (await getJob(store.db, id))!;
}

// --- The runner's statements (platform/jobs/worker.ts) ----------------------------------------

/** A worker's hold on a job: the claim's fencing token. */
export interface JobToken {
  jobId: number;
  worker: string;
  attempt: number;
}

/**
 * Takes the oldest queued job of a known kind for `worker`, in one statement: no two workers
 * take the same (on PostgreSQL, rows other claims are taking are skipped, not waited for).
 */
export async function claimJob(db: Db, worker: string, kinds: string[]): Promise<JobRow | null> {
  if (!kinds.length) return null;
  const t = now();
  const oldest = db
    .selectFrom("jobs")
    .select("id")
    .where("status", "=", "queued")
    .where("kind", "in", kinds)
    .orderBy("id")
    .limit(1)
    .$if(engineOf(db) === "postgres", (q) => q.forUpdate().skipLocked());
  const row = await db
    .updateTable("jobs")
    .set((eb) => ({
      status: "running",
      worker,
      started_at: eb.fn.coalesce("started_at", eb.val(t)),
      heartbeat_at: t,
      message: "运行中",
    }))
    .where("id", "=", oldest)
    .where("status", "=", "queued")
    .returningAll()
    .executeTakeFirst();
  return (row as JobRow | undefined) ?? null;
}

export async function hasQueuedJob(db: Db): Promise<boolean> {
  return !!(await db
    .selectFrom("jobs")
    .select("id")
    .where("status", "=", "queued")
    .limit(1)
    .executeTakeFirst());
}

const held = (token: JobToken) => (db: Db) =>
  db
    .selectFrom("jobs")
    .select("cancel_requested")
    .where("id", "=", token.jobId)
    .where("worker", "=", token.worker)
    .where("attempts", "=", token.attempt)
    .where("status", "=", "running");

/**
 * Whether the token still holds, and whether cancelling was asked; null once it is lost.
 * Inside a write transaction the job's row is kept as read until it commits (on PostgreSQL a
 * share lock: a takeover waits for the commit; on SQLite the write lock holds everything).
 */
export async function holdsJob(
  db: Db,
  token: JobToken,
): Promise<{ cancelRequested: boolean } | null> {
  const row = await held(token)(db)
    .$if(engineOf(db) === "postgres" && db.isTransaction, (q) => q.forShare())
    .executeTakeFirst();
  return row ? { cancelRequested: row.cancel_requested === 1 } : null;
}

/** The heartbeat: moves heartbeat_at while the token holds; false once it does not. */
export async function beat(db: Db, token: JobToken): Promise<boolean> {
  const r = await db
    .updateTable("jobs")
    .set({ heartbeat_at: now() })
    .where("id", "=", token.jobId)
    .where("worker", "=", token.worker)
    .where("attempts", "=", token.attempt)
    .where("status", "=", "running")
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function setProgress(tx: Db, jobId: number, progress: number, message?: string) {
  await tx
    .updateTable("jobs")
    .set((eb) => ({
      progress,
      message: message ?? eb.ref("message"),
      heartbeat_at: now(),
    }))
    .where("id", "=", jobId)
    .execute();
}

export async function markSucceeded(tx: Db, jobId: number, result: unknown) {
  const t = now();
  await tx
    .updateTable("jobs")
    .set({
      status: "succeeded",
      progress: 100,
      message: "已完成",
      result_json: JSON.stringify(result ?? null),
      finished_at: t,
      heartbeat_at: t,
    })
    .where("id", "=", jobId)
    .execute();
  await addLog(tx, jobId, "info", "任务完成");
}

export async function markEnded(
  tx: Db,
  jobId: number,
  outcome: { status: "failed" | "cancelled"; message: string; result: string | null },
) {
  await tx
    .updateTable("jobs")
    .set((eb) => ({
      status: outcome.status,
      error: outcome.status === "cancelled" ? null : outcome.message,
      message: outcome.message,
      result_json: eb.fn.coalesce(sql.val(outcome.result), eb.ref("result_json")),
      finished_at: now(),
    }))
    .where("id", "=", jobId)
    .execute();
  await addLog(tx, jobId, outcome.status === "cancelled" ? "warn" : "error", outcome.message);
}

/** Running jobs whose heartbeat is older than `cutoff` (or never came), but `exceptId`. */
export async function silentJobs(
  tx: Db,
  cutoff: string,
  exceptId: number,
): Promise<{ id: number; kind: string; attempts: number }[]> {
  return tx
    .selectFrom("jobs")
    .select(["id", "kind", "attempts"])
    .where("status", "=", "running")
    .where((eb) => eb.or([eb("heartbeat_at", "is", null), eb("heartbeat_at", "<=", cutoff)]))
    .where("id", "<>", exceptId)
    .execute();
}

/** Puts a job back in the queue for another run; its old token holds no more. */
export async function requeueJob(tx: Db, jobId: number, message: string) {
  await tx
    .updateTable("jobs")
    .set((eb) => ({
      status: "queued",
      progress: 0,
      message,
      worker: null,
      heartbeat_at: null,
      attempts: eb("attempts", "+", 1),
    }))
    .where("id", "=", jobId)
    .execute();
}

/** Ends a job whose worker went silent; its old token holds no more. */
export async function abandonJob(tx: Db, jobId: number, reason: string) {
  await tx
    .updateTable("jobs")
    .set((eb) => ({
      status: "failed",
      error: reason,
      message: reason,
      finished_at: now(),
      worker: null,
      attempts: eb("attempts", "+", 1),
    }))
    .where("id", "=", jobId)
    .execute();
}
