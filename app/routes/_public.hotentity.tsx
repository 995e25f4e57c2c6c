import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EChart } from "~/components/charts/chart";
import { colorFor } from "~/charts/theme";
import { trendOption } from "~/charts/series-options";
import { chartSpec } from "~/charts/render.server";
import { Empty, PageTitle, Section } from "~/components/kg/page";
import { EntityChip, TypeBadge } from "~/components/kg/labels";
import { Sparkline } from "~/components/kg/sparkline";
import { relationGraphHref } from "~/kg/links";
import { withParams } from "~/utils/url";
import { kgLinks } from "~/components/kg/styles";
import { ExportForm } from "~/components/interchange/export-form";
import { interchangeLinks } from "~/components/interchange/links";
import type { EntityRef, HotRanking, Ontology } from "@contract/kg";
import { activeGraphId, getGraph } from "~/kg/graphs.server";
import { requireViewer } from "~/auth/guard.server";
import { titleMeta } from "~/utils/meta";
import { getSession } from "~/auth/session.server";
import { mayExportGraph } from "~/interchange/downloads.server";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { bucketDays, bucketSize } from "~/kg/hot.server";
import { intParam } from "~/kg/params.server";
import { fetchOr404 } from "~/http/page.server";

export const meta = titleMeta("nav.hotentity");
export const links = () => [...kgLinks(), ...interchangeLinks()];

const WINDOWS = [7, 30, 365] as const;
const TREND_LINES = 5;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const kgId = activeGraphId(request, params, (await getSession(request)).get("kgId"));
  const url = new URL(request.url);
  const days = intParam(url, "days", WINDOWS, 7);
  const [graph, ontology] = await Promise.all([
    getGraph(viewer.api, kgId),
    fetchOr404<Ontology>(viewer.api, `/kg/graphs/${kgId}/ontology/`),
  ]);
  const type = ontology.classes.find((c) => String(c.id) === url.searchParams.get("type"))?.id;
  const ranking = await fetchOr404<HotRanking<{ entity: EntityRef }>>(
    viewer.api,
    `/kg/graphs/${kgId}/hot-entities/`,
    { days, limit: 20, type },
  );
  const colors = Object.fromEntries(
    ontology.classes.map((c) => [c.name, colorFor(c.name, c.color)]),
  );
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
      results.slice(0, TREND_LINES).map((r) => ({ name: r.entity.name, values: r.trend })),
    ),
    1100,
    300,
  );
  return data({
    kgId,
    graph,
    days,
    type: type ?? null,
    classes: ontology.classes.map((c) => ({ id: c.id, name: c.name })),
    colors,
    ranking: { ...ranking, results },
    trend,
    weekly: bucketSize(days) > 1,
    mayExport: mayExportGraph(viewer),
  });
}

export default function HotEntities() {
  const { kgId, graph, days, type, classes, colors, ranking, trend, weekly, mayExport } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation("kg");
  const { t: tc } = useTranslation("common");
  const { pathname, search } = useLocation();
  return (
    <div className="kg-page" data-testid="hotentity-page">
      <PageTitle
        title={t("hot.entitiesTitle")}
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
      <Section title={t("hot.filterType")}>
        <Form method="get" className="kg-form">
          <input type="hidden" name="id" value={kgId} />
          {days !== 7 && <input type="hidden" name="days" value={days} />}
          <label>
            {t("hot.entityType")}
            <select name="type" defaultValue={type ?? ""}>
              <option value="">{t("common.all")}</option>
              {classes.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit">{t("common.apply")}</button>
        </Form>
        {mayExport && (
          <ExportForm
            kgId={kgId}
            testId="hot-export"
            label={tc("interchange.download")}
            choice={{
              name: "class",
              label: tc("interchange.export"),
              defaultValue: type === null ? "" : String(type),
              options: [
                { value: "", label: tc("interchange.wholeGraph") },
                ...classes.map((c) => ({ value: String(c.id), label: c.name })),
              ],
            }}
          />
        )}
      </Section>
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
                    <th>{t("hot.entity")}</th>
                    <th>{t("hot.entityType")}</th>
                    <th>{t("hot.trend")}</th>
                    <th className="num">{t("hot.mentions")}</th>
                    <th>{t("nav.relation")}</th>
                  </tr>
                </thead>
                <tbody>
                  {ranking.results.map((r) => (
                    <tr key={r.entity.uuid}>
                      <td>
                        <span className={`rank rank-${r.rank}`}>{r.rank}</span>
                      </td>
                      <td>
                        <EntityChip kgId={kgId} entity={r.entity} colors={colors} />
                      </td>
                      <td>
                        <TypeBadge
                          type={r.entity.type}
                          color={r.entity.type ? colors[r.entity.type] : undefined}
                        />
                      </td>
                      <td>
                        <Sparkline
                          values={r.trend}
                          color={r.entity.type ? colors[r.entity.type] : undefined}
                        />
                      </td>
                      <td className="num">{r.score}</td>
                      <td>
                        <Link to={relationGraphHref(kgId, r.entity.uuid)}>
                          {t("hot.viewGraph")}
                        </Link>
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
