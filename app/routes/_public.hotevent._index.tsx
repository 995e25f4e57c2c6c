import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireViewer } from "~/auth/guard.server";
import { HotRankingPage } from "~/components/kg/hot-ranking-page";
import { SourceLink, TypeBadge } from "~/components/kg/labels";
import { Sparkline } from "~/components/kg/sparkline";
import { kgLinks } from "~/components/kg/styles";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { listHotEvents } from "~/kg/reads.server";
import { getGraph } from "~/kg/graphs.server";
import { hotRankingView } from "~/kg/hot.server";
import { HOT_WINDOWS } from "~/kg/limits";
import { eventHref } from "~/kg/links";
import { intParam } from "~/kg/params.server";
import { titleMeta } from "~/utils/meta";
import { DataTable, rankColumn } from "~/components/ui/data-table";
import { formatDay } from "~/utils/format";
import { CompactNumber } from "~/components/ui/relative-time";
import { activeGraph } from "~/preferences.server";

export const meta = titleMeta("nav.hotevent");
export const links = kgLinks;
export const handle = { name: "HotEventPage" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const kgId = await activeGraph(request, params);
  const days = intParam(new URL(request.url), "days", HOT_WINDOWS, 7);
  const [graph, ranking] = await Promise.all([
    getGraph(viewer.api, kgId),
    listHotEvents(viewer.api, kgId, { days, limit: 20 }),
  ]);
  return data({
    kgId,
    graph,
    days,
    ...(await hotRankingView(request, ranking, days, (r) => r.event.title)),
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
      {...{ days, ranking, trend, weekly }}
    >
      <DataTable
        rows={ranking.results}
        rowKey={(r) => r.event.id}
        columns={[
          rankColumn(t("hot.rank")),
          {
            key: "event",
            header: t("hot.event"),
            cell: (r) => <Link to={eventHref(kgId, r.event.id)}>{r.event.title}</Link>,
            wrap: true,
          },
          {
            key: "type",
            header: t("events.type"),
            cell: (r) => <TypeBadge type={r.event.type} color={r.event.color} />,
          },
          { key: "time", header: t("event.time"), cell: (r) => formatDay(r.event.time) },
          {
            key: "trend",
            header: t("hot.trend"),
            cell: (r) => <Sparkline values={r.trend} color={r.event.color || undefined} />,
          },
          {
            key: "score",
            header: t("hot.reports"),
            numeric: true,
            cell: (r) => <CompactNumber value={r.score} />,
          },
          {
            key: "source",
            header: t("common.source"),
            cell: (r) => <SourceLink kgId={kgId} fact={r.event} />,
          },
        ]}
      />
    </HotRankingPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
