import type { RequestHandler } from "express";
import onHeaders from "on-headers";

/**
 * At most `limit` console requests worked on at once in this process; the others wait their
 * turn, first come first served (issue 11). A page's work (its loaders, the platform calls they
 * make in-process, React's render) is CPU on one core: 64 pages interleaved take as long in all
 * as 64 one after another, but each holds its loader data and half-rendered tree meanwhile, so
 * the heap grows with the number of clients. Queued, it grows with `limit`.
 *
 * A request's turn ends when its answer's headers go out (a page is rendered by then; a
 * streamed answer — an export, server-sent events — then streams without holding a turn), or
 * when the client goes away. A client that leaves while waiting gives its place up.
 */
export function pageQueue(limit: number): RequestHandler & { state(): QueueState } {
  let active = 0;
  const waiting = new Set<() => void>();

  const next = () => {
    for (const start of waiting) {
      if (active >= limit) return;
      waiting.delete(start);
      start();
    }
  };

  const handler: RequestHandler = (req, res, proceed) => {
    const start = () => {
      // Gone while waiting, and its 'close' not yet seen: nobody to answer.
      if (req.destroyed || res.destroyed) return next();
      active++;
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        active--;
        // The next request starts on its own turn of the event loop, not inside this
        // response's header hook or 'close' handler.
        setImmediate(next);
      };
      onHeaders(res, end);
      res.once("close", end);
      proceed();
    };
    if (active < limit && waiting.size === 0) return start();
    waiting.add(start);
    res.once("close", () => waiting.delete(start));
  };
  return Object.assign(handler, { state: () => ({ active, waiting: waiting.size, limit }) });
}

export interface QueueState {
  active: number;
  waiting: number;
  limit: number;
}

/** PAGE_CONCURRENCY: console requests worked on at once per process (default 8; 0 = no limit). */
export function pageConcurrency(raw = process.env.PAGE_CONCURRENCY): number {
  if (raw === undefined || raw === "") return 8;
  if (!/^\d{1,4}$/.test(raw))
    throw new Error(`PAGE_CONCURRENCY: "${raw}" is not a whole number of requests (0 = no limit).`);
  return Number(raw);
}
