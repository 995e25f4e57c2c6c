import type {
  SavedView,
  SavedViewKind,
  SavedViewList,
  SavedViewOpen,
  SavedViewShown,
} from "@contract/views";
import { BodyReader } from "../http/body-reader.js";
import { type AuthUser, hasPermission } from "../auth/context.js";
import { isAdmin } from "../resources/grants.js";
import type { PlatformContext } from "../context.js";
import { badRequest, forbidden, HttpError, notFound } from "../http/errors.js";
import { graphOntology } from "./ontology.js";
import { findPaths, PATH_COUNT, PATH_HOPS } from "./paths.js";
import { requireGraph } from "./shapes.js";
import { graphRow } from "./store/graphs.js";
import {
  deleteView,
  entityNamesByUuid,
  existingEntityUuids,
  existingGroupIds,
  existingRelationIds,
  groupsOfUser,
  insertView,
  isSharedWith,
  ownViews,
  relationLabelRows,
  renameView,
  savedView,
  type SavedViewRow,
  setViewGroups,
  viewGroups,
  viewsSharedWith,
} from "./store/views.js";

/**
 * Saved views (issue 23 item 3, decision 026): a named view of a graph page (its kind and its
 * URL query string), owned by one user, shared read-only with groups the owner is in. Who may
 * see a view: its owner and the members of its groups, and only while they may read its graph
 * (graphReadable: the platform's read right on graphs, kg__graph__read). Only the owner
 * renames, re-shares or deletes it.
 */

const KINDS: readonly SavedViewKind[] = ["path", "explore"];
const NAME_MAX = 100;
const QUERY_MAX = 4000;
/** Most entities and relations a view remembers having shown. */
const SHOWN_MAX = 2000;
export const VIEW_NOT_FOUND = "视图不存在";

/** Whether the user may read the graph: it exists and they hold its read right. */
async function graphReadable(ctx: PlatformContext, user: AuthUser, graphId: number) {
  return hasPermission(user, "kg__graph__read") && !!(await graphRow(ctx.store.db, graphId));
}

/** The path page's query (from, to, hops, k, direction, types), checked as the path search checks it, in one order. */
async function pathQuery(ctx: PlatformContext, graphId: number, params: URLSearchParams) {
  const allowed = new Set(["from", "to", "hops", "k", "direction", "types"]);
  for (const k of params.keys()) if (!allowed.has(k)) throw badRequest(`视图参数不支持：${k}`);
  const single = (name: string) => {
    const all = params.getAll(name);
    if (all.length > 1) throw badRequest(`视图参数 ${name} 重复`);
    return all[0]?.trim() || undefined;
  };
  const from = single("from");
  const to = single("to");
  if (!from || from.length > 64) throw badRequest("请选择起点实体");
  if (!to || to.length > 64) throw badRequest("请选择终点实体");
  const int = (name: string, r: { min: number; max: number; fallback: number }) => {
    const v = single(name);
    if (v === undefined) return r.fallback;
    const n = /^\d{1,3}$/.test(v) ? Number(v) : NaN;
    if (!(n >= r.min && n <= r.max))
      throw badRequest(`视图参数 ${name} 应为 ${r.min}–${r.max} 的整数`);
    return n;
  };
  const hops = int("hops", PATH_HOPS);
  const k = int("k", PATH_COUNT);
  const direction = single("direction") ?? "any";
  if (direction !== "any" && direction !== "out")
    throw badRequest("视图参数 direction 应为 any 或 out");
  const ontology = await graphOntology(ctx, graphId);
  const types = [
    ...new Set(
      params
        .getAll("types")
        .flatMap((v) => v.split(","))
        .map((v) => v.trim())
        .filter(Boolean)
        .map((v) => {
          const t = /^\d{1,15}$/.test(v) ? ontology.relationTypes.get(Number(v)) : undefined;
          if (!t) throw badRequest(`未知的关系类型：${v}`);
          return t.id;
        }),
    ),
  ];
  const query = new URLSearchParams({ from, to, hops: String(hops), k: String(k), direction });
  for (const t of types) query.append("types", String(t));
  return { from, to, options: { hops, k, types, direction: direction as "any" | "out" }, query };
}

/**
 * An exploration's query as decision 025 defines it (the console's app/kg/explore-state.ts
 * builds and reads it): `entity` once, `pin` and `budget` at most once, `x`, `collapse`, `hide`
 * and `hide_type` repeated. Any other name, or a value that is not exactly of its form: 400.
 */
const EXPLORE_PARAMS: Record<string, { form: RegExp; once?: boolean; max?: number }> = {
  entity: { form: /^[\w-]{1,64}$/, once: true },
  pin: { form: /^[\w-]{1,64}$/, once: true },
  budget: { form: /^(100|[1-9]\d?)$/, once: true },
  x: { form: /^[\w-]{1,64}~(\*|[1-9]\d{0,8})~(any|out|in)~([1-9]|10)$/, max: 30 },
  collapse: { form: /^[\w-]{1,64}$/, max: 100 },
  hide: { form: /^[\w-]{1,64}$/, max: 100 },
  hide_type: { form: /^[1-9]\d{0,8}$/, max: 50 },
};

function exploreQuery(params: URLSearchParams) {
  if (!params.has("entity")) throw badRequest("视图参数 entity 无效");
  for (const k of new Set(params.keys())) {
    const rule = EXPLORE_PARAMS[k];
    if (!rule) throw badRequest(`视图参数名无效：${k}`);
    const values = params.getAll(k);
    if (
      values.length > (rule.once ? 1 : rule.max!) ||
      new Set(values).size !== values.length ||
      !values.every((v) => rule.form.test(v))
    )
      throw badRequest(`视图参数 ${k} 无效`);
  }
  return params;
}

/** What a path view shows: the entities of its paths and every relation of their hops. */
async function pathShown(
  ctx: PlatformContext,
  graphId: number,
  q: Awaited<ReturnType<typeof pathQuery>>,
): Promise<SavedViewShown> {
  let search;
  try {
    search = await findPaths(ctx, graphId, q.from, q.to, q.options);
  } catch (e) {
    if (e instanceof HttpError && e.status === 404) throw badRequest(e.detail);
    throw e;
  }
  const names = new Map(search.entities.map((e) => [e.uuid, e.name]));
  const relations = new Map<number, string>();
  for (const p of search.paths)
    for (const hop of p.hops)
      for (const e of hop.edges)
        relations.set(
          e.id,
          `${names.get(e.source) ?? e.source} —${e.predicate}→ ${names.get(e.target) ?? e.target}`,
        );
  return {
    entities: search.entities.map((e) => ({ uuid: e.uuid, name: e.name })),
    relations: [...relations].map(([id, label]) => ({ id, label })),
  };
}

/** What an exploration says it shows (entity uuids, relation ids): those the graph holds, named. */
async function givenShown(
  ctx: PlatformContext,
  graphId: number,
  uuids: string[],
  ids: number[],
): Promise<SavedViewShown> {
  const names = await entityNamesByUuid(ctx.store.db, graphId, uuids);
  const rows = await relationLabelRows(ctx.store.db, graphId, ids);
  return {
    entities: uuids.filter((u) => names.has(u)).map((uuid) => ({ uuid, name: names.get(uuid)! })),
    relations: rows.map((r) => ({ id: r.id, label: `${r.subject} —${r.type}→ ${r.object}` })),
  };
}

function shape(
  row: SavedViewRow,
  user: AuthUser,
  groups: { id: number; name: string }[],
): SavedView {
  const mine = row.owner_id === user.id;
  return {
    id: row.id,
    graph: row.graph_id,
    name: row.name,
    kind: row.kind as SavedViewKind,
    query: row.query,
    owner: { id: row.owner_id, username: row.owner },
    groups: mine ? groups : [],
    mine,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The view, when the user may see it: 404 unknown, 403 neither theirs nor shared with them or its graph unreadable. */
async function visibleView(ctx: PlatformContext, user: AuthUser, id: number | null) {
  const row = id === null ? undefined : await savedView(ctx.store.db, id);
  if (!row) throw notFound(VIEW_NOT_FOUND);
  const mine = row.owner_id === user.id;
  if (!mine && !(await isSharedWith(ctx.store.db, row.id, user.id))) throw forbidden();
  if (!(await graphReadable(ctx, user, row.graph_id))) throw forbidden();
  return row;
}

/** The view, when the user owns it (and may still read its graph); else 404/403. */
async function ownedView(ctx: PlatformContext, user: AuthUser, id: number | null) {
  const row = await visibleView(ctx, user, id);
  if (row.owner_id !== user.id) throw forbidden("只有视图的创建者可以修改或删除它");
  return row;
}

/** The groups the user may share with: their own, or every group for an admin. */
const shareableGroups = (ctx: PlatformContext, user: AuthUser) =>
  groupsOfUser(ctx.store.db, user.id, isAdmin(user));

export async function listViews(
  ctx: PlatformContext,
  user: AuthUser,
  graphId: number | undefined,
): Promise<SavedViewList> {
  const groups = await shareableGroups(ctx, user);
  if (!hasPermission(user, "kg__graph__read")) return { mine: [], shared: [], groups };
  const [own, shared] = await Promise.all([
    ownViews(ctx.store.db, user.id, graphId),
    viewsSharedWith(ctx.store.db, user.id, graphId),
  ]);
  const sharedTo = await viewGroups(
    ctx.store.db,
    own.map((v) => v.id),
  );
  return {
    mine: own.map((v) => shape(v, user, sharedTo.get(v.id) ?? [])),
    shared: shared.map((v) => shape(v, user, [])),
    groups,
  };
}

function readShareGroups(r: BodyReader) {
  return r.ids("groups", "共享的组", 100);
}

/**
 * The groups to share with, each one the user may share with or the view is already shared
 * with (400 unknown, 403 not theirs).
 */
async function checkGroups(
  ctx: PlatformContext,
  user: AuthUser,
  ids: number[],
  kept: number[] = [],
) {
  if (!ids.length) return ids;
  const existing = await existingGroupIds(ctx.store.db, ids);
  const unknown = ids.find((g) => !existing.has(g));
  if (unknown !== undefined) throw badRequest(`组不存在：${unknown}`);
  const mayShare = new Set((await shareableGroups(ctx, user)).map((g) => g.id));
  for (const g of kept) mayShare.add(g);
  if (ids.some((g) => !mayShare.has(g))) throw forbidden("只能共享给自己所在的组");
  return ids;
}

const BODY_KEYS = new Set(["graph", "kind", "name", "query", "groups", "entities", "relations"]);

export async function createView(
  ctx: PlatformContext,
  user: AuthUser,
  body: unknown,
): Promise<SavedView> {
  const r = new BodyReader(body);
  const unknownKey = Object.keys(r.body).find((k) => !BODY_KEYS.has(k));
  if (unknownKey) r.fail(unknownKey, `不支持的字段：${unknownKey}`);
  const graphId = r.optionalId("graph", "知识图谱");
  if (graphId === null && !r.errors.graph) r.fail("graph", "请指定知识图谱");
  const kind = r.text("kind", "视图类型", { required: true, max: 20 }) as SavedViewKind;
  if (kind && !KINDS.includes(kind)) r.fail("kind", "视图类型应为 path 或 explore");
  const name = r.text("name", "视图名称", { required: true, max: NAME_MAX });
  const raw = r.text("query", "视图参数", { required: true, max: QUERY_MAX }).replace(/^\?/, "");
  const groups = readShareGroups(r);
  const uuids = r.words("entities", "实体", { maxItems: SHOWN_MAX, maxLength: 64 });
  const ids = r.ids("relations", "关系", SHOWN_MAX);
  if (kind === "path" && (uuids.length || ids.length))
    r.fail("entities", "路径视图所示的实体和关系由平台读出，不能指定");
  r.done();
  if (!(await graphReadable(ctx, user, graphId!))) {
    if (!(await graphRow(ctx.store.db, graphId!))) throw notFound("知识图谱不存在");
    throw forbidden();
  }
  // Its facts are read below: not while a job writes them (409).
  await requireGraph(ctx, graphId!);
  let query: string;
  let shown: SavedViewShown;
  if (kind === "path") {
    const q = await pathQuery(ctx, graphId!, new URLSearchParams(raw));
    query = q.query.toString();
    shown = await pathShown(ctx, graphId!, q);
  } else {
    query = exploreQuery(new URLSearchParams(raw)).toString();
    shown = await givenShown(ctx, graphId!, uuids, ids);
  }
  await checkGroups(ctx, user, groups);
  const id = await ctx.store.write(async (tx) => {
    const id = await insertView(tx, {
      graph_id: graphId!,
      owner_id: user.id,
      name,
      kind,
      query,
      shown: JSON.stringify(shown),
    });
    if (groups.length) await setViewGroups(tx, id, groups);
    return id;
  });
  return openShape(ctx, user, (await savedView(ctx.store.db, id))!);
}

async function openShape(ctx: PlatformContext, user: AuthUser, row: SavedViewRow) {
  const groups = (await viewGroups(ctx.store.db, [row.id])).get(row.id) ?? [];
  return shape(row, user, groups);
}

/** The view, and what it showed that today's data no longer holds. */
export async function openView(
  ctx: PlatformContext,
  user: AuthUser,
  id: number | null,
): Promise<SavedViewOpen> {
  const row = await visibleView(ctx, user, id);
  // What is missing now is read from the graph's facts: not while a job writes them (409).
  await requireGraph(ctx, row.graph_id);
  const stored = JSON.parse(row.shown || "{}") as Partial<SavedViewShown>;
  const shown: SavedViewShown = {
    entities: stored.entities ?? [],
    relations: stored.relations ?? [],
  };
  // A path view's ends, though the search found no path between them.
  if (row.kind === "path") {
    const q = new URLSearchParams(row.query);
    for (const end of [q.get("from"), q.get("to")])
      if (end && !shown.entities.some((e) => e.uuid === end))
        shown.entities.push({ uuid: end, name: end });
  }
  const [entities, relations] = await Promise.all([
    existingEntityUuids(
      ctx.store.db,
      row.graph_id,
      shown.entities.map((e) => e.uuid),
    ),
    existingRelationIds(
      ctx.store.db,
      row.graph_id,
      shown.relations.map((r) => r.id),
    ),
  ]);
  return {
    ...(await openShape(ctx, user, row)),
    shown,
    missing: {
      entities: shown.entities.filter((e) => !entities.has(e.uuid)),
      relations: shown.relations.filter((r) => !relations.has(r.id)),
    },
  };
}

/** Rename and/or re-share (owner only). */
export async function updateView(
  ctx: PlatformContext,
  user: AuthUser,
  id: number | null,
  body: unknown,
): Promise<SavedView> {
  const row = await ownedView(ctx, user, id);
  const r = new BodyReader(body);
  const unknownKey = Object.keys(r.body).find((k) => k !== "name" && k !== "groups");
  if (unknownKey) r.fail(unknownKey, `不支持的字段：${unknownKey}`);
  const name = r.has("name")
    ? r.text("name", "视图名称", { required: true, max: NAME_MAX })
    : undefined;
  const groups = r.has("groups") ? readShareGroups(r) : undefined;
  if (name === undefined && groups === undefined) r.fail("name", "请输入视图名称或共享的组");
  r.done();
  if (groups) {
    const before = (await viewGroups(ctx.store.db, [row.id])).get(row.id) ?? [];
    await checkGroups(
      ctx,
      user,
      groups,
      before.map((g) => g.id),
    );
  }
  await ctx.store.write(async (tx) => {
    if (name !== undefined) await renameView(tx, row.id, name);
    if (groups !== undefined) await setViewGroups(tx, row.id, groups);
  });
  return openShape(ctx, user, (await savedView(ctx.store.db, row.id))!);
}

export async function removeView(ctx: PlatformContext, user: AuthUser, id: number | null) {
  const row = await ownedView(ctx, user, id);
  await ctx.store.write((tx) => deleteView(tx, row.id));
}
