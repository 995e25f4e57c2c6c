import { HttpError } from "./errors.js";

/** The request body as a plain object; anything else (array, text, nothing) reads as empty. */
export function bodyObject(body: unknown): Record<string, unknown> {
  return body && typeof body === "object" && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/**
 * The named text fields of a body. Fields that are absent, empty or not text are all
 * listed in one 400, so the client can mark every one of them at once.
 */
export function requireTextFields<K extends string>(
  body: unknown,
  names: readonly K[],
): Record<K, string> {
  const obj = bodyObject(body);
  const missing = names.filter((n) => typeof obj[n] !== "string" || obj[n] === "");
  if (missing.length) {
    throw new HttpError(400, `缺少必填字段：${missing.join("、")}`, "required", {
      fields: missing,
    });
  }
  return Object.fromEntries(names.map((n) => [n, obj[n] as string])) as Record<K, string>;
}

/** An optional text field: undefined when absent or not text. */
export function optionalText(body: unknown, name: string): string | undefined {
  const v = bodyObject(body)[name];
  return typeof v === "string" ? v : undefined;
}
