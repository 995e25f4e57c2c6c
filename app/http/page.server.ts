import { PlatformError, PlatformUnavailable } from "~/platform-client/client.server";
import { translate } from "~/i18n";

/**
 * The page helpers every area uses: a thrown Response is the page's status, worded by the error
 * boundary in the page's language (app/components/ui/error-boundary.tsx). A body is only the
 * platform's own message (its detail: 模型不存在, 知识图谱不存在…) or a text already translated.
 */

/** The page is a 404; `message` is shown instead of the generic "page not found". */
export const notFound = (message = "") =>
  new Response(message, { status: 404, statusText: "Not Found" });

/** The viewer may not see this page (403). */
export const forbidden = (message = "") =>
  new Response(message, { status: 403, statusText: "Forbidden" });

/**
 * The platform cannot be reached: 503 with the spec's words (the body is what a script or a text
 * browser reads; the page words the status in its own language).
 */
export const serviceUnavailable = () =>
  new Response(translate("zh", "serviceError"), {
    status: 503,
    statusText: "Service Unavailable",
  });

/** A form named an action the route does not have: a 400, never a silent no-op. */
export const badIntent = (intent: unknown) =>
  new Response(`intent: ${String(intent).slice(0, 40)}`, {
    status: 400,
    statusText: "Bad Request",
  });

/** A platform refusal (400, 403, 404, 409) as the page's own status and message; an outage as 503. */
export function pageError(e: unknown): unknown {
  if (e instanceof PlatformError && [400, 403, 404, 409].includes(e.status)) {
    return new Response(e.detail ?? "", { status: e.status });
  }
  if (e instanceof PlatformUnavailable) return serviceUnavailable();
  return e;
}

/** A platform call of a page: its refusal becomes the page's status (an unknown record is the page's 404). */
export async function orPageError<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (e) {
    throw pageError(e);
  }
}

/** A positive whole number (an id, a page) written exactly, else null. */
export function parseId(raw: string | null | undefined): number | null {
  return raw && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
}

/** An id from the URL, or the page is a 404. */
export function requireId(raw: string | null | undefined, message = ""): number {
  const id = parseId(raw);
  if (id === null) throw notFound(message);
  return id;
}
