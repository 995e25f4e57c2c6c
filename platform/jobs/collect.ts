import v8 from "node:v8";
import vm from "node:vm";

/** A job that ran at least this long is followed by a full collection (collectAfterBigJob). */
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

/** After a job of `ms`: a full collection when it was a big one (a short stall, once). */
export function collectAfterBigJob(ms: number): void {
  if (ms >= BIG_JOB_MS) collectGarbage();
}
