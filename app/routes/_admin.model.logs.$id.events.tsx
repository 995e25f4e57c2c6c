import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireViewer } from "~/auth/guard.server";
import { requireId } from "~/http/page.server";
import { runEvents } from "~/insight/models.server";

/**
 * Resource route: the live events of one run (progress, log lines, done) for the logs
 * page's EventSource, passed through from the platform.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, { page: "/model/logs/x" });
  const url = new URL(request.url);
  const model = requireId(params.id, "insight:errors.modelNotFound");
  const run = requireId(url.searchParams.get("run"), "insight:errors.runNotFound");
  const query = new URLSearchParams();
  const after = url.searchParams.get("after_log");
  if (after && /^\d+$/.test(after)) query.set("after_log", after);
  return runEvents(viewer, model, run, query);
}
