import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireViewer } from "~/auth/guard.server";
import { graphExport } from "~/interchange/downloads.server";
import { requireGraphId } from "~/kg/graphs.server";

/** Resource route: the graph (or a class, relation type or neighbourhood of it) as RDF, GraphML or Neo4j CSV, streamed from the platform. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const kgId = requireGraphId(params.kgId);
  return graphExport(viewer, kgId, new URL(request.url));
}
