import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import { translate } from "~/i18n";

/** An ordinary form, no file: room for a 10,000-character text field percent-encoded (9 bytes a character). */
export const FORM_BYTES = 256 * 1024;
/**
 * The extract page's pasted text: the page itself refuses more than 100,000 characters with a
 * message naming the length, so the body may hold ten times that (a million CJK characters sent
 * multipart) before the console stops reading.
 */
export const TEXT_FORM_BYTES = 4 * 1024 * 1024;
/** What a multipart body adds around its parts: boundaries, part headers, the other fields. */
const ENVELOPE_BYTES = 64 * 1024;
/** A CSV import (spec §5 and §9: at most 2 MB) with its envelope. */
export const CSV_FORM_BYTES = 2 * 1024 * 1024 + ENVELOPE_BYTES;
/**
 * A file of the file-data screen with its envelope. The platform stores files up to 20 MB
 * ("文件不能超过20MB") and says so itself; the console only stops what it could never accept.
 */
export const FILE_FORM_BYTES = 20 * 1024 * 1024 + ENVELOPE_BYTES;

// The spec's language for what scripts and text browsers read (the platform's messages are Chinese too).
const unsupported = () => translate("zh", "unsupportedBody");
const tooLarge = () => translate("zh", "bodyTooLarge");
const malformed = () => translate("zh", "malformedBody");

const refuse = (status: 400 | 413 | 415, message: string) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

class BodyTooLarge extends Error {}

/** The body as a stream that errors once more than `maxBytes` arrived. */
function capped(body: ReadableStream<Uint8Array>, maxBytes: number): ReadableStream<Uint8Array> {
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) controller.error(new BodyTooLarge());
        else controller.enqueue(chunk);
      },
    }),
  );
}

async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array> {
  const reader = capped(body, maxBytes).getReader();
  const chunks: Uint8Array[] = [];
  for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(r.value);
  return Buffer.concat(chunks);
}

/**
 * The one way a console action reads its form: urlencoded or multipart only (else 415),
 * at most `maxBytes` (413, checked on Content-Length and again while streaming), and a body
 * that cannot be parsed is a 400. Each refusal is a thrown Response: the request log's one
 * line says what happened, and no stack trace is written.
 */
export async function readForm(
  request: Request,
  { maxBytes = FORM_BYTES }: { maxBytes?: number } = {},
): Promise<FormData> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  const urlencoded = type === "application/x-www-form-urlencoded";
  if (!urlencoded && type !== "multipart/form-data") throw refuse(415, unsupported());
  const length = request.headers.get("Content-Length");
  if (length !== null && !(Number(length) <= maxBytes)) throw refuse(413, tooLarge());
  if (!request.body) return new FormData();
  try {
    if (urlencoded) {
      const text = new TextDecoder("utf-8", { fatal: true }).decode(
        await readCapped(request.body, maxBytes),
      );
      const form = new FormData();
      new URLSearchParams(text).forEach((value, name) => form.append(name, value));
      return form;
    }
    const limited = new Request(request.url, {
      method: request.method,
      headers: request.headers,
      body: capped(request.body, maxBytes),
      duplex: "half",
    } as RequestInit);
    return await unstable_parseMultipartFormData(
      limited,
      unstable_createMemoryUploadHandler({ maxPartSize: maxBytes }),
    );
  } catch (e) {
    if (e instanceof BodyTooLarge || e instanceof MaxPartSizeExceededError)
      throw refuse(413, tooLarge());
    throw refuse(400, malformed());
  }
}
