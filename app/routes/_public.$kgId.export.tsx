import type { LoaderFunctionArgs } from "@remix-run/node";
import { idParam } from "~/utils/graph-admin.server";
import { requireViewer } from "~/auth/guard.server";
import { graphExport } from "~/utils/interchange.server";

/** Resource route: the graph (or a class, relation type or neighbourhood of it) as RDF, GraphML or Neo4j CSV, streamed from the platform. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const kgId = idParam(params.kgId);
  if (kgId === null) throw new Response("知识图谱不存在", { status: 404 });
  return graphExport(viewer, kgId, new URL(request.url));
}
