import { Link } from "@remix-run/react";
import IconArrowRight from "@tabler/icons-react/dist/esm/icons/IconArrowRight.mjs";
import IconCalendar from "@tabler/icons-react/dist/esm/icons/IconCalendar.mjs";
import IconMapPin from "@tabler/icons-react/dist/esm/icons/IconMapPin.mjs";
import { useTranslation } from "react-i18next";
import { EntityChip, SourceLink, Strength, TypeBadge } from "./labels";
import { entityHref, eventHref } from "~/kg/links";
import type { EventLink, KgEvent, Relation } from "@contract/kg";
import { DataTable } from "~/components/ui/data-table";
import { formatDay } from "~/utils/format";

/** Relations as subject —predicate→ object rows, each with its source sentence. */
export function RelationTable({
  kgId,
  relations,
  colors,
  testId = "relations",
  scroll = false,
}: {
  kgId: number;
  relations: Relation[];
  colors?: Record<string, string>;
  testId?: string;
  /** A long list scrolls in its own box. */
  scroll?: boolean;
}) {
  const { t } = useTranslation("kg");
  return (
    <DataTable
      frame={scroll ? "scroll" : "wrap"}
      testId={testId}
      rows={relations}
      rowKey={(r) => r.id}
      columns={[
        {
          key: "subject",
          header: t("relation.subject"),
          cell: (r) =>
            r.subject ? <EntityChip kgId={kgId} entity={r.subject} colors={colors} /> : "—",
        },
        {
          key: "predicate",
          header: t("relation.predicate"),
          cell: (r) => <span className="predicate">{r.predicate}</span>,
        },
        {
          key: "object",
          header: t("relation.object"),
          cell: (r) =>
            r.object ? <EntityChip kgId={kgId} entity={r.object} colors={colors} /> : "—",
        },
        {
          key: "confidence",
          header: t("relation.confidence"),
          numeric: true,
          cell: (r) => r.confidence.toFixed(2),
        },
        {
          key: "source",
          header: t("common.source"),
          cell: (r) => <SourceLink kgId={kgId} fact={r} />,
        },
      ]}
    />
  );
}

/**
 * Event-to-event links (cause → effect, sequence, …) with strength and source sentence; on an
 * event's page each link names only the other event.
 */
export function EventLinkList({
  kgId,
  links,
  testId = "event-links",
}: {
  kgId: number;
  links: EventLink[];
  testId?: string;
}) {
  return (
    <ul className="event-links" data-testid={testId}>
      {links.map((l) => (
        <li key={l.id}>
          <span className="link-ends">
            {l.event ? (
              <>
                <span className={`link-type lt-${l.type}`}>{l.type_name}</span>
                <Link to={eventHref(kgId, l.event.id)}>{l.event.title}</Link>
              </>
            ) : (
              <>
                {l.source && <Link to={eventHref(kgId, l.source.id)}>{l.source.title}</Link>}
                <span className={`link-type lt-${l.type}`}>
                  <IconArrowRight size={14} aria-hidden /> {l.type_name}
                </span>
                {l.target && <Link to={eventHref(kgId, l.target.id)}>{l.target.title}</Link>}
              </>
            )}
          </span>
          <span className="link-meta">
            {l.cue && <span className="cue">“{l.cue}”</span>}
            <Strength value={l.strength} />
            <SourceLink kgId={kgId} fact={l} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** When and where an event happened (the place linked to its entity when `kgId` is given). */
export function EventWhenWhere({ event, kgId }: { event: KgEvent; kgId?: number }) {
  const place = event.place?.name ?? event.place_text;
  return (
    <>
      {event.time && (
        <span>
          <IconCalendar size={14} aria-hidden /> {formatDay(event.time)}
        </span>
      )}
      {place && (
        <span>
          <IconMapPin size={14} aria-hidden />{" "}
          {event.place && kgId !== undefined ? (
            <Link to={entityHref(kgId, event.place.uuid)}>{place}</Link>
          ) : (
            place
          )}
        </span>
      )}
    </>
  );
}

/** One event in a list: title, type, time, place, and its source sentence. */
export function EventItem({
  kgId,
  event,
  extra,
}: {
  kgId: number;
  event: KgEvent;
  extra?: React.ReactNode;
}) {
  const { t } = useTranslation("kg");
  return (
    <li className="event-item" data-testid="event-item">
      <div className="event-head">
        <Link to={eventHref(kgId, event.id)} className="event-title">
          {event.title}
        </Link>
        <TypeBadge type={event.type} color={event.color} />
        {event.role && <span className="role">{event.role}</span>}
      </div>
      <div className="event-meta">
        <EventWhenWhere event={event} />
        {event.trigger && (
          <span>
            {t("event.trigger")}：<b>{event.trigger}</b>
          </span>
        )}
        {event.reports !== undefined && <span>{t("event.reports", { count: event.reports })}</span>}
        <SourceLink kgId={kgId} fact={event} />
        {extra}
      </div>
      {event.description && <p className="event-desc">{event.description}</p>}
    </li>
  );
}

export function EventList({
  kgId,
  events,
  testId = "events",
}: {
  kgId: number;
  events: KgEvent[];
  testId?: string;
}) {
  return (
    <ul className="event-list" data-testid={testId}>
      {events.map((e) => (
        <EventItem key={`${e.id}-${e.role ?? ""}`} kgId={kgId} event={e} />
      ))}
    </ul>
  );
}

/** A vertical timeline: dated items, oldest first. */
export function Timeline({
  items,
  testId,
}: {
  items: { key: string | number; time: string; title: React.ReactNode; body?: React.ReactNode }[];
  testId?: string;
}) {
  return (
    <ol className="timeline" data-testid={testId}>
      {items.map((i) => (
        <li key={i.key}>
          <time>{formatDay(i.time)}</time>
          <div className="timeline-title">{i.title}</div>
          {i.body && <div className="timeline-body">{i.body}</div>}
        </li>
      ))}
    </ol>
  );
}
