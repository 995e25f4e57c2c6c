import type { PlatformContext } from "../context.js";
import { notFound } from "../http/errors.js";
import { labelBox, layeredLayout } from "./layout.js";
import type { Page } from "./params.js";
import {
  EVENT_LINK_TYPES,
  eventLinkFields,
  eventPage,
  eventShapesById,
  NOT_FOUND,
} from "./shapes.js";
import {
  eventLinksAround,
  graphOfEvent,
  strongestEventLinks,
  type LinkWithEnds,
} from "./store/events.js";

export interface EventGraphOptions {
  /** Centre event; without it the strongest links of the graph are shown. */
  eventId?: number;
  hops: number;
  /** Link types to follow (cause, sequence, …); empty follows all. */
  types: string[];
  /** Most events in the answer. */
  limit: number;
}

type LinkRow = LinkWithEnds;

/**
 * The causal event graph: from an event, N hops over its causes and effects (both
 * directions), or the graph's strongest links; laid out in layers from causes to effects.
 */
export async function eventGraph(ctx: PlatformContext, graphId: number, o: EventGraphOptions) {
  const db = ctx.store.db;
  const hopOf = new Map<number, number>();
  const links = new Map<number, LinkRow>();
  let truncated = false;

  if (o.eventId !== undefined) {
    const owner = await graphOfEvent(db, o.eventId);
    if (owner !== graphId) throw notFound(NOT_FOUND.event);
    hopOf.set(o.eventId, 0);
    // Hop by hop (each hop one statement over the link indexes): the limit is met in order of
    // strength within a hop, which one recursive statement could not keep.
    let frontier = [o.eventId];
    for (let hop = 1; hop <= o.hops && frontier.length; hop++) {
      const next: number[] = [];
      for (const l of await eventLinksAround(db, frontier, o.types)) {
        for (const id of [l.source_event_id, l.target_event_id]) {
          if (hopOf.has(id)) continue;
          if (hopOf.size >= o.limit) {
            truncated = true;
            continue;
          }
          hopOf.set(id, hop);
          next.push(id);
        }
        if (hopOf.has(l.source_event_id) && hopOf.has(l.target_event_id)) links.set(l.id, l);
      }
      frontier = next;
    }
  } else {
    const { links: strongest, total } = await strongestEventLinks(db, graphId, o.types, o.limit);
    for (const l of strongest) {
      const added = (hopOf.has(l.source_event_id) ? 0 : 1) + (hopOf.has(l.target_event_id) ? 0 : 1);
      if (hopOf.size + added > o.limit) continue;
      hopOf.set(l.source_event_id, 0);
      hopOf.set(l.target_event_id, 0);
      links.set(l.id, l);
    }
    truncated = total > links.size;
  }

  const events = [...(await eventShapesById(ctx, graphId, [...hopOf.keys()])).values()];
  const boxes = new Map(events.map((e) => [e.id, labelBox(e.title)]));
  const edgeList = [...links.values()];
  const layout = layeredLayout(
    events.map((e) => ({ id: String(e.id), ...boxes.get(e.id)! })),
    edgeList.map((l) => ({
      id: String(l.id),
      source: String(l.source_event_id),
      target: String(l.target_event_id),
    })),
    "LR",
  );
  return {
    center: o.eventId ?? null,
    hops: o.eventId !== undefined ? o.hops : null,
    truncated,
    width: layout.width,
    height: layout.height,
    link_types: Object.entries(EVENT_LINK_TYPES).map(([key, name]) => ({ key, name })),
    nodes: events.map((e) => ({
      id: e.id,
      title: e.title,
      type: e.type,
      type_id: e.type_id,
      color: e.color,
      time: e.time,
      place: e.place?.name ?? (e.place_text || null),
      article_id: e.article_id,
      sent_start: e.sent_start,
      sent_end: e.sent_end,
      hop: hopOf.get(e.id)!,
      ...layout.positions.get(String(e.id))!,
      ...boxes.get(e.id)!,
    })),
    edges: edgeList.map((l) => ({
      id: l.id,
      source: l.source_event_id,
      target: l.target_event_id,
      ...eventLinkFields(l),
      points: layout.points.get(String(l.id)) ?? [],
    })),
  };
}

/** Events that take part in at least one event link: the picker of the public event-graph page. */
export async function linkedEvents(
  ctx: PlatformContext,
  graphId: number,
  search: string | undefined,
  p: Page,
) {
  const { count, results } = await eventPage(
    ctx,
    graphId,
    { linked: true, search, titleOnly: true },
    p,
  );
  return {
    count,
    results: results.map((e) => ({
      id: e.id,
      title: e.title,
      type: e.type,
      time: e.time,
      color: e.color,
    })),
  };
}
