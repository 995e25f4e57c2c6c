import type { PlatformContext } from "../context.js";
import type { Tx } from "../db/store.js";
import type { JobLogLevel } from "@contract/graph-admin";

/**
 * Kinds of job: each registered once, at module load, with its handler, so a restart finds
 * the kind before recovering its jobs. The handler awaits `job.checkpoint()` between
 * batches, so HTTP requests are served while it works, and writes each batch in a
 * transaction of its own.
 */

export const CANCELLED = "任务已取消";

export interface JobContext<P = Record<string, unknown>> {
  id: number;
  kind: string;
  graphId: number | null;
  userId: number | null;
  params: P;
  ctx: PlatformContext;
  /**
   * Sets the progress (0..100) and optionally the message shown with it. Writes are queued in
   * order (a caller may go on without awaiting); inside `transaction` / `complete` they are
   * part of that transaction.
   */
  progress(pct: number, message?: string): Promise<void>;
  /** Adds a line to the job's log (queued in order, like progress). */
  log(level: JobLogLevel, message: string): Promise<void>;
  /**
   * Waits for the queued writes and yields to the event loop; throws when the job was
   * cancelled, the worker is stopping, or the job was taken over by another worker
   * (JobLostError).
   */
  checkpoint(): Promise<void>;
  /**
   * Runs `fn` in one write transaction of the store that first checks this worker still holds
   * the job (its fencing token: worker id and attempt), so the job's writes commit only while
   * it does; else JobLostError and nothing is written.
   */
  transaction<T>(fn: (tx: Tx) => Promise<T> | T): Promise<T>;
  /**
   * Runs the job's last writes (`fn`) and ends the job as succeeded with `fn`'s value as its
   * result, in one transaction: the store never shows those writes without the outcome, nor
   * the outcome without the writes. The handler returns what this returns.
   */
  complete<T>(fn: (tx: Tx) => Promise<T> | T): Promise<T>;
}

export type JobHandler<P = Record<string, unknown>> = (job: JobContext<P>) => Promise<unknown>;

export interface JobKindOptions<P = Record<string, unknown>> {
  /** Re-queued (started again from the beginning) after a restart cut it off. */
  resumable?: boolean;
  /** The codename that lets a user see and cancel jobs of this kind (the creator always may). */
  permission?: string;
  /** A name for people (Chinese), shown in lists and logs. */
  label?: string;
  /** A more precise name for a job of the kind, by its params (else `label`). */
  labelOf?: (params: P) => string | undefined;
}

interface JobKind {
  handler: JobHandler<never>;
  resumable: boolean;
  permission: string;
  label: string;
  labelOf?: (params: never) => string | undefined;
}

const kinds = new Map<string, JobKind>();

/** Declares a kind of job. Call at module load, so restarts find the kind before recovering. */
export function registerJobKind<P = Record<string, unknown>>(
  kind: string,
  handler: JobHandler<P>,
  opts: JobKindOptions<P> = {},
) {
  kinds.set(kind, {
    handler: handler as JobHandler<never>,
    resumable: !!opts.resumable,
    permission: opts.permission ?? "admin",
    label: opts.label ?? kind,
    labelOf: opts.labelOf as JobKind["labelOf"],
  });
}

export const jobKind = (kind: string) => kinds.get(kind);
/** A job's name for people: by its params when the kind says so, else the kind's label. */
export function jobKindLabel(kind: string, params?: unknown): string {
  const k = kinds.get(kind);
  if (!k) return kind;
  return (params ? k.labelOf?.(params as never) : undefined) || k.label;
}
/**
 * Work every worker does after settling silent jobs (recoverJobs), e.g. clearing what a job that
 * ended without finishing left behind. Registered at module load, like the kinds.
 */
const sweeps: ((ctx: PlatformContext) => Promise<void>)[] = [];
export function registerSweep(fn: (ctx: PlatformContext) => Promise<void>) {
  sweeps.push(fn);
}
export const jobSweeps = (): readonly ((ctx: PlatformContext) => Promise<void>)[] => sweeps;

/** Every registered kind, by name. */
export const jobKinds = (): ReadonlyMap<string, JobKind> => kinds;

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

/**
 * This worker no longer holds the job: it went silent past the takeover limit and another
 * worker took the job over (or settled it). The run stops and writes nothing more.
 */
export class JobLostError extends Error {
  constructor(jobId: number) {
    super(`job ${jobId} was taken over by another worker`);
  }
}
