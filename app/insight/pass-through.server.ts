import { pageError } from "~/http/page.server";
import type { PlatformClient } from "~/platform-client/client.server";

/** The platform's CSV downloads and event streams, passed to the browser as they come. */

/** A platform CSV passed to the browser as it comes, as a download. */
export async function csvDownload(
  api: PlatformClient,
  path: string,
  query: URLSearchParams,
): Promise<Response> {
  try {
    const res = await api.raw("GET", path, { query });
    const disposition =
      res.headers.get("content-disposition") ?? 'attachment; filename="export.csv"';
    return new Response(res.body, {
      status: 200,
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": disposition,
        "Cache-Control": "no-store",
      },
    });
  } catch (e) {
    throw pageError(e);
  }
}

/**
 * A platform event stream passed through to the browser's EventSource. When the browser
 * goes away, cancelling this body cancels the platform's, which ends its follower.
 */
export async function eventStream(
  api: PlatformClient,
  path: string,
  query: URLSearchParams,
): Promise<Response> {
  try {
    const res = await api.raw("GET", path, { query });
    return new Response(res.body, {
      status: 200,
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-cache, no-transform",
        "X-Accel-Buffering": "no",
      },
    });
  } catch (e) {
    throw pageError(e);
  }
}
