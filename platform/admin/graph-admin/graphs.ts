import { hasPermission, type AuthUser } from "../../auth/context.js";
import type { PlatformContext } from "../../context.js";
import type { Db } from "../../db/store.js";
import { HttpError, badRequest, forbidden } from "../../http/errors.js";
import { jobKindLabel } from "../../jobs/kinds.js";
import { parse } from "../../jobs/store.js";
import { enqueueJob, wakeJobWorker } from "../../jobs/worker.js";
import { assignOntology, parseJson } from "../../kg/ontology.js";
import { hasOntology } from "../../kg/store/ontology.js";
import { DOMAIN_NAMES } from "../../kg/shapes.js";
import { audit } from "../../resources/graph-audit.js";
import { BodyReader } from "../../http/body-reader.js";
import { BUILD, PLAN, UPDATE, WRITING_KINDS, type PlanParams } from "./job-kinds.js";
import { requirePlanJob } from "./apply.js";
import { DOMAINS } from "./ontology/ontologies.js";
import {
  busyJobOf,
  cardCounts,
  entityDetailRow,
  entityListPage,
  graphAdminRow,
  graphAdminRows,
  graphNameTaken,
  graphOntologyHead,
  insertGraph,
  lastJobOf,
  neighbourRows,
  ontologyHead,
  relationTotal,
  updateGraphRow,
  type NeighbourRow,
} from "./store/graphs.js";
import { readPredicateMap, type PredicateMap } from "../../interchange/predicate-map.js";
import { checkSourceSpec, readSourceSpec, type SourceSpec } from "./sources.js";
import type { GraphCard, GraphRow, JobBrief, PlanMode } from "@contract/graph-admin";

/**
 * Graphs as administrators see them: the dashboard (counts and last build), creating a
 * graph with its build job, rebuilding, the dry runs of a create, a rebuild and an incremental
 * update (then their apply),
 * browsing entities and their neighbourhood (which ontology a graph uses: graph-ontology.ts).
 */

export async function requireGraphRow(db: Db, id: number): Promise<GraphRow> {
  const g = await graphAdminRow(db, id);
  if (!g) throw new HttpError(404, "知识图谱不存在", "not_found");
  return g;
}

/** The graph's last job of these kinds, named as the job list names it (by its params). */
async function lastJob(db: Db, graphId: number, kinds: string[]): Promise<JobBrief | null> {
  const row = await lastJobOf(db, graphId, kinds);
  if (!row) return null;
  const { params_json, ...job } = row;
  return { ...job, kind_label: jobKindLabel(job.kind, parse(params_json)) };
}

async function card(db: Db, g: GraphRow): Promise<GraphCard> {
  const head = await graphOntologyHead(db, g.id);
  return {
    ...g,
    domain_name: DOMAIN_NAMES[g.domain] ?? g.domain,
    ontology: head ? { id: head.id, name: head.name } : null,
    counts: await cardCounts(db, g.id),
    last_build: await lastJob(db, g.id, WRITING_KINDS),
  };
}

/** Every graph with its domain, ontology, counts and last build (or update). */
export async function graphDashboard(
  ctx: PlatformContext,
): Promise<{ results: GraphCard[]; count: number }> {
  const db = ctx.store.db;
  const results: GraphCard[] = [];
  for (const g of await graphAdminRows(db)) results.push(await card(db, g));
  return { results, count: results.length };
}

export async function graphCard(ctx: PlatformContext, id: number): Promise<GraphCard> {
  return card(ctx.store.db, await requireGraphRow(ctx.store.db, id));
}

function readGraphFields(r: BodyReader, mode: "create" | "update") {
  const out: { name?: string; domain?: string; description?: string } = {};
  if (mode === "create" || r.has("name"))
    out.name = r.text("name", "图谱名称", { required: true, max: 50 });
  if (mode === "create" || r.has("domain")) {
    out.domain = r.text("domain", "领域", { required: true, max: 20 });
    if (out.domain && !(DOMAINS as readonly string[]).includes(out.domain))
      r.fail("domain", "领域必须是 military（军事）或 general（通用）");
  }
  if (mode === "create" || r.has("description"))
    out.description = r.text("description", "描述", { max: 500 });
  return out;
}

async function uniqueGraphName(db: Db, name: string, exceptId = -1) {
  if (await graphNameTaken(db, name, exceptId)) {
    throw badRequest(`图谱名称"${name}"已存在`, { errors: { name: [`图谱名称"${name}"已存在`] } });
  }
}

/** One writing job per graph at a time: a build or update waits for none, it is refused. */
async function requireIdle(db: Db, graphId: number) {
  const busy = await busyJobOf(db, graphId, WRITING_KINDS);
  if (busy)
    throw new HttpError(
      409,
      `该图谱已有正在进行的构建或更新任务（#${busy}），请等它结束`,
      "graph_busy",
    );
}

/** Builds and updates need the graph's ontology to check the rows against. */
async function requireOntologyAssigned(db: Db, graphId: number) {
  if (!(await hasOntology(db, graphId))) {
    throw badRequest("该图谱还没有本体，请先在本体编辑中为它选择本体");
  }
}

/** A change of one graph by a user, from a request body. */
type GraphChange<T> = (
  ctx: PlatformContext,
  user: AuthUser,
  graphId: number,
  body: unknown,
) => Promise<T>;

/** `predicate_map` of a build or dry run: which relation type each foreign RDF predicate means. */
const predicateMapOf = (r: BodyReader): PredicateMap =>
  readPredicateMap(r.body.predicate_map, (m) => r.fail("predicate_map", m));

async function readBuildBody(
  ctx: PlatformContext,
  r: BodyReader,
): Promise<{ sources: SourceSpec; skip_bad_rows: boolean; predicate_map: PredicateMap }> {
  const sources = readSourceSpec(r);
  const skip = r.bool("skip_bad_rows");
  const predicateMap = predicateMapOf(r);
  r.done();
  await checkSourceSpec(ctx, sources);
  return { sources, skip_bad_rows: skip, predicate_map: predicateMap };
}

/** The sources and predicate map of a dry run's body (no skip_bad_rows: the apply asks for it). */
async function readPlanBody(
  ctx: PlatformContext,
  r: BodyReader,
  mode?: PlanMode,
): Promise<PlanParams> {
  const sources = readSourceSpec(r);
  const predicateMap = predicateMapOf(r);
  r.done();
  await checkSourceSpec(ctx, sources);
  return {
    sources,
    ...(Object.keys(predicateMap).length ? { predicate_map: predicateMap } : {}),
    ...(mode ? { mode } : {}),
  };
}

/**
 * Who may dry-run again or apply a dry run: the first build of a graph created by a dry run
 * ("create") is its creator's (kg__graph__create) or an updater's; any other, an updater's.
 */
function requireModePermission(user: AuthUser, mode: PlanMode | undefined) {
  if (hasPermission(user, "kg__graph__update")) return;
  if (mode === "create" && hasPermission(user, "kg__graph__create")) return;
  throw forbidden();
}

/**
 * POST graphs/ (a build job) and POST graphs/dry-run/ (a graph.plan job of mode "create"): the
 * graph row, its ontology and its job, in one transaction.
 */
export async function createGraph(
  ctx: PlatformContext,
  user: AuthUser,
  body: unknown,
  opts: { dryRun?: boolean } = {},
): Promise<{ graph: GraphCard; job_id: number }> {
  const r = new BodyReader(body);
  const fields = readGraphFields(r, "create");
  const ontologyId = r.optionalId("ontology_id", "本体");
  if (ontologyId === null && !r.errors.ontology_id) r.fail("ontology_id", "请选择本体");
  const params = opts.dryRun ? await readPlanBody(ctx, r, "create") : await readBuildBody(ctx, r);
  const kind = opts.dryRun ? PLAN : BUILD;
  const { graphId, jobId } = await ctx.store.write(async (tx) => {
    await uniqueGraphName(tx, fields.name!);
    if (!(await ontologyHead(tx, ontologyId!))) throw badRequest("本体不存在");
    const graphId = await insertGraph(tx, {
      name: fields.name!,
      domain: fields.domain!,
      description: fields.description ?? "",
    });
    await assignOntology(ctx, graphId, ontologyId!, tx);
    await audit(tx, user, "create", "graphs", graphId, null, {
      ...fields,
      ontology_id: ontologyId,
    });
    const jobId = await enqueueJob(ctx, { kind, graphId, params, userId: user.id }, tx);
    return { graphId, jobId };
  });
  wakeJobWorker(ctx);
  return { graph: await graphCard(ctx, graphId), job_id: jobId };
}

/** Queues a job of the graph in a transaction of its own (the worker is woken). */
const queueJob = (
  ctx: PlatformContext,
  kind: string,
  graphId: number,
  params: unknown,
  user: AuthUser,
) => enqueueJob(ctx, { kind, graphId, params, userId: user.id });

/** POST graphs/{id}/build/: rebuild from source data (the graph's facts are replaced). */
export const rebuildGraph: GraphChange<{ job_id: number }> = async (ctx, user, graphId, body) => {
  const db = ctx.store.db;
  await requireGraphRow(db, graphId);
  const params = await readBuildBody(ctx, new BodyReader(body));
  const jobId = await ctx.store.write(async (tx) => {
    await requireIdle(tx, graphId);
    await requireOntologyAssigned(tx, graphId);
    return enqueueJob(ctx, { kind: BUILD, graphId, params, userId: user.id }, tx);
  });
  wakeJobWorker(ctx);
  return { job_id: jobId };
};

/** POST graphs/{id}/build/dry-run/: what a rebuild from these sources would change (graph.plan, mode "replace"). */
export const startRebuildDryRun: GraphChange<{ job_id: number }> = async (
  ctx,
  user,
  graphId,
  body,
) => {
  const db = ctx.store.db;
  await requireGraphRow(db, graphId);
  const params = await readPlanBody(ctx, new BodyReader(body), "replace");
  await requireOntologyAssigned(db, graphId);
  return { job_id: await queueJob(ctx, PLAN, graphId, params, user) };
};

export const updateGraph: GraphChange<GraphCard> = async (ctx, user, graphId, body) => {
  const r = new BodyReader(body);
  const fields = readGraphFields(r, "update");
  r.done();
  await ctx.store.write(async (tx) => {
    const before = await requireGraphRow(tx, graphId);
    if (fields.name) await uniqueGraphName(tx, fields.name, graphId);
    const next = { ...before, ...fields };
    await updateGraphRow(tx, graphId, {
      name: next.name,
      domain: next.domain,
      description: next.description,
    });
    await audit(tx, user, "update", "graphs", graphId, before, next);
  });
  return graphCard(ctx, graphId);
};

/**
 * POST graphs/{id}/update/dry-run/: queues the dry run (graph.plan). `from_plan_job_id` runs
 * an earlier dry run's sources again, in its mode (create, rebuild or update), with this
 * body's `predicate_map` over its own.
 */
export const startDryRun: GraphChange<{ job_id: number }> = async (ctx, user, graphId, body) => {
  const db = ctx.store.db;
  await requireGraphRow(db, graphId);
  const r = new BodyReader(body);
  const fromId = r.optionalId("from_plan_job_id", "预演任务");
  const from = fromId === null ? null : await requirePlanJob(ctx, graphId, fromId);
  const mode = from?.params.mode;
  requireModePermission(user, mode);
  const sources = from ? from.params.sources : readSourceSpec(r);
  const predicateMap = { ...(from?.params.predicate_map ?? {}), ...predicateMapOf(r) };
  r.done();
  await checkSourceSpec(ctx, sources);
  await requireOntologyAssigned(db, graphId);
  const params: PlanParams = {
    sources,
    ...(Object.keys(predicateMap).length ? { predicate_map: predicateMap } : {}),
    ...(mode ? { mode } : {}),
  };
  return { job_id: await queueJob(ctx, PLAN, graphId, params, user) };
};

/**
 * POST graphs/{id}/update/: applies a finished dry run of any mode (graph.update): an update,
 * the first build of a created graph, or a rebuild's replacement of the facts.
 */
export const startUpdate: GraphChange<{ job_id: number }> = async (ctx, user, graphId, body) => {
  const db = ctx.store.db;
  await requireGraphRow(db, graphId);
  const r = new BodyReader(body);
  const planJobId = r.optionalId("plan_job_id", "预演任务");
  if (planJobId === null && !r.errors.plan_job_id) r.fail("plan_job_id", "请先预演，再应用");
  const skip = r.bool("skip_bad_rows");
  r.done();
  const plan = await requirePlanJob(ctx, graphId, planJobId!);
  requireModePermission(user, plan.params.mode);
  const report = plan.result.report;
  if (report.summary.bad_rows > 0 && !skip) {
    throw badRequest(
      `预演发现 ${report.summary.bad_rows} 行有问题：请修正数据后重新预演，或选择"跳过错误行"`,
      {
        errors: { skip_bad_rows: ["有问题的行需要确认跳过"] },
      },
    );
  }
  const jobId = await ctx.store.write(async (tx) => {
    await requireIdle(tx, graphId);
    return enqueueJob(
      ctx,
      {
        kind: UPDATE,
        graphId,
        params: {
          plan_job_id: planJobId,
          skip_bad_rows: skip,
          ...(plan.params.mode ? { mode: plan.params.mode } : {}),
        },
        userId: user.id,
      },
      tx,
    );
  });
  wakeJobWorker(ctx);
  return { job_id: jobId };
};

// ---------------------------------------------------------------- browsing

export interface EntityListItem {
  id: number;
  uuid: string;
  name: string;
  class_id: number | null;
  class: string | null;
  aliases: string[];
  out_relations: number;
  in_relations: number;
}

export async function listEntities(
  ctx: PlatformContext,
  graphId: number,
  q: { search?: string; classId?: number; page: number; pageSize: number },
): Promise<{ results: EntityListItem[]; count: number }> {
  const db = ctx.store.db;
  await requireGraphRow(db, graphId);
  const { rows, count } = await entityListPage(db, graphId, {
    search: q.search,
    classId: q.classId,
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  return {
    results: rows.map((r) => ({ ...r, aliases: parseJson<string[]>(r.aliases, []) })),
    count,
  };
}

/** An entity and its relations both ways (at most `limit` each way), with the totals. */
export async function entityNeighbourhood(
  ctx: PlatformContext,
  graphId: number,
  entityId: number,
  limit = 50,
) {
  const db = ctx.store.db;
  const e = await entityDetailRow(db, graphId, entityId);
  if (!e) throw new HttpError(404, "实体不存在", "not_found");
  const shape = (r: NeighbourRow) => ({
    id: r.id,
    predicate: r.predicate,
    confidence: r.confidence,
    entity: { id: r.other_id, uuid: r.other_uuid, name: r.other_name, class: r.other_class },
  });
  return {
    entity: {
      ...e,
      aliases: parseJson<string[]>(e.aliases, []),
      properties: parseJson<Record<string, unknown>>(e.properties, {}),
    },
    outgoing: (await neighbourRows(db, entityId, "subject_id", limit)).map(shape),
    incoming: (await neighbourRows(db, entityId, "object_id", limit)).map(shape),
    out_total: await relationTotal(db, entityId, "subject_id"),
    in_total: await relationTotal(db, entityId, "object_id"),
  };
}
