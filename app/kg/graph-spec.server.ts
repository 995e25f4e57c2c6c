import { graphOption, type GraphData } from "~/charts/graph-options";
import { chartSpec } from "~/charts/render.server";
import { chartScheme } from "~/preferences.server";

/** A directed graph as a chart spec of `size`, its SVG in the request's scheme (paths, explorations). */
export async function directedGraphSpec(
  request: Request | null,
  g: GraphData,
  size: { width: number; height: number },
) {
  return chartSpec(
    await chartScheme(request),
    graphOption(g, size, { directed: true }),
    size.width,
    size.height,
  );
}
