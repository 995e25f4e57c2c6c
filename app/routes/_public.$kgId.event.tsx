import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Empty, PageTitle, Section } from "~/components/kg/page";
import { EventList } from "~/components/kg/facts";
import { Pager } from "~/components/ui/pager";
import { kgLinks } from "~/components/kg/styles";
import { mantineDatesLinks } from "~/styles/mantine-links";
import { titleMeta } from "~/utils/meta";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { listQuery, textParam } from "~/kg/params.server";
import { DayRangeFields, FilterForm, SearchField } from "~/components/kg/filter-form";
import { getGraph, getOntology, graphRequest } from "~/kg/graphs.server";
import { listEvents } from "~/kg/reads.server";

export const meta = titleMeta("nav.event");
/** With the date picker's styles (the day fields of the filter). */
export const links = () => [...mantineDatesLinks(), ...kgLinks()];
export const handle = { name: "EventPage" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { viewer, kgId, url } = await graphRequest(request, params);
  const [graph, ontology] = await Promise.all([
    getGraph(viewer.api, kgId),
    getOntology(viewer.api, kgId),
  ]);
  const { search, start, end, badDates, page, pageSize } = listQuery(url);
  const typeParam = url.searchParams.get("type");
  const type = ontology.event_types.find((t) => String(t.id) === typeParam)?.id;
  const filters = { search, type, start, end, place: textParam(url, "place") };
  const list = await listEvents(viewer.api, kgId, { ...filters, page, page_size: pageSize });
  return data({
    kgId,
    graph,
    types: ontology.event_types.map((t) => ({ id: t.id, name: t.name })),
    list,
    filters,
    page,
    pageSize,
    badDates,
  });
}

export default function Events() {
  const { kgId, graph, types, list, filters, page, pageSize, badDates } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation("kg");
  const filtered = Object.values(filters).some((v) => v !== undefined);
  return (
    <div className="kg-page" data-testid="events-page">
      <PageTitle title={t("events.title")} sub={graph.name}>
        <Link to={`/hotevent?id=${kgId}`} className="kg-button light">
          {t("nav.hotevent")}
        </Link>
      </PageTitle>
      <Section title={t("events.filter")}>
        <FilterForm
          resetTo={`/${kgId}/event`}
          filtered={filtered}
          pageSize={pageSize}
          badDates={badDates}
        >
          <SearchField
            label={t("events.search")}
            placeholder={t("events.searchPlaceholder")}
            value={filters.search}
          />
          <label>
            {t("events.type")}
            <select name="type" defaultValue={filters.type ?? ""}>
              <option value="">{t("common.all")}</option>
              {types.map((ty) => (
                <option key={ty.id} value={ty.id}>
                  {ty.name}
                </option>
              ))}
            </select>
          </label>
          <DayRangeFields start={filters.start} end={filters.end} />
          <label>
            {t("events.place")}
            <input
              type="text"
              name="place"
              defaultValue={filters.place ?? ""}
              placeholder={t("events.placePlaceholder")}
              size={12}
            />
          </label>
        </FilterForm>
      </Section>
      <Section title={t("events.results", { count: list.count })} testId="event-results">
        {list.results.length === 0 ? (
          <Empty>{filtered ? t("events.noMatch") : t("events.none")}</Empty>
        ) : (
          <EventList kgId={kgId} events={list.results} />
        )}
        <Pager page={page} pageSize={pageSize} count={list.count} />
      </Section>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
