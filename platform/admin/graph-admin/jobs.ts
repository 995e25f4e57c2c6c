import { registerJobKind, type JobContext } from "../../jobs/kinds.js";
import { factSignature } from "./plan.js";
import { rememberPredicateMap } from "../../interchange/predicate-map.js";
import { describeSpec, rdfSourceKeys } from "./sources.js";
import { clearGraphFacts } from "./write.js";
import { writeMarked } from "./graph-writes.js";
import { baselineOf, readAndPlan, requireAccepted } from "./plan-run.js";
import { applyUpdate, type UpdateParams } from "./apply.js";
import { BUILD, PLAN, UPDATE, type BuildParams, type PlanParams } from "./job-kinds.js";
import type { BuildResult, PlanResult } from "@contract/graph-admin";

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
 *   the dry run created ("create") in batches, as a build writes (graph-writes.ts); a rebuild
 *   and a large update in batches too (decision 037); a small update in one transaction.
 * Every write in batches marks the graph as being written while it writes: readers see it whole
 * or not at all (graph-writes.ts). A rebuild or update left unfinished is resumed by a new
 * graph.update with the same params and `resumes` (the sweep's), holding the mark handed to it.
 */
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
      before: async (tx, checkpoint) => {
        await job.progress(30, "清空图谱原有数据");
        await clearGraphFacts(graphId, checkpoint, tx);
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
