import type { Db } from "../../db/store.js";

/** The id of a model's queued or running run, or null (a model is not deleted under its run). */
export async function activeModelRun(db: Db, modelId: number): Promise<number | null> {
  const row = await db
    .selectFrom("kg_model_runs")
    .select("id")
    .where("model_id", "=", modelId)
    .where("status", "in", ["queued", "running"])
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}
