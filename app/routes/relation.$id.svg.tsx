import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  loadRelationGraph,
  relationGraphData,
  relationGraphQuery,
  resolveCenter,
} from "~/kg/relation-graph.server";
import { graphOption } from "~/charts/graph-options";
import { renderChartSvg } from "~/charts/render.server";
import { requireViewer } from "~/auth/guard.server";

/**
 * The relation graph of /relation/:id (same query) as an SVG file: the export that works
 * without JavaScript.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const url = new URL(request.url);
  const { kgId, center } = await resolveCenter(viewer.api, url, params.id ?? "");
  const graph = await loadRelationGraph(viewer.api, kgId, relationGraphQuery(url, center));
  const size = { width: 1600, height: 1000 };
  const svg = renderChartSvg(
    {
      ...graphOption(relationGraphData(graph), size, { directed: true }),
      backgroundColor: "#ffffff",
    },
    size.width,
    size.height,
    { fluid: false },
  );
  const name = graph.nodes.find((n) => n.id === graph.center)?.name ?? "graph";
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${svg}`, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Content-Disposition": `attachment; filename="relation-graph.svg"; filename*=UTF-8''${encodeURIComponent(`relation-${name}.svg`)}`,
      "Cache-Control": "private, no-store",
    },
  });
}
