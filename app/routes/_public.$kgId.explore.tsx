import { data } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GraphChart } from "~/components/charts/graph-chart";
import { BudgetForm, EdgeList, NodeList } from "~/components/kg/explore-view";
import { Empty, PageTitle, Section } from "~/components/kg/page";
import { kgLinks } from "~/components/kg/styles";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { requireViewer } from "~/auth/guard.server";
import { getFixedT } from "~/i18next.server";
import { requireGraphId } from "~/kg/graphs.server";
import { explore, exploreFrom, exploreHref, exploreQuery } from "~/kg/explore-state";
import {
  DRAW_CAP,
  exploreChart,
  exploreShown,
  exploreStateOr400,
  loadExploration,
  VIEW_NODE_CAP,
} from "~/kg/explore.server";
import { openedView, saveView, saveViewPost, viewParam } from "~/kg/views.server";
import { SaveViewForm, ShownDownloads, ViewNotice } from "~/components/kg/view-tools";
import { entityHref, pathHref, relationGraphHref } from "~/kg/links";
import exploreCss from "~/components/kg/explore.css";
import { loaderTitleMeta } from "~/utils/meta";

export const meta: MetaFunction<typeof loader> = loaderTitleMeta;
export const links = () => [...kgLinks(), { rel: "stylesheet", href: exploreCss }];

/**
 * Exploration with a budget (/{graph}/explore?entity=…, issue 23): from an entity, expand
 * nodes a batch at a time, fold, hide, pin. The whole view is the URL's query
 * (app/kg/explore-state.ts): every step is a link, Back undoes it, the address shares it.
 * The server draws the picture; with JavaScript the same links change it in place.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const kgId = requireGraphId(params.kgId);
  const t = await getFixedT(request, "kg");
  const url = new URL(request.url);
  const state = await exploreStateOr400(request, url.searchParams);
  const [view, opened] = await Promise.all([
    loadExploration(viewer.api, kgId, state),
    openedView(viewer, kgId, viewParam(url)),
  ]);
  const moreLabel = (g: { rest: number; predicate: string; direction: "out" | "in" }) =>
    t(g.direction === "out" ? "explore.moreOut" : "explore.moreIn", {
      count: g.rest,
      type: g.predicate,
    });
  return data({
    kgId,
    title: t("explore.title"),
    state,
    // The view's canonical query, as a saved view keeps it and a download repeats it.
    query: exploreQuery(state),
    opened,
    view,
    chart: view.nodes.length
      ? await exploreChart(request, kgId, state, view, moreLabel, t("explore.moreCategory"))
      : null,
  });
}

/** "Save view": the exploration shown, named, with the nodes and relations it shows. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { form, viewer, kgId } = await saveViewPost(request, params.kgId);
  const state = await exploreStateOr400(
    request,
    new URLSearchParams(String(form.get("query") ?? "")),
  );
  const view = await loadExploration(viewer.api, kgId, state);
  const refused = await saveView(
    request,
    viewer,
    kgId,
    "explore",
    exploreQuery(state),
    form,
    exploreShown(view),
  );
  return data(refused, { status: 400 });
}

export default function ExplorePage() {
  const { kgId, title, state, view, chart, query, opened } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const { t } = useTranslation("kg");
  const names = new Map(view.nodes.map((n) => [n.uuid, n.name]));
  const go = (s: typeof state) => exploreHref(kgId, s);
  return (
    <div className="kg-page" data-testid="explore-page">
      <PageTitle
        title={title}
        sub={
          <>
            <span>{t("explore.from", { name: view.entity.name })}</span>
            <span data-testid="explore-size">
              {t("explore.size", { nodes: view.nodes.length, edges: view.edges.length })}
            </span>
          </>
        }
        actions={[
          { to: entityHref(kgId, view.entity.uuid), label: t("relationGraph.entityPage") },
          { to: relationGraphHref(kgId, view.entity.uuid), label: t("entity.openGraph") },
          { to: pathHref(kgId, view.entity.uuid), label: t("path.findPath") },
          { to: exploreFrom(kgId, view.entity.uuid), label: t("explore.reset") },
        ]}
      />
      {opened && <ViewNotice view={opened} />}
      <p className="muted explore-hint">{t("explore.undoHint")}</p>
      <div className="kg-grid-side">
        <Section title={t("explore.picture")} testId="explore-picture">
          {view.capped && (
            <p className="notice" role="status" data-testid="explore-capped">
              {t("explore.capped", { cap: VIEW_NODE_CAP })}
            </p>
          )}
          {chart && chart.drawn < view.nodes.length && (
            <p className="notice" role="status" data-testid="explore-draw-capped">
              {t("explore.drawCapped", { drawn: DRAW_CAP, count: view.nodes.length })}
            </p>
          )}
          {view.waiting > 0 && (
            <p className="muted" data-testid="explore-waiting">
              {t("explore.waiting", { count: view.waiting })}
            </p>
          )}
          {chart ? (
            <GraphChart
              spec={chart.spec}
              label={t("explore.chart", { name: view.entity.name })}
              nodeHrefs={chart.nodeHrefs}
              edgeHrefs={chart.edgeHrefs}
              fileName={`explore-${view.entity.name}`}
              testId="explore-chart"
            />
          ) : (
            <Empty>{t("explore.nothing")}</Empty>
          )}
          <BudgetForm state={state} />
          {view.nodes.length > 0 && (
            <ShownDownloads href={(f) => `/${kgId}/explore/download?format=${f}&${query}`} />
          )}
        </Section>
        <aside>
          <Section title={t("explore.nodes")} testId="explore-node-list">
            <NodeList
              kgId={kgId}
              state={state}
              nodes={view.nodes}
              pin={view.pin}
              entity={view.entity.uuid}
            />
          </Section>
          <Section title={t("explore.types")} testId="explore-types">
            {view.types.length === 0 ? (
              <p className="muted">{t("explore.noTypes")}</p>
            ) : (
              <ul className="explore-actions">
                {view.types.map((type) => (
                  <li key={type.id}>
                    <span className="predicate">{type.name}</span> ({type.count}){" "}
                    {type.hidden ? (
                      <Link
                        to={go(explore.showType(state, type.id))}
                        aria-label={t("explore.showNamed", { name: type.name })}
                      >
                        {t("explore.show")}
                      </Link>
                    ) : (
                      <Link
                        to={go(explore.hideType(state, type.id))}
                        aria-label={t("explore.hideNamed", { name: type.name })}
                      >
                        {t("explore.hide")}
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </Section>
          {view.hiddenNodes.length > 0 && (
            <Section title={t("explore.hidden")} testId="explore-hidden">
              <ul className="explore-actions">
                {view.hiddenNodes.map((n) => (
                  <li key={n.uuid}>
                    {n.name}{" "}
                    <Link
                      to={go(explore.show(state, n.uuid))}
                      aria-label={t("explore.showNamed", { name: n.name })}
                    >
                      {t("explore.show")}
                    </Link>
                  </li>
                ))}
              </ul>
            </Section>
          )}
        </aside>
      </div>
      <Section title={t("explore.edges")} testId="explore-edge-list">
        {view.edges.length ? (
          <EdgeList kgId={kgId} edges={view.edges} names={names} />
        ) : (
          <Empty>{t("explore.noEdges")}</Empty>
        )}
      </Section>
      <Section title={t("views.saveTitle")} testId="save-view">
        <SaveViewForm
          kgId={kgId}
          query={query}
          error={refused?.error}
          name={refused?.name ?? opened?.name ?? t("explore.from", { name: view.entity.name })}
        />
      </Section>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
