import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EChart } from "~/components/charts/chart";
import { trendOption } from "~/charts/series-options";
import { chartSpec } from "~/charts/render.server";
import { chartScheme } from "~/preferences.server";
import { Empty, PageTitle, Section } from "~/components/kg/page";
import { EntityChip, SourceLink, TypeBadge } from "~/components/kg/labels";
import { EventLinkList, EventWhenWhere, Timeline } from "~/components/kg/facts";
import { eventGraphHref, sourceHref } from "~/kg/links";
import { kgLinks } from "~/components/kg/styles";
import { getFixedT } from "~/i18next.server";
import { requireViewer } from "~/auth/guard.server";
import { dynamicTitle } from "~/utils/meta";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { loadEvent } from "~/kg/reads.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  dynamicTitle(matches, data?.event.title ?? "404");
export const links = kgLinks;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const event = await loadEvent(viewer.api, params.id ?? "");
  const t = await getFixedT(request, "kg");
  const trend = await chartSpec(
    await chartScheme(request),
    trendOption(event.trend.days, [{ name: t("hot.reports"), values: event.trend.values }], {
      area: true,
    }),
    900,
    260,
  );
  return data({ kgId: event.graph_id!, event, trend });
}

export default function HotEventDetail() {
  const { kgId, event, trend } = useLoaderData<typeof loader>();
  const { t } = useTranslation("kg");
  const source = sourceHref(kgId, event);
  return (
    <div className="kg-page" data-testid="hotevent-detail">
      <PageTitle
        title={
          <>
            {event.title} <TypeBadge type={event.type} color={event.color} />
          </>
        }
        sub={
          <>
            <EventWhenWhere event={event} kgId={kgId} />
            {event.trigger && (
              <span>
                {t("event.trigger")}：{event.trigger}
              </span>
            )}
          </>
        }
      >
        <Link to={eventGraphHref(kgId, event.id, 2)} className="kg-button light">
          {t("nav.eGraph")}
        </Link>
        <Link to={`/hotevent?id=${kgId}`} className="kg-button light">
          {t("nav.hotevent")}
        </Link>
      </PageTitle>

      <div className="kg-grid-side">
        <div className="kg-page">
          <Section title={t("event.summary")} extra={<SourceLink kgId={kgId} fact={event} />}>
            {event.description && (
              <p style={{ marginTop: 0, lineHeight: 1.7 }}>{event.description}</p>
            )}
            {event.sentence && source && (
              <blockquote className="quote" data-testid="event-sentence">
                <Link to={source}>{event.sentence}</Link>
              </blockquote>
            )}
          </Section>
          <Section title={t("event.trend")}>
            {trend.option && event.trend.days.length ? (
              <EChart spec={trend} label={t("event.trend")} testId="trend-chart" />
            ) : (
              <Empty>{t("common.none")}</Empty>
            )}
          </Section>
          <Section
            title={t("event.timeline", { count: event.articles.length })}
            testId="event-timeline"
          >
            {event.articles.length === 0 ? (
              <Empty>{t("common.none")}</Empty>
            ) : (
              <Timeline
                items={event.articles.map((a) => ({
                  key: a.article_id,
                  time: a.published_at,
                  title: (
                    <>
                      <Link to={`/${kgId}/article/${a.article_id}`}>{a.title}</Link>{" "}
                      <span className="muted">· {a.source}</span>
                    </>
                  ),
                  body: (
                    <Link
                      to={sourceHref(kgId, {
                        article_id: a.article_id,
                        sent_start: a.sent_start,
                        sent_end: a.sent_end,
                      })!}
                      className="source-link"
                    >
                      “{a.sentence}”
                    </Link>
                  ),
                }))}
              />
            )}
          </Section>
        </div>
        <aside>
          <Section
            title={t("event.participants", { count: event.participants.length })}
            testId="participants"
          >
            {event.participants.length === 0 ? (
              <Empty>{t("common.none")}</Empty>
            ) : (
              <dl className="props">
                {event.participants.map((p) => (
                  <div key={`${p.role}-${p.entity.uuid}`} style={{ display: "contents" }}>
                    <dt>{p.role}</dt>
                    <dd>
                      <EntityChip kgId={kgId} entity={p.entity} />
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </Section>
          <Section title={t("event.causes", { count: event.causes.length })} testId="causes">
            {event.causes.length === 0 ? (
              <Empty>{t("common.none")}</Empty>
            ) : (
              <EventLinkList kgId={kgId} links={event.causes} testId="cause-list" />
            )}
          </Section>
          <Section title={t("event.effects", { count: event.effects.length })} testId="effects">
            {event.effects.length === 0 ? (
              <Empty>{t("common.none")}</Empty>
            ) : (
              <EventLinkList kgId={kgId} links={event.effects} testId="effect-list" />
            )}
          </Section>
        </aside>
      </div>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
