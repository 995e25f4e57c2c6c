import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireViewer } from "~/auth/guard.server";
import { notFound, parseId } from "~/http/page.server";
import { requireGraphId } from "~/kg/graphs.server";
import { loadView, viewPageHref } from "~/kg/views.server";

/**
 * Opens a saved view (/{graph}/views/{id}): its page with the stored query (and `view=`, so the
 * page says what the view no longer finds). Not the viewer's nor shared with them, or of a graph
 * they may not read: the platform's 403.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const kgId = requireGraphId(params.kgId);
  const id = parseId(params.viewId);
  if (id === null) throw notFound();
  return redirect(viewPageHref(await loadView(viewer, kgId, id)));
}
