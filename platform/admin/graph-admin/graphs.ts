import { hasPermission, type AuthUser } from "../../auth/context.js";
import type { PlatformContext } from "../../context.js";
import type { DB } from "../../db/database.js";
import { HttpError, badRequest, forbidden } from "../../http/errors.js";
import { jobKindLabel } from "../../jobs/kinds.js";
import { parse } from "../../jobs/store.js";
import { enqueueJobSync } from "../../jobs/worker.js";
import { bumpGraphVersionSync } from "../../kg/cache.js";
import { assignOntologySync, parseJson } from "../../kg/ontology.js";
import { likePattern } from "../../kg/params.js";
import { DOMAIN_NAMES } from "../../kg/shapes.js";
import { audit } from "./audit.js";
import { BodyReader } from "./input.js";
import { BUILD, PLAN, UPDATE, WRITING_KINDS, requirePlanJob, type PlanParams } from "./jobs.js";
import { copyOntologyContent } from "./ontology/copy.js";
import { DOMAINS } from "./ontology/ontologies.js";
import { readPredicateMap, type PredicateMap } from "../../interchange/predicate-map.js";
import { checkSourceSpec, readSourceSpec, type SourceSpec } from "./sources.js";
import type { GraphCard, GraphRow, JobBrief, PlanMode } from "@contract/graph-admin";

/**
 * Graphs as administrators see them: the dashboard (counts and last build), creating a
 * graph with its build job, rebuilding, the dry runs of a create, a rebuild and an incremental
 * update (then their apply),
 * browsing entities and their neighbourhood, and which ontology a graph uses.
 */

export function requireGraphRow(db: DB, id: number): GraphRow {
  const g = db
    .prepare("SELECT id, name, domain, description, created_at FROM graphs WHERE id = ?")
    .get(id) as GraphRow | undefined;
  if (!g) throw new HttpError(404, "知识图谱不存在", "not_found");
  return g;
}

/** The graph's last job of these kinds, named as the job list names it (by its params). */
function lastJob(db: DB, graphId: number, kinds: string[]): JobBrief | null {
  const row = db
    .prepare(
      `SELECT id, kind, params_json, status, progress, message, error, created_at, finished_at FROM jobs
        WHERE graph_id = ? AND kind IN (SELECT value FROM json_each(?)) ORDER BY id DESC LIMIT 1`,
    )
    .get(graphId, JSON.stringify(kinds)) as
    (Omit<JobBrief, "kind_label"> & { params_json: string | null }) | undefined;
  if (!row) return null;
  const { params_json, ...job } = row;
  return { ...job, kind_label: jobKindLabel(job.kind, parse(params_json)) };
}

function card(db: DB, g: GraphRow): GraphCard {
  const count = (table: string) =>
    db.prepare(`SELECT count(*) FROM ${table} WHERE graph_id = ?`).pluck().get(g.id) as number;
  const ontology =
    (db
      .prepare(
        "SELECT o.id, o.name FROM kg_graph_ontology m JOIN kg_ontologies o ON o.id = m.ontology_id WHERE m.graph_id = ?",
      )
      .get(g.id) as { id: number; name: string } | undefined) ?? null;
  return {
    ...g,
    domain_name: DOMAIN_NAMES[g.domain] ?? g.domain,
    ontology,
    counts: {
      entities: count("kg_entities"),
      relations: count("kg_relations"),
      events: count("kg_events"),
      articles: count("kg_articles"),
    },
    last_build: lastJob(db, g.id, WRITING_KINDS),
  };
}

/** Every graph with its domain, ontology, counts and last build (or update). */
export function graphDashboard(ctx: PlatformContext): { results: GraphCard[]; count: number } {
  const graphs = ctx.db
    .prepare("SELECT id, name, domain, description, created_at FROM graphs ORDER BY id")
    .all() as GraphRow[];
  return { results: graphs.map((g) => card(ctx.db, g)), count: graphs.length };
}

export function graphCard(ctx: PlatformContext, id: number): GraphCard {
  return card(ctx.db, requireGraphRow(ctx.db, id));
}

function readGraphFields(r: BodyReader, mode: "create" | "update") {
  const out: { name?: string; domain?: string; description?: string } = {};
  if (mode === "create" || r.has("name"))
    out.name = r.text("name", "图谱名称", { required: true, max: 50 });
  if (mode === "create" || r.has("domain")) {
    out.domain = r.text("domain", "领域", { required: true, max: 20 });
    if (out.domain && !(DOMAINS as readonly string[]).includes(out.domain))
      r.fail("domain", "领域必须是 military（军事）或 general（通用）");
  }
  if (mode === "create" || r.has("description"))
    out.description = r.text("description", "描述", { max: 500 });
  return out;
}

function uniqueGraphName(db: DB, name: string, exceptId = -1) {
  if (db.prepare("SELECT 1 FROM graphs WHERE name = ? AND id <> ?").get(name, exceptId)) {
    throw badRequest(`图谱名称"${name}"已存在`, { errors: { name: [`图谱名称"${name}"已存在`] } });
  }
}

/** One writing job per graph at a time: a build or update waits for none, it is refused. */
function requireIdle(db: DB, graphId: number) {
  const busy = db
    .prepare(
      `SELECT id FROM jobs WHERE graph_id = ? AND status IN ('queued', 'running') AND kind IN (SELECT value FROM json_each(?)) LIMIT 1`,
    )
    .pluck()
    .get(graphId, JSON.stringify(WRITING_KINDS)) as number | undefined;
  if (busy)
    throw new HttpError(
      409,
      `该图谱已有正在进行的构建或更新任务（#${busy}），请等它结束`,
      "graph_busy",
    );
}

/** Builds and updates need the graph's ontology to check the rows against. */
function requireOntologyAssigned(db: DB, graphId: number) {
  if (!db.prepare("SELECT 1 FROM kg_graph_ontology WHERE graph_id = ?").get(graphId)) {
    throw badRequest("该图谱还没有本体，请先在本体编辑中为它选择本体");
  }
}

/** A change of one graph by a user, from a request body. */
type GraphChange<T> = (ctx: PlatformContext, user: AuthUser, graphId: number, body: unknown) => T;

/** `predicate_map` of a build or dry run: which relation type each foreign RDF predicate means. */
const predicateMapOf = (r: BodyReader): PredicateMap =>
  readPredicateMap(r.body.predicate_map, (m) => r.fail("predicate_map", m));

function readBuildBody(
  ctx: PlatformContext,
  r: BodyReader,
): { sources: SourceSpec; skip_bad_rows: boolean; predicate_map: PredicateMap } {
  const sources = readSourceSpec(r);
  const skip = r.bool("skip_bad_rows");
  const predicateMap = predicateMapOf(r);
  r.done();
  checkSourceSpec(ctx, sources);
  return { sources, skip_bad_rows: skip, predicate_map: predicateMap };
}

/** The sources and predicate map of a dry run's body (no skip_bad_rows: the apply asks for it). */
function readPlanBody(ctx: PlatformContext, r: BodyReader, mode?: PlanMode): PlanParams {
  const sources = readSourceSpec(r);
  const predicateMap = predicateMapOf(r);
  r.done();
  checkSourceSpec(ctx, sources);
  return {
    sources,
    ...(Object.keys(predicateMap).length ? { predicate_map: predicateMap } : {}),
    ...(mode ? { mode } : {}),
  };
}

/**
 * Who may dry-run again or apply a dry run: the first build of a graph created by a dry run
 * ("create") is its creator's (kg__graph__create) or an updater's; any other, an updater's.
 */
function requireModePermission(user: AuthUser, mode: PlanMode | undefined) {
  if (hasPermission(user, "kg__graph__update")) return;
  if (mode === "create" && hasPermission(user, "kg__graph__create")) return;
  throw forbidden();
}

/**
 * POST graphs/ (a build job) and POST graphs/dry-run/ (a graph.plan job of mode "create"): the
 * graph row, its ontology and its job, in one transaction.
 */
export function createGraph(
  ctx: PlatformContext,
  user: AuthUser,
  body: unknown,
  opts: { dryRun?: boolean } = {},
): { graph: GraphCard; job_id: number } {
  const db = ctx.db;
  const r = new BodyReader(body);
  const fields = readGraphFields(r, "create");
  const ontologyId = r.optionalId("ontology_id", "本体");
  if (ontologyId === null && !r.errors.ontology_id) r.fail("ontology_id", "请选择本体");
  const params = opts.dryRun ? readPlanBody(ctx, r, "create") : readBuildBody(ctx, r);
  const kind = opts.dryRun ? PLAN : BUILD;
  const { graphId, jobId } = db.transaction(() => {
    uniqueGraphName(db, fields.name!);
    if (!db.prepare("SELECT 1 FROM kg_ontologies WHERE id = ?").get(ontologyId))
      throw badRequest("本体不存在");
    const graphId = Number(
      db
        .prepare("INSERT INTO graphs (name, domain, description) VALUES (?, ?, ?)")
        .run(fields.name, fields.domain, fields.description ?? "").lastInsertRowid,
    );
    assignOntologySync(ctx, graphId, ontologyId!);
    audit(db, user, "create", "graphs", graphId, null, { ...fields, ontology_id: ontologyId });
    const jobId = enqueueJobSync(ctx, { kind, graphId, params, userId: user.id });
    return { graphId, jobId };
  })();
  return { graph: graphCard(ctx, graphId), job_id: jobId };
}

/** POST graphs/{id}/build/: rebuild from source data (the graph's facts are replaced). */
export const rebuildGraph: GraphChange<{ job_id: number }> = (ctx, user, graphId, body) => {
  const db = ctx.db;
  requireGraphRow(db, graphId);
  const params = readBuildBody(ctx, new BodyReader(body));
  return db.transaction(() => {
    requireIdle(db, graphId);
    requireOntologyAssigned(db, graphId);
    return { job_id: enqueueJobSync(ctx, { kind: BUILD, graphId, params, userId: user.id }) };
  })();
};

/** POST graphs/{id}/build/dry-run/: what a rebuild from these sources would change (graph.plan, mode "replace"). */
export const startRebuildDryRun: GraphChange<{ job_id: number }> = (ctx, user, graphId, body) => {
  const db = ctx.db;
  requireGraphRow(db, graphId);
  const params = readPlanBody(ctx, new BodyReader(body), "replace");
  requireOntologyAssigned(db, graphId);
  return { job_id: enqueueJobSync(ctx, { kind: PLAN, graphId, params, userId: user.id }) };
};

export const updateGraph: GraphChange<GraphCard> = (ctx, user, graphId, body) => {
  const db = ctx.db;
  const r = new BodyReader(body);
  const fields = readGraphFields(r, "update");
  r.done();
  db.transaction(() => {
    const before = requireGraphRow(db, graphId);
    if (fields.name) uniqueGraphName(db, fields.name, graphId);
    const next = { ...before, ...fields };
    db.prepare("UPDATE graphs SET name = ?, domain = ?, description = ? WHERE id = ?").run(
      next.name,
      next.domain,
      next.description,
      graphId,
    );
    audit(db, user, "update", "graphs", graphId, before, next);
  })();
  return graphCard(ctx, graphId);
};

/**
 * POST graphs/{id}/update/dry-run/: queues the dry run (graph.plan). `from_plan_job_id` runs
 * an earlier dry run's sources again, in its mode (create, rebuild or update), with this
 * body's `predicate_map` over its own.
 */
export const startDryRun: GraphChange<{ job_id: number }> = (ctx, user, graphId, body) => {
  const db = ctx.db;
  requireGraphRow(db, graphId);
  const r = new BodyReader(body);
  const fromId = r.optionalId("from_plan_job_id", "预演任务");
  const from = fromId === null ? null : requirePlanJob(ctx, graphId, fromId);
  const mode = from?.params.mode;
  requireModePermission(user, mode);
  const sources = from ? from.params.sources : readSourceSpec(r);
  const predicateMap = { ...(from?.params.predicate_map ?? {}), ...predicateMapOf(r) };
  r.done();
  checkSourceSpec(ctx, sources);
  requireOntologyAssigned(db, graphId);
  const params: PlanParams = {
    sources,
    ...(Object.keys(predicateMap).length ? { predicate_map: predicateMap } : {}),
    ...(mode ? { mode } : {}),
  };
  return { job_id: enqueueJobSync(ctx, { kind: PLAN, graphId, params, userId: user.id }) };
};

/**
 * POST graphs/{id}/update/: applies a finished dry run of any mode (graph.update): an update,
 * the first build of a created graph, or a rebuild's replacement of the facts.
 */
export const startUpdate: GraphChange<{ job_id: number }> = (ctx, user, graphId, body) => {
  const db = ctx.db;
  requireGraphRow(db, graphId);
  const r = new BodyReader(body);
  const planJobId = r.optionalId("plan_job_id", "预演任务");
  if (planJobId === null && !r.errors.plan_job_id) r.fail("plan_job_id", "请先预演，再应用");
  const skip = r.bool("skip_bad_rows");
  r.done();
  const plan = requirePlanJob(ctx, graphId, planJobId!);
  requireModePermission(user, plan.params.mode);
  const report = plan.result.report;
  if (report.summary.bad_rows > 0 && !skip) {
    throw badRequest(
      `预演发现 ${report.summary.bad_rows} 行有问题：请修正数据后重新预演，或选择"跳过错误行"`,
      {
        errors: { skip_bad_rows: ["有问题的行需要确认跳过"] },
      },
    );
  }
  return db.transaction(() => {
    requireIdle(db, graphId);
    return {
      job_id: enqueueJobSync(ctx, {
        kind: UPDATE,
        graphId,
        params: {
          plan_job_id: planJobId,
          skip_bad_rows: skip,
          ...(plan.params.mode ? { mode: plan.params.mode } : {}),
        },
        userId: user.id,
      }),
    };
  })();
};

// ---------------------------------------------------------------- browsing

export interface EntityListItem {
  id: number;
  uuid: string;
  name: string;
  class_id: number | null;
  class: string | null;
  aliases: string[];
  out_relations: number;
  in_relations: number;
}

export function listEntities(
  ctx: PlatformContext,
  graphId: number,
  q: { search?: string; classId?: number; page: number; pageSize: number },
): { results: EntityListItem[]; count: number } {
  const db = ctx.db;
  requireGraphRow(db, graphId);
  const where = ["e.graph_id = ?"];
  const params: unknown[] = [graphId];
  if (q.search) {
    where.push("(e.name LIKE ? ESCAPE '\\' OR e.aliases LIKE ? ESCAPE '\\')");
    params.push(likePattern(q.search), likePattern(q.search));
  }
  if (q.classId !== undefined) {
    where.push("e.class_id = ?");
    params.push(q.classId);
  }
  const clause = where.join(" AND ");
  const count = db
    .prepare(`SELECT count(*) FROM kg_entities e WHERE ${clause}`)
    .pluck()
    .get(...params) as number;
  const rows = db
    .prepare(
      `SELECT e.id, e.uuid, e.name, e.class_id, c.name AS class, e.aliases,
              (SELECT count(*) FROM kg_relations r WHERE r.subject_id = e.id) AS out_relations,
              (SELECT count(*) FROM kg_relations r WHERE r.object_id = e.id) AS in_relations
         FROM kg_entities e LEFT JOIN kg_classes c ON c.id = e.class_id
        WHERE ${clause} ORDER BY e.name, e.id LIMIT ? OFFSET ?`,
    )
    .all(...params, q.pageSize, (q.page - 1) * q.pageSize) as (Omit<EntityListItem, "aliases"> & {
    aliases: string;
  })[];
  return {
    results: rows.map((r) => ({ ...r, aliases: parseJson<string[]>(r.aliases, []) })),
    count,
  };
}

interface NeighbourRow {
  id: number;
  predicate: string;
  confidence: number;
  other_id: number;
  other_uuid: string;
  other_name: string;
  other_class: string | null;
}

/** An entity and its relations both ways (at most `limit` each way), with the totals. */
export function entityNeighbourhood(
  ctx: PlatformContext,
  graphId: number,
  entityId: number,
  limit = 50,
) {
  const db = ctx.db;
  const e = db
    .prepare(
      `SELECT e.id, e.uuid, e.name, e.class_id, c.name AS class, e.aliases, e.properties, e.description
         FROM kg_entities e LEFT JOIN kg_classes c ON c.id = e.class_id WHERE e.id = ? AND e.graph_id = ?`,
    )
    .get(entityId, graphId) as
    | {
        id: number;
        uuid: string;
        name: string;
        class_id: number | null;
        class: string | null;
        aliases: string;
        properties: string;
        description: string;
      }
    | undefined;
  if (!e) throw new HttpError(404, "实体不存在", "not_found");
  const side = (own: "subject_id" | "object_id", other: "subject_id" | "object_id") =>
    db
      .prepare(
        `SELECT r.id, t.name AS predicate, r.confidence, o.id AS other_id, o.uuid AS other_uuid, o.name AS other_name, c.name AS other_class
           FROM kg_relations r JOIN kg_relation_types t ON t.id = r.relation_type_id
           JOIN kg_entities o ON o.id = r.${other} LEFT JOIN kg_classes c ON c.id = o.class_id
          WHERE r.${own} = ? ORDER BY t.name, o.name LIMIT ?`,
      )
      .all(entityId, limit) as NeighbourRow[];
  const total = (own: string) =>
    db
      .prepare(`SELECT count(*) FROM kg_relations WHERE ${own} = ?`)
      .pluck()
      .get(entityId) as number;
  const shape = (r: NeighbourRow) => ({
    id: r.id,
    predicate: r.predicate,
    confidence: r.confidence,
    entity: { id: r.other_id, uuid: r.other_uuid, name: r.other_name, class: r.other_class },
  });
  return {
    entity: {
      ...e,
      aliases: parseJson<string[]>(e.aliases, []),
      properties: parseJson<Record<string, unknown>>(e.properties, {}),
    },
    outgoing: side("subject_id", "object_id").map(shape),
    incoming: side("object_id", "subject_id").map(shape),
    out_total: total("subject_id"),
    in_total: total("object_id"),
  };
}

// ---------------------------------------------------------------- a graph's ontology

export function graphOntologyInfo(ctx: PlatformContext, graphId: number) {
  const db = ctx.db;
  const g = requireGraphRow(db, graphId);
  const ontology =
    (db
      .prepare(
        "SELECT o.id, o.name, o.domain FROM kg_graph_ontology m JOIN kg_ontologies o ON o.id = m.ontology_id WHERE m.graph_id = ?",
      )
      .get(graphId) as { id: number; name: string; domain: string } | undefined) ?? null;
  const sharedWith = ontology
    ? (db
        .prepare(
          "SELECT g.id, g.name FROM kg_graph_ontology m JOIN graphs g ON g.id = m.graph_id WHERE m.ontology_id = ? AND g.id <> ? ORDER BY g.id",
        )
        .all(ontology.id, graphId) as { id: number; name: string }[])
    : [];
  return { graph: { id: g.id, name: g.name, domain: g.domain }, ontology, shared_with: sharedWith };
}

type IdMap = Map<number, number>;

/** Points the graph's facts at other class and type ids (same names, another ontology). */
function remapFacts(
  db: DB,
  graphId: number,
  maps: { classMap: IdMap; relationMap: IdMap; eventMap: IdMap },
) {
  const json = (m: IdMap) => JSON.stringify(Object.fromEntries(m));
  db.prepare(
    `UPDATE kg_entities SET class_id = json_extract(?, '$."' || class_id || '"') WHERE graph_id = ? AND class_id IS NOT NULL`,
  ).run(json(maps.classMap), graphId);
  db.prepare(
    `UPDATE kg_relations SET relation_type_id = json_extract(?, '$."' || relation_type_id || '"') WHERE graph_id = ?`,
  ).run(json(maps.relationMap), graphId);
  db.prepare(
    `UPDATE kg_events SET event_type_id = json_extract(?, '$."' || event_type_id || '"') WHERE graph_id = ? AND event_type_id IS NOT NULL`,
  ).run(json(maps.eventMap), graphId);
}

/**
 * Moves a graph to another ontology. Every class, relation type and event type the graph's
 * facts use must exist (by name) in the target; the refusal names the first missing ones.
 */
export function switchOntology(
  ctx: PlatformContext,
  user: AuthUser,
  graphId: number,
  body: unknown,
) {
  const db = ctx.db;
  const r = new BodyReader(body);
  const target = r.optionalId("ontology_id", "本体");
  if (target === null && !r.errors.ontology_id) r.fail("ontology_id", "请选择本体");
  r.done();
  db.transaction(() => {
    const info = graphOntologyInfo(ctx, graphId);
    const to = db.prepare("SELECT id, name FROM kg_ontologies WHERE id = ?").get(target) as
      { id: number; name: string } | undefined;
    if (!to) throw badRequest("本体不存在");
    if (info.ontology?.id === to.id) return;
    const used = (sql: string) =>
      db.prepare(sql).all(graphId) as { id: number; name: string; n: number }[];
    const usedClasses = used(
      "SELECT c.id, c.name, count(*) AS n FROM kg_entities e JOIN kg_classes c ON c.id = e.class_id WHERE e.graph_id = ? GROUP BY c.id",
    );
    const usedRelations = used(
      "SELECT t.id, t.name, count(*) AS n FROM kg_relations r JOIN kg_relation_types t ON t.id = r.relation_type_id WHERE r.graph_id = ? GROUP BY t.id",
    );
    const usedEvents = used(
      "SELECT t.id, t.name, count(*) AS n FROM kg_events e JOIN kg_event_types t ON t.id = e.event_type_id WHERE e.graph_id = ? GROUP BY t.id",
    );
    const byName = (table: string) =>
      new Map(
        (
          db.prepare(`SELECT name, id FROM ${table} WHERE ontology_id = ?`).all(to.id) as {
            name: string;
            id: number;
          }[]
        ).map((x) => [x.name, x.id]),
      );
    const missing: string[] = [];
    const mapOf = (
      rows: typeof usedClasses,
      names: Map<string, number>,
      label: string,
      unit: string,
    ) => {
      const m: IdMap = new Map();
      for (const x of rows) {
        const id = names.get(x.name);
        if (id === undefined) missing.push(`${label}"${x.name}"（被 ${x.n} ${unit}使用）`);
        else m.set(x.id, id);
      }
      return m;
    };
    const maps = {
      classMap: mapOf(usedClasses, byName("kg_classes"), "类", "个实体"),
      relationMap: mapOf(usedRelations, byName("kg_relation_types"), "关系类型", "条关系"),
      eventMap: mapOf(usedEvents, byName("kg_event_types"), "事件类型", "个事件"),
    };
    if (missing.length) {
      throw new HttpError(
        409,
        `目标本体"${to.name}"缺少${
          missing.length > 3
            ? `${missing.slice(0, 3).join("、")} 等 ${missing.length} 项`
            : missing.join("、")
        }，无法切换`,
        "incompatible",
      );
    }
    remapFacts(db, graphId, maps);
    assignOntologySync(ctx, graphId, to.id);
    bumpGraphVersionSync(ctx, graphId, true);
    audit(db, user, "update", "graph-ontology", graphId, info.ontology, { ontology_id: to.id });
  })();
  return graphOntologyInfo(ctx, graphId);
}

/** Gives the graph a private copy of its ontology, so edits no longer reach other graphs. */
export function forkOntology(ctx: PlatformContext, user: AuthUser, graphId: number, body: unknown) {
  const db = ctx.db;
  const r = new BodyReader(body);
  const name = r.text("name", "新本体名称", { max: 50 });
  r.done();
  db.transaction(() => {
    const info = graphOntologyInfo(ctx, graphId);
    if (!info.ontology) throw badRequest("该图谱还没有本体，请先选择一个本体");
    const newName = name || `${info.graph.name}本体`;
    if (db.prepare("SELECT 1 FROM kg_ontologies WHERE name = ?").get(newName)) {
      throw badRequest(`本体名称"${newName}"已存在`, {
        errors: { name: [`本体名称"${newName}"已存在`] },
      });
    }
    const id = Number(
      db
        .prepare("INSERT INTO kg_ontologies (name, domain, description) VALUES (?, ?, ?)")
        .run(
          newName,
          info.ontology.domain,
          `由"${info.ontology.name}"复制，供图谱"${info.graph.name}"单独使用`,
        ).lastInsertRowid,
    );
    const maps = copyOntologyContent(db, info.ontology.id, id);
    remapFacts(db, graphId, maps);
    assignOntologySync(ctx, graphId, id);
    bumpGraphVersionSync(ctx, graphId, true);
    audit(db, user, "create", "ontologies", id, null, {
      forked_from: info.ontology.id,
      graph_id: graphId,
      name: newName,
    });
  })();
  return graphOntologyInfo(ctx, graphId);
}
