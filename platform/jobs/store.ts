import type { Job, JobLog, JobLogLevel, JobStatus } from "@contract/graph-admin";
import type { PlatformContext } from "../context.js";
import type { DB } from "../db/database.js";
import { countRows } from "../db/rows.js";
import { HttpError } from "../http/errors.js";
import { CANCELLED, jobKindLabel } from "./kinds.js";

/**
 * Jobs in the store (tables jobs, job_logs): state lives here, not in memory, so any
 * process can list, follow and cancel a job, whichever process runs it.
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

const JOB_SELECT = `SELECT j.*, g.name AS graph_name, u.username AS created_by_name
  FROM jobs j LEFT JOIN graphs g ON g.id = j.graph_id LEFT JOIN users u ON u.id = j.created_by`;

function toJob(
  row: JobRow & { graph_name: string | null; created_by_name: string | null },
  withResult = true,
): Job {
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
  const count = countRows(ctx.db, "job_logs", "job_id", jobId);
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

export function addLog(db: DB, jobId: number, level: JobLogLevel, message: string) {
  db.prepare("INSERT INTO job_logs (job_id, at, level, message) VALUES (?, ?, ?, ?)").run(
    jobId,
    now(),
    level,
    message,
  );
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
