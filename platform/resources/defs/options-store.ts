import type { Db } from "../../db/store.js";
import type { SelectOption } from "../types.js";

/** Select options the resource definitions read from the store (graphs, sources, relations, builds). */

export const graphOptions = (db: Db): Promise<SelectOption[]> =>
  db.selectFrom("graphs").select(["id as key", "name as label"]).orderBy("id").execute();

export const sourceOptions = (db: Db): Promise<SelectOption[]> =>
  db.selectFrom("data_sources").select(["id as key", "name as label"]).orderBy("name").execute();

/** Relation type names (one option per name, whatever the ontologies defining it). */
export const relationTypeOptions = (db: Db): Promise<SelectOption[]> =>
  db
    .selectFrom("kg_relation_types")
    .select(["name as key", "name as label"])
    .distinct()
    .orderBy("key")
    .execute();

/** The latest 200 graph builds and updates, newest first: `#12 构建 · 图谱名`. */
export async function buildJobOptions(db: Db): Promise<SelectOption[]> {
  const rows = await db
    .selectFrom("jobs as j")
    .leftJoin("graphs as g", "g.id", "j.graph_id")
    .select(["j.id", "j.kind", "g.name"])
    .where("j.kind", "in", ["graph.build", "graph.update"])
    .orderBy("j.id", "desc")
    .limit(200)
    .execute();
  return rows.map((r) => ({
    key: r.id,
    label: `#${r.id} ${r.kind === "graph.build" ? "构建" : "增量更新"} · ${r.name ?? ""}`,
  }));
}
