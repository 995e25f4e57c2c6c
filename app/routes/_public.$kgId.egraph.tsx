import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import IconSearch from "@tabler/icons-react/dist/esm/icons/IconSearch.mjs";
import { useTranslation } from "react-i18next";
import { Empty, PageTitle, Section } from "~/components/kg/page";
import { TypeBadge } from "~/components/kg/labels";
import { eventGraphChart, linkTypesFrom, loadEventGraph } from "~/kg/event-graph.server";
import { EventGraphView, LinkTypeFields } from "~/components/kg/event-graph-view";
import { eventHref } from "~/kg/links";
import { withParams } from "~/utils/url";
import { Pager } from "~/components/ui/pager";
import { kgLinks } from "~/components/kg/styles";
import { titleMeta } from "~/utils/meta";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { getGraph, graphRequest } from "~/kg/graphs.server";
import { intParam, listParams, textParam } from "~/kg/params.server";
import { listLinkedEvents } from "~/kg/reads.server";
import { formatDay } from "~/utils/format";

export const meta = titleMeta("nav.eGraph");
export const links = kgLinks;
export const handle = { name: "eGraph" };

const HOPS = [1, 2, 3, 4, 5] as const;

/** The event-logic graph: pick an event, walk N hops of its causes and effects (?event=&hops=). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { viewer, kgId, url } = await graphRequest(request, params);
  const eventParam = url.searchParams.get("event");
  const event = eventParam && /^\d{1,12}$/.test(eventParam) ? Number(eventParam) : undefined;
  const hops = intParam(url, "hops", HOPS, 2);
  const types = linkTypesFrom(url);
  const search = textParam(url, "search");
  const { page } = listParams(url);
  const [graphInfo, picker, graph] = await Promise.all([
    getGraph(viewer.api, kgId),
    listLinkedEvents(viewer.api, kgId, { search, page, page_size: 10 }),
    loadEventGraph(viewer.api, kgId, { event, hops, types, limit: 200 }),
  ]);
  const recenter = (id: number) => withParams(url.pathname, url.search, { event: id });
  const center = graph.nodes.find((n) => n.id === graph.center) ?? null;
  return data({
    kgId,
    graphInfo,
    picker,
    search,
    page,
    event: center,
    hops,
    types,
    graph,
    chart: await eventGraphChart(request, kgId, graph, recenter),
  });
}

export default function EventLogicGraph() {
  const { kgId, graphInfo, picker, search, page, event, hops, types, graph, chart } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation("kg");
  const { pathname, search: qs } = useLocation();
  return (
    <div className="kg-page" data-testid="egraph-page">
      <PageTitle title={t("eventGraph.egraphTitle")} sub={<span>{graphInfo.name}</span>}>
        <Link to={`/eeg?id=${kgId}`} className="kg-button light">
          {t("nav.eeg")}
        </Link>
      </PageTitle>
      <div className="kg-grid-side">
        <div className="kg-page">
          {event && (
            <Section title={t("eventGraph.center")} testId="center-event">
              <div className="event-head">
                <Link to={eventHref(kgId, event.id)} className="event-title">
                  {event.title}
                </Link>
                <TypeBadge type={event.type} color={event.color} />
                <span className="muted">{formatDay(event.time)}</span>
              </div>
              <Form method="get" className="kg-form" style={{ marginTop: 12 }}>
                <input type="hidden" name="event" value={event.id} />
                <label>
                  {t("eventGraph.hops")}
                  <select name="hops" defaultValue={hops}>
                    {HOPS.map((h) => (
                      <option key={h} value={h}>
                        {t("eventGraph.hopsN", { count: h })}
                      </option>
                    ))}
                  </select>
                </label>
                <LinkTypeFields checked={types} names={graph.link_types} />
                <button type="submit">{t("common.apply")}</button>
              </Form>
            </Section>
          )}
          <EventGraphView
            {...{ kgId, graph, chart }}
            title={event ? t("eventGraph.around", { hops }) : t("eventGraph.strongest")}
            eventLink={(id) => withParams(pathname, qs, { event: id })}
          />
        </div>
        <aside>
          <Section title={t("eventGraph.pick")} testId="event-picker">
            <Form method="get" className="kg-form" role="search">
              {event && <input type="hidden" name="event" value={event.id} />}
              <input type="hidden" name="hops" value={hops} />
              <label className="grow">
                {t("eventGraph.searchEvent")}
                <input
                  type="search"
                  name="search"
                  defaultValue={search ?? ""}
                  placeholder={t("events.searchPlaceholder")}
                />
              </label>
              <button type="submit" aria-label={t("common.search")}>
                <IconSearch size={16} aria-hidden />
              </button>
            </Form>
            {picker.results.length === 0 ? (
              <Empty>{t("events.noMatch")}</Empty>
            ) : (
              <ul className="event-list" style={{ marginTop: 12 }}>
                {picker.results.map((e) => (
                  <li key={e.id} style={{ padding: "8px 0" }}>
                    <Link
                      to={withParams(pathname, qs, { event: e.id, page: undefined })}
                      aria-current={e.id === event?.id ? "true" : undefined}
                      style={e.id === event?.id ? { fontWeight: 700 } : undefined}
                    >
                      {e.title}
                    </Link>
                    <div className="rank-meta">
                      <TypeBadge type={e.type} color={e.color} /> {formatDay(e.time)}
                    </div>
                  </li>
                ))}
              </ul>
            )}
            <Pager page={page} pageSize={10} count={picker.count} sizes={[10]} />
          </Section>
        </aside>
      </div>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
