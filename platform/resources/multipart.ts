import type { Request } from "express";
import { HttpError } from "../http/errors.js";

/** Room for the multipart boundaries and text fields around the file itself. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * The multipart form of a request, parsed by the Web `Request.formData()` of Node
 * (busboy is not installed). The body is read up to the limit; a larger one is drained
 * (so the client receives the answer instead of a reset) and refused with `tooLarge`.
 */
export async function readMultipart(
  req: Request,
  maxFileBytes: number,
  tooLarge: string,
): Promise<FormData> {
  const type = req.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(type)) {
    throw new HttpError(400, "请以 multipart/form-data 上传文件", "invalid_upload");
  }
  const limit = maxFileBytes + ENVELOPE_BYTES;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
    // Past a generous multiple, stop reading: the connection is dropped rather than drained.
    if (size > limit * 4) {
      req.destroy();
      break;
    }
  }
  if (size > limit) throw new HttpError(400, tooLarge, "too_large");
  try {
    return await new globalThis.Request("http://upload.local/", {
      method: "POST",
      headers: { "content-type": type },
      body: Buffer.concat(chunks),
    }).formData();
  } catch {
    throw new HttpError(400, "上传内容格式错误", "invalid_upload");
  }
}

/** The uploaded file of a form field, or null when the field is missing or not a file. */
export function formFile(form: FormData, name: string): File | null {
  const v = form.get(name);
  return v && typeof v !== "string" ? (v as File) : null;
}

/** The text fields of a form, as a plain object for validateInput. */
export function formText(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of form.entries()) {
    if (typeof v !== "string") continue;
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}
