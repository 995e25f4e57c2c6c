import { data } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GraphChart } from "~/components/charts/graph-chart";
import { Empty, PageTitle, Section } from "~/components/kg/page";
import { EntityPicker, PathList } from "~/components/kg/path-view";
import { SaveViewForm, ShownDownloads, ViewNotice } from "~/components/kg/view-tools";
import { kgLinks } from "~/components/kg/styles";
import { CheckboxList } from "~/components/ui/checkbox-list";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { getFixedT } from "~/i18next.server";
import { getOntology, graphRequest } from "~/kg/graphs.server";
import { PATH_COUNTS, PATH_HOPS } from "~/kg/limits";
import { exploreFrom } from "~/kg/explore-state";
import { loadPathPage, pathChart, pathQuery, pathSearchQuery } from "~/kg/paths.server";
import { openedView, saveView, saveViewPost, viewParam } from "~/kg/views.server";
import { loaderTitleMeta } from "~/utils/meta";
import { withParams } from "~/utils/url";
import { thousands } from "~/utils/format";
import { NumberSelect } from "~/components/ui/number-select";

export const meta: MetaFunction<typeof loader> = loaderTitleMeta;
export const links = kgLinks;

/**
 * How two entities are connected (/{graph}/path?from=&to=): the k shortest paths within N
 * hops, drawn and listed hop by hop with the sentence each relation was read from.
 * Everything is in the URL, so it works without JavaScript.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { viewer, kgId, url } = await graphRequest(request, params);
  const query = pathQuery(url);
  const [page, ontology, t, view] = await Promise.all([
    loadPathPage(viewer.api, kgId, query),
    getOntology(viewer.api, kgId),
    getFixedT(request, "kg"),
    openedView(viewer, kgId, viewParam(url)),
  ]);
  const s = page.search;
  return data({
    kgId,
    title: t("path.title"),
    query,
    ...page,
    chart: s?.paths.length ? await pathChart(request, kgId, s) : null,
    relationTypes: ontology.relation_types,
    view,
    // The search shown, as a saved view keeps it and a download repeats it.
    searchQuery: pathSearchQuery(query).toString(),
    // The next search to offer when nothing was found within N hops.
    widerHops:
      s && !s.paths.length && !s.stopped && s.hops < PATH_HOPS.at(-1)!
        ? Math.min(PATH_HOPS.at(-1)!, s.hops + 2)
        : null,
  });
}

/** "Save view": the search shown, named; the list of views after it is saved. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { form, viewer, kgId } = await saveViewPost(request, params.kgId);
  const refused = await saveView(
    request,
    viewer,
    kgId,
    "path",
    String(form.get("query") ?? ""),
    form,
  );
  return data(refused, { status: 400 });
}

/** The select's options, and the value given in the URL if it is not one of them (kept as chosen). */
const withValue = (options: readonly number[], value: string) =>
  options.map(String).includes(value) ? options.map(String) : [...options.map(String), value];

export default function PathPage() {
  const d = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const { t } = useTranslation("kg");
  const { pathname, search } = useLocation();
  const { kgId, query, search: s } = d;
  const state = {
    from: d.from?.uuid ?? query.from,
    to: d.to?.uuid ?? query.to,
    hops: query.hops,
    k: query.k,
    direction: query.direction,
    types: query.types,
  };
  const suggestHref = `/${kgId}/path/suggest`;
  return (
    <div className="kg-page" data-testid="path-page">
      <PageTitle
        title={d.title}
        sub={
          d.from && d.to ? (
            <span>{t("path.between", { from: d.from.name, to: d.to.name })}</span>
          ) : (
            <span>{t("path.intro")}</span>
          )
        }
      >
        {d.from && d.to && (
          <Link
            to={withParams(pathname, search, { from: d.to.uuid, to: d.from.uuid })}
            className="kg-button light"
          >
            {t("path.swap")}
          </Link>
        )}
        {d.from && (
          <Link to={exploreFrom(kgId, d.from.uuid)} className="kg-button light">
            {t("explore.open")}
          </Link>
        )}
        <Link to={`/${kgId}/views`} className="kg-button light" data-testid="views-link">
          {t("views.title")}
        </Link>
      </PageTitle>

      {d.view && <ViewNotice view={d.view} />}

      <Section title={t("path.ends")} testId="path-ends">
        <div className="kg-grid-2">
          {(["from", "to"] as const).map((end) => (
            <EntityPicker
              key={end}
              kgId={kgId}
              end={end}
              chosen={d[end]}
              query={end === "from" ? query.fromq : query.toq}
              results={d.results[end]}
              state={state}
              suggestHref={suggestHref}
            />
          ))}
        </div>
      </Section>

      <Section title={t("path.options")} testId="path-options">
        <Form method="get" className="kg-form" data-testid="path-form">
          {state.from && <input type="hidden" name="from" value={state.from} />}
          {state.to && <input type="hidden" name="to" value={state.to} />}
          <NumberSelect
            label={t("path.hops")}
            name="hops"
            options={withValue(PATH_HOPS, query.hops)}
            value={query.hops}
          />
          <NumberSelect
            label={t("path.k")}
            name="k"
            options={withValue(PATH_COUNTS, query.k)}
            value={query.k}
          />
          <label>
            {t("path.direction")}
            <select name="direction" defaultValue={query.direction}>
              <option value="any">{t("path.directionAny")}</option>
              <option value="out">{t("path.directionOut")}</option>
              {!["any", "out"].includes(query.direction) && (
                <option value={query.direction}>{query.direction}</option>
              )}
            </select>
          </label>
          <fieldset>
            <legend>{t("relationGraph.types")}</legend>
            <CheckboxList
              name="types"
              checked={query.types}
              options={d.relationTypes.map((r) => ({ value: r.id, label: r.name }))}
            />
          </fieldset>
          <button type="submit">{t("path.find")}</button>
          <Link to={withParams(pathname, "", { from: state.from, to: state.to })} className="reset">
            {t("common.reset")}
          </Link>
        </Form>
      </Section>

      <Section title={t("path.results")} testId="path-results">
        {d.error !== null ? (
          <p className="notice" role="alert" data-testid="path-error">
            {d.error}
          </p>
        ) : !s ? (
          <Empty>{t("path.chooseBoth")}</Empty>
        ) : (
          <>
            {s.stopped && (
              <p className="notice" role="status" data-testid="path-stopped">
                {t("path.stopped", { budget: thousands(s.budget) })}
              </p>
            )}
            {s.paths.length === 0 ? (
              !s.stopped && (
                <div className="notice" role="status" data-testid="no-path">
                  <p>{t("path.noPath", { count: s.hops })}</p>
                  {d.widerHops && (
                    <Link to={withParams(pathname, search, { hops: d.widerHops })}>
                      {t("path.tryWider", { count: d.widerHops })}
                    </Link>
                  )}
                </div>
              )
            ) : (
              <>
                <p className="muted" data-testid="path-count">
                  {t("path.found", { count: s.paths.length, hops: s.hops })}
                </p>
                {d.chart && (
                  <GraphChart
                    spec={d.chart.spec}
                    label={t("path.chart", { from: s.from.name, to: s.to.name })}
                    nodeHrefs={d.chart.nodeHrefs}
                    fileName={`path-${s.from.name}-${s.to.name}`}
                    testId="path-chart"
                  />
                )}
                <ShownDownloads
                  href={(f) => `/${kgId}/path/download?format=${f}&${d.searchQuery}`}
                />
                <PathList kgId={kgId} paths={s.paths} entities={s.entities} />
              </>
            )}
          </>
        )}
      </Section>

      {s && (
        <Section title={t("views.saveTitle")} testId="save-view">
          <SaveViewForm
            kgId={kgId}
            query={d.searchQuery}
            error={refused?.error}
            name={
              refused?.name ??
              d.view?.name ??
              t("path.between", { from: s.from.name, to: s.to.name })
            }
          />
        </Section>
      )}
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
