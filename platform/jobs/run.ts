import type { PlatformContext } from "../context.js";
import { storeUnreachable, type Store, type Tx } from "../db/store.js";
import { JobCancelledError, JobLostError, WorkerStoppedError, type JobContext } from "./kinds.js";
import {
  addLog,
  beat,
  holdsJob,
  markSucceeded,
  parse,
  setProgress,
  type JobRow,
  type JobToken,
} from "./store.js";

/**
 * One run of a job by a worker: its fencing token, the checks that the job's writes commit
 * only while the token holds, and the queue that keeps its progress and log writes in order.
 * Once a check fails the run has lost the job for good.
 */
export class Run {
  lost = false;
  completed = false;
  /** Progress and log writes made outside a transaction, in order; never rejects. */
  private queue: Promise<void> = Promise.resolve();
  /** The transaction `fn` of transaction()/complete() runs in, while it runs. */
  private current: Tx | null = null;
  private lastWrite = 0;
  private lastPct = -1;

  constructor(
    private store: Store,
    readonly token: JobToken,
  ) {}

  /** Throws JobLostError unless the token holds; answers whether cancelling was asked. */
  private async check(db: Store["db"]): Promise<boolean> {
    if (!this.lost) {
      const held = await holdsJob(db, this.token);
      if (held) return held.cancelRequested;
      this.lost = true;
    }
    throw new JobLostError(this.token.jobId);
  }

  /** `fn` in one write transaction that first checks the token, after the queued writes. */
  async transaction<T>(fn: (tx: Tx) => Promise<T> | T): Promise<T> {
    if (this.current) return fn(this.current);
    await this.queue;
    return this.fenced(fn);
  }

  private fenced<T>(fn: (tx: Tx) => Promise<T> | T): Promise<T> {
    return this.store.write(async (tx) => {
      await this.check(tx);
      this.current = tx;
      try {
        return await fn(tx);
      } finally {
        this.current = null;
      }
    });
  }

  /** A progress or log write: in the running transaction, else queued (fenced) in order. */
  private write(fn: (tx: Tx) => Promise<void>): Promise<void> {
    if (this.current) return fn(this.current);
    this.queue = this.queue.then(async () => {
      if (this.lost) return;
      try {
        await this.fenced(fn);
      } catch (e) {
        // Lost: the next checkpoint or transaction says so. A store that refuses a progress
        // line (busy, closing) loses only that line.
        if (!(e instanceof JobLostError))
          console.error(`job ${this.token.jobId}: write:`, storeUnreachable(e) ? oneLine(e) : e);
      }
    });
    return this.queue;
  }

  /** The heartbeat: moves heartbeat_at while the token holds; notes a loss. */
  async beat() {
    if (this.lost) return;
    try {
      if (!(await beat(this.store.db, this.token))) this.lost = true;
    } catch {
      // A busy or closing store skips a beat; the job's own next write tells what holds.
    }
  }

  context(row: JobRow, ctx: PlatformContext, stopped: () => boolean): JobContext {
    const jobId = row.id;
    const guard = () => {
      if (stopped()) throw new WorkerStoppedError();
      if (this.lost) throw new JobLostError(jobId);
    };
    return {
      id: jobId,
      kind: row.kind,
      graphId: row.graph_id,
      userId: row.created_by,
      params: (parse(row.params_json) ?? {}) as Record<string, unknown>,
      ctx,
      progress: (pct, message) => {
        guard();
        const p = Math.round(Math.min(100, Math.max(0, pct)) * 10) / 10;
        // Many small steps are written at most every 100 ms; a new message always is.
        if (
          message === undefined &&
          p !== 100 &&
          Date.now() - this.lastWrite < 100 &&
          p - this.lastPct < 5
        )
          return Promise.resolve();
        this.lastWrite = Date.now();
        this.lastPct = p;
        return this.write((tx) => setProgress(tx, jobId, p, message));
      },
      log: (level, message) => {
        guard();
        return this.write((tx) => addLog(tx, jobId, level, message));
      },
      checkpoint: async () => {
        guard();
        await this.queue;
        await new Promise<void>((r) => setImmediate(r));
        guard();
        if (await this.check(this.store.db)) throw new JobCancelledError();
      },
      transaction: (fn) => {
        guard();
        return this.transaction(fn);
      },
      complete: async (fn) => {
        guard();
        const result = await this.transaction(async (tx) => {
          const value = await fn(tx);
          await markSucceeded(tx, jobId, value);
          return value;
        });
        this.completed = true;
        return result;
      },
    };
  }
}

/** An error on one log line, without its stack. */
export function oneLine(e: unknown): string {
  const err = e as { code?: unknown; message?: unknown } | null;
  const text = `${typeof err?.code === "string" ? `${err.code} ` : ""}${String(err?.message ?? e)}`;
  return text.replace(/\s+/g, " ").trim();
}
