import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireViewer } from "~/auth/guard.server";
import { renderChartSvg } from "~/charts/render.server";
import { getFixedT } from "~/i18next.server";
import { shownExport } from "~/interchange/downloads.server";
import { requireGraphId } from "~/kg/graphs.server";
import {
  exploreChart,
  exploreShown,
  exploreStateOr400,
  loadExploration,
} from "~/kg/explore.server";

const FORMATS = new Set(["svg", "graphml", "jsonld"]);
const bad = (what: string) => new Response(what, { status: 400, statusText: "Bad Request" });

/**
 * What the exploration shows, to download (/{graph}/explore/download?format=&…the view's
 * query): the picture as SVG, drawn on the server as the page draws it (light, white ground),
 * or the shown subgraph (its nodes and relations) as GraphML or JSON-LD through the graph export.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const kgId = requireGraphId(params.kgId);
  const query = new URL(request.url).searchParams;
  const format = query.get("format") ?? "";
  if (query.getAll("format").length !== 1 || !FORMATS.has(format)) throw bad("format");
  query.delete("format");
  const state = await exploreStateOr400(request, query);
  const view = await loadExploration(viewer.api, kgId, state);
  if (format !== "svg") return shownExport(viewer, kgId, exploreShown(view), format);
  const t = await getFixedT(request, "kg");
  const chart = await exploreChart(
    null,
    kgId,
    state,
    view,
    (g) =>
      t(g.direction === "out" ? "explore.moreOut" : "explore.moreIn", {
        count: g.rest,
        type: g.predicate,
      }),
    t("explore.moreCategory"),
  );
  const { option, width, height } = chart.spec;
  const svg = renderChartSvg({ ...option, backgroundColor: "#ffffff" }, width, height, {
    fluid: false,
  });
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${svg}`, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Content-Disposition": `attachment; filename="explore.svg"; filename*=UTF-8''${encodeURIComponent(`explore-${view.entity.name}.svg`)}`,
      "Cache-Control": "private, no-store",
    },
  });
}
