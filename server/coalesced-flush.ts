import type { RequestHandler } from "express";

type Flushable = { flush?: () => void };

/**
 * `res.flush()` (compression's: the gzip stream's sync flush) at most once per turn of the
 * event loop (issue 25). Remix writes a streamed document chunk by chunk and flushes after each
 * one; React hands it a page in a burst of ~2 KB chunks within one turn, so each page was
 * compressed as a string of small sync-flushed blocks, each its own trip to zlib and its own
 * socket write. Coalesced, a burst leaves as one flush at the end of the turn, which still
 * sends what is ready at once (a streamed export or event stream flushes as before, a turn
 * later at most).
 */
export const coalescedFlush: RequestHandler = (_req, res, next) => {
  const own = res as typeof res & Flushable;
  const flush = own.flush;
  if (typeof flush === "function") {
    let pending = false;
    own.flush = () => {
      if (pending) return;
      pending = true;
      setImmediate(() => {
        pending = false;
        if (!res.writableEnded) flush.call(res);
      });
    };
  }
  next();
};
