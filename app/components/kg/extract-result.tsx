import { Link } from "@remix-run/react";
import { IntentForm } from "~/components/ui/intent-form";
import { useTranslation } from "react-i18next";
import { GraphChart } from "../charts/graph-chart";
import type { ChartSpec } from "~/charts/theme";
import { AnnotatedText, TypeLegend, type TextMark } from "./annotated-text";
import { Empty, ListSection, Section } from "./page";
import type { ReactNode } from "react";
import { EntityChip, SourceLink, TypeBadge } from "./labels";
import { articleHref, entityHref } from "~/kg/links";
import type { ExtractResult } from "@contract/kg";
import { DataTable } from "~/components/ui/data-table";

export interface ExtractView {
  text: string;
  result: ExtractResult;
  article: { id: number; title: string } | null;
  graph: { spec: ChartSpec; nodeHrefs: string[] } | null;
  colors: Record<string, string>;
}

/**
 * What an analysis found: the text with entities (by type), event triggers and causal
 * spans marked; the entities, events with their arguments (and how likely each is reported),
 * the relations its sentences state (by the patterns learnt from the graph), causal pairs,
 * and a small graph of the entities and their relations.
 */
export function ExtractResultView({
  kgId,
  view,
  canReport = false,
}: {
  kgId: number;
  view: ExtractView;
  /** Offer to report each extracted relation (the reader may create feedback). */
  canReport?: boolean;
}) {
  const { t } = useTranslation("kg");
  const { text, result: r, colors } = view;
  const slice = (a: number, b: number) => text.slice(a, b);
  const marks: TextMark[] = [
    ...r.events.map((e) => ({
      start: e.start,
      end: e.end,
      kind: "trigger" as const,
      title: `${e.type} · ${e.trigger}`,
    })),
    ...r.causal.flatMap((c) => [
      { start: c.cause_start, end: c.cause_end, kind: "cause" as const, title: t("extract.cause") },
      {
        start: c.effect_start,
        end: c.effect_end,
        kind: "effect" as const,
        title: t("extract.effect"),
      },
    ]),
  ];
  const byType = new Map<
    string | null,
    Map<string, { uuid: string; name: string; type: string | null; count: number }>
  >();
  for (const e of r.entities) {
    const group = byType.get(e.type) ?? new Map();
    const had = group.get(e.entity_id);
    group.set(e.entity_id, {
      uuid: e.entity_id,
      name: e.name,
      type: e.type,
      count: (had?.count ?? 0) + 1,
    });
    byType.set(e.type, group);
  }
  const typeCounts = [...byType].map(([type, group]) => ({
    type,
    count: [...group.values()].reduce((n, x) => n + x.count, 0),
  }));

  return (
    <div className="kg-page" data-testid="extract-result">
      <p className="muted" style={{ margin: 0 }} data-testid="extract-stats">
        {view.article && (
          <>
            {t("extract.ofArticle")}{" "}
            <Link to={articleHref(kgId, view.article.id)}>{view.article.title}</Link> ·{" "}
          </>
        )}
        {t("extract.stats", {
          characters: r.stats.characters,
          sentences: r.stats.sentences,
          entities: r.entities.length,
          events: r.events.length,
          relations: r.relations.length,
          causal: r.causal.length,
          ms: r.stats.elapsed_ms,
        })}
      </p>
      <Section title={t("extract.marked")} testId="extract-text">
        <TypeLegend items={typeCounts} colors={colors} />
        <div className="legend-inline" style={{ marginBottom: 8 }}>
          <span className="tm-trigger">{t("extract.triggerLegend")}</span>
          <span className="tm-cause">{t("extract.cause")}</span>
          <span className="tm-effect">{t("extract.effect")}</span>
        </div>
        <AnnotatedText
          text={text}
          mentions={r.entities.map((e) => ({
            start: e.start,
            end: e.end,
            uuid: e.entity_id,
            name: e.name,
            type: e.type,
          }))}
          marks={marks}
          colors={colors}
          entityHref={(uuid) => entityHref(kgId, uuid)}
        />
      </Section>

      <div className="kg-grid-2">
        <Section
          title={t("extract.entities", { count: r.entities.length })}
          testId="extract-entities"
        >
          {byType.size === 0 ? (
            <Empty>{t("extract.noEntities")}</Empty>
          ) : (
            <dl className="props">
              {[...byType].map(([type, group]) => (
                <div key={type ?? "-"} style={{ display: "contents" }}>
                  <dt>
                    <TypeBadge type={type ?? "—"} color={type ? colors[type] : undefined} />
                  </dt>
                  <dd className="chip-cloud">
                    {[...group.values()].map((e) => (
                      <EntityChip
                        key={e.uuid}
                        kgId={kgId}
                        entity={{ ...e, type_id: null }}
                        colors={colors}
                        extra={e.count > 1 ? e.count : undefined}
                      />
                    ))}
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </Section>
        <Section title={t("extract.graph")} testId="extract-graph">
          {view.graph ? (
            <GraphChart
              spec={view.graph.spec}
              label={t("extract.graph")}
              nodeHrefs={view.graph.nodeHrefs}
              fileName="analysis"
              testId="graph-chart"
            />
          ) : (
            <Empty>{t("extract.noGraph")}</Empty>
          )}
        </Section>
      </div>

      <Section title={t("extract.events", { count: r.events.length })} testId="extract-events">
        {r.events.length === 0 ? (
          <Empty>{t("extract.noEvents")}</Empty>
        ) : (
          <DataTable
            rows={r.events}
            rowKey={(e) => `${e.start}-${e.end}`}
            columns={[
              {
                key: "trigger",
                header: t("event.trigger"),
                cell: (e) => <b className="tm-trigger">{e.trigger}</b>,
              },
              { key: "type", header: t("events.type"), cell: (e) => <TypeBadge type={e.type} /> },
              {
                key: "arguments",
                header: t("extract.arguments"),
                wrap: true,
                cell: (e) =>
                  e.arguments.length === 0
                    ? "—"
                    : e.arguments.map((a) => (
                        <span
                          key={`${a.role}-${a.start}`}
                          style={{ marginRight: 10, whiteSpace: "nowrap" }}
                        >
                          <span className="muted">{a.role_name}：</span>
                          <MaybeEntityLink kgId={kgId} text={a.text} id={a.entity_id} />
                        </span>
                      )),
              },
              {
                key: "time",
                header: t("event.time"),
                cell: (e) =>
                  e.time
                    ? `${e.time.text}${e.time.value !== e.time.text ? ` (${e.time.value})` : ""}`
                    : "—",
              },
              {
                key: "confidence",
                header: t("extract.confidence"),
                cell: (e) => e.confidence.toFixed(2),
              },
              {
                key: "place",
                header: t("events.place"),
                cell: (e) =>
                  e.place ? (
                    <MaybeEntityLink kgId={kgId} text={e.place.text} id={e.place.entity_id} />
                  ) : (
                    "—"
                  ),
              },
              {
                key: "sentence",
                header: t("extract.sentence"),
                wrap: true,
                cell: (e) => (
                  <span style={{ display: "block", minWidth: 240 }}>
                    {slice(e.sentence_start, e.sentence_end)}
                  </span>
                ),
              },
            ]}
          />
        )}
      </Section>

      <div className="kg-grid-2">
        <LinksSection of="relations" items={r.relations}>
          {(x) => (
            <li
              key={`${x.subject.uuid}-${x.predicate}-${x.object.uuid}`}
              title={t("extract.basis", {
                sentence: slice(x.text_sentence.start, x.text_sentence.end),
                pattern: x.pattern,
              })}
            >
              <span className="link-ends">
                <Link to={entityHref(kgId, x.subject.uuid)}>{x.subject.name}</Link>
                <span className="predicate">{x.predicate}</span>
                <Link to={entityHref(kgId, x.object.uuid)}>{x.object.name}</Link>
              </span>
              <span className="link-meta">
                <span aria-label={t("extract.confidence")}>{x.confidence.toFixed(2)}</span>
                {x.id === null ? (
                  <span className="muted">{t("extract.newFact")}</span>
                ) : (
                  <SourceLink kgId={kgId} fact={x} />
                )}
                {canReport && (
                  <IntentForm
                    intent="report"
                    className="inline-form"
                    fields={{
                      sentence: slice(x.text_sentence.start, x.text_sentence.end),
                      subject: x.subject.uuid,
                      predicate: x.predicate,
                      object: x.object.uuid,
                      article_id: view.article?.id,
                    }}
                  >
                    <button
                      type="submit"
                      className="kg-button light"
                      aria-label={t("extract.reportLabel", {
                        subject: x.subject.name,
                        predicate: x.predicate,
                        object: x.object.name,
                      })}
                    >
                      {t("extract.report")}
                    </button>
                  </IntentForm>
                )}
              </span>
            </li>
          )}
        </LinksSection>
        <LinksSection of="causal" items={r.causal}>
          {(c) => (
            <li key={c.start}>
              <span className="link-ends">
                <span className="tm-cause">{c.cause}</span>
                <span className="link-type lt-cause">→ {c.cue}</span>
                <span className="tm-effect">{c.effect}</span>
              </span>
            </li>
          )}
        </LinksSection>
      </div>
    </div>
  );
}

/** The relations or the cause–effect links found: a titled list of them, or that there are none. */
function LinksSection<T>({
  of,
  items,
  children,
}: {
  of: "relations" | "causal";
  items: T[];
  children: (item: T) => ReactNode;
}) {
  const { t } = useTranslation("kg");
  return (
    <ListSection
      title={t(`extract.${of}`, { count: items.length })}
      testId={`extract-${of}`}
      items={items}
      empty={t(of === "relations" ? "extract.noRelations" : "extract.noCausal")}
      className="event-links"
    >
      {children}
    </ListSection>
  );
}

/** A mention's text, linked to its entity when it was resolved to one. */
function MaybeEntityLink({ kgId, text, id }: { kgId: number; text: string; id?: string | null }) {
  return id ? <Link to={entityHref(kgId, id)}>{text}</Link> : <>{text}</>;
}
