import type { Db } from "../../db/store.js";
import { graphIdsAmong, intList, textList } from "./sql.js";

/** A saved view as stored (decision 026). */
export interface SavedViewRow {
  id: number;
  graph_id: number;
  owner_id: number;
  owner: string;
  name: string;
  kind: string;
  query: string;
  shown: string;
  created_at: string;
  updated_at: string;
}

const viewQuery = (db: Db) =>
  db
    .selectFrom("kg_saved_views as v")
    .innerJoin("users as u", "u.id", "v.owner_id")
    .select([
      "v.id",
      "v.graph_id",
      "v.owner_id",
      "u.username as owner",
      "v.name",
      "v.kind",
      "v.query",
      "v.shown",
      "v.created_at",
      "v.updated_at",
    ]);

export function savedView(db: Db, id: number): Promise<SavedViewRow | undefined> {
  return viewQuery(db).where("v.id", "=", id).executeTakeFirst();
}

/** A user's own views (of one graph, or all), newest first. */
export function ownViews(db: Db, userId: number, graphId?: number): Promise<SavedViewRow[]> {
  let q = viewQuery(db).where("v.owner_id", "=", userId);
  if (graphId !== undefined) q = q.where("v.graph_id", "=", graphId);
  return q.orderBy("v.id", "desc").limit(500).execute();
}

/** Views others shared with a group the user is in (of one graph, or all), newest first. */
export function viewsSharedWith(db: Db, userId: number, graphId?: number): Promise<SavedViewRow[]> {
  let q = viewQuery(db)
    .where("v.owner_id", "<>", userId)
    .where("v.id", "in", (eb) =>
      eb
        .selectFrom("kg_saved_view_groups as vg")
        .innerJoin("user_groups as ug", "ug.group_id", "vg.group_id")
        .select("vg.view_id")
        .where("ug.user_id", "=", userId),
    );
  if (graphId !== undefined) q = q.where("v.graph_id", "=", graphId);
  return q.orderBy("v.id", "desc").limit(500).execute();
}

/** Whether the view is shared with a group the user is in. */
export async function isSharedWith(db: Db, viewId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom("kg_saved_view_groups as vg")
    .innerJoin("user_groups as ug", "ug.group_id", "vg.group_id")
    .select("vg.view_id")
    .where("vg.view_id", "=", viewId)
    .where("ug.user_id", "=", userId)
    .executeTakeFirst();
  return !!row;
}

/** The groups each view is shared with, by view id. */
export async function viewGroups(
  db: Db,
  viewIds: number[],
): Promise<Map<number, { id: number; name: string }[]>> {
  const out = new Map<number, { id: number; name: string }[]>();
  if (!viewIds.length) return out;
  const rows = await db
    .selectFrom("kg_saved_view_groups as vg")
    .innerJoin("groups as g", "g.id", "vg.group_id")
    .select(["vg.view_id", "g.id", "g.name"])
    .where("vg.view_id", "in", intList(db, viewIds))
    .orderBy("g.name")
    .execute();
  for (const r of rows) {
    const list = out.get(r.view_id) ?? [];
    list.push({ id: r.id, name: r.name });
    out.set(r.view_id, list);
  }
  return out;
}

/** The groups a user is in (`all`: every group), by name. */
export function groupsOfUser(db: Db, userId: number, all: boolean) {
  let q = db.selectFrom("groups as g").select(["g.id", "g.name"]);
  if (!all)
    q = q.where("g.id", "in", (eb) =>
      eb.selectFrom("user_groups").select("group_id").where("user_id", "=", userId),
    );
  return q.orderBy("g.name").execute();
}

export async function insertView(
  db: Db,
  v: {
    graph_id: number;
    owner_id: number;
    name: string;
    kind: string;
    query: string;
    shown: string;
  },
): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto("kg_saved_views")
    .values({ ...v, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function renameView(db: Db, id: number, name: string) {
  await db
    .updateTable("kg_saved_views")
    .set({ name, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .execute();
}

/** The view's groups become `groupIds`. */
export async function setViewGroups(db: Db, id: number, groupIds: number[]) {
  await db.deleteFrom("kg_saved_view_groups").where("view_id", "=", id).execute();
  if (groupIds.length)
    await db
      .insertInto("kg_saved_view_groups")
      .values(groupIds.map((g) => ({ view_id: id, group_id: g })))
      .execute();
  await db
    .updateTable("kg_saved_views")
    .set({ updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .execute();
}

export async function deleteView(db: Db, id: number) {
  await db.deleteFrom("kg_saved_views").where("id", "=", id).execute();
}

/** Which of these entity uuids the graph still holds. */
export async function existingEntityUuids(
  db: Db,
  graphId: number,
  uuids: string[],
): Promise<Set<string>> {
  if (!uuids.length) return new Set();
  const rows = await db
    .selectFrom("kg_entities")
    .select("uuid")
    .where("graph_id", "=", graphId)
    .where("uuid", "in", textList(db, uuids))
    .execute();
  return new Set(rows.map((r) => r.uuid));
}

/** Which of these relation ids the graph still holds. */
export const existingRelationIds = (db: Db, graphId: number, ids: number[]) =>
  graphIdsAmong(db, "kg_relations", graphId, ids);

/** The ids of groups among `ids` that exist. */
export async function existingGroupIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectFrom("groups")
    .select("id")
    .where("id", "in", intList(db, ids))
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Names of the graph's entities of these uuids. */
export async function entityNamesByUuid(
  db: Db,
  graphId: number,
  uuids: string[],
): Promise<Map<string, string>> {
  if (!uuids.length) return new Map();
  const rows = await db
    .selectFrom("kg_entities")
    .select(["uuid", "name"])
    .where("graph_id", "=", graphId)
    .where("uuid", "in", textList(db, uuids))
    .execute();
  return new Map(rows.map((r) => [r.uuid, r.name]));
}

/** The graph's relations of these ids, with their ends' names and their type's name. */
export function relationLabelRows(db: Db, graphId: number, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom("kg_relations as r")
    .innerJoin("kg_entities as s", "s.id", "r.subject_id")
    .innerJoin("kg_entities as o", "o.id", "r.object_id")
    .innerJoin("kg_relation_types as t", "t.id", "r.relation_type_id")
    .select(["r.id", "s.name as subject", "t.name as type", "o.name as object"])
    .where("r.graph_id", "=", graphId)
    .where("r.id", "in", intList(db, ids))
    .orderBy("r.id")
    .execute();
}
