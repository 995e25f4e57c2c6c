import type { Db } from "../../db/store.js";

/** A graph's flows with their number of steps and transitions, in id order. */
export function flowList(db: Db, graphId: number) {
  return db
    .selectFrom("kg_flows as f")
    .select((eb) => [
      "f.id",
      "f.name",
      "f.description",
      "f.created_at",
      eb
        .selectFrom("kg_flow_steps as s")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("s.flow_id", "=", "f.id")
        .as("steps"),
      eb
        .selectFrom("kg_flow_transitions as t")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("t.flow_id", "=", "f.id")
        .as("transitions"),
    ])
    .where("f.graph_id", "=", graphId)
    .orderBy("f.id")
    .execute();
}

export interface FlowRow {
  id: number;
  graph_id: number;
  name: string;
  description: string;
  created_at: string;
}

export function flowRow(db: Db, flowId: number): Promise<FlowRow | undefined> {
  return db
    .selectFrom("kg_flows")
    .select(["id", "graph_id", "name", "description", "created_at"])
    .where("id", "=", flowId)
    .executeTakeFirst();
}

export function flowSteps(db: Db, flowId: number) {
  return db
    .selectFrom("kg_flow_steps")
    .select(["id", "key", "name", "kind", "actor", "description", "sort"])
    .where("flow_id", "=", flowId)
    .orderBy("sort")
    .orderBy("id")
    .execute();
}

export function flowTransitions(db: Db, flowId: number) {
  return db
    .selectFrom("kg_flow_transitions")
    .select(["id", "source_step_id", "target_step_id", "label"])
    .where("flow_id", "=", flowId)
    .orderBy("sort")
    .orderBy("id")
    .execute();
}
