import { pageError } from "~/http/page.server";
import type { PlatformClient } from "~/platform-client/client.server";

/** A platform answer passed to the browser as it comes, with the headers given; a refusal is the page's status. */
async function passThrough(
  api: PlatformClient,
  path: string,
  query: URLSearchParams,
  headers: (platform: Response) => Record<string, string>,
): Promise<Response> {
  try {
    const res = await api.raw("GET", path, { query });
    return new Response(res.body, { status: 200, headers: headers(res) });
  } catch (e) {
    throw pageError(e);
  }
}

/** A platform CSV, as a download. */
export const csvDownload = (api: PlatformClient, path: string, query: URLSearchParams) =>
  passThrough(api, path, query, (res) => ({
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition":
      res.headers.get("content-disposition") ?? 'attachment; filename="export.csv"',
    "Cache-Control": "no-store",
  }));

/**
 * A platform event stream, for the browser's EventSource. When the browser goes away,
 * cancelling this body cancels the platform's, which ends its follower.
 */
export const eventStream = (api: PlatformClient, path: string, query: URLSearchParams) =>
  passThrough(api, path, query, () => ({
    "Content-Type": "text/event-stream",
    "Cache-Control": "no-cache, no-transform",
    "X-Accel-Buffering": "no",
  }));
