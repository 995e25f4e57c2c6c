import type { PlatformContext } from "../context.js";
import { likePattern, type Page } from "./params.js";

/** The WHERE conditions of a list query, with their named parameters. */
export class Conditions {
  readonly parts: string[] = [];
  readonly params: Record<string, unknown> = {};

  constructor(first: string, params: Record<string, unknown>) {
    this.add(first, params);
  }

  add(sql: string, params: Record<string, unknown> = {}): this {
    this.parts.push(sql);
    Object.assign(this.params, params);
    return this;
  }

  /** A substring search over some columns (LIKE, with % _ \ escaped); nothing when no text. */
  search(columns: string[], text: string | undefined): this {
    if (!text) return this;
    const like = columns.map((c) => `${c} LIKE @search ESCAPE '\\'`);
    return this.add(like.length > 1 ? `(${like.join(" OR ")})` : like[0], {
      search: likePattern(text),
    });
  }
}

/** One page of the rows of `from` that meet the conditions, in `order`, and how many meet them. */
export function pageOf<T>(
  ctx: PlatformContext,
  q: { from: string; columns: string; order: string },
  where: Conditions,
  p: Page,
): { count: number; rows: T[] } {
  const clause = where.parts.join(" AND ");
  const count = ctx.db
    .prepare(`SELECT count(*) FROM ${q.from} WHERE ${clause}`)
    .pluck()
    .get(where.params) as number;
  const rows = ctx.db
    .prepare(
      `SELECT ${q.columns} FROM ${q.from} WHERE ${clause} ORDER BY ${q.order} LIMIT @limit OFFSET @offset`,
    )
    .all({ ...where.params, limit: p.pageSize, offset: p.offset }) as T[];
  return { count, rows };
}
