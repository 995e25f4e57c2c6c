import type { Response } from "express";
import type { PlatformContext } from "../context.js";
import { jobLogsAfter, lastLogId } from "./store.js";

/** How often a follower looks at the store: the job may run in another process. */
const FOLLOW_MS = 400;
const KEEPALIVE_MS = 15_000;

/** What a follower sees each time it looks. */
export type FollowLook =
  /** Still there: relay the job's new log lines, and the snapshot when it changed; `finished` ends the stream with `done`. */
  | { jobId: number | null; snapshot: unknown; finished: boolean }
  /** Gone: `done` carries this and the stream ends. */
  | { gone: unknown };

export interface FollowOptions {
  /** The job whose log lines are relayed from the start (null: none yet). */
  jobId: number | null;
  /** `after_log` of the query: the newest log id the page already shows; absent, the log from now on. */
  afterLog: unknown;
  /** Reads the followed thing from the store; throwing (store closed, record deleted) ends the stream. */
  look: () => FollowLook | Promise<FollowLook>;
}

/**
 * Server-sent events that follow something a job does (a job, or a model run on a job):
 * `progress` whenever the snapshot changes, `log` for each new log line of the job, then
 * `done` with the final state and the end of the stream. A comment line keeps idle
 * connections open through proxies.
 */
export async function followJobEvents(
  ctx: PlatformContext,
  req: { on(event: "close", fn: () => void): void },
  res: Response,
  { jobId, afterLog, look }: FollowOptions,
) {
  res.status(200);
  res.setHeader("Content-Type", "text/event-stream; charset=utf-8");
  res.setHeader("Cache-Control", "no-cache, no-transform");
  res.setHeader("Connection", "keep-alive");
  res.setHeader("X-Accel-Buffering", "no");
  res.flushHeaders();

  const send = (event: string, data: unknown) =>
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  let lastLog =
    typeof afterLog === "string" && /^\d+$/.test(afterLog)
      ? Number(afterLog)
      : // A new follower gets the log from now on; the page already shows what came before.
        await lastLogId(ctx.store.db, jobId ?? -1);
  let lastKey = "";
  let lastWrite = Date.now();
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  const end = () => {
    closed = true;
    if (timer) clearTimeout(timer);
    res.end();
  };
  req.on("close", () => {
    closed = true;
    if (timer) clearTimeout(timer);
  });

  const step = async () => {
    if (closed) return;
    try {
      const seen = await look();
      if ("gone" in seen) {
        send("done", seen.gone);
        return end();
      }
      if (seen.jobId !== null) {
        for (const line of await jobLogsAfter(ctx.store.db, seen.jobId, lastLog)) {
          send("log", line);
          lastLog = line.id;
          lastWrite = Date.now();
        }
      }
      const key = JSON.stringify(seen.snapshot);
      if (key !== lastKey) {
        send("progress", seen.snapshot);
        lastKey = key;
        lastWrite = Date.now();
      }
      if (seen.finished) {
        send("done", seen.snapshot);
        return end();
      }
      if (Date.now() - lastWrite > KEEPALIVE_MS) {
        res.write(": keep-alive\n\n");
        lastWrite = Date.now();
      }
    } catch {
      // Deleted, or the store closed under us (shutdown): end the stream, the client reconnects.
      return end();
    }
    if (!closed) timer = setTimeout(() => void step(), FOLLOW_MS);
  };
  await step();
}
