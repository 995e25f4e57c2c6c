import type { Trend } from "@contract/insight";
import type { Request, Router } from "express";
import { requirePermission } from "../../auth/context.js";
import type { PlatformContext } from "../../context.js";
import { badRequest, handle, notFound } from "../../http/errors.js";
import { intParam, pathId, stringParam } from "../../kg/params.js";
import { NOT_FOUND, requireGraph } from "../../kg/shapes.js";
import { type CsvTable, sendCsv } from "./csv.js";
import { MAX_KEYWORDS } from "./keywords.js";
import { searchStats } from "../../kg/search-log.js";
import {
  entityDetailStatistics,
  entityStatistics,
  keywordStatistics,
  verbStatistics,
} from "./statistics.js";

type Query = Request["query"];

/** `graph`: required for per-graph statistics. */
function graphParam(q: Query): number {
  if (q.graph === undefined || q.graph === "") throw badRequest("请指定知识图谱（参数 graph）");
  const id = pathId(String(q.graph));
  if (id === null) throw notFound(NOT_FOUND.graph);
  return id;
}

const limitParam = (q: Query, max = 100, fallback = 20) =>
  intParam(q, "limit", { min: 1, max, fallback });

/** Which table of a page an export is; anything but the listed ones is a 400. */
function tableParam<T extends string>(q: Query, tables: readonly T[]): T {
  const t = stringParam(q, "table") ?? tables[0];
  if (!tables.includes(t as T)) throw badRequest(`参数 table 必须是 ${tables.join("、")} 之一`);
  return t as T;
}

const trendTable = (trend: Trend, filename: string): CsvTable => ({
  filename,
  header: ["时间", "合计", ...trend.series.map((s) => s.name)],
  rows: trend.periods.map((p, i) => [p, trend.total[i], ...trend.series.map((s) => s.values[i])]),
});

/** Retrieval, entity, verb and keyword statistics, and their CSV exports (docs/api.md). */
export function mountStatisticsRoutes(router: Router, ctx: PlatformContext) {
  const searchQuery = async (q: Query) => {
    const graphId =
      q.graph === undefined || q.graph === "" ? null : (await requireGraph(ctx, graphParam(q))).id;
    return {
      graphId,
      days: intParam(q, "days", { min: 1, max: 366, fallback: 30 }),
      limit: limitParam(q),
    };
  };
  router.get(
    "/kg/statistics/searches",
    handle(async (req, res) => {
      requirePermission(res, "kg__log__read");
      res.json(await searchStats(ctx, await searchQuery(req.query)));
    }),
  );
  router.get(
    "/kg/statistics/searches/export",
    handle(async (req, res) => {
      requirePermission(res, "kg__log__read");
      const table = tableParam(req.query, ["daily", "top", "empty"] as const);
      const s = await searchStats(ctx, {
        ...(await searchQuery(req.query)),
        limit: limitParam(req.query, 500, 100),
      });
      const name = `searches-${table}-${s.graph_id ?? "all"}-${s.from}-${s.to}.csv`;
      if (table === "daily") {
        sendCsv(res, {
          filename: name,
          header: ["日期", "检索次数", "无结果次数"],
          rows: s.series.map((d) => [d.day, d.searches, d.empty]),
        });
      } else if (table === "top") {
        sendCsv(res, {
          filename: name,
          header: ["检索词", "检索次数", "平均结果数", "最近检索"],
          rows: s.top.map((t) => [t.query, t.searches, t.avg_results, t.last_at]),
        });
      } else {
        sendCsv(res, {
          filename: name,
          header: ["检索词", "检索次数", "最近检索"],
          rows: s.empty.map((t) => [t.query, t.searches, t.last_at]),
        });
      }
    }),
  );

  const stats = "kg__statistics__read";
  const entityQuery = (q: Query) => {
    const type =
      q.type === undefined || q.type === ""
        ? undefined
        : intParam(q, "type", { min: 1, max: 1e15, fallback: 0 });
    return { limit: limitParam(q), typeId: type };
  };
  router.get(
    "/kg/statistics/entities",
    handle(async (req, res) => {
      requirePermission(res, stats);
      res.json(await entityStatistics(ctx, graphParam(req.query), entityQuery(req.query)));
    }),
  );
  router.get(
    "/kg/statistics/entities/export",
    handle(async (req, res) => {
      requirePermission(res, stats);
      const table = tableParam(req.query, ["top", "types", "trend"] as const);
      const s = await entityStatistics(ctx, graphParam(req.query), {
        ...entityQuery(req.query),
        limit: limitParam(req.query, 100, 100),
      });
      const filename = `entities-${table}-${s.graph.id}.csv`;
      if (table === "top") {
        sendCsv(res, {
          filename,
          header: ["排名", "实体", "类型", "提及次数", "文章数", "关系数", "UUID"],
          rows: s.top.map((e) => [
            e.rank,
            e.name,
            e.type ?? "",
            e.mentions,
            e.articles,
            e.relations,
            e.uuid,
          ]),
        });
      } else if (table === "types") {
        sendCsv(res, {
          filename,
          header: ["类型", "实体数", "提及次数"],
          rows: s.by_type.map((t) => [t.type, t.entities, t.mentions]),
        });
      } else {
        sendCsv(res, trendTable(s.trend, filename));
      }
    }),
  );
  router.get(
    "/kg/statistics/entities/:uuid",
    handle(async (req, res) => {
      requirePermission(res, stats);
      res.json(await entityDetailStatistics(ctx, req.params.uuid));
    }),
  );
  router.get(
    "/kg/statistics/entities/:uuid/export",
    handle(async (req, res) => {
      requirePermission(res, stats);
      const table = tableParam(req.query, ["mentions", "relations"] as const);
      const s = await entityDetailStatistics(ctx, req.params.uuid);
      const filename = `entity-${table}-${s.entity.uuid}.csv`;
      if (table === "mentions") sendCsv(res, trendTable(s.mentions, filename));
      else {
        sendCsv(res, {
          filename,
          header: ["关系", "作为主体", "作为客体", "合计"],
          rows: s.relations.map((r) => [r.predicate, r.outgoing, r.incoming, r.total]),
        });
      }
    }),
  );

  router.get(
    "/kg/statistics/verbs",
    handle(async (req, res) => {
      requirePermission(res, stats);
      res.json(
        await verbStatistics(ctx, graphParam(req.query), { limit: limitParam(req.query, 200, 30) }),
      );
    }),
  );
  router.get(
    "/kg/statistics/verbs/export",
    handle(async (req, res) => {
      requirePermission(res, stats);
      const table = tableParam(req.query, ["verbs", "types", "trend"] as const);
      const s = await verbStatistics(ctx, graphParam(req.query), {
        limit: limitParam(req.query, 200, 200),
      });
      const filename = `verbs-${table}-${s.graph.id}.csv`;
      if (table === "verbs") {
        sendCsv(res, {
          filename,
          header: ["排名", "触发词", "事件类型", "事件数", "报道数", "最近时间"],
          rows: s.verbs.map((v) => [
            v.rank,
            v.verb,
            v.type,
            v.events,
            v.reports,
            v.last_time ?? "",
          ]),
        });
      } else if (table === "types") {
        sendCsv(res, {
          filename,
          header: ["事件类型", "事件数", "触发词数"],
          rows: s.by_type.map((t) => [t.type, t.events, t.verbs]),
        });
      } else {
        sendCsv(res, trendTable(s.trend, filename));
      }
    }),
  );

  router.get(
    "/kg/statistics/keywords",
    handle(async (req, res) => {
      requirePermission(res, stats);
      res.json(
        await keywordStatistics(ctx, graphParam(req.query), {
          limit: limitParam(req.query, MAX_KEYWORDS, 50),
        }),
      );
    }),
  );
  router.get(
    "/kg/statistics/keywords/export",
    handle(async (req, res) => {
      requirePermission(res, stats);
      const s = await keywordStatistics(ctx, graphParam(req.query), {
        limit: limitParam(req.query, MAX_KEYWORDS, MAX_KEYWORDS),
      });
      sendCsv(res, {
        filename: `keywords-${s.graph.id}.csv`,
        header: ["排名", "关键词", "出现次数", "文章数"],
        rows: s.keywords.map((k) => [k.rank, k.word, k.count, k.articles]),
      });
    }),
  );
}
