import { badRequest } from "../http/errors.js";

type Query = Record<string, unknown>;

const first = (v: unknown): string | undefined => {
  if (Array.isArray(v)) return first(v[0]);
  if (v === undefined || v === null) return undefined;
  const s = String(v).trim();
  return s === "" ? undefined : s;
};

export function stringParam(q: Query, name: string, maxLength = 200): string | undefined {
  const v = first(q[name]);
  if (v !== undefined && v.length > maxLength) throw badRequest(`参数 ${name} 过长，最多${maxLength}个字符`);
  return v;
}

export function intParam(q: Query, name: string, opts: { min: number; max: number; fallback: number }): number {
  const v = first(q[name]);
  if (v === undefined) return opts.fallback;
  if (!/^-?\d+$/.test(v)) throw badRequest(`参数 ${name} 必须是整数`);
  const n = Number(v);
  if (n < opts.min || n > opts.max) throw badRequest(`参数 ${name} 必须在${opts.min}到${opts.max}之间`);
  return n;
}

/** YYYY-MM-DD, a real calendar day. */
export function dateParam(q: Query, name: string): string | undefined {
  const v = first(q[name]);
  if (v === undefined) return undefined;
  const time = /^\d{4}-\d{2}-\d{2}$/.test(v) ? Date.parse(`${v}T00:00:00Z`) : NaN;
  const ok = !Number.isNaN(time) && new Date(time).toISOString().startsWith(v);
  if (!ok) throw badRequest(`参数 ${name} 应为日期，格式YYYY-MM-DD`);
  return v;
}

/** Comma-separated list (also repeated parameters). */
export function listParam(q: Query, name: string, max = 50): string[] {
  const raw = q[name];
  const values = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw])
    .flatMap((v) => String(v).split(","))
    .map((v) => v.trim())
    .filter(Boolean);
  if (values.length > max) throw badRequest(`参数 ${name} 最多${max}项`);
  return values;
}

export interface Page {
  page: number;
  pageSize: number;
  offset: number;
}

/** page (from 1) and page_size (alias limit), 10 by default, at most 100. */
export function pageParams(q: Query): Page {
  const page = intParam(q, "page", { min: 1, max: 1_000_000, fallback: 1 });
  const size = q.page_size !== undefined ? "page_size" : "limit";
  const pageSize = intParam(q, size, { min: 1, max: 100, fallback: 10 });
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/** A positive integer id from a path segment, or null (the caller answers 404). */
export function pathId(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/** LIKE pattern for a substring search, with % _ \ escaped (use with ESCAPE '\'). */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
