import type { PlatformContext } from "../../context.js";
import { HttpError } from "../../http/errors.js";
import { JobFailedError, registerJobKind, type JobContext } from "../../jobs/kinds.js";
import { getJob } from "../../jobs/store.js";
import { factSignature, planRows, type Plan } from "./plan.js";
import { MAX_REPORTED_PROBLEMS } from "./plan-report.js";
import { rememberPredicateMap, type PredicateMap } from "../../interchange/predicate-map.js";
import { describeSpec, rdfSourceKeys, readSourceRows, type SourceSpec } from "./sources.js";
import type { SourceRows } from "./source-rows.js";
import { applyPlan, clearGraphFacts, replaceFacts, warmAfterApply } from "./write.js";
import { CLEAR, writeMarked } from "./graph-writes.js";
import { hasFacts } from "./store/graph-writes.js";
import type {
  BuildResult,
  PlanMode,
  PlanReport,
  PlanResult,
  UnmappedPredicate,
  UpdateResult,
} from "@contract/graph-admin";

/**
 * The jobs of graph administration:
 * - graph.build: reads the source data, checks every row against the graph's ontology,
 *   then (only when no row is bad, or the operator chose to skip bad rows) clears the graph
 *   and writes it in batches. Resumable: after a restart it starts over.
 * - graph.plan: a dry run; writes nothing, keeps the report. Its `mode` says what applying it
 *   does: an incremental update (none), the first build of a graph created by the dry run
 *   ("create": an update of the empty graph), or a rebuild ("replace": the graph's facts are
 *   replaced by what the sources give).
 * - graph.update: applies a dry run of any mode, if the graph and the source data are still
 *   what the dry run saw (the same rules for every mode, here only): the first fill of a graph
 *   the dry run created ("create") in batches, as a build writes (graph-writes.ts); an update
 *   or a rebuild in one transaction.
 * A build and a create's apply mark the graph as being written while they write: readers see
 * it whole or not at all (graph-writes.ts).
 */
export const BUILD = "graph.build";
export const PLAN = "graph.plan";
export const UPDATE = "graph.update";
/** Kinds that write a graph: at most one queued or running per graph. */
export const WRITING_KINDS = [BUILD, UPDATE, CLEAR];

export interface BuildParams {
  sources: SourceSpec;
  skip_bad_rows: boolean;
  /** RDF sources: predicate IRI → relation type chosen for this run (remembered when it succeeds). */
  predicate_map?: PredicateMap;
}

export interface PlanParams {
  sources: SourceSpec;
  predicate_map?: PredicateMap;
  mode?: PlanMode;
}

/** The plan's baseline of each mode: a rebuild plans as a build, set against the graph. */
const baselineOf = (mode: PlanMode | undefined) => (mode === "replace" ? "replace" : "graph");

export interface UpdateParams {
  plan_job_id: number;
  skip_bad_rows: boolean;
  /** The dry run's mode (for the job's name; the apply reads it from the dry run). */
  mode?: PlanMode;
}

const MAX_LOGGED_PROBLEMS = 100;

async function logProblems(job: JobContext<unknown>, report: PlanReport) {
  for (const p of report.problems.slice(0, MAX_LOGGED_PROBLEMS))
    await job.log("warn", `${p.ref}：${p.message}`);
  if (report.problem_count > MAX_LOGGED_PROBLEMS) {
    await job.log(
      "warn",
      `另有 ${report.problem_count - MAX_LOGGED_PROBLEMS} 行有问题（结果中列出前 ${MAX_REPORTED_PROBLEMS} 行）`,
    );
  }
  for (const w of report.warnings.slice(0, 20)) await job.log("warn", w);
}

/** The predicates nothing maps, most used first (at most 200). */
function unmappedOf(rows: SourceRows): UnmappedPredicate[] {
  const by = new Map<string, UnmappedPredicate>();
  for (const [i, r] of rows.extraRows()) {
    if (!r.unmapped) continue;
    const u = by.get(r.unmapped);
    if (u) u.count++;
    else by.set(r.unmapped, { iri: r.unmapped, count: 1, ref: rows.ref(i) });
  }
  return [...by.values()].sort((a, b) => b.count - a.count).slice(0, 200);
}

type PlanWithRows = Plan & { unmapped: UnmappedPredicate[] };

async function readAndPlan(
  job: JobContext<unknown>,
  sources: SourceSpec,
  baseline: "empty" | "graph" | "replace",
  span: [number, number],
  predicateMap: PredicateMap = {},
): Promise<PlanWithRows> {
  const { ctx } = job;
  const graphId = job.graphId!;
  const [from, to] = span;
  await job.progress(from, "读取源数据");
  const rows = await readSourceRows(ctx, sources, {
    checkpoint: () => job.checkpoint(),
    onNote: (m) => void job.log("info", m),
    rdf: { graphId, predicateMap },
  });
  if (!rows.length) throw new JobFailedError("源数据中没有任何三元组");
  await job.log("info", `共读取 ${rows.length} 行，开始按本体校验`);
  const mid = from + (to - from) / 3;
  await job.progress(mid, `校验 ${rows.length} 行数据`);
  const plan = await planRows(ctx, {
    graphId,
    rows,
    baseline,
    checkpoint: () => job.checkpoint(),
    onProgress: (f) => void job.progress(mid + (to - mid) * f),
  });
  const s = plan.report.summary;
  await job.log(
    "info",
    `校验完成：可用 ${s.accepted_rows} 行，有问题 ${s.bad_rows} 行；实体 +${s.entities.added} ~${s.entities.changed} -${s.entities.removed}，关系 +${s.relations.added} ~${s.relations.changed} -${s.relations.removed}`,
  );
  await logProblems(job, plan.report);
  return { ...plan, unmapped: unmappedOf(rows) };
}

/** Refuses to go on with bad rows unless the operator accepted skipping them. */
function requireAccepted(
  plan: Plan,
  skipBadRows: boolean,
  what: string,
  unmapped: UnmappedPredicate[] = [],
) {
  const s = plan.report.summary;
  const result = {
    report: plan.report,
    ...(unmapped.length ? { unmapped_predicates: unmapped } : {}),
  };
  if (s.bad_rows > 0 && !skipBadRows) {
    throw new JobFailedError(
      `源数据中有 ${s.bad_rows} 行有问题，未${what}任何内容。可修正后重试，或选择"跳过错误行"只${what}其余 ${s.accepted_rows} 行`,
      result,
    );
  }
  if (s.accepted_rows === 0)
    throw new JobFailedError(`没有可${what}的数据：所有行都有问题`, result);
}

async function buildGraph(job: JobContext<BuildParams>): Promise<BuildResult> {
  const started = Date.now();
  const { ctx, params } = job;
  const graphId = job.graphId!;
  const plan = await readAndPlan(
    job as JobContext<unknown>,
    params.sources,
    "empty",
    [0, 30],
    params.predicate_map,
  );
  requireAccepted(plan, params.skip_bad_rows, "构建", plan.unmapped);
  if (plan.report.summary.bad_rows)
    await job.log("warn", `按要求跳过 ${plan.report.summary.bad_rows} 行有问题的数据`);
  // What the job's result and remembered choices need, read before its last transaction.
  const sourceKeys = await rdfSourceKeys(ctx, params.sources);
  const described = await describeSpec(ctx, params.sources);
  return writeMarked(
    job as JobContext<unknown>,
    plan,
    {
      before: async (tx) => {
        await job.progress(30, "清空图谱原有数据");
        await clearGraphFacts(graphId, () => job.checkpoint(), tx);
      },
      span: [35, 99],
      message: "写入实体与关系",
    },
    async (t, written) => {
      await rememberPredicateMap(t, sourceKeys, params.predicate_map ?? {});
      const ms = Date.now() - started;
      await job.log(
        "info",
        `构建完成：实体 ${written.entities.added} 个，关系 ${written.relations.added} 条，用时 ${(ms / 1000).toFixed(1)} 秒`,
      );
      return {
        report: plan.report,
        ...(plan.unmapped.length ? { unmapped_predicates: plan.unmapped } : {}),
        written,
        sources: described,
        duration_ms: ms,
        triples_per_second: Math.round((plan.report.summary.rows / Math.max(ms, 1)) * 1000),
      };
    },
  );
}

async function planUpdate(job: JobContext<PlanParams>): Promise<PlanResult> {
  const started = Date.now();
  const signature = await factSignature(job.ctx.store.db, job.graphId!);
  const { mode } = job.params;
  const plan = await readAndPlan(
    job as JobContext<unknown>,
    job.params.sources,
    baselineOf(mode),
    [0, 100],
    job.params.predicate_map,
  );
  return {
    ...(mode ? { mode } : {}),
    report: plan.report,
    ...(plan.unmapped.length
      ? {
          unmapped_predicates: plan.unmapped,
          relation_types: [...plan.ontology.relationTypeByName.keys()],
        }
      : {}),
    ...(job.params.predicate_map && Object.keys(job.params.predicate_map).length
      ? { predicate_map: job.params.predicate_map }
      : {}),
    signature,
    sources: await describeSpec(job.ctx, job.params.sources),
    duration_ms: Date.now() - started,
  };
}

/** The dry run an update applies: a finished graph.plan job of the same graph. */
export async function requirePlanJob(ctx: PlatformContext, graphId: number, planJobId: number) {
  const planJob = await getJob(ctx.store.db, planJobId);
  if (!planJob || planJob.kind !== PLAN || planJob.graph_id !== graphId) {
    throw new HttpError(400, "预演任务不存在或不属于该图谱", "invalid_plan");
  }
  if (planJob.status !== "succeeded")
    throw new HttpError(400, "预演尚未成功完成，不能应用", "invalid_plan");
  return planJob as typeof planJob & { result: PlanResult; params: PlanParams };
}

const sameCounts = (a: PlanReport["summary"], b: PlanReport["summary"]) =>
  JSON.stringify([a.rows, a.bad_rows, a.entities, a.relations]) ===
  JSON.stringify([b.rows, b.bad_rows, b.entities, b.relations]);

async function applyUpdate(job: JobContext<UpdateParams>): Promise<UpdateResult> {
  const started = Date.now();
  const { ctx, params } = job;
  const graphId = job.graphId!;
  const planJob = await requirePlanJob(ctx, graphId, params.plan_job_id);
  if ((await factSignature(ctx.store.db, graphId)) !== planJob.result.signature) {
    throw new JobFailedError("图谱在预演之后已被修改，请重新预演");
  }
  const { mode } = planJob.params;
  const plan = await readAndPlan(
    job as JobContext<unknown>,
    planJob.params.sources,
    baselineOf(mode),
    [0, 80],
    planJob.params.predicate_map,
  );
  if (!sameCounts(plan.report.summary, planJob.result.report.summary)) {
    throw new JobFailedError("源数据在预演之后已发生变化，请重新预演", { report: plan.report });
  }
  requireAccepted(plan, params.skip_bad_rows, mode ? "构建" : "更新");
  const sourceKeys = await rdfSourceKeys(ctx, planJob.params.sources);
  await job.checkpoint();
  if (!(await hasFacts(ctx.store.db, graphId)))
    return fillEmpty(job, plan, planJob, sourceKeys, started);
  await job.progress(85, "在一个事务中应用全部变更");
  // Not resumable: the changes and the job's success commit together or not at all, so a
  // job taken from this worker is never failed with its changes in the graph. The graph must
  // still be what the dry run saw, checked in the same transaction.
  const result = await job.complete(async (tx) => {
    if ((await factSignature(tx, graphId)) !== planJob.result.signature) {
      throw new JobFailedError("图谱在预演之后已被修改，请重新预演");
    }
    const applied =
      mode === "replace"
        ? await replaceFacts(ctx, tx, plan, job.id)
        : await applyPlan(ctx, tx, plan, job.id);
    await rememberPredicateMap(tx, sourceKeys, planJob.params.predicate_map ?? {});
    await job.log(
      "info",
      `已应用：实体 +${applied.entities.added} ~${applied.entities.changed} -${applied.entities.removed}，关系 +${applied.relations.added} ~${applied.relations.changed} -${applied.relations.removed}`,
    );
    return {
      ...(mode ? { mode } : {}),
      report: plan.report,
      applied,
      plan_job_id: params.plan_job_id,
      duration_ms: Date.now() - started,
    };
  });
  warmAfterApply(ctx, graphId);
  return result;
}

/**
 * An apply into a graph without facts (the first fill of a graph its dry run created, or any
 * dry run of an empty graph): written in batches while the graph is marked as being written (the
 * dry run's signature checked in the transaction that marks it, so nothing has changed since),
 * the mark lifted by the job's success. What an apply of an empty graph writes is what a build
 * writes: every entity and relation of the plan is new.
 */
async function fillEmpty(
  job: JobContext<UpdateParams>,
  plan: PlanWithRows,
  planJob: Awaited<ReturnType<typeof requirePlanJob>>,
  sourceKeys: Awaited<ReturnType<typeof rdfSourceKeys>>,
  started: number,
): Promise<UpdateResult> {
  const { params } = job;
  const graphId = job.graphId!;
  return writeMarked(
    job as JobContext<unknown>,
    plan,
    {
      check: async (t) => {
        if ((await factSignature(t, graphId)) !== planJob.result.signature) {
          throw new JobFailedError("图谱在预演之后已被修改，请重新预演");
        }
      },
      span: [85, 99],
      message: "分批写入实体与关系",
    },
    async (t, written) => {
      await rememberPredicateMap(t, sourceKeys, planJob.params.predicate_map ?? {});
      const { entities: e, relations: r } = written;
      await job.log(
        "info",
        `已应用：实体 +${e.added} ~${e.changed} -${e.removed}，关系 +${r.added} ~${r.changed} -${r.removed}`,
      );
      return {
        ...(planJob.params.mode ? { mode: planJob.params.mode } : {}),
        report: plan.report,
        applied: written,
        plan_job_id: params.plan_job_id,
        duration_ms: Date.now() - started,
      };
    },
  );
}

registerJobKind<BuildParams>(BUILD, buildGraph, {
  resumable: true,
  permission: "kg__graph__update",
  label: "图谱构建",
});
registerJobKind<PlanParams>(PLAN, planUpdate, {
  resumable: true,
  permission: "kg__graph__update",
  label: "增量更新预演",
  labelOf: (p) =>
    p.mode === "create" ? "图谱创建预演" : p.mode === "replace" ? "图谱重建预演" : undefined,
});
registerJobKind<UpdateParams>(UPDATE, applyUpdate, {
  resumable: false,
  permission: "kg__graph__update",
  label: "增量更新",
  labelOf: (p) =>
    p.mode === "create" ? "图谱创建" : p.mode === "replace" ? "图谱重建" : undefined,
});
