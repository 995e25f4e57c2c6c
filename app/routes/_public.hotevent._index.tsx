import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EChart } from "~/components/charts/chart";
import { trendOption } from "~/charts/series-options";
import { chartSpec } from "~/charts/render.server";
import { Empty, PageTitle, Section } from "~/components/kg/page";
import { SourceLink, TypeBadge } from "~/components/kg/labels";
import { Sparkline } from "~/components/kg/sparkline";
import { formatDay } from "~/kg/dates";
import { eventHref } from "~/kg/links";
import { withParams } from "~/utils/url";
import { kgLinks } from "~/components/kg/styles";
import type { HotRanking, KgEvent } from "@contract/kg";
import { activeGraphId, getGraph } from "~/kg/graphs.server";
import { requireViewer } from "~/auth/guard.server";
import { titleMeta } from "~/utils/meta";
import { getSession } from "~/auth/session.server";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { bucketDays, bucketSize } from "~/kg/hot.server";
import { intParam } from "~/kg/params.server";
import { fetchOr404 } from "~/http/page.server";

export const meta = titleMeta("nav.hotevent");
export const links = kgLinks;
export const handle = { name: "HotEventPage" };

/** The time windows offered: a week, a month, a year. */
const WINDOWS = [7, 30, 365] as const;
const TREND_LINES = 5;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const kgId = activeGraphId(request, params, (await getSession(request)).get("kgId"));
  const days = intParam(new URL(request.url), "days", WINDOWS, 7);
  const [graph, ranking] = await Promise.all([
    getGraph(viewer.api, kgId),
    fetchOr404<HotRanking<{ event: KgEvent }>>(viewer.api, `/kg/graphs/${kgId}/hot-events/`, {
      days,
      limit: 20,
    }),
  ]);
  // A year of daily counts is a comb of spikes: long windows are summed by week.
  const grouped = bucketDays(
    ranking.days,
    ranking.results.map((r) => r.trend),
    bucketSize(days),
  );
  const results = ranking.results.map((r, i) => ({ ...r, trend: grouped.series[i] }));
  const trend = chartSpec(
    request,
    trendOption(
      grouped.days,
      results.slice(0, TREND_LINES).map((r) => ({ name: r.event.title, values: r.trend })),
    ),
    1100,
    300,
  );
  return data({
    kgId,
    graph,
    days,
    ranking: { ...ranking, results },
    trend,
    weekly: bucketSize(days) > 1,
  });
}

export default function HotEvents() {
  const { kgId, graph, days, ranking, trend, weekly } = useLoaderData<typeof loader>();
  const { t } = useTranslation("kg");
  const { pathname, search } = useLocation();
  return (
    <div className="kg-page" data-testid="hotevent-page">
      <PageTitle
        title={t("hot.eventsTitle")}
        sub={
          <>
            <span>{graph.name}</span>
            {ranking.start && (
              <span>{t("hot.window", { start: ranking.start, end: ranking.end })}</span>
            )}
          </>
        }
      >
        <nav className="segmented" aria-label={t("hot.windowLabel")} data-testid="time-window">
          {WINDOWS.map((d) => (
            <Link
              key={d}
              to={withParams(pathname, search, { days: d === 7 ? undefined : d })}
              aria-current={d === days ? "true" : undefined}
            >
              {t(`hot.days${d}`)}
            </Link>
          ))}
        </nav>
      </PageTitle>
      {ranking.results.length === 0 ? (
        <Section title={t("hot.ranking")}>
          <Empty>{t("hot.none")}</Empty>
        </Section>
      ) : (
        <>
          <Section
            title={t("hot.trendTop", { count: Math.min(TREND_LINES, ranking.results.length) })}
            testId="hot-trend"
            extra={<span className="muted">{weekly ? t("hot.byWeek") : t("hot.byDay")}</span>}
          >
            <EChart
              spec={trend}
              label={t("hot.trendTop", { count: TREND_LINES })}
              testId="trend-chart"
            />
          </Section>
          <Section title={t("hot.ranking")} testId="hot-ranking">
            <div className="kg-table-wrap">
              <table className="kg-table">
                <thead>
                  <tr>
                    <th>{t("hot.rank")}</th>
                    <th>{t("hot.event")}</th>
                    <th>{t("events.type")}</th>
                    <th>{t("event.time")}</th>
                    <th>{t("hot.trend")}</th>
                    <th className="num">{t("hot.reports")}</th>
                    <th>{t("common.source")}</th>
                  </tr>
                </thead>
                <tbody>
                  {ranking.results.map((r) => (
                    <tr key={r.event.id}>
                      <td>
                        <span className={`rank rank-${r.rank}`}>{r.rank}</span>
                      </td>
                      <td className="wrap">
                        <Link to={eventHref(kgId, r.event.id)}>{r.event.title}</Link>
                      </td>
                      <td>
                        <TypeBadge type={r.event.type} color={r.event.color} />
                      </td>
                      <td>{formatDay(r.event.time)}</td>
                      <td>
                        <Sparkline values={r.trend} color={r.event.color || undefined} />
                      </td>
                      <td className="num">{r.score}</td>
                      <td>
                        <SourceLink kgId={kgId} fact={r.event} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Section>
        </>
      )}
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
