import { sql } from "kysely";
import type { Db } from "../../../db/store.js";
import { factTables } from "./write.js";

/**
 * kg_graph_writes (migration 022): which job is writing a graph's facts in batches. Each call
 * runs in the caller's transaction (the job's fenced one, or recovery's).
 */

/**
 * Marks the graph as written by `jobId`; true when it is now (or already was) this job's, false
 * when another job holds it. `resume`: a write that cannot be undone by clearing the graph (it
 * had facts), to be finished by a new job if this one ends without finishing (migration 024).
 */
export async function holdGraph(
  tx: Db,
  graphId: number,
  jobId: number,
  resume = false,
): Promise<boolean> {
  await tx
    .insertInto("kg_graph_writes")
    .values({ graph_id: graphId, job_id: jobId, resume: resume ? 1 : 0 })
    .onConflict((oc) => oc.column("graph_id").doNothing())
    .execute();
  const row = await tx
    .selectFrom("kg_graph_writes")
    .select("job_id")
    .where("graph_id", "=", graphId)
    .executeTakeFirst();
  return row?.job_id === jobId;
}

/** The graph is no longer written by `jobId` (its facts are whole again). */
export async function releaseGraph(tx: Db, graphId: number, jobId: number) {
  await tx
    .deleteFrom("kg_graph_writes")
    .where("graph_id", "=", graphId)
    .where("job_id", "=", jobId)
    .execute();
}

/** The job writing the graph's facts now, or null. */
export async function graphWriter(db: Db, graphId: number): Promise<number | null> {
  const row = await db
    .selectFrom("kg_graph_writes")
    .select("job_id")
    .where("graph_id", "=", graphId)
    .executeTakeFirst();
  return row?.job_id ?? null;
}

/**
 * Graphs marked as written by a job that is no longer queued or running (or gone), with whether
 * the write is to be resumed and the job's kind and params (null when the job is gone).
 */
export function orphanWrites(db: Db): Promise<
  {
    graph_id: number;
    job_id: number;
    resume: number;
    kind: string | null;
    params_json: string | null;
    created_by: number | null;
  }[]
> {
  return db
    .selectFrom("kg_graph_writes as w")
    .leftJoin("jobs as j", "j.id", "w.job_id")
    .select(["w.graph_id", "w.job_id", "w.resume", "j.kind", "j.params_json", "j.created_by"])
    .where((eb) => eb.or([eb("j.id", "is", null), eb("j.status", "not in", ["queued", "running"])]))
    .execute();
}

/** Hands the graph from job `from` to job `to`; false when `from` no longer held it. */
export async function handOverGraph(
  tx: Db,
  graphId: number,
  from: number,
  to: number,
): Promise<boolean> {
  const r = await tx
    .updateTable("kg_graph_writes")
    .set({ job_id: to })
    .where("graph_id", "=", graphId)
    .where("job_id", "=", from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Whether the graph holds any fact (article, entity, relation, event, event link; flows do not count). */
export async function hasFacts(db: Db, graphId: number): Promise<boolean> {
  const any = factTables().map(
    (t) => sql`EXISTS (SELECT 1 FROM ${sql.table(t)} WHERE graph_id = ${graphId})`,
  );
  const { rows } = await sql<{ any: number | boolean }>`SELECT CASE WHEN ${sql.join(any, sql` OR `)}
      THEN 1 ELSE 0 END AS any`.execute(db);
  return Number(rows[0].any) === 1;
}
