import type { PlatformContext } from "../context.js";
import { notFound } from "../http/errors.js";
import type { Page } from "./params.js";
import {
  entityRefs,
  type EventLinkRow,
  eventLinkFields,
  eventPage,
  eventRowsById,
  eventShapes,
  eventShapesById,
  NOT_FOUND,
  requireGraph,
} from "./shapes.js";
import { articleContent } from "./store/articles.js";
import {
  eventDaily,
  eventLinksOf,
  eventParticipants,
  eventReports,
  reportCounts,
} from "./store/events.js";

export interface EventFilters {
  search?: string;
  typeId?: number;
  /** Events on or after this day (YYYY-MM-DD); compares with the event time as stored. */
  start?: string;
  end?: string;
  /** A place: entity uuid, or text matched against the place name. */
  place?: string;
}

export async function listEvents(ctx: PlatformContext, graphId: number, f: EventFilters, p: Page) {
  const { count, results } = await eventPage(
    ctx,
    graphId,
    {
      search: f.search,
      typeId: f.typeId,
      from: f.start,
      // "2024-05" and "2024-05-31" both sort below "2024-05-31~".
      to: f.end ? `${f.end}~` : undefined,
      place: f.place,
    },
    p,
  );
  const reports = await reportCounts(
    ctx.store.db,
    results.map((e) => e.id),
  );
  return { count, results: results.map((e) => ({ ...e, reports: reports.get(e.id) ?? 0 })) };
}

type LinkRow = EventLinkRow & { other_id: number };

/**
 * The event page: the event, its participants, the articles reporting it (its timeline,
 * oldest first, each with the reporting sentence), daily reports, causes and effects.
 */
export async function eventDetail(ctx: PlatformContext, eventId: number | null, graphId?: number) {
  const db = ctx.store.db;
  const row = eventId === null ? undefined : (await eventRowsById(ctx, [eventId]))[0];
  if (!row || (graphId !== undefined && row.graph_id !== graphId)) throw notFound(NOT_FOUND.event);
  const g = row.graph_id;
  if (graphId === undefined) await requireGraph(ctx, g);
  const [event] = await eventShapes(ctx, g, [row]);

  const participantRows = await eventParticipants(db, row.id);
  const refs = await entityRefs(
    ctx,
    g,
    participantRows.map((p) => p.entity_id),
  );
  const participants = participantRows.map((p) => ({
    role: p.role,
    entity: refs.get(p.entity_id)!,
  }));

  // Offsets are string (UTF-16) indices, so sentences are cut in JavaScript, not with SQL substr.
  const reports = (await eventReports(db, row.id)).map(({ id, content, ...rest }) => ({
    article_id: id,
    ...rest,
    sentence: content.slice(rest.sent_start, rest.sent_end),
  }));

  const incoming = await eventLinksOf(db, row.id, "target");
  const outgoing = await eventLinksOf(db, row.id, "source");
  const otherShapes = await eventShapesById(
    ctx,
    g,
    [...incoming, ...outgoing].map((l) => l.other_id),
  );
  const linkShape = (l: LinkRow) => {
    const o = otherShapes.get(l.other_id)!;
    return {
      id: l.id,
      ...eventLinkFields(l),
      event: { id: o.id, title: o.title, type: o.type, time: o.time },
    };
  };

  const content = row.article_id != null ? await articleContent(db, row.article_id) : undefined;
  const sentence =
    content !== undefined && row.sent_start != null && row.sent_end != null
      ? content.slice(row.sent_start, row.sent_end)
      : null;
  return {
    ...event,
    sentence,
    participants,
    articles: reports,
    trend: await reportTrend(
      ctx,
      row.id,
      reports.map((r) => r.published_at.slice(0, 10)),
    ),
    causes: incoming.map(linkShape),
    effects: outgoing.map(linkShape),
  };
}

/** Reports per day from the first report to the last (at least a week), for the timeline chart. */
async function reportTrend(ctx: PlatformContext, eventId: number, reportDays: string[]) {
  if (reportDays.length === 0) return { days: [] as string[], values: [] as number[] };
  const first = reportDays[0];
  const last = reportDays[reportDays.length - 1];
  const days: string[] = [];
  const start = Date.parse(`${first}T00:00:00Z`);
  const span = Math.max(6, Math.round((Date.parse(`${last}T00:00:00Z`) - start) / 86_400_000));
  for (let i = 0; i <= Math.min(span, 365); i++)
    days.push(new Date(start + i * 86_400_000).toISOString().slice(0, 10));
  const rows = await eventDaily(ctx.store.db, eventId, days[0], days[days.length - 1]);
  const byDay = new Map(rows.map((r) => [r.day, r.reports]));
  return { days, values: days.map((d) => byDay.get(d) ?? 0) };
}
