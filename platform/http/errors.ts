import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from "express";
import { storeRefusal } from "../db/dialect.js";
import { storeUnavailable } from "../db/store.js";

/** An error the platform answers with its status and a JSON body `{detail, code}`. */
export class HttpError extends Error {
  constructor(
    public status: number,
    public detail: string,
    public code = "error",
    public extra: Record<string, unknown> = {},
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string, extra?: Record<string, unknown>) =>
  new HttpError(400, detail, "invalid", extra);
export const notFound = (detail = "未找到") => new HttpError(404, detail, "not_found");
export const forbidden = (detail = "您没有执行该操作的权限") =>
  new HttpError(403, detail, "permission_denied");

/** Wraps a handler so thrown errors and rejected promises reach the error handler. */
export function handle(
  fn: (req: Request, res: Response, next: NextFunction) => unknown,
): RequestHandler {
  return (req, res, next) => {
    try {
      const out = fn(req, res, next);
      if (out && typeof (out as Promise<unknown>).then === "function") {
        (out as Promise<unknown>).catch(next);
      }
    } catch (e) {
      next(e);
    }
  };
}

/** A store write the disk refused (full, or the store read-only): named for the client, or null. */
function storeWriteFailure(err: unknown): HttpError | null {
  const refusal = storeRefusal(err);
  if (refusal === "full") return new HttpError(507, "磁盘空间不足，数据未保存", "disk_full");
  if (refusal === "read_only") {
    return new HttpError(500, "数据库文件不可写，数据未保存", "store_not_writable");
  }
  return null;
}

/** The spec's words when the service cannot answer (§8): the store is unreachable or timed out. */
const SERVICE_UNAVAILABLE = "服务异常，请联系系统管理员！";

/**
 * What a client may read of an error that did not happen in a request (a job's failure): an
 * HttpError's detail, a refused store write named, anything else (a store error, a bug) the
 * spec's service message — never the error's own text. The caller logs the error itself.
 */
export function clientMessage(err: unknown): string {
  if (err instanceof HttpError) return err.detail;
  return storeWriteFailure(err)?.detail ?? SERVICE_UNAVAILABLE;
}
/** Seconds a client may wait before trying again while the store is unavailable. */
const RETRY_AFTER_SECONDS = 5;

/**
 * The one answer to an error: an HttpError's own status and detail; a store that cannot serve
 * (unreachable, restarting, a statement cut off by its timeout: storeUnavailable) a 503 with
 * the spec's service message; anything else (a store error, a bug) is logged on one line and
 * answered with a generic 500, so no SQL message or stack ever reaches a client.
 */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  if (res.headersSent) {
    res.destroy(err);
    return;
  }
  if (err instanceof HttpError) {
    res.status(err.status).json({ detail: err.detail, code: err.code, ...err.extra });
    return;
  }
  // body-parser errors carry a status and a type
  if (err?.type === "entity.too.large") {
    res.status(413).json({ detail: "请求体过大", code: "too_large" });
    return;
  }
  if (err?.type === "entity.parse.failed") {
    res.status(400).json({ detail: "请求体格式错误", code: "malformed" });
    return;
  }
  if (typeof err?.status === "number" && err.status >= 400 && err.status < 500) {
    const detail =
      err.expose === true && typeof err.message === "string" && err.message
        ? err.message
        : "请求错误";
    res.status(err.status).json({ detail, code: "invalid" });
    return;
  }
  const what =
    err instanceof Error
      ? `${err.name}${"code" in err ? ` ${String(err.code)}` : ""}: ${err.message}`
      : String(err);
  console.error(
    `platform error: ${req.method} ${req.originalUrl.split("?")[0]}: ${what.replace(/\s+/g, " ")}`,
  );
  if (storeUnavailable(err)) {
    res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
    res.status(503).json({ detail: SERVICE_UNAVAILABLE, code: "store_unavailable" });
    return;
  }
  const disk = storeWriteFailure(err);
  if (disk) return void res.status(disk.status).json({ detail: disk.detail, code: disk.code });
  res.status(500).json({ detail: "服务器内部错误", code: "server_error" });
};
