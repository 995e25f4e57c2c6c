import type { LoaderFunctionArgs } from "@remix-run/node";
import { graphOption } from "~/charts/graph-options";
import { renderChartSvg } from "~/charts/render.server";
import { shownExport } from "~/interchange/downloads.server";
import { graphRequest } from "~/kg/graphs.server";
import { pathGraphData, pathQuery, pathShown, searchPathsOr400 } from "~/kg/paths.server";

const FORMATS = new Set(["svg", "graphml", "jsonld"]);
const PARAMS = new Set(["format", "from", "to", "hops", "k", "direction", "types"]);
const bad = (what: string) => new Response(what, { status: 400, statusText: "Bad Request" });

/**
 * What the path page shows, to download (/{graph}/path/download?format=&…the page's search):
 * the picture as SVG, drawn on the server as the page draws it, or the shown subgraph (the
 * paths' entities and relations) as GraphML or JSON-LD through the graph export.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { viewer, kgId, url } = await graphRequest(request, params);
  for (const k of url.searchParams.keys()) if (!PARAMS.has(k)) throw bad(k);
  const format = url.searchParams.get("format") ?? "";
  if (!FORMATS.has(format)) throw bad("format");
  const s = await searchPathsOr400(viewer.api, kgId, pathQuery(url));
  if (format !== "svg") return shownExport(viewer, kgId, pathShown(s), format);
  const size = { width: 1200, height: Math.min(800, 200 + 90 * s.paths.length) };
  const svg = renderChartSvg(
    { ...graphOption(pathGraphData(s), size, { directed: true }), backgroundColor: "#ffffff" },
    size.width,
    size.height,
    { fluid: false },
  );
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${svg}`, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Content-Disposition": `attachment; filename="path.svg"; filename*=UTF-8''${encodeURIComponent(`path-${s.from.name}-${s.to.name}.svg`)}`,
      "Cache-Control": "private, no-store",
    },
  });
}
