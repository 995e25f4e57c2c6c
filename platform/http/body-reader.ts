import { bodyObject } from "./input.js";
import { badRequest } from "./errors.js";

/**
 * Reading a JSON body field by field, collecting every problem (`{field: [message]}`), so
 * one 400 names all of them, as the generic resources do.
 */
export class BodyReader {
  readonly body: Record<string, unknown>;
  readonly errors: Record<string, string[]> = {};

  constructor(body: unknown) {
    this.body = bodyObject(body);
  }

  has(name: string) {
    return name in this.body && this.body[name] !== undefined;
  }

  fail(name: string, message: string) {
    (this.errors[name] ??= []).push(message);
  }

  /** Trimmed text; `required` refuses empty; longer than `max` characters is refused. */
  text(name: string, label: string, opts: { required?: boolean; max: number }): string {
    const raw = this.body[name];
    if (raw !== undefined && raw !== null && typeof raw !== "string" && typeof raw !== "number") {
      this.fail(name, `${label}必须是文本`);
      return "";
    }
    const v = raw === undefined || raw === null ? "" : String(raw).trim();
    if (opts.required && !v) this.fail(name, `请输入${label}`);
    if ([...v].length > opts.max) this.fail(name, `${label}不能超过${opts.max}个字符`);
    return v;
  }

  /** An id or null ("" and null mean none). */
  optionalId(name: string, label: string): number | null {
    const raw = this.body[name];
    if (raw === undefined || raw === null || raw === "") return null;
    const n = typeof raw === "number" ? raw : /^\d{1,15}$/.test(String(raw)) ? Number(raw) : NaN;
    // At most 15 digits, as ids are given (a larger JSON number is no id the store can hold).
    if (!Number.isInteger(n) || n < 1 || n >= 1e15) {
      this.fail(name, `${label}无效`);
      return null;
    }
    return n;
  }

  bool(name: string): boolean {
    const raw = this.body[name];
    return raw === true || raw === 1 || (typeof raw === "string" && /^(1|true|on|yes)$/i.test(raw));
  }

  /** A list of ids from an array or a comma-separated text. */
  ids(name: string, label: string, max = 200): number[] {
    const raw = this.body[name];
    if (raw === undefined || raw === null || raw === "") return [];
    const parts = (Array.isArray(raw) ? raw : String(raw).split(","))
      .map((v) => String(v).trim())
      .filter(Boolean);
    const ids = parts.map((p) => (/^\d{1,15}$/.test(p) ? Number(p) : NaN));
    if (ids.some((n) => !Number.isInteger(n) || n < 1)) this.fail(name, `${label}无效`);
    if (ids.length > max) this.fail(name, `${label}最多${max}项`);
    return [...new Set(ids.filter((n) => Number.isInteger(n) && n > 0))];
  }

  /** Words from an array or a text separated by commas, 、, semicolons or whitespace. */
  words(name: string, label: string, opts: { maxItems: number; maxLength: number }): string[] {
    const raw = this.body[name];
    if (raw === undefined || raw === null || raw === "") return [];
    const parts = (Array.isArray(raw) ? raw.map(String) : String(raw).split(/[,，、;；\s]+/))
      .map((w) => w.trim())
      .filter(Boolean);
    const unique = [...new Set(parts)];
    if (unique.length > opts.maxItems) this.fail(name, `${label}最多${opts.maxItems}个`);
    const long = unique.find((w) => [...w].length > opts.maxLength);
    if (long) this.fail(name, `${label}"${long}"超过${opts.maxLength}个字符`);
    return unique;
  }

  /** Throws the collected errors as one 400 (message: the first problem). */
  done() {
    const first = Object.values(this.errors).flat()[0];
    if (first) throw badRequest(first, { errors: this.errors });
  }
}

export const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
