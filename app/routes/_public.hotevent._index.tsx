import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { HotRanking, KgEvent } from "@contract/kg";
import { requireViewer } from "~/auth/guard.server";
import { getSession } from "~/auth/session.server";
import { HotRankingPage } from "~/components/kg/hot-ranking-page";
import { SourceLink, TypeBadge } from "~/components/kg/labels";
import { Sparkline } from "~/components/kg/sparkline";
import { kgLinks } from "~/components/kg/styles";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { fetchOr404 } from "~/http/page.server";
import { formatDay } from "~/kg/dates";
import { activeGraphId, getGraph } from "~/kg/graphs.server";
import { hotRankingView } from "~/kg/hot.server";
import { HOT_WINDOWS } from "~/kg/limits";
import { eventHref } from "~/kg/links";
import { intParam } from "~/kg/params.server";
import { titleMeta } from "~/utils/meta";

export const meta = titleMeta("nav.hotevent");
export const links = kgLinks;
export const handle = { name: "HotEventPage" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const kgId = activeGraphId(request, params, (await getSession(request)).get("kgId"));
  const days = intParam(new URL(request.url), "days", HOT_WINDOWS, 7);
  const [graph, ranking] = await Promise.all([
    getGraph(viewer.api, kgId),
    fetchOr404<HotRanking<{ event: KgEvent }>>(viewer.api, `/kg/graphs/${kgId}/hot-events/`, {
      days,
      limit: 20,
    }),
  ]);
  return data({
    kgId,
    graph,
    days,
    ...hotRankingView(request, ranking, days, (r) => r.event.title),
  });
}

export default function HotEvents() {
  const { kgId, graph, days, ranking, trend, weekly } = useLoaderData<typeof loader>();
  const { t } = useTranslation("kg");
  return (
    <HotRankingPage
      title={t("hot.eventsTitle")}
      testId="hotevent-page"
      graphName={graph.name}
      days={days}
      ranking={ranking}
      trend={trend}
      weekly={weekly}
    >
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
    </HotRankingPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
