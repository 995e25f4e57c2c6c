import { sql } from "kysely";
import type { Page } from "../../http/params.js";
import { bytewise } from "../../db/dialect.js";
import type { Db } from "../../db/store.js";
import { intList, searchColumns, textList } from "./sql.js";

export interface EventRow {
  id: number;
  graph_id: number;
  event_type_id: number | null;
  title: string;
  trigger_word: string;
  time: string | null;
  place_id: number | null;
  place: string;
  description: string;
  article_id: number | null;
  sent_start: number | null;
  sent_end: number | null;
  trigger_start: number | null;
  trigger_end: number | null;
}

const EVENT_COLUMNS = [
  "e.id",
  "e.graph_id",
  "e.event_type_id",
  "e.title",
  "e.trigger_word",
  "e.time",
  "e.place_id",
  "e.place",
  "e.description",
  "e.article_id",
  "e.sent_start",
  "e.sent_end",
  "e.trigger_start",
  "e.trigger_end",
] as const;

/** An event link's own columns; each reader adds the ends it needs. */
export interface EventLinkRow {
  id: number;
  type: string;
  strength: number;
  cue: string;
  article_id: number | null;
  sent_start: number | null;
  sent_end: number | null;
}

const LINK_COLUMNS = [
  "l.id",
  "l.type",
  "l.strength",
  "l.cue",
  "l.article_id",
  "l.sent_start",
  "l.sent_end",
] as const;

export interface EventFilter {
  /** In the title or the description (`titleOnly`: the title). */
  search?: string;
  titleOnly?: boolean;
  typeId?: number;
  /** Time at or after (compared as stored, byte by byte on both engines). */
  from?: string;
  /** Time at or before (byte by byte: "2024-05-31~" is after every time of that day). */
  to?: string;
  /** An entity uuid, or text matched against the place name. */
  place?: string;
  /** Only events that take part in at least one event link. */
  linked?: boolean;
}

/** One page of a graph's events, newest first, and how many meet the filter. */
export async function eventPage(
  db: Db,
  graphId: number,
  f: EventFilter,
  p: Page,
): Promise<{ count: number; rows: EventRow[] }> {
  const base = db
    .selectFrom("kg_events as e")
    .where("e.graph_id", "=", graphId)
    .$if(!!f.linked, (q) =>
      q.where((eb) =>
        eb.or([
          eb.exists(
            eb
              .selectFrom("kg_event_relations as l")
              .select(sql`1`.as("one"))
              .whereRef("l.source_event_id", "=", "e.id"),
          ),
          eb.exists(
            eb
              .selectFrom("kg_event_relations as l")
              .select(sql`1`.as("one"))
              .whereRef("l.target_event_id", "=", "e.id"),
          ),
        ]),
      ),
    )
    .$if(!!f.search, (q) =>
      q.where(
        searchColumns(db, f.titleOnly ? ["e.title"] : ["e.title", "e.description"], f.search!),
      ),
    )
    .$if(f.typeId !== undefined, (q) => q.where("e.event_type_id", "=", f.typeId!))
    .$if(!!f.from, (q) => q.where(bytewise(db, "e.time"), ">=", f.from!))
    .$if(!!f.to, (q) => q.where(bytewise(db, "e.time"), "<=", f.to!))
    .$if(!!f.place, (q) =>
      q.where((eb) =>
        eb.or([
          eb(
            "e.place_id",
            "in",
            eb.selectFrom("kg_entities").select("id").where("uuid", "=", f.place!),
          ),
          searchColumns(db, ["e.place"], f.place!),
        ]),
      ),
    );
  const { count } = await base
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  const rows = (await base
    .select(EVENT_COLUMNS)
    .orderBy("e.time", "desc")
    .orderBy("e.id", "desc")
    .limit(p.pageSize)
    .offset(p.offset)
    .execute()) as EventRow[];
  return { count, rows };
}

/** Event rows by id, in one statement; ids the store does not hold are left out. */
export async function eventRowsById(db: Db, ids: number[]): Promise<EventRow[]> {
  if (!ids.length) return [];
  return (await db
    .selectFrom("kg_events as e")
    .select(EVENT_COLUMNS)
    .where("e.id", "in", intList(db, ids))
    .execute()) as EventRow[];
}

/** The number of articles reporting each event (events without reports are left out). */
export async function reportCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom("kg_event_articles")
    .select((eb) => ["event_id as id", eb.fn.countAll<number>().as("n")])
    .where("event_id", "in", intList(db, ids))
    .groupBy("event_id")
    .execute();
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** The events an article reports, with the reporting sentence, in text order. */
export async function eventsReportedBy(db: Db, articleId: number) {
  return (await db
    .selectFrom("kg_event_articles as r")
    .innerJoin("kg_events as e", "e.id", "r.event_id")
    .select([...EVENT_COLUMNS, "r.sent_start as report_start", "r.sent_end as report_end"])
    .where("r.article_id", "=", articleId)
    .orderBy("r.sent_start")
    .execute()) as (EventRow & { report_start: number; report_end: number })[];
}

/** The events an entity takes part in (with its role), newest first, and how many. */
export async function eventsOfEntity(
  db: Db,
  entityId: number,
  p: Page,
): Promise<{ count: number; rows: (EventRow & { role: string })[] }> {
  const { count } = await db
    .selectFrom("kg_event_participants")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("entity_id", "=", entityId)
    .executeTakeFirstOrThrow();
  const rows = (await db
    .selectFrom("kg_event_participants as p")
    .innerJoin("kg_events as e", "e.id", "p.event_id")
    .select([...EVENT_COLUMNS, "p.role"])
    .where("p.entity_id", "=", entityId)
    .orderBy("e.time", "desc")
    .orderBy("e.id", "desc")
    .limit(p.pageSize)
    .offset(p.offset)
    .execute()) as (EventRow & { role: string })[];
  return { count, rows };
}

/** An event's participants, by role. */
export function eventParticipants(db: Db, eventId: number) {
  return db
    .selectFrom("kg_event_participants")
    .select(["entity_id", "role"])
    .where("event_id", "=", eventId)
    .orderBy("role")
    .orderBy("entity_id")
    .execute();
}

/** The articles reporting an event, oldest first, with their text (sentences are cut in JavaScript). */
export function eventReports(db: Db, eventId: number) {
  return db
    .selectFrom("kg_event_articles as r")
    .innerJoin("kg_articles as a", "a.id", "r.article_id")
    .select([
      "a.id",
      "a.title",
      "a.source",
      "a.published_at",
      "r.sent_start",
      "r.sent_end",
      "a.content",
    ])
    .where("r.event_id", "=", eventId)
    .orderBy("r.published_at")
    .orderBy("a.id")
    .execute();
}

/** An event's links on one side (its causes: `target`; its effects: `source`), strongest first. */
export async function eventLinksOf(
  db: Db,
  eventId: number,
  side: "source" | "target",
): Promise<(EventLinkRow & { other_id: number })[]> {
  const [column, other] =
    side === "target"
      ? (["l.target_event_id", "l.source_event_id"] as const)
      : (["l.source_event_id", "l.target_event_id"] as const);
  return (await db
    .selectFrom("kg_event_relations as l")
    .select([...LINK_COLUMNS, `${other} as other_id`])
    .where(column, "=", eventId)
    .orderBy("l.strength", "desc")
    .orderBy("l.id")
    .execute()) as (EventLinkRow & { other_id: number })[];
}

/** Reports per day of an event within [from, to]. */
export function eventDaily(db: Db, eventId: number, from: string, to: string) {
  return db
    .selectFrom("kg_event_daily")
    .select(["day", "reports"])
    .where("event_id", "=", eventId)
    .where("day", ">=", from)
    .where("day", "<=", to)
    .execute();
}

/** The graph an event belongs to. */
export async function graphOfEvent(db: Db, eventId: number): Promise<number | undefined> {
  return (
    await db.selectFrom("kg_events").select("graph_id").where("id", "=", eventId).executeTakeFirst()
  )?.graph_id;
}

export type LinkWithEnds = EventLinkRow & { source_event_id: number; target_event_id: number };

const linksWithEnds = (db: Db, types: string[]) =>
  db
    .selectFrom("kg_event_relations as l")
    .select([...LINK_COLUMNS, "l.source_event_id", "l.target_event_id"])
    .$if(types.length > 0, (q) => q.where("l.type", "in", textList(db, types)));

/** The links touching any of `ids` (of the given types; none: all), strongest first. */
export async function eventLinksAround(
  db: Db,
  ids: number[],
  types: string[],
): Promise<LinkWithEnds[]> {
  return (await linksWithEnds(db, types)
    .where((eb) =>
      eb.or([
        eb("l.source_event_id", "in", intList(db, ids)),
        eb("l.target_event_id", "in", intList(db, ids)),
      ]),
    )
    .orderBy("l.strength", "desc")
    .orderBy("l.id")
    .execute()) as LinkWithEnds[];
}

/** A graph's strongest links (of the given types), and how many it has of them. */
export async function strongestEventLinks(
  db: Db,
  graphId: number,
  types: string[],
  limit: number,
): Promise<{ links: LinkWithEnds[]; total: number }> {
  const links = (await linksWithEnds(db, types)
    .where("l.graph_id", "=", graphId)
    .orderBy("l.strength", "desc")
    .orderBy("l.id")
    .limit(limit)
    .execute()) as LinkWithEnds[];
  const { total } = await db
    .selectFrom("kg_event_relations as l")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("l.graph_id", "=", graphId)
    .$if(types.length > 0, (q) => q.where("l.type", "in", textList(db, types)))
    .executeTakeFirstOrThrow();
  return { links, total };
}
