import type { PlatformContext } from "../../context.js";
import { JobFailedError, type JobContext } from "../../jobs/kinds.js";
import { planRows, type Plan } from "./plan.js";
import { MAX_REPORTED_PROBLEMS } from "./plan-report.js";
import type { PredicateMap } from "../../interchange/predicate-map.js";
import { readSourceRows, type SourceSpec } from "./sources.js";
import type { SourceRows } from "./source-rows.js";
import type { PlanMode, PlanReport, UnmappedPredicate } from "@contract/graph-admin";

/**
 * What every job of graph administration does first (jobs.ts, apply.ts): reads the source data
 * and plans it against the graph's ontology, logging the problems; and the rule that bad rows
 * stop a write unless the operator chose to skip them.
 */

/** The plan's baseline of each mode: a rebuild plans as a build, set against the graph. */
export const baselineOf = (mode: PlanMode | undefined) =>
  mode === "replace" ? "replace" : "graph";

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

export type PlanWithRows = Plan & { unmapped: UnmappedPredicate[] };

export async function readAndPlan(
  job: JobContext<unknown>,
  sources: SourceSpec,
  baseline: "empty" | "graph" | "replace",
  span: [number, number],
  predicateMap: PredicateMap = {},
): Promise<PlanWithRows> {
  const ctx: PlatformContext = job.ctx;
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
export function requireAccepted(
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
