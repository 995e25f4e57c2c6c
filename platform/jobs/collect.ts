import v8 from "node:v8";
import vm from "node:vm";

/**
 * A job that ran at least this long is followed by a full collection (collectAfterBigJob);
 * BIG_JOB_SECONDS may set another for the server's workers (server/heap.ts).
 */
export const BIG_JOB_MS = 5_000;

let gc: (() => void) | null | undefined;

/**
 * A full garbage collection, so the heap a big job grew is given back before the next job
 * starts (issue 26 item 4: a worker that had run a 1,000,000-statement apply started the next
 * dry run at 342 MB instead of ~200, V8 keeping the pages it had grown). V8's `gc` is exposed
 * for this process on first use; false when it cannot be.
 */
export function collectGarbage(): boolean {
  if (gc === undefined) {
    try {
      v8.setFlagsFromString("--expose-gc");
      gc = vm.runInNewContext("gc") as () => void;
    } catch {
      gc = null;
    }
  }
  if (!gc) return false;
  gc();
  return true;
}

/** What the process does when it is still over `limitMb` resident after a big job. */
let overLimit: {
  limitMb: number;
  handOver: (rssMb: number) => void;
  bigJobMs: number;
} | null = null;

/**
 * Sets (or, with null, clears) what a process does when a big job left it over `limitMb`
 * resident after the collection: the server's workers hand over to a new process (server.ts).
 */
export function whenOverAfterBigJob(
  limitMb: number | null,
  handOver: (rssMb: number) => void = () => {},
  bigJobMs = BIG_JOB_MS,
): void {
  overLimit = limitMb ? { limitMb, handOver, bigJobMs } : null;
}

/**
 * After a job of `ms`: a full collection when it was a big one (a short stall, once); then, if
 * the process is still over the limit set by whenOverAfterBigJob, a function that hands it over
 * (the caller stops taking jobs first, then calls it); else null.
 */
export function collectAfterBigJob(ms: number): (() => void) | null {
  if (ms < (overLimit?.bigJobMs ?? BIG_JOB_MS)) return null;
  collectGarbage();
  const rssMb = Math.round(process.memoryUsage.rss() / 2 ** 20);
  const over = overLimit;
  return over && rssMb > over.limitMb ? () => over.handOver(rssMb) : null;
}
