import { Link, useLocation } from "@remix-run/react";
import IconExternalLink from "@tabler/icons-react/dist/esm/icons/IconExternalLink.mjs";
import { useTranslation } from "react-i18next";
import { AnnotatedText, TypeLegend, type TextMark } from "./annotated-text";
import { Empty, PageTitle, Section } from "./page";
import { EntityChip } from "./labels";
import { EventLinkList, EventList, RelationTable } from "./facts";
import { entityHref } from "~/kg/links";
import type { ArticleDetail } from "@contract/kg";
import { formatDay } from "~/utils/format";

/** Only web links of a stored article are offered (never javascript: or data: URLs). */
export const safeUrl = (url: string) => (/^https?:\/\//i.test(url) ? url : null);

/**
 * An article: its text with entity mentions and event triggers marked, the source sentence
 * of a fact highlighted (?sent=start-end, scrolled to by its #anchor), and what the store
 * read from it: entities, events, relations, event links.
 */
export function ArticleView({
  article,
  highlight,
  colors,
}: {
  article: ArticleDetail;
  highlight: [number, number] | null;
  colors: Record<string, string>;
}) {
  const { t } = useTranslation("kg");
  const { pathname } = useLocation();
  const kgId = article.graph_id;
  const marks: TextMark[] = article.events
    .filter((e) => e.trigger_start != null && e.trigger_end != null && e.article_id === article.id)
    .map((e) => ({
      start: e.trigger_start!,
      end: e.trigger_end!,
      kind: "trigger",
      title: `${e.type ?? ""} · ${e.title}`,
    }));
  const typeCounts = new Map<string | null, number>();
  for (const m of article.mentions)
    typeCounts.set(m.entity.type, (typeCounts.get(m.entity.type) ?? 0) + 1);
  const url = safeUrl(article.url);
  // An event's source here is the sentence of this article that reports it.
  const events = article.events.map((e) => ({
    ...e,
    article_id: article.id,
    sent_start: e.sentence_start,
    sent_end: e.sentence_end,
  }));

  return (
    <div className="kg-page" data-testid="article-page">
      <PageTitle
        title={article.title}
        sub={
          <>
            <span>{article.source}</span>
            <span>{formatDay(article.published_at)}</span>
            {url && (
              <a href={url} target="_blank" rel="noopener noreferrer nofollow">
                <IconExternalLink size={14} aria-hidden /> {t("article.original")}
              </a>
            )}
          </>
        }
        actions={[
          { to: `/${kgId}/articles`, label: t("article.backToList") },
          { to: `/${kgId}/extract?article=${article.id}`, label: t("article.analyse") },
        ]}
      />
      <div className="kg-grid-side">
        <div className="kg-page">
          <Section
            title={t("article.text")}
            extra={
              highlight && (
                <span className="notice" data-testid="highlight-notice">
                  {t("article.highlighted")}{" "}
                  <Link to={pathname}>{t("article.clearHighlight")}</Link>
                </span>
              )
            }
          >
            <TypeLegend
              items={[...typeCounts].map(([type, count]) => ({ type, count }))}
              colors={colors}
            />
            <AnnotatedText
              text={article.content}
              mentions={article.mentions.map((m) => ({
                start: m.start,
                end: m.end,
                uuid: m.entity.uuid,
                name: m.entity.name,
                type: m.entity.type,
              }))}
              marks={marks}
              highlight={highlight}
              colors={colors}
              entityHref={(uuid) => entityHref(kgId, uuid)}
              testId="article-text"
            />
          </Section>
          <Section
            title={t("article.relations", { count: article.relations.length })}
            testId="article-relations"
          >
            {article.relations.length ? (
              <RelationTable kgId={kgId} relations={article.relations} colors={colors} />
            ) : (
              <Empty>{t("common.none")}</Empty>
            )}
          </Section>
          <Section title={t("article.eventLinks", { count: article.event_relations.length })}>
            {article.event_relations.length ? (
              <EventLinkList kgId={kgId} links={article.event_relations} />
            ) : (
              <Empty>{t("common.none")}</Empty>
            )}
          </Section>
        </div>
        <aside>
          <Section
            title={t("article.entities", { count: article.entities.length })}
            testId="article-entities"
          >
            {article.entities.length ? (
              <div className="chip-cloud">
                {article.entities.map((e) => (
                  <EntityChip key={e.uuid} kgId={kgId} entity={e} colors={colors} extra={e.count} />
                ))}
              </div>
            ) : (
              <Empty>{t("common.none")}</Empty>
            )}
          </Section>
          <Section title={t("article.events", { count: events.length })} testId="article-events">
            {events.length ? (
              <EventList kgId={kgId} events={events} />
            ) : (
              <Empty>{t("common.none")}</Empty>
            )}
          </Section>
        </aside>
      </div>
    </div>
  );
}
