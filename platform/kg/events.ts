import type { PlatformContext } from "../context.js";
import { Conditions } from "./list-query.js";
import { notFound } from "../http/errors.js";
import { likePattern, type Page } from "./params.js";
import {
  entityRefs,
  EVENT_LINK_COLUMNS,
  type EventLinkRow,
  eventLinkFields,
  eventPage,
  eventRowsById,
  eventShapes,
  eventShapesById,
  NOT_FOUND,
} from "./shapes.js";

export interface EventFilters {
  search?: string;
  typeId?: number;
  /** Events on or after this day (YYYY-MM-DD); compares with the event time as stored. */
  start?: string;
  end?: string;
  /** A place: entity uuid, or text matched against the place name. */
  place?: string;
}

export function listEvents(ctx: PlatformContext, graphId: number, f: EventFilters, p: Page) {
  const where = new Conditions("e.graph_id = @graph", { graph: graphId }).search(
    ["e.title", "e.description"],
    f.search,
  );
  if (f.typeId !== undefined) where.add("e.event_type_id = @type", { type: f.typeId });
  if (f.start) where.add("e.time >= @start", { start: f.start });
  // "2024-05" and "2024-05-31" both sort below "2024-05-31~".
  if (f.end) where.add("e.time <= @end", { end: `${f.end}~` });
  if (f.place) {
    where.add(
      "(e.place_id IN (SELECT id FROM kg_entities WHERE uuid = @place) OR e.place LIKE @placeLike ESCAPE '\\')",
      { place: f.place, placeLike: likePattern(f.place) },
    );
  }
  const { count, results } = eventPage(ctx, graphId, where, p);
  const reports = reportCounts(
    ctx,
    results.map((e) => e.id),
  );
  return { count, results: results.map((e) => ({ ...e, reports: reports.get(e.id) ?? 0 })) };
}

function reportCounts(ctx: PlatformContext, ids: number[]) {
  const rows = ctx.db
    .prepare(
      "SELECT event_id AS id, count(*) AS n FROM kg_event_articles WHERE event_id IN (SELECT value FROM json_each(?)) GROUP BY event_id",
    )
    .all(JSON.stringify(ids)) as { id: number; n: number }[];
  return new Map(rows.map((r) => [r.id, r.n]));
}

interface LinkRow extends EventLinkRow {
  other_id: number;
}

/**
 * The event page: the event, its participants, the articles reporting it (its timeline,
 * oldest first, each with the reporting sentence), daily reports, causes and effects.
 */
export function eventDetail(ctx: PlatformContext, eventId: number | null, graphId?: number) {
  const db = ctx.db;
  const row = eventId === null ? undefined : eventRowsById(ctx, [eventId])[0];
  if (!row || (graphId !== undefined && row.graph_id !== graphId)) throw notFound(NOT_FOUND.event);
  const g = row.graph_id;
  const [event] = eventShapes(ctx, g, [row]);

  const participantRows = db
    .prepare(
      "SELECT entity_id, role FROM kg_event_participants WHERE event_id = ? ORDER BY role, entity_id",
    )
    .all(row.id) as { entity_id: number; role: string }[];
  const refs = entityRefs(
    ctx,
    g,
    participantRows.map((p) => p.entity_id),
  );
  const participants = participantRows.map((p) => ({
    role: p.role,
    entity: refs.get(p.entity_id)!,
  }));

  // Offsets are string (UTF-16) indices, so sentences are cut in JavaScript, not with SQL substr.
  const reports = (
    db
      .prepare(
        `SELECT a.id, a.title, a.source, a.published_at, r.sent_start, r.sent_end, a.content
           FROM kg_event_articles r JOIN kg_articles a ON a.id = r.article_id
          WHERE r.event_id = ? ORDER BY r.published_at, a.id`,
      )
      .all(row.id) as {
      id: number;
      title: string;
      source: string;
      published_at: string;
      sent_start: number;
      sent_end: number;
      content: string;
    }[]
  ).map(({ id, content, ...rest }) => ({
    article_id: id,
    ...rest,
    sentence: content.slice(rest.sent_start, rest.sent_end),
  }));

  const links = (
    column: "source_event_id" | "target_event_id",
    other: "source_event_id" | "target_event_id",
  ) =>
    db
      .prepare(
        `SELECT ${EVENT_LINK_COLUMNS}, l.${other} AS other_id
           FROM kg_event_relations l WHERE l.${column} = ? ORDER BY l.strength DESC, l.id`,
      )
      .all(row.id) as LinkRow[];
  const incoming = links("target_event_id", "source_event_id");
  const outgoing = links("source_event_id", "target_event_id");
  const otherShapes = eventShapesById(
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

  const content =
    row.article_id != null
      ? (db.prepare("SELECT content FROM kg_articles WHERE id = ?").pluck().get(row.article_id) as
          string | undefined)
      : undefined;
  const sentence =
    content !== undefined && row.sent_start != null && row.sent_end != null
      ? content.slice(row.sent_start, row.sent_end)
      : null;
  return {
    ...event,
    sentence,
    participants,
    articles: reports,
    trend: reportTrend(
      ctx,
      row.id,
      reports.map((r) => r.published_at.slice(0, 10)),
    ),
    causes: incoming.map(linkShape),
    effects: outgoing.map(linkShape),
  };
}

/** Reports per day from the first report to the last (at least a week), for the timeline chart. */
function reportTrend(ctx: PlatformContext, eventId: number, reportDays: string[]) {
  if (reportDays.length === 0) return { days: [] as string[], values: [] as number[] };
  const first = reportDays[0];
  const last = reportDays[reportDays.length - 1];
  const days: string[] = [];
  const start = Date.parse(`${first}T00:00:00Z`);
  const span = Math.max(6, Math.round((Date.parse(`${last}T00:00:00Z`) - start) / 86_400_000));
  for (let i = 0; i <= Math.min(span, 365); i++)
    days.push(new Date(start + i * 86_400_000).toISOString().slice(0, 10));
  const rows = ctx.db
    .prepare("SELECT day, reports FROM kg_event_daily WHERE event_id = ? AND day BETWEEN ? AND ?")
    .all(eventId, days[0], days[days.length - 1]) as { day: string; reports: number }[];
  const byDay = new Map(rows.map((r) => [r.day, r.reports]));
  return { days, values: days.map((d) => byDay.get(d) ?? 0) };
}
