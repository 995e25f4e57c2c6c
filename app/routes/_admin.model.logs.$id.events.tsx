import type { LoaderFunctionArgs } from "@remix-run/node";
import { eventStream, idParam, requirePage } from "~/utils/insight.server";

/**
 * Resource route: the live events of one run (progress, log lines, done) for the logs
 * page's EventSource, passed through from the platform.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requirePage(request, "/model/logs/x");
  const url = new URL(request.url);
  const model = idParam(params.id, "模型不存在");
  const run = idParam(url.searchParams.get("run") ?? undefined, "运行记录不存在");
  const query = new URLSearchParams();
  const after = url.searchParams.get("after_log");
  if (after && /^\d+$/.test(after)) query.set("after_log", after);
  return eventStream(viewer.api, `/kg/models/${model}/runs/${run}/events/`, query);
}
