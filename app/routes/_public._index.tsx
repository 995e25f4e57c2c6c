import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EChart } from "~/components/charts/chart";
import { barOption } from "~/charts/series-options";
import { chartSpec } from "~/charts/render.server";
import { chartScheme } from "~/preferences.server";
import { Empty, PageTitle, Section, Stat } from "~/components/kg/page";
import { Separated } from "~/components/ui/separated";
import { EntityChip, TypeBadge } from "~/components/kg/labels";
import { Sparkline } from "~/components/kg/sparkline";
import { articleHref, eventHref } from "~/kg/links";
import { kgLinks } from "~/components/kg/styles";
import type { GraphOverview } from "@contract/kg";
import { requireViewer } from "~/auth/guard.server";
import { titleMeta } from "~/utils/meta";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { loadOverview } from "~/kg/reads.server";
import { formatDay } from "~/utils/format";
import { activeGraph } from "~/preferences.server";

export const meta = titleMeta("nav.home");
export const links = kgLinks;
export const handle = { name: "home" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const kgId = await activeGraph(request, params);
  const overview = await loadOverview(viewer.api, kgId);
  const bars = (items: GraphOverview["entity_types"]) =>
    barOption(
      items.slice(0, 12).map((i) => ({ name: i.type ?? "—", value: i.count, color: i.color })),
    );
  return data({
    kgId: overview.graph.id,
    overview,
    entityTypes: await chartSpec(await chartScheme(request), bars(overview.entity_types), 560, 320),
    eventTypes: await chartSpec(await chartScheme(request), bars(overview.event_types), 560, 320),
  });
}

export default function Home() {
  const { kgId, overview, entityTypes, eventTypes } = useLoaderData<typeof loader>();
  const { t } = useTranslation("kg");
  const { graph, hot_events: hotEvents, hot_entities: hotEntities } = overview;
  const c = graph.counts;
  const military = graph.domain === "military";
  const colors = Object.fromEntries(
    overview.entity_types.filter((x) => x.type && x.color).map((x) => [x.type!, x.color]),
  );
  return (
    <div className="kg-page" data-testid="home">
      <PageTitle
        title={
          <>
            {graph.name}{" "}
            <span className="domain-tag" data-domain={graph.domain}>
              {graph.domain_name ?? graph.domain}
            </span>
          </>
        }
        sub={graph.description}
      >
        <Link to={`/${kgId}/extract`} className="kg-button">
          {t("home.analyse")}
        </Link>
      </PageTitle>

      <div className="stats" data-testid="counts">
        <Separated>
          <Stat label={t("counts.articles")} value={c.articles} to={`/${kgId}/articles`} />
          <Stat label={t("counts.entities")} value={c.entities} to={`/hotentity?id=${kgId}`} />
          <Stat label={t("counts.relations")} value={c.relations} />
          <Stat label={t("counts.events")} value={c.events} to={`/${kgId}/event`} />
          <Stat
            label={t("counts.eventRelations")}
            value={c.event_relations}
            to={`/eeg?id=${kgId}`}
          />
          <Stat
            label={t("counts.flows")}
            value={c.flows}
            to={military || c.flows ? `/${kgId}/flowchart` : undefined}
          />
        </Separated>
      </div>

      <div className="kg-grid-2">
        <Section
          title={t("home.hotEvents", { days: 30 })}
          testId="hot-events"
          extra={<Link to={`/hotevent?id=${kgId}&days=30`}>{t("common.more")}</Link>}
        >
          {hotEvents.results.length === 0 ? (
            <Empty>{t("hot.none")}</Empty>
          ) : (
            <ol className="rank-list">
              {hotEvents.results.map((r) => (
                <li key={r.event.id}>
                  <span className={`rank rank-${r.rank}`}>{r.rank}</span>
                  <div className="rank-main">
                    <Link to={eventHref(kgId, r.event.id)}>{r.event.title}</Link>
                    <div className="rank-meta">
                      <TypeBadge type={r.event.type} color={r.event.color} />{" "}
                      {formatDay(r.event.time)}
                    </div>
                  </div>
                  <Sparkline values={r.trend} color={r.event.color || undefined} />
                  <span className="rank-score" title={t("hot.reports")}>
                    {r.score}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </Section>
        <Section
          title={t("home.hotEntities", { days: 30 })}
          testId="hot-entities"
          extra={<Link to={`/hotentity?id=${kgId}&days=30`}>{t("common.more")}</Link>}
        >
          {hotEntities.results.length === 0 ? (
            <Empty>{t("hot.none")}</Empty>
          ) : (
            <div className="chip-cloud">
              {hotEntities.results.map((r) => (
                <EntityChip
                  key={r.entity.uuid}
                  kgId={kgId}
                  entity={r.entity}
                  colors={colors}
                  extra={r.score}
                />
              ))}
            </div>
          )}
        </Section>
      </div>

      <div className="kg-grid-2">
        <Section title={t("home.entityTypes")}>
          {overview.entity_types.length ? (
            <EChart spec={entityTypes} label={t("home.entityTypes")} />
          ) : (
            <Empty>{t("common.none")}</Empty>
          )}
        </Section>
        <Section title={t("home.eventTypes")}>
          {overview.event_types.length ? (
            <EChart spec={eventTypes} label={t("home.eventTypes")} />
          ) : (
            <Empty>{t("common.none")}</Empty>
          )}
        </Section>
      </div>

      <Section
        title={t("home.recentArticles")}
        testId="recent-articles"
        extra={<Link to={`/${kgId}/articles`}>{t("common.more")}</Link>}
      >
        {overview.recent_articles.length === 0 ? (
          <Empty>{t("articles.none")}</Empty>
        ) : (
          <ul className="article-list">
            {overview.recent_articles.map((a) => (
              <li key={a.id}>
                <Link to={articleHref(kgId, a.id)} className="article-title">
                  {a.title}
                </Link>
                <div className="article-meta">
                  {a.source} · {formatDay(a.published_at)}
                </div>
                {a.summary && <p className="article-summary">{a.summary}</p>}
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
