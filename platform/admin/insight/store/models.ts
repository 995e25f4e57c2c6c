import type { Evaluation, ModelType, RunKind, RunStatus } from "@contract/insight";
import type { Db } from "../../../db/store.js";

/**
 * Models, their runs and evaluations (kg_models, kg_model_runs, kg_model_evaluations): every
 * statement of platform/admin/insight/models.ts and of the demo seed's models.
 */

export interface ModelRow {
  id: number;
  name: string;
  version: string;
  type: ModelType;
  graph_id: number | null;
  status: string;
  holdout: number;
  learned: string;
  precision: number | null;
  recall: number | null;
  f1: number | null;
}

export interface RunRow {
  id: number;
  model_id: number;
  kind: RunKind;
  status: RunStatus;
  job_id: number | null;
  graph_id: number | null;
  holdout: number;
  user_id: number | null;
  username: string;
  error: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

const nowIso = () => new Date().toISOString();

export async function modelById(db: Db, id: number): Promise<ModelRow | undefined> {
  return (await db.selectFrom("kg_models").selectAll().where("id", "=", id).executeTakeFirst()) as
    ModelRow | undefined;
}

export async function runById(db: Db, runId: number): Promise<RunRow | undefined> {
  return (await db
    .selectFrom("kg_model_runs")
    .selectAll()
    .where("id", "=", runId)
    .executeTakeFirst()) as RunRow | undefined;
}

export async function runOfModel(
  db: Db,
  modelId: number,
  runId: number,
): Promise<RunRow | undefined> {
  return (await db
    .selectFrom("kg_model_runs")
    .selectAll()
    .where("id", "=", runId)
    .where("model_id", "=", modelId)
    .executeTakeFirst()) as RunRow | undefined;
}

/** The model's newest queued or running run. */
export async function activeRunOf(db: Db, modelId: number): Promise<RunRow | undefined> {
  return (await db
    .selectFrom("kg_model_runs")
    .selectAll()
    .where("model_id", "=", modelId)
    .where("status", "in", ["queued", "running"])
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst()) as RunRow | undefined;
}

/** A queued run of the model on its graph; its id. */
export async function insertRun(
  tx: Db,
  run: {
    modelId: number;
    kind: RunKind;
    graphId: number | null;
    holdout: number;
    userId: number;
    username: string;
  },
): Promise<number> {
  const row = await tx
    .insertInto("kg_model_runs")
    .values({
      model_id: run.modelId,
      kind: run.kind,
      graph_id: run.graphId,
      holdout: run.holdout,
      user_id: run.userId,
      username: run.username,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setRunJob(tx: Db, runId: number, jobId: number) {
  await tx.updateTable("kg_model_runs").set({ job_id: jobId }).where("id", "=", runId).execute();
}

export async function setModelStatus(tx: Db, modelId: number, status: string) {
  await tx.updateTable("kg_models").set({ status }).where("id", "=", modelId).execute();
}

/** The run has started (again): running, its start time now, no error. */
export async function markRunRunning(tx: Db, runId: number) {
  await tx
    .updateTable("kg_model_runs")
    .set({ status: "running", started_at: nowIso(), error: "" })
    .where("id", "=", runId)
    .execute();
}

/** What a run's evaluation stores (graph_id: the run's graph). */
export type EvaluationInput = Omit<EvaluationRow, "id" | "graph_id" | "created_at"> & {
  graph_id: number;
};

/** The run's evaluation (replacing one written by an earlier attempt of the run). */
export async function saveEvaluation(tx: Db, e: EvaluationInput) {
  const { run_id, model_id, graph_id, ...values } = e;
  await tx
    .insertInto("kg_model_evaluations")
    .values({ run_id, model_id, graph_id, ...values })
    .onConflict((oc) => oc.column("run_id").doUpdateSet(values))
    .execute();
}

/** The model after a run that succeeded: ready, with the run's metrics, what it learned and its version. */
export async function setModelReady(
  tx: Db,
  modelId: number,
  m: {
    precision: number;
    recall: number;
    f1: number;
    metrics: string;
    learned: string;
    version: string;
  },
) {
  await tx
    .updateTable("kg_models")
    .set({ status: "ready", ...m, last_run_at: nowIso() })
    .where("id", "=", modelId)
    .execute();
}

export async function markRunSucceeded(tx: Db, runId: number) {
  await tx
    .updateTable("kg_model_runs")
    .set({ status: "succeeded", finished_at: nowIso() })
    .where("id", "=", runId)
    .execute();
}

/**
 * Ends a run that did not succeed and puts its model back: ready if it has metrics from an
 * earlier run, else failed or new. False when there is no such run still queued or running
 * (a run that has ended keeps its outcome).
 */
export async function endRun(
  tx: Db,
  runId: number,
  status: "failed" | "cancelled",
  error: string,
): Promise<boolean> {
  const run = await tx
    .selectFrom("kg_model_runs")
    .select("model_id")
    .where("id", "=", runId)
    .where("status", "in", ["queued", "running"])
    .executeTakeFirst();
  if (!run) return false;
  const at = nowIso();
  await tx
    .updateTable("kg_model_runs")
    .set({ status, error, finished_at: at })
    .where("id", "=", runId)
    .execute();
  await tx
    .updateTable("kg_models")
    .set((eb) => ({
      status: eb
        .case()
        .when("f1", "is not", null)
        .then("ready")
        .else(status === "failed" ? "failed" : "new")
        .end(),
      last_run_at: at,
    }))
    .where("id", "=", run.model_id)
    .execute();
  return true;
}

/** Versions taken by the other models of this name. */
export async function versionsOfName(db: Db, name: string, exceptId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("kg_models")
    .select("version")
    .where("name", "=", name)
    .where("id", "<>", exceptId)
    .execute();
  return rows.map((r) => r.version);
}

/** A stored evaluation: the answer's fields, its per-class table, confusion and review as JSON text. */
export type EvaluationRow = Omit<Evaluation, "run" | "per_class" | "confusion" | "review"> & {
  per_class: string;
  confusion: string;
  review: string;
};

/** The evaluation of the run, or (runId null) the model's latest. */
export async function evaluationOf(
  db: Db,
  modelId: number,
  runId: number | null,
): Promise<EvaluationRow | undefined> {
  return (await db
    .selectFrom("kg_model_evaluations")
    .selectAll()
    .where("model_id", "=", modelId)
    .$if(runId !== null, (q) => q.where("run_id", "=", runId!))
    .$if(runId === null, (q) => q.orderBy("id", "desc").limit(1))
    .executeTakeFirst()) as EvaluationRow | undefined;
}

/** The scores of every evaluation of the model, oldest first, with their run's kind. */
export function evaluationHistory(db: Db, modelId: number) {
  return db
    .selectFrom("kg_model_evaluations as v")
    .innerJoin("kg_model_runs as r", "r.id", "v.run_id")
    .select(["v.run_id", "r.kind", "v.created_at", "v.precision", "v.recall", "v.f1"])
    .where("v.model_id", "=", modelId)
    .orderBy("v.id")
    .execute();
}

/** What an evaluation shows of its run. */
export async function runSummary(db: Db, runId: number) {
  return (
    (await db
      .selectFrom("kg_model_runs")
      .select(["id", "kind", "username", "created_at", "finished_at", "holdout"])
      .where("id", "=", runId)
      .executeTakeFirst()) ?? null
  );
}

export interface LostRun {
  id: number;
  job: number | null;
  job_status: string | null;
  error: string | null;
}

/** Queued or running runs (of one model, or all) whose job is gone or has ended. */
export async function lostRuns(db: Db, modelId?: number): Promise<LostRun[]> {
  return (await db
    .selectFrom("kg_model_runs as r")
    .leftJoin("jobs as j", "j.id", "r.job_id")
    .select(["r.id", "j.id as job", "j.status as job_status", "j.error"])
    .where("r.status", "in", ["queued", "running"])
    .$if(modelId !== undefined, (q) => q.where("r.model_id", "=", modelId!))
    .where((eb) =>
      eb.or([eb("j.id", "is", null), eb("j.status", "in", ["succeeded", "failed", "cancelled"])]),
    )
    .execute()) as LostRun[];
}

export type RunView = RunRow & {
  progress: number;
  job_status: string | null;
  message: string;
  precision: number | null;
  recall: number | null;
  f1: number | null;
  macro_f1: number | null;
};

/** Runs with their job's progress and their evaluation's scores. */
const runViews = (db: Db) =>
  db
    .selectFrom("kg_model_runs as r")
    .leftJoin("jobs as j", "j.id", "r.job_id")
    .leftJoin("kg_model_evaluations as e", "e.run_id", "r.id")
    .selectAll("r")
    .select((eb) => [
      eb.fn.coalesce("j.progress", eb.lit(0)).as("progress"),
      eb.fn.coalesce("j.message", eb.val("")).as("message"),
      "j.status as job_status",
      "e.precision",
      "e.recall",
      "e.f1",
      "e.macro_f1",
    ]);

/** A page of the model's runs, newest first, and how many it has. */
export async function runPage(
  db: Db,
  modelId: number,
  page: number,
  pageSize: number,
): Promise<{ results: RunView[]; count: number }> {
  const results = (await runViews(db)
    .where("r.model_id", "=", modelId)
    .orderBy("r.id", "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute()) as RunView[];
  const { n } = await db
    .selectFrom("kg_model_runs")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("model_id", "=", modelId)
    .executeTakeFirstOrThrow();
  return { results, count: Number(n) };
}

export async function runViewById(db: Db, runId: number): Promise<RunView | undefined> {
  return (await runViews(db).where("r.id", "=", runId).executeTakeFirst()) as RunView | undefined;
}

// --- The demo seed -------------------------------------------------------------------------------

/** A new model (version 1.0.0); its row. */
export async function insertModel(
  tx: Db,
  m: {
    name: string;
    type: ModelType;
    graphId: number | null;
    holdout: number;
    description: string;
    createdAt: string;
  },
): Promise<ModelRow> {
  return (await tx
    .insertInto("kg_models")
    .values({
      name: m.name,
      version: "1.0.0",
      type: m.type,
      graph_id: m.graphId,
      holdout: m.holdout,
      description: m.description,
      created_at: m.createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow()) as ModelRow;
}
