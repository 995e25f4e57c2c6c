import type { ErrorRequestHandler, Request, Response, Router } from "express";
import { requireUser } from "../auth/context.js";
import type { PlatformContext } from "../context.js";
import { badRequest, handle, HttpError, notFound } from "../http/errors.js";
import { articleDetail, listArticles } from "./articles.js";
import {
  entityArticles,
  entityDetail,
  entityEvents,
  entityRelations,
  listEntities,
  relationDetail,
  requireEntity,
} from "./entities.js";
import { eventGraph, linkedEvents } from "./event-graph.js";
import { eventDetail, listEvents } from "./events.js";
import { analyzeText, TEXT_TOO_LONG, validateText, withLayout } from "./extract.js";
import { flowDetail, listFlows } from "./flows.js";
import { graphOverview, graphShape, listGraphs } from "./graphs.js";
import { hotEntities, hotEvents } from "./hot.js";
import { neighbourGraph, type NeighbourOptions } from "./neighbours.js";
import { EXPAND_LIMIT, EXPAND_OFFSET, expandEntity, type ExpandDirection } from "./expand.js";
import { findPaths, PATH_COUNT, PATH_HOPS, type PathDirection } from "./paths.js";
import { graphOntology, type GraphOntology } from "./ontology.js";
import { MAX_EXPANDED, relationGraph } from "./relation-graph.js";
import { dateParam, intParam, listParam, pageParams, pathId, stringParam } from "./params.js";
import { EVENT_LINK_TYPES, NOT_FOUND, requireGraph } from "./shapes.js";
import { graphOfEntity } from "./store/graphs.js";
import { searched, type SearchKind } from "./search-log.js";

/**
 * The knowledge-graph API under /api/kg/ (documented in docs/api.md, "Knowledge graphs").
 * Reading needs a signed-in user, except the graph list, operational flows and the causal
 * event graph, which public pages show.
 */
export function mountKg(router: Router, ctx: PlatformContext) {
  const graphOf = (req: Request) => requireGraph(ctx, pathId(req.params.gid));
  const signedIn = (fn: (req: Request, res: Response) => unknown) =>
    handle(async (req, res) => {
      requireUser(res);
      res.json(await fn(req, res));
    });
  const open = (fn: (req: Request, res: Response) => unknown) =>
    handle(async (req, res) => res.json(await fn(req, res)));
  /** A graph's search endpoint: its answer, the search recorded for the retrieval statistics (issue 5). */
  const searchList = (
    kind: SearchKind,
    list: (req: Request, graphId: number, search: string | undefined) => Promise<{ count: number }>,
  ) =>
    async function answer(req: Request, res: Response) {
      const g = await graphOf(req);
      const search = stringParam(req.query, "search");
      return searched(
        ctx,
        req,
        res,
        { graphId: g.id, kind, query: search },
        await list(req, g.id, search),
      );
    };

  // Public: the header's graph list, operational flows, the causal event graph.
  router.get(
    "/kg/graphs/",
    open(() => listGraphs(ctx)),
  );
  router.get(
    "/kg/graphs/:gid/flows/",
    open(async (req) => listFlows(ctx, (await graphOf(req)).id)),
  );
  router.get(
    "/kg/graphs/:gid/flows/:flowId/",
    open(async (req) => flowDetail(ctx, (await graphOf(req)).id, pathId(req.params.flowId))),
  );
  router.get(
    "/kg/graphs/:gid/event-graph/",
    open(async (req) => {
      const g = await graphOf(req);
      const event = req.query.event === undefined ? undefined : pathId(String(req.query.event));
      if (event === null) throw notFound(NOT_FOUND.event);
      return eventGraph(ctx, g.id, {
        eventId: event,
        hops: intParam(req.query, "hops", { min: 1, max: 5, fallback: 2 }),
        types: linkTypes(listParam(req.query, "types")),
        limit: intParam(req.query, "limit", { min: 1, max: 300, fallback: 100 }),
      });
    }),
  );
  router.get(
    "/kg/graphs/:gid/event-graph/events/",
    open(
      searchList("event", (req, graphId, search) =>
        linkedEvents(ctx, graphId, search, pageParams(req.query)),
      ),
    ),
  );

  // Signed in: everything else.
  router.get(
    "/kg/graphs/:gid/",
    signedIn(async (req) => graphShape(ctx, await graphOf(req))),
  );
  router.get(
    "/kg/graphs/:gid/overview/",
    signedIn(async (req) => graphOverview(ctx, await graphOf(req))),
  );
  router.get(
    "/kg/graphs/:gid/ontology/",
    signedIn(async (req) => ontologyShape(await graphOntology(ctx, (await graphOf(req)).id))),
  );

  router.get(
    "/kg/graphs/:gid/articles/",
    signedIn(
      searchList("article", (req, graphId, search) =>
        listArticles(
          ctx,
          graphId,
          { search, start: dateParam(req.query, "start"), end: dateParam(req.query, "end") },
          pageParams(req.query),
        ),
      ),
    ),
  );
  router.get(
    "/kg/graphs/:gid/articles/:id/",
    signedIn(async (req) => articleDetail(ctx, pathId(req.params.id), (await graphOf(req)).id)),
  );
  router.get(
    "/kg/articles/:id/",
    signedIn((req) => articleDetail(ctx, pathId(req.params.id))),
  );

  router.get(
    "/kg/graphs/:gid/entities/",
    signedIn(
      searchList("entity", async (req, graphId, search) => {
        const type = classParam(await graphOntology(ctx, graphId), stringParam(req.query, "type"));
        return listEntities(ctx, graphId, { search, typeId: type }, pageParams(req.query));
      }),
    ),
  );
  router.get(
    "/kg/graphs/:gid/entities/:uuid/",
    signedIn(async (req) => entityDetail(ctx, (await graphOf(req)).id, req.params.uuid)),
  );
  router.get(
    "/kg/graphs/:gid/entities/:uuid/relations/",
    signedIn(async (req) => {
      const g = await graphOf(req);
      const entity = await requireEntity(ctx, g.id, req.params.uuid);
      const direction = stringParam(req.query, "direction");
      if (direction !== undefined && direction !== "out" && direction !== "in")
        throw badRequest("参数 direction 只能是 out 或 in");
      const predicate = stringParam(req.query, "predicate");
      return entityRelations(
        ctx,
        g.id,
        entity,
        {
          direction,
          predicateId:
            predicate === undefined
              ? undefined
              : relationTypeIds(await graphOntology(ctx, g.id), [predicate])[0],
        },
        pageParams(req.query),
      );
    }),
  );
  router.get(
    "/kg/graphs/:gid/entities/:uuid/events/",
    signedIn(async (req) => {
      const g = await graphOf(req);
      return entityEvents(
        ctx,
        g.id,
        await requireEntity(ctx, g.id, req.params.uuid),
        pageParams(req.query),
      );
    }),
  );
  router.get(
    "/kg/graphs/:gid/entities/:uuid/articles/",
    signedIn(async (req) => {
      const g = await graphOf(req);
      return entityArticles(
        ctx,
        await requireEntity(ctx, g.id, req.params.uuid),
        pageParams(req.query),
      );
    }),
  );
  const neighbourOptions = async (req: Request, graphId: number): Promise<NeighbourOptions> => {
    const depth = intParam(req.query, "depth", { min: 1, max: 2, fallback: 1 }) as 1 | 2;
    const types = relationTypeIds(await graphOntology(ctx, graphId), listParam(req.query, "types"));
    const limit = intParam(req.query, "limit", { min: 2, max: 2000, fallback: 50 });
    return { depth, types, limit };
  };
  router.get(
    "/kg/graphs/:gid/entities/:uuid/neighbours/",
    signedIn(async (req) => {
      const g = await graphOf(req);
      return neighbourGraph(ctx, g.id, req.params.uuid, await neighbourOptions(req, g.id));
    }),
  );
  router.get(
    "/kg/graphs/:gid/entities/:uuid/relation-graph/",
    signedIn(async (req) => {
      const g = await graphOf(req);
      return relationGraph(ctx, g.id, req.params.uuid, {
        ...(await neighbourOptions(req, g.id)),
        expand: listParam(req.query, "expand", MAX_EXPANDED),
      });
    }),
  );
  router.get(
    "/kg/graphs/:gid/paths/",
    signedIn(async (req) => {
      const g = await graphOf(req);
      const from = stringParam(req.query, "from", 64);
      const to = stringParam(req.query, "to", 64);
      if (!from) throw badRequest("请选择起点实体");
      if (!to) throw badRequest("请选择终点实体");
      const direction = stringParam(req.query, "direction") ?? "any";
      if (direction !== "any" && direction !== "out")
        throw badRequest(`参数 direction 应为 any 或 out`);
      return findPaths(ctx, g.id, from, to, {
        hops: intParam(req.query, "hops", PATH_HOPS),
        k: intParam(req.query, "k", PATH_COUNT),
        types: relationTypeIds(await graphOntology(ctx, g.id), listParam(req.query, "types")),
        direction: direction as PathDirection,
      });
    }),
  );
  router.get(
    "/kg/graphs/:gid/expand/",
    signedIn(async (req) => {
      const g = await graphOf(req);
      const entity = stringParam(req.query, "entity", 64);
      if (!entity) throw badRequest("请选择要展开的实体");
      const direction = stringParam(req.query, "direction") ?? "any";
      if (direction !== "any" && direction !== "out" && direction !== "in")
        throw badRequest("参数 direction 应为 any、out 或 in");
      const type = stringParam(req.query, "type");
      return expandEntity(ctx, g.id, entity, {
        type:
          type === undefined ? null : relationTypeIds(await graphOntology(ctx, g.id), [type])[0],
        direction: direction as ExpandDirection,
        offset: intParam(req.query, "offset", EXPAND_OFFSET),
        limit: intParam(req.query, "limit", EXPAND_LIMIT),
      });
    }),
  );
  router.get(
    "/kg/entities/:uuid/",
    signedIn(async (req) => {
      const graphId = await graphOfEntity(ctx.store.db, req.params.uuid);
      if (graphId === undefined) throw notFound(NOT_FOUND.entity);
      return entityDetail(ctx, graphId, req.params.uuid);
    }),
  );
  router.get(
    "/kg/graphs/:gid/relations/:id/",
    signedIn(async (req) => relationDetail(ctx, pathId(req.params.id), (await graphOf(req)).id)),
  );
  router.get(
    "/kg/relations/:id/",
    signedIn((req) => relationDetail(ctx, pathId(req.params.id))),
  );

  router.get(
    "/kg/graphs/:gid/events/",
    signedIn(
      searchList("event", async (req, graphId, search) =>
        listEvents(
          ctx,
          graphId,
          {
            search,
            typeId: eventTypeParam(
              await graphOntology(ctx, graphId),
              stringParam(req.query, "type"),
            ),
            start: dateParam(req.query, "start"),
            end: dateParam(req.query, "end"),
            place: stringParam(req.query, "place"),
          },
          pageParams(req.query),
        ),
      ),
    ),
  );
  router.get(
    "/kg/graphs/:gid/events/:id/",
    signedIn(async (req) => eventDetail(ctx, pathId(req.params.id), (await graphOf(req)).id)),
  );
  router.get(
    "/kg/events/:id/",
    signedIn((req) => eventDetail(ctx, pathId(req.params.id))),
  );

  router.get(
    "/kg/graphs/:gid/hot-events/",
    signedIn(async (req) => hotEvents(ctx, (await graphOf(req)).id, hotParams(req))),
  );
  router.get(
    "/kg/graphs/:gid/hot-entities/",
    signedIn(async (req) => {
      const g = await graphOf(req);
      return hotEntities(ctx, g.id, {
        ...hotParams(req),
        typeId: classParam(await graphOntology(ctx, g.id), stringParam(req.query, "type")),
      });
    }),
  );

  // A body over the JSON limit never reaches the handler: say what the limit is about.
  const tooLong: ErrorRequestHandler = (err, _req, _res, next) =>
    next(err?.type === "entity.too.large" ? new HttpError(413, TEXT_TOO_LONG, "too_large") : err);
  router.use("/kg/graphs/:gid/extract", tooLong);
  router.post(
    "/kg/graphs/:gid/extract/",
    signedIn(async (req) => {
      const g = await graphOf(req);
      const body = (req.body ?? {}) as { text?: unknown; article_id?: unknown };
      if (body.text === undefined && body.article_id !== undefined) {
        const article = await articleDetail(ctx, pathId(String(body.article_id)), g.id);
        return {
          article_id: article.id,
          ...withLayout(
            await analyzeText(ctx, g.id, article.content, {
              referenceDate: article.published_at.slice(0, 10),
            }),
          ),
        };
      }
      return withLayout(await analyzeText(ctx, g.id, validateText(body.text)));
    }),
  );
}

function hotParams(req: Request) {
  return {
    days: intParam(req.query, "days", { min: 1, max: 730, fallback: 7 }),
    limit: intParam(req.query, "limit", { min: 1, max: 100, fallback: 10 }),
    end: dateParam(req.query, "end"),
  };
}

/** An entity class by id or name; unknown ones are a 400 naming them. */
function classParam(ontology: GraphOntology, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const cls = /^\d+$/.test(value)
    ? ontology.classes.get(Number(value))
    : ontology.classByName.get(value);
  if (!cls) throw badRequest(`未知的实体类型：${value}`);
  return cls.id;
}

function eventTypeParam(ontology: GraphOntology, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const type = /^\d+$/.test(value)
    ? ontology.eventTypes.get(Number(value))
    : ontology.eventTypeByName.get(value);
  if (!type) throw badRequest(`未知的事件类型：${value}`);
  return type.id;
}

function relationTypeIds(ontology: GraphOntology, values: string[]): number[] {
  return values.map((v) => {
    const type = /^\d+$/.test(v)
      ? ontology.relationTypes.get(Number(v))
      : ontology.relationTypeByName.get(v);
    if (!type) throw badRequest(`未知的关系类型：${v}`);
    return type.id;
  });
}

function linkTypes(values: string[]): string[] {
  for (const v of values)
    if (!(v in EVENT_LINK_TYPES)) throw badRequest(`未知的事件关系类型：${v}`);
  return values;
}

function ontologyShape(o: GraphOntology) {
  return {
    id: o.id,
    name: o.name,
    classes: [...o.classes.values()],
    relation_types: [...o.relationTypes.values()],
    event_types: [...o.eventTypes.values()],
    event_relation_types: Object.entries(EVENT_LINK_TYPES).map(([key, name]) => ({ key, name })),
  };
}
