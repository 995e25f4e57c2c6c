import type { PlatformContext } from "../context.js";
import type { AuthUser } from "../auth/context.js";
import { HttpError } from "../http/errors.js";
import { takeRateSlot } from "../http/rate-limit.js";
import { clientErrorPage, insertClientError } from "./store.js";

const MAX_ERROR = 8000;
const MAX_INFO = 8000;
const MAX_URL = 2000;
const MAX_USER_AGENT = 500;
/** Enough for a page that throws on every render for a while, not enough to fill the disk. */
const PER_ADDRESS_PER_MINUTE = 30;

export interface ClientErrorReport {
  error: unknown;
  info?: unknown;
  url?: unknown;
}

const asText = (v: unknown, max: number) =>
  (v == null ? "" : typeof v === "string" ? v : JSON.stringify(v)).slice(0, max);

/** Stores one runtime error a browser reported; oversized parts are cut, not refused. */
export async function recordClientError(
  ctx: PlatformContext,
  report: ClientErrorReport,
  from: { user: AuthUser | null | undefined; address: string; userAgent: string },
): Promise<number> {
  const error = asText(report.error, MAX_ERROR);
  if (!error.trim())
    throw new HttpError(400, "缺少必填字段：error", "required", { fields: ["error"] });
  if (!(await takeRateSlot(ctx, `clienterror:${from.address}`, PER_ADDRESS_PER_MINUTE, 60_000))) {
    throw new HttpError(429, "请求过于频繁，请稍后再试", "throttled");
  }
  return insertClientError(ctx.store.db, {
    user_id: from.user?.id ?? null,
    username: from.user?.username ?? "",
    error,
    info: asText(report.info, MAX_INFO),
    url: asText(report.url, MAX_URL),
    user_agent: from.userAgent.slice(0, MAX_USER_AGENT),
  });
}

export function listClientErrors(ctx: PlatformContext, page: number, pageSize: number) {
  return clientErrorPage(ctx.store.db, page, pageSize);
}
