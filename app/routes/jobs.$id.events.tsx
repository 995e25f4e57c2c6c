import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireViewer } from "~/auth/guard.server";
import { jobEvents } from "~/graph-admin/jobs.server";
import { requireId } from "~/http/page.server";

/**
 * GET /jobs/:id/events: the job's progress as server-sent events for the job page, the
 * platform's stream (GET /api/jobs/{id}/events/) passed through with the session's token.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const id = requireId(params.id);
  return jobEvents(viewer.api, id);
}
