import type { RequestHandler } from "express";
import { HttpError } from "./errors.js";

/**
 * Query parameters as the platform reads them: one string per name. Array and object
 * syntax (`search[a]=x`, `search[]=x`) and repeated names do not exist here, so no handler
 * can see a value it does not expect and fall back to matching everything.
 */
export type PlainQuery = Record<string, string>;

/** What the helpers below accept: `req.query` as Express types it, plain after `plainQuery`. */
type Query = Record<string, unknown>;

/** Largest integer a page number, id or count parameter may hold (below 2^53, as SQLite and JS agree). */
export const MAX_INT_PARAM = 1e15;

/**
 * A positive integer id from a path segment, or null (the caller answers 404): at most 15
 * digits, as ids are given, so no id reaches the store that PostgreSQL's bigint (or a JS
 * number) cannot hold.
 */
export function pathId(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

const NAME = /^[A-Za-z0-9_]+$/;
/** C0 controls and DEL except tab, line feed and carriage return: a NUL breaks store queries. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A 400 whose detail and `param` name the parameter refused. */
export const invalidParam = (param: string, detail: string, code = "invalid_parameter") =>
  new HttpError(400, detail, code, { param });

function decode(text: string, param: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    throw invalidParam(param, `参数 ${param} 的编码无效`);
  }
}

/** The raw query string (after `?`, without it) as plain parameters, or a 400 naming the first one that is not plain. */
export function parseQueryString(raw: string): PlainQuery {
  const out: PlainQuery = Object.create(null);
  for (const part of raw.split("&")) {
    if (part === "") continue;
    const eq = part.indexOf("=");
    const rawName = eq < 0 ? part : part.slice(0, eq);
    const name = decode(rawName, rawName);
    const value = eq < 0 ? "" : decode(part.slice(eq + 1), name);
    if (!NAME.test(name)) throw invalidParam(name, `参数名无效：${name}`);
    if (name in out) throw invalidParam(name, `参数 ${name} 重复`);
    if (CONTROL.test(value)) throw invalidParam(name, `参数 ${name} 含有控制字符`);
    out[name] = value;
  }
  return out;
}

/**
 * The query as handlers see it, noting each name they look at (read, test with `in`, or list).
 * A name nobody looked at is a parameter the platform did not understand.
 */
function watched(query: PlainQuery): { query: PlainQuery; unread: () => string[] } {
  const seen = new Set<string>();
  const note = (k: string | symbol) => {
    if (typeof k === "string") seen.add(k);
  };
  const proxy = new Proxy(query, {
    get: (t, k) => (note(k), Reflect.get(t, k)),
    has: (t, k) => (note(k), Reflect.has(t, k)),
    ownKeys: (t) => {
      const keys = Reflect.ownKeys(t);
      keys.forEach(note);
      return keys;
    },
  });
  return { query: proxy, unread: () => Object.keys(query).filter((k) => !seen.has(k)) };
}

/**
 * Replaces what the app's query parser made of the URL (Express's default "extended" parser
 * turns `search[a]` into an object) with plain parameters, for every route of the router.
 * A JSON answer to a request carrying a parameter its handler never looked at becomes a 400
 * naming it: one rule for every list and action, instead of each route listing what it takes.
 * (Streamed answers — CSV export, event streams — read their parameters through the strict
 * helpers before streaming.)
 */
export const plainQuery: RequestHandler = (req, res, next) => {
  const url = req.originalUrl;
  const at = url.indexOf("?");
  let parsed: PlainQuery;
  try {
    parsed = parseQueryString(at < 0 ? "" : url.slice(at + 1));
  } catch (e) {
    return next(e);
  }
  const { query, unread } = watched(parsed);
  req.query = query;
  const json = res.json.bind(res);
  res.json = (body?: unknown) => {
    const unknown = res.statusCode < 400 ? unread() : [];
    if (!unknown.length) return json(body);
    res.status(400);
    return json({
      detail: `不支持的参数：${unknown[0]}`,
      code: "unknown_parameter",
      param: unknown[0],
    });
  };
  next();
};

/** The one string value of a parameter; anything else cannot come through `plainQuery`, and is refused. */
function one(q: Query, name: string): string | undefined {
  const v = q[name];
  if (v === undefined || typeof v === "string") return v;
  throw invalidParam(name, `参数格式错误：${name}`);
}

/** A trimmed parameter, or undefined when absent or blank. */
export function stringParam(q: Query, name: string, maxLength = 200): string | undefined {
  const v = one(q, name)?.trim();
  if (!v) return undefined;
  if ([...v].length > maxLength)
    throw invalidParam(name, `参数 ${name} 过长，最多${maxLength}个字符`);
  return v;
}

/** A decimal integer within [min, max]; `fallback` when absent or blank. */
export function intParam(
  q: Query,
  name: string,
  opts: { min: number; max: number; fallback: number; code?: string },
): number {
  const v = one(q, name)?.trim();
  if (!v) return opts.fallback;
  if (!/^-?\d{1,16}$/.test(v)) throw invalidParam(name, `参数 ${name} 必须是整数`, opts.code);
  const n = Number(v);
  if (n < opts.min || n > opts.max) {
    throw invalidParam(name, `参数 ${name} 必须在${opts.min}到${opts.max}之间`, opts.code);
  }
  return n;
}

/** `1`/`true` or `0`/`false`; `fallback` when absent. */
export function flagParam(q: Query, name: string, fallback = false): boolean {
  const v = one(q, name);
  if (v === undefined) return fallback;
  if (v === "1" || v === "true") return true;
  if (v === "0" || v === "false") return false;
  throw invalidParam(name, `参数 ${name} 必须是 1 或 0`);
}

/** YYYY-MM-DD, a real calendar day. */
export function dateParam(q: Query, name: string): string | undefined {
  const v = one(q, name)?.trim();
  if (!v) return undefined;
  const time = /^\d{4}-\d{2}-\d{2}$/.test(v) ? Date.parse(`${v}T00:00:00Z`) : NaN;
  const ok = !Number.isNaN(time) && new Date(time).toISOString().startsWith(v);
  if (!ok) throw invalidParam(name, `参数 ${name} 应为日期，格式YYYY-MM-DD`);
  return v;
}

/** A comma-separated list. */
export function listParam(q: Query, name: string, max = 50): string[] {
  const values = (one(q, name) ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  if (values.length > max) throw invalidParam(name, `参数 ${name} 最多${max}项`);
  return values;
}

export interface Page {
  page: number;
  pageSize: number;
  offset: number;
}

export const MAX_PAGE = 1_000_000;

/**
 * page (from 1) and page_size (alias limit, never both). A page_size above `max` is a 400,
 * or `max` when `clamp` (the generic resources' contract).
 */
export function pageParams(
  q: Query,
  opts: { fallback?: number; max?: number; clamp?: boolean } = {},
): Page {
  const { fallback = 10, max = 100, clamp = false } = opts;
  const code = "invalid_page";
  if (q.page_size !== undefined && q.limit !== undefined) {
    throw invalidParam("limit", "参数 page_size 与 limit 只能给一个", code);
  }
  const page = intParam(q, "page", { min: 1, max: MAX_PAGE, fallback: 1, code });
  const name = q.page_size !== undefined ? "page_size" : "limit";
  const size = intParam(q, name, { min: 1, max: clamp ? MAX_INT_PARAM : max, fallback, code });
  const pageSize = Math.min(size, max);
  return { page, pageSize, offset: (page - 1) * pageSize };
}
