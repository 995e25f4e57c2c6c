import type { Expansion, ExpansionEdge } from "@contract/explore";
import type { PlatformClient } from "~/platform-client/client.server";
import { colorFor } from "~/charts/theme";
import type { GraphData } from "~/charts/graph-options";
import { directedGraphSpec } from "./graph-spec.server";
import { orPageError } from "~/http/page.server";
import { kgApi } from "~/platform-client/kg.server";
import { getFixedT } from "~/i18next.server";
import {
  explore,
  exploreHref,
  ExploreStateError,
  parseExploreState,
  type ExploreExpansion,
  type ExploreState,
} from "./explore-state";
import { radialLayout } from "./explore-layout";
import { sourceHref } from "./links";
import { loadGraphEntity } from "./reads.server";

/** Most nodes an exploration reads: past it no further expansion is applied, and the page says so. */
export const VIEW_NODE_CAP = 2000;
/** Most nodes the picture draws (the server's SVG and the live chart): the list has them all. */
export const DRAW_CAP = 300;

export interface ViewEntity {
  uuid: string;
  name: string;
  type: string | null;
  color: string;
}

/** What is left of one relation type and direction of an expanded node: a "+N more". */
export interface MoreGroup {
  type: number;
  predicate: string;
  direction: "out" | "in";
  total: number;
  rest: number;
}

export interface ViewNode extends ViewEntity {
  /** The node whose expansion added it (null: the entity explored from). */
  via: string | null;
  /** One of its expansions is applied (it is neither collapsed nor hidden, and is in the view). */
  expanded: boolean;
  collapsed: boolean;
  /** Groups of an expanded node with relations not yet shown. */
  more: MoreGroup[];
}

export interface ExploreView {
  entity: ViewEntity;
  pin: string;
  /** The shown nodes in the order they were added: the entity first. */
  nodes: ViewNode[];
  /** The shown relations, in the order they were read. */
  edges: ExpansionEdge[];
  hiddenNodes: ViewEntity[];
  /** The relation types of the relations read, with how many, and whether the view hides them. */
  types: { id: number; name: string; count: number; hidden: boolean }[];
  /** Expansions of nodes the view does not show (collapsed, hidden or no longer reached). */
  waiting: number;
  /** VIEW_NODE_CAP reached: later expansions were not applied. */
  capped: boolean;
}

const groupKey = (type: number, direction: string) => `${type}~${direction}`;
const entityOf = (e: ViewEntity): ViewEntity => ({
  uuid: e.uuid,
  name: e.name,
  type: e.type,
  color: e.color ?? "",
});

/**
 * The view an exploration's state describes, read from the platform: starting with the
 * entity, each expansion whose node is in the view (and not collapsed or hidden) adds its
 * neighbours, `budget` × batches relations at most (…/expand/). An expansion of one type and
 * direction goes on where the node's all-types expansion stopped, so "+N more" brings new
 * neighbours. Then the hidden relation types and nodes are left out, with what only they
 * connected.
 */
export async function loadExploration(
  api: PlatformClient,
  kgId: number,
  s: ExploreState,
): Promise<ExploreView> {
  const root = await loadGraphEntity(api, kgId, s.entity);
  const nodes = new Map<string, ViewEntity & { via: string | null }>([
    [root.uuid, { ...entityOf(root), via: null }],
  ]);
  const edges = new Map<number, ExpansionEdge>();
  const groups = new Map<string, Map<string, MoreGroup & { covered: number }>>();
  const blocked = new Set([...s.collapsed, ...s.hidden]);
  const applied = new Set<ExploreExpansion>();
  let pending = [...s.expand];
  let capped = false;

  const read = async (e: ExploreExpansion) => {
    const base = s.expand.find(
      (b) => b.node === e.node && b.type === null && b.direction === "any",
    );
    const offset =
      e.type !== null && e.direction !== "any" && base && applied.has(base)
        ? (groups.get(e.node)?.get(groupKey(e.type, e.direction))?.covered ?? 0)
        : 0;
    return orPageError(
      kgApi.expand(api, kgId, {
        entity: e.node,
        type: e.type ?? undefined,
        direction: e.direction,
        offset: offset || undefined,
        limit: s.budget * e.batches,
      }),
    );
  };
  const merge = (e: ExploreExpansion, x: Expansion) => {
    applied.add(e);
    const own = groups.get(e.node) ?? new Map();
    groups.set(e.node, own);
    for (const g of x.groups) {
      const key = groupKey(g.type_id, g.direction);
      const known = own.get(key) ?? {
        type: g.type_id,
        predicate: g.predicate,
        direction: g.direction,
        total: g.total,
        rest: g.total,
        covered: 0,
      };
      if (g.selected) known.covered = Math.max(known.covered, g.from + g.shown);
      known.rest = known.total - known.covered;
      own.set(key, known);
    }
    for (const n of x.neighbours)
      if (!nodes.has(n.uuid)) nodes.set(n.uuid, { ...entityOf(n as ViewEntity), via: e.node });
    for (const edge of x.edges) edges.set(edge.id, edge);
  };

  // Rounds: an expansion waits for its node to be added by an earlier one; in each round the
  // all-types expansions go first, so the typed ones know where to go on from.
  while (pending.length && !capped) {
    const ready = pending.filter((e) => nodes.has(e.node) && !blocked.has(e.node));
    if (!ready.length) break;
    for (const phase of [
      ready.filter((e) => e.type === null),
      ready.filter((e) => e.type !== null),
    ]) {
      const answers = await Promise.all(phase.map(read));
      phase.forEach((e, i) => merge(e, answers[i]));
    }
    pending = pending.filter((e) => !applied.has(e));
    if (nodes.size >= VIEW_NODE_CAP) capped = pending.length > 0;
  }

  // What is shown: no hidden type, no hidden node, and no node that only they connected.
  const hiddenTypes = new Set(s.hiddenTypes);
  const hidden = new Set(s.hidden.filter((u) => u !== root.uuid));
  const shownEdges = [...edges.values()].filter(
    (e) => !hiddenTypes.has(e.predicate_id) && !hidden.has(e.source) && !hidden.has(e.target),
  );
  const linked = new Set([root.uuid, ...shownEdges.flatMap((e) => [e.source, e.target])]);
  const expandedNodes = new Set([...applied].map((e) => e.node));
  const shown: ViewNode[] = [...nodes.values()]
    .filter((n) => linked.has(n.uuid) && !hidden.has(n.uuid))
    .map((n) => ({
      ...n,
      expanded: expandedNodes.has(n.uuid),
      collapsed: s.collapsed.includes(n.uuid),
      more: [...(groups.get(n.uuid)?.values() ?? [])]
        .filter((g) => g.rest > 0 && !hiddenTypes.has(g.type))
        .map(({ covered: _, ...g }) => g),
    }));
  const counts = new Map<number, { id: number; name: string; count: number; hidden: boolean }>();
  for (const e of edges.values()) {
    const c = counts.get(e.predicate_id) ?? {
      id: e.predicate_id,
      name: e.predicate,
      count: 0,
      hidden: hiddenTypes.has(e.predicate_id),
    };
    c.count++;
    counts.set(e.predicate_id, c);
  }
  const shownIds = new Set(shown.map((n) => n.uuid));
  return {
    entity: entityOf(root),
    pin: s.pin && shownIds.has(s.pin) ? s.pin : root.uuid,
    nodes: shown,
    edges: shownEdges.filter((e) => shownIds.has(e.source) && shownIds.has(e.target)),
    hiddenNodes: s.hidden.flatMap((u) => {
      const n = nodes.get(u);
      return n ? [entityOf(n)] : [];
    }),
    types: [...counts.values()],
    waiting: s.expand.length - applied.size,
    capped,
  };
}

/** The link of a node's "+N more" of one group: the next batch of that group. */
export const moreHref = (kgId: number, s: ExploreState, node: string, g: MoreGroup) =>
  exploreHref(kgId, explore.more(s, node, g.type, g.direction));

/**
 * The picture: at most DRAW_CAP nodes (the first added), each expanded node's "+N more"
 * groups as small grey nodes that open the next batch. A node's click expands it, or folds it
 * away when it is expanded; a relation's click opens its sentence.
 */
/** What the view shows, as a saved view keeps it and a download exports it. */
export const exploreShown = (v: ExploreView) => ({
  entities: v.nodes.map((n) => n.uuid),
  relations: v.edges.map((e) => e.id),
});

/** The view's state from a query, or the page's 400 naming the parameter that does not parse. */
export async function exploreStateOr400(request: Request, query: URLSearchParams) {
  try {
    return parseExploreState(query);
  } catch (e) {
    if (!(e instanceof ExploreStateError)) throw e;
    const t = await getFixedT(request, "kg");
    throw new Response(t("explore.badState", { param: e.param }), { status: 400 });
  }
}

export async function exploreChart(
  /** The page's request (its scheme), or null for a download (light). */
  request: Request | null,
  kgId: number,
  s: ExploreState,
  v: ExploreView,
  label: (g: MoreGroup) => string,
  moreCategory: string,
) {
  const drawn = v.nodes.slice(0, DRAW_CAP);
  const ids = new Set(drawn.map((n) => n.uuid));
  const edges = v.edges.filter((e) => ids.has(e.source) && ids.has(e.target));
  const more = drawn.flatMap((n) =>
    n.more.map((g) => ({ id: `more~${n.uuid}~${groupKey(g.type, g.direction)}`, node: n, g })),
  );
  const links = [
    ...edges.map((e) => ({
      id: String(e.id),
      source: e.source,
      target: e.target,
      label: e.predicate,
    })),
    ...more.map((m) => ({ id: m.id, source: m.node.uuid, target: m.id, dashed: true })),
  ];
  const at = radialLayout(
    [...drawn.map((n) => n.uuid), ...more.map((m) => m.id)],
    links,
    ids.has(v.pin) ? v.pin : v.entity.uuid,
  );
  const categories = new Map<string, string>();
  for (const n of drawn) categories.set(n.type ?? "—", colorFor(n.type, n.color));
  if (more.length) categories.set(moreCategory, "#868e96");
  const g: GraphData = {
    categories: [...categories].map(([name, color]) => ({ name, color })),
    nodes: [
      ...drawn.map((n) => ({
        id: n.uuid,
        name: n.name,
        category: n.type ?? "—",
        ...at.get(n.uuid)!,
        size: n.uuid === v.pin ? 34 : n.expanded ? 24 : 16,
        important: n.uuid === v.pin || n.expanded,
        note: n.type ?? undefined,
      })),
      ...more.map((m) => ({
        id: m.id,
        name: label(m.g),
        category: moreCategory,
        ...at.get(m.id)!,
        size: 12,
        note: label(m.g),
      })),
    ],
    links,
  };
  const size = { width: 1000, height: drawn.length + more.length > 40 ? 640 : 480 };
  return {
    spec: await directedGraphSpec(request, g, size),
    nodeHrefs: [
      ...drawn.map((n) =>
        exploreHref(kgId, n.expanded ? explore.collapse(s, n.uuid) : explore.expand(s, n.uuid)),
      ),
      ...more.map((m) => moreHref(kgId, s, m.node.uuid, m.g)),
    ],
    edgeHrefs: [
      ...edges.map((e) => sourceHref(kgId, e) ?? undefined),
      ...more.map(() => undefined),
    ],
    drawn: drawn.length,
  };
}
