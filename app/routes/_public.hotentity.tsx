import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireViewer } from "~/auth/guard.server";
import { colorFor } from "~/charts/theme";
import { ExportForm } from "~/components/interchange/export-form";
import { interchangeLinks } from "~/components/interchange/links";
import { HotRankingPage } from "~/components/kg/hot-ranking-page";
import { EntityChip, TypeBadge } from "~/components/kg/labels";
import { Section } from "~/components/kg/page";
import { Sparkline } from "~/components/kg/sparkline";
import { kgLinks } from "~/components/kg/styles";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { listHotEntities } from "~/kg/reads.server";
import { mayExportGraph } from "~/interchange/downloads.server";
import { getGraph, getOntology } from "~/kg/graphs.server";
import { hotRankingView } from "~/kg/hot.server";
import { HOT_WINDOWS } from "~/kg/limits";
import { relationGraphHref } from "~/kg/links";
import { intParam } from "~/kg/params.server";
import { titleMeta } from "~/utils/meta";
import { DataTable, rankColumn } from "~/components/ui/data-table";
import { CompactNumber } from "~/components/ui/relative-time";
import { activeGraph } from "~/preferences.server";

export const meta = titleMeta("nav.hotentity");
export const links = () => [...kgLinks(), ...interchangeLinks()];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const kgId = await activeGraph(request, params);
  const url = new URL(request.url);
  const days = intParam(url, "days", HOT_WINDOWS, 7);
  const [graph, ontology] = await Promise.all([
    getGraph(viewer.api, kgId),
    getOntology(viewer.api, kgId),
  ]);
  const type = ontology.classes.find((c) => String(c.id) === url.searchParams.get("type"))?.id;
  const ranking = await listHotEntities(viewer.api, kgId, { days, limit: 20, type });
  return data({
    kgId,
    graph,
    days,
    type: type ?? null,
    classes: ontology.classes.map((c) => ({ id: c.id, name: c.name })),
    colors: Object.fromEntries(ontology.classes.map((c) => [c.name, colorFor(c.name, c.color)])),
    ...(await hotRankingView(request, ranking, days, (r) => r.entity.name)),
    mayExport: mayExportGraph(viewer),
  });
}

export default function HotEntities() {
  const { kgId, graph, days, type, classes, colors, ranking, trend, weekly, mayExport } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation("kg");
  const { t: tc } = useTranslation("common");
  return (
    <HotRankingPage
      title={t("hot.entitiesTitle")}
      testId="hotentity-page"
      graphName={graph.name}
      {...{ days, ranking, trend, weekly }}
      filters={
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
              choice={{
                name: "class",
                label: tc("interchange.export"),
                value: type,
                options: classes,
                whole: tc("interchange.wholeGraph"),
              }}
            />
          )}
        </Section>
      }
    >
      <DataTable
        rows={ranking.results}
        rowKey={(r) => r.entity.uuid}
        columns={[
          rankColumn(t("hot.rank")),
          {
            key: "entity",
            header: t("hot.entity"),
            cell: (r) => <EntityChip kgId={kgId} entity={r.entity} colors={colors} />,
          },
          {
            key: "type",
            header: t("hot.entityType"),
            cell: (r) => (
              <TypeBadge
                type={r.entity.type}
                color={r.entity.type ? colors[r.entity.type] : undefined}
              />
            ),
          },
          {
            key: "trend",
            header: t("hot.trend"),
            cell: (r) => (
              <Sparkline
                values={r.trend}
                color={r.entity.type ? colors[r.entity.type] : undefined}
              />
            ),
          },
          {
            key: "score",
            header: t("hot.mentions"),
            numeric: true,
            cell: (r) => <CompactNumber value={r.score} />,
          },
          {
            key: "graph",
            header: t("nav.relation"),
            cell: (r) => (
              <Link to={relationGraphHref(kgId, r.entity.uuid)}>{t("hot.viewGraph")}</Link>
            ),
          },
        ]}
      />
    </HotRankingPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
