import type { Trend } from "@contract/insight";
import { requireViewer, type Viewer } from "~/auth/guard.server";
import { barOption, trendOption } from "~/charts/series-options";
import { colorFor } from "~/charts/theme";
import { chartSpec } from "~/charts/render.server";
import { chartScheme } from "~/preferences.server";
import { orPageError } from "~/http/page.server";
import { insightApi, type StatisticsExport } from "~/platform-client/insight.server";
import { getFixedT } from "~/i18next.server";
import { columnsOption, trendLines } from "./chart-options";
import { KEYWORD_LIMITS, SEARCH_WINDOWS } from "./choices";
import { csvDownload } from "~/http/pass-through.server";
import { numberParam, pickGraph } from "./query.server";

/**
 * Loaders' work of the statistics pages (retrieval, entities, verbs, keywords): read the
 * platform's statistics for the chosen graph and draw their charts on the server.
 */

const graphList = (graphs: { id: number; name: string }[]) =>
  graphs.map((g) => ({ id: g.id, name: g.name }));

export async function retrievalPage(request: Request, viewer: Viewer) {
  const url = new URL(request.url);
  const { graphs, graphId } = await pickGraph(request, viewer.api, { allowAll: true });
  const asked = numberParam(url, "days", 30);
  const days = (SEARCH_WINDOWS as readonly number[]).includes(asked) ? asked : 30;
  const stats = await orPageError(
    insightApi.searches(viewer.api, { graph: graphId, days, limit: 20 }),
  );
  const t = await getFixedT(request, "insight");
  const chart = await chartSpec(
    await chartScheme(request),
    trendOption(
      stats.series.map((d) => d.day),
      [
        { name: t("log.searches"), values: stats.series.map((d) => d.searches), area: true },
        { name: t("log.noResults"), values: stats.series.map((d) => d.empty), color: "#e8590c" },
      ],
      { smooth: true },
    ),
    1100,
    300,
  );
  return { graphs: graphList(graphs), graphId, days, stats, chart };
}

const CHART_TOP = 15;

/** Counts per type, each type in its ontology colour. */
const typeItems = <T extends { type: string; color: string }>(
  rows: T[],
  value: (row: T) => number,
) => rows.map((b) => ({ name: b.type, value: value(b), color: colorFor(b.type, b.color) }));

/** A statistics trend drawn as lines: the total and the named lines. */
const trendChart = async (request: Request, trend: Trend, totalName: string, height: number) =>
  chartSpec(
    await chartScheme(request),
    trendOption(trend.periods, trendLines(trend, totalName), { smooth: true }),
    1100,
    height,
  );

export async function entityPage(request: Request, viewer: Viewer) {
  const url = new URL(request.url);
  const { graphs, graphId } = await pickGraph(request, viewer.api);
  const type = numberParam(url, "type", 0, 1, 1e12) || undefined;
  const stats = await orPageError(
    insightApi.entities(viewer.api, { graph: graphId, limit: 20, type }),
  );
  const t = await getFixedT(request, "insight");
  const byType = await chartSpec(
    await chartScheme(request),
    barOption(typeItems(stats.by_type, (b) => b.entities)),
    640,
    Math.max(160, 40 + stats.by_type.length * 28),
  );
  const trend = await trendChart(request, stats.trend, t("entity.trendTotal"), 320);
  return {
    graphs: graphList(graphs),
    graphId: graphId!,
    type: type ?? null,
    stats,
    charts: { byType, trend },
  };
}

export async function entityDetailPage(request: Request, viewer: Viewer, uuid: string) {
  const stats = await orPageError(insightApi.entity(viewer.api, uuid));
  const t = await getFixedT(request, "insight");
  const mentions = await chartSpec(
    await chartScheme(request),
    trendOption(
      stats.mentions.periods,
      [{ name: t("entityDetail.mentions"), values: stats.mentions.total, area: true }],
      { smooth: true },
    ),
    1100,
    280,
  );
  const relations = await chartSpec(
    await chartScheme(request),
    barOption(stats.relations.map((r) => ({ name: r.predicate, value: r.total }))),
    560,
    Math.max(160, 40 + stats.relations.length * 30),
  );
  return { stats, charts: { mentions, relations } };
}

export async function verbPage(request: Request, viewer: Viewer) {
  const { graphs, graphId } = await pickGraph(request, viewer.api);
  const stats = await orPageError(insightApi.verbs(viewer.api, { graph: graphId, limit: 30 }));
  const t = await getFixedT(request, "insight");
  const top = stats.verbs.slice(0, CHART_TOP);
  const verbs = await chartSpec(
    await chartScheme(request),
    barOption(
      top.map((v) => ({
        name: v.verb === v.type ? v.verb : t("verb.verbOfType", { verb: v.verb, type: v.type }),
        value: v.events,
      })),
    ),
    560,
    Math.max(160, 40 + top.length * 26),
  );
  const trend = await trendChart(request, stats.trend, t("verb.trendTotal"), 300);
  const byType = await chartSpec(
    await chartScheme(request),
    columnsOption(typeItems(stats.by_type, (b) => b.events)),
    560,
    280,
  );
  return { graphs: graphList(graphs), graphId: graphId!, stats, charts: { verbs, trend, byType } };
}

export async function keywordPage(request: Request, viewer: Viewer) {
  const url = new URL(request.url);
  const { graphs, graphId } = await pickGraph(request, viewer.api);
  const asked = numberParam(url, "limit", 50);
  const limit = (KEYWORD_LIMITS as readonly number[]).includes(asked) ? asked : 50;
  const stats = await orPageError(insightApi.keywords(viewer.api, { graph: graphId, limit }));
  const top = stats.keywords.slice(0, 20);
  const chart = await chartSpec(
    await chartScheme(request),
    barOption(top.map((k) => ({ name: k.word, value: k.count, color: "#6085f2" }))),
    560,
    Math.max(160, 40 + top.length * 24),
  );
  return { graphs: graphList(graphs), graphId: graphId!, limit, stats, chart };
}

/**
 * A statistics page's CSV, from the platform's export of the same statistics: only the
 * parameters that page uses are passed on.
 */
export async function statisticsExport(
  request: Request,
  page: string,
  which: StatisticsExport,
  params: string[],
) {
  const viewer = await requireViewer(request, { page });
  const url = new URL(request.url);
  const query = new URLSearchParams();
  for (const p of params) {
    const v = url.searchParams.get(p);
    if (v) query.set(p, v);
  }
  return csvDownload(insightApi.exportCsv(viewer.api, which, query));
}
