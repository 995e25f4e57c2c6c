import type { LoaderFunctionArgs } from "@remix-run/node";
import { eventStream } from "remix-utils/sse/server";
import { PlatformError } from "~/platform-client/client.server";
import { followJobEvents, idParam } from "~/utils/graph-admin.server";
import { requireViewer } from "~/auth/guard.server";

/**
 * GET /jobs/:id/events: the job's progress as server-sent events for the job page, relayed
 * from the platform's stream (GET /api/jobs/{id}/events/) with the session's token.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const id = idParam(params.id);
  if (id === null) throw new Response("任务不存在", { status: 404 });
  let upstream: Response;
  try {
    upstream = await viewer.api.raw("GET", `/jobs/${id}/events/`);
  } catch (e) {
    if (e instanceof PlatformError) throw new Response(e.detail ?? "", { status: e.status });
    throw e;
  }
  const response = eventStream(request.signal, (send, close) =>
    followJobEvents(upstream, send, close),
  );
  // no-transform keeps the compression middleware from holding events back.
  response.headers.set("Cache-Control", "no-cache, no-transform");
  response.headers.set("X-Accel-Buffering", "no");
  return response;
}
