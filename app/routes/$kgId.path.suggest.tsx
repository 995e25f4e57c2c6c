import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { requireViewer } from "~/auth/guard.server";
import { requireGraphId } from "~/kg/graphs.server";
import { searchEntities } from "~/kg/paths.server";
import { textParam } from "~/kg/params.server";

/** The path page's entity suggestions as one types (?q=): the graph's entity search, as JSON. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const kgId = requireGraphId(params.kgId);
  const q = textParam(new URL(request.url), "q", 100);
  return data({ results: q ? await searchEntities(viewer.api, kgId, q) : [] });
}
