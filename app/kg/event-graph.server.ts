import type { PlatformClient } from "~/platform-client/client.server";
import { bendAroundBoxes, boxGraphOption, type BoxNode } from "~/charts/graph-options";
import { chartSpec } from "../charts/render.server";
import { chartScheme } from "~/preferences.server";
import { LINK_COLORS, LINK_TYPES } from "./event-links";
import { eventHref, sourceHref } from "./links";
import type { EventGraph } from "@contract/kg";
import { orPageError } from "~/http/page.server";
import { kgApi } from "~/platform-client/kg.server";

/** ?types=cause,sequence → the known ones. */
export function linkTypesFrom(url: URL): string[] {
  const raw = url.searchParams.getAll("types").flatMap((v) => v.split(","));
  return [
    ...new Set(
      raw.filter((v): v is (typeof LINK_TYPES)[number] =>
        (LINK_TYPES as readonly string[]).includes(v),
      ),
    ),
  ];
}

/** Extra room between the layout's columns, for the link labels. */
const COLUMN_GAP = 70;

export function loadEventGraph(
  api: PlatformClient,
  kgId: number,
  q: { event?: number; hops?: number; types: string[]; limit: number },
) {
  return orPageError(
    kgApi.eventGraph(api, kgId, {
      event: q.event,
      hops: q.event ? q.hops : undefined,
      types: q.types.length ? q.types.join(",") : undefined,
      limit: q.limit,
    }),
  );
}

/**
 * The event graph as a layered diagram (causes to the left of their effects, positions
 * from the platform): boxes coloured by event type, arrows by link type, thicker for
 * stronger links, each labelled with its type and strength.
 */
export async function eventGraphChart(
  request: Request | null,
  kgId: number,
  g: EventGraph,
  nodeHref: (id: number) => string = (id) => eventHref(kgId, id),
) {
  // The layout's columns (ranks) leave just enough room for an arrow; links here carry a
  // label ("因果 0.77"), so the columns are spread apart.
  const columns = [...new Set(g.nodes.map((n) => n.x))].sort((a, b) => a - b);
  const column = new Map(columns.map((x, i) => [x, i]));
  const spread = (x: number) => x + (column.get(x) ?? 0) * COLUMN_GAP;
  const layout = {
    width: g.width + Math.max(0, columns.length - 1) * COLUMN_GAP,
    height: g.height,
  };
  const categories = new Map<string, string>();
  for (const n of g.nodes) categories.set(n.type ?? "—", n.color);
  const nodes = g.nodes.map((n): BoxNode => ({
    id: String(n.id),
    name: n.title,
    x: spread(n.x),
    y: n.y,
    width: n.width,
    height: n.height,
    shape: "rect",
    color: n.color || "#6085f2",
    category: n.type ?? "—",
    focus: n.id === g.center,
  }));
  const links = g.edges.map((e) => ({
    id: String(e.id),
    source: String(e.source),
    target: String(e.target),
    label: `${e.type_name} ${e.strength.toFixed(2)}`,
    strength: e.strength,
    color: LINK_COLORS[e.type] ?? "#868e96",
    dashed: e.type === "concurrent",
  }));
  const box = boxGraphOption(
    {
      categories: [...categories].map(([name, color]) => ({ name, color: color || undefined })),
      nodes,
      // Links that skip a column bend around the boxes between, their labels clear of them.
      links: bendAroundBoxes(nodes, links),
    },
    layout,
    { legend: true, labelsInGap: true },
  );
  return {
    spec: await chartSpec(await chartScheme(request), box.option, box.width, box.height),
    nodeHrefs: g.nodes.map((n) => nodeHref(n.id)),
    edgeHrefs: g.edges.map((e) => sourceHref(kgId, e) ?? undefined),
  };
}
