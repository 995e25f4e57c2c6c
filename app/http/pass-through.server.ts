import { pageError } from "~/http/page.server";

/**
 * A platform answer passed to the browser as it comes, with the headers given; a refusal is
 * the page's status. `open` is the typed client's raw call (app/platform-client/*).
 */
async function passThrough(
  open: Promise<Response>,
  headers: (platform: Response) => Record<string, string>,
): Promise<Response> {
  try {
    const res = await open;
    return new Response(res.body, { status: 200, headers: headers(res) });
  } catch (e) {
    throw pageError(e);
  }
}

/** A platform CSV, as a download. */
export const csvDownload = (open: Promise<Response>) =>
  passThrough(open, (res) => ({
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition":
      res.headers.get("content-disposition") ?? 'attachment; filename="export.csv"',
    "Cache-Control": "no-store",
  }));

/**
 * A platform event stream, for the browser's EventSource. When the browser goes away,
 * cancelling this body cancels the platform's, which ends its follower.
 */
export const eventStream = (open: Promise<Response>) =>
  passThrough(open, () => ({
    "Content-Type": "text/event-stream",
    "Cache-Control": "no-cache, no-transform",
    "X-Accel-Buffering": "no",
  }));
