import type { PlatformContext } from "../../context.js";
import type { Tx } from "../../db/store.js";
import { HttpError } from "../../http/errors.js";
import { JobFailedError, type JobContext } from "../../jobs/kinds.js";
import { getJob } from "../../jobs/store.js";
import { rememberPredicateMap } from "../../interchange/predicate-map.js";
import { factSignature } from "./plan.js";
import { baselineOf, readAndPlan, requireAccepted, type PlanWithRows } from "./plan-run.js";
import { rdfSourceKeys } from "./sources.js";
import { clearGraphFacts, inOne, warmAfterApply, writeUpdate } from "./write.js";
import { writeMarked } from "./graph-writes.js";
import { graphWriter, hasFacts } from "./store/graph-writes.js";
import { PLAN, type PlanParams } from "./job-kinds.js";
import type {
  PlanMode,
  PlanReport,
  PlanResult,
  UpdateResult,
  WriteCounts,
} from "@contract/graph-admin";

/**
 * graph.update: applies a dry run (jobs.ts says when each way is taken; decisions 033, 037).
 */

export interface UpdateParams {
  plan_job_id: number;
  skip_bad_rows: boolean;
  /** The dry run's mode (for the job's name; the apply reads it from the dry run). */
  mode?: PlanMode;
  /** A resumption (graph-writes.ts): the job whose unfinished write this one finishes. */
  resumes?: number;
}

/**
 * An update of more changes than this (entities and relations added, changed or removed) is
 * written in batches with the graph marked; a smaller one in one short transaction, unseen.
 */
export const BATCHED_CHANGES = 5000;

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

type Summary = PlanReport["summary"];

/** What a plan writes, counted: its entities and relations, each kept, changed or added. */
const written = (x: Summary["entities"]) => x.added + x.changed + x.unchanged;

/**
 * Whether the apply's plan of the sources is the dry run's: the same rows, bad and accepted; and
 * - a rebuild (planned as a build: what it writes does not depend on the graph): as many
 *   entities and relations written as the dry run's report keeps or adds;
 * - an update: the same changes, unless `resuming` (planned against the graph as an unfinished
 *   write left it).
 */
function samePlan(apply: Summary, dry: Summary, mode: PlanMode | undefined, resuming: boolean) {
  const rows = (x: Summary) => [x.rows, x.bad_rows, x.accepted_rows];
  const facts = (x: Summary, build: boolean) =>
    build ? [written(x.entities), written(x.relations)] : resuming ? [] : [x.entities, x.relations];
  const replace = mode === "replace";
  return (
    JSON.stringify([...rows(apply), ...facts(apply, replace)]) ===
    JSON.stringify([...rows(dry), ...facts(dry, replace)])
  );
}

/** The changes a report counts (what an apply of it writes). */
function changesOf(s: PlanReport["summary"]): WriteCounts {
  const c = (x: typeof s.entities) => ({ added: x.added, changed: x.changed, removed: x.removed });
  return { entities: c(s.entities), relations: c(s.relations) };
}

const total = (c: WriteCounts) =>
  Object.values(c.entities).reduce((a, b) => a + b, 0) +
  Object.values(c.relations).reduce((a, b) => a + b, 0);

type PlanJob = Awaited<ReturnType<typeof requirePlanJob>>;

export async function applyUpdate(job: JobContext<UpdateParams>): Promise<UpdateResult> {
  const started = Date.now();
  const { ctx, params } = job;
  const graphId = job.graphId!;
  const planJob = await requirePlanJob(ctx, graphId, params.plan_job_id);
  // A resumption holds the mark the sweep handed it: the graph is part written by the job it
  // resumes, and nobody else has written it since the mark was taken.
  const resuming = (await graphWriter(ctx.store.db, graphId)) === job.id;
  if (resuming) await job.log("info", `继续完成任务 #${params.resumes} 未完成的写入`);
  else if ((await factSignature(ctx.store.db, graphId)) !== planJob.result.signature) {
    throw new JobFailedError("图谱在预演之后已被修改，请重新预演");
  }
  const { mode } = planJob.params;
  const plan = await readAndPlan(
    job as JobContext<unknown>,
    planJob.params.sources,
    // A rebuild writes what a build of the sources gives: planned as one, without reading the
    // graph (which the mark's check shows unchanged since the dry run, or a resumption holds).
    mode === "replace" ? "empty" : baselineOf(mode),
    [0, 80],
    planJob.params.predicate_map,
  );
  if (!samePlan(plan.report.summary, planJob.result.report.summary, mode, resuming)) {
    throw new JobFailedError("源数据在预演之后已发生变化，请重新预演", { report: plan.report });
  }
  requireAccepted(plan, params.skip_bad_rows, mode ? "构建" : "更新");
  const run: Run = {
    job,
    planJob,
    sourceKeys: await rdfSourceKeys(ctx, planJob.params.sources),
    started,
  };
  await job.checkpoint();
  if (!resuming && !(await hasFacts(ctx.store.db, graphId))) return fillEmpty(run, plan);
  const changes = changesOf(planJob.result.report.summary);
  if (resuming || mode === "replace" || total(changes) > BATCHED_CHANGES)
    return writeOver(run, plan, resuming);
  await job.progress(85, "在一个事务中应用全部变更");
  // The changes and the job's success commit together or not at all, so a job taken from this
  // worker is never failed with its changes in the graph. The graph must still be what the dry
  // run saw, checked in the same transaction.
  const result = await job.complete(async (tx) => {
    await unchangedSince(planJob, graphId)(tx);
    const applied = await writeUpdate({
      ctx,
      plan,
      jobId: job.id,
      checkpoint: async () => {},
      progress: () => {},
      transaction: inOne(tx),
    });
    return applyResult(run, plan.report, applied, tx);
  });
  warmAfterApply(ctx, graphId);
  return result;
}

/** One apply: its job, the dry run it applies, what it remembers, when it began. */
interface Run {
  job: JobContext<UpdateParams>;
  planJob: PlanJob;
  sourceKeys: Awaited<ReturnType<typeof rdfSourceKeys>>;
  started: number;
}

/** The log line and result of an apply, in the transaction that ends the job. */
async function applyResult(
  { job, planJob, sourceKeys, started }: Run,
  report: PlanReport,
  applied: WriteCounts,
  tx: Tx,
): Promise<UpdateResult> {
  await rememberPredicateMap(tx, sourceKeys, planJob.params.predicate_map ?? {});
  const { entities: e, relations: r } = applied;
  await job.log(
    "info",
    `已应用：实体 +${e.added} ~${e.changed} -${e.removed}，关系 +${r.added} ~${r.changed} -${r.removed}`,
  );
  return {
    ...(planJob.params.mode ? { mode: planJob.params.mode } : {}),
    report,
    applied,
    plan_job_id: job.params.plan_job_id,
    duration_ms: Date.now() - started,
  };
}

/**
 * An apply into a graph without facts (the first fill of a graph its dry run created, or any
 * dry run of an empty graph): written in batches while the graph is marked as being written (the
 * dry run's signature checked in the transaction that marks it, so nothing has changed since),
 * the mark lifted by the job's success. What an apply of an empty graph writes is what a build
 * writes: every entity and relation of the plan is new.
 */
function fillEmpty(run: Run, plan: PlanWithRows): Promise<UpdateResult> {
  return writeMarked(
    run.job as JobContext<unknown>,
    plan,
    {
      check: unchangedSince(run.planJob, run.job.graphId!),
      span: [85, 99],
      message: "分批写入实体与关系",
    },
    (t, written) => applyResult(run, plan.report, written, t),
  );
}

/** A check in the transaction that marks the graph: it is still what the dry run saw. */
const unchangedSince = (planJob: PlanJob, graphId: number) => async (t: Tx) => {
  if ((await factSignature(t, graphId)) !== planJob.result.signature) {
    throw new JobFailedError("图谱在预演之后已被修改，请重新预演");
  }
};

/**
 * A rebuild, or a large update, of a graph with facts (decision 037): written in batches while
 * the graph is marked, as a fill is, but a write that cannot be undone by clearing: once begun
 * it goes on when cancelled, and if it ends without finishing a new job resumes it (the sweep).
 * A rebuild clears the graph and writes what the build of the sources gives; an update writes
 * its changes. A resumption plans again against the graph as the unfinished write left it,
 * which gives what is left to write, and reports the dry run's report and changes.
 */
function writeOver(run: Run, plan: PlanWithRows, resuming: boolean): Promise<UpdateResult> {
  const { job, planJob } = run;
  const graphId = job.graphId!;
  const replace = planJob.params.mode === "replace";
  // The dry run's report: what the graph holds at the job's success (a rebuild's plan and a
  // resumption's are not set against the graph the dry run saw).
  const report = planJob.result.report;
  return writeMarked(
    job as JobContext<unknown>,
    plan,
    {
      check: resuming ? undefined : unchangedSince(planJob, graphId),
      resume: true,
      before: replace ? (tx, checkpoint) => clearGraphFacts(graphId, checkpoint, tx) : undefined,
      write: replace ? undefined : writeUpdate,
      span: [85, 99],
      message: replace ? "分批重建图谱" : "分批应用变更",
    },
    (t) => applyResult(run, report, changesOf(report.summary), t),
  ).then((r) => {
    warmAfterApply(job.ctx, graphId);
    return r;
  });
}
