import type { GraphIri, OntologyIri } from "@contract/kg";
import type { Request, Response, Router } from "express";
import { requirePermission, type AuthUser } from "../auth/context.js";
import type { PlatformContext } from "../context.js";
import type { Db } from "../db/store.js";
import { audit } from "../resources/graph-audit.js";
import { BodyReader } from "../http/body-reader.js";
import { HttpError, handle, notFound } from "../http/errors.js";
import { intParam, invalidParam, listParam, stringParam } from "../http/params.js";
import { neighbourGraph } from "../kg/neighbours.js";
import { graphOntology } from "../kg/ontology.js";
import { pathId } from "../kg/params.js";
import { requireGraph } from "../kg/shapes.js";
import { EXPORT_FORMATS, exportChunks, type ExportFormat } from "./export-formats.js";
import { withGraphExport, type ExportScope } from "./graph-export.js";
import { ontologyTurtle } from "./owl.js";
import {
  entityIdsByUuid,
  graphIriRow,
  ontologyBaseIriOf,
  setGraphIri,
  setOntologyBaseIri,
} from "./store.js";
import { graphBaseIri, ontologyBaseIri } from "./vocabulary.js";
import { drained } from "../http/drained.js";

/**
 * Interchange, export half (docs/api.md "Interchange: export"): a graph (or a class, a relation
 * type, a neighbourhood of it) as N-Triples, Turtle, JSON-LD, GraphML or Neo4j CSV, streamed;
 * an ontology as OWL (Turtle); the base IRI of a graph and of an ontology.
 */

const P = {
  graphRead: "kg__graph__read",
  graphUpdate: "kg__graph__update",
  ontologyRead: "kg__ontology__read",
  ontologyUpdate: "kg__ontology__update",
};

const EXPORT_PARAMS = new Set([
  "format",
  "class",
  "relation_type",
  "entity",
  "depth",
  "types",
  "limit",
  "entities",
  "relations",
]);
const NEIGHBOURHOOD_PARAMS = ["depth", "types", "limit"];
/** Each format's media type, for Accept (without `format`); Turtle first, so "any type" gets Turtle. */
const BY_TYPE = Object.fromEntries(
  (["ttl", "nt", "jsonld", "graphml", "neo4j"] as const).map((k) => [
    EXPORT_FORMATS[k].type.split(";")[0],
    k,
  ]),
) as Record<string, ExportFormat>;

function idOf(raw: string | undefined, detail: string): number {
  const id = pathId(raw);
  if (id === null) throw notFound(detail);
  return id;
}

/** `format`, else the first of our media types the Accept header names, else Turtle. */
function formatOf(req: Request): ExportFormat {
  const raw = stringParam(req.query, "format", 20);
  if (raw !== undefined) {
    if (!(raw in EXPORT_FORMATS))
      throw invalidParam(
        "format",
        `参数 format 只能是 ${Object.keys(EXPORT_FORMATS).join("、")} 之一`,
      );
    return raw as ExportFormat;
  }
  const accepted = req.accepts(Object.keys(BY_TYPE));
  return (accepted && BY_TYPE[accepted]) || "ttl";
}

/** The part of the graph the query asks for; at most one of class, relation_type, entity. */
async function scopeOf(
  ctx: PlatformContext,
  graphId: number,
  q: Request["query"],
): Promise<{ scope: ExportScope; slug: string }> {
  const unknown = Object.keys(q).find((k) => !EXPORT_PARAMS.has(k));
  if (unknown)
    throw new HttpError(400, `不支持的参数：${unknown}`, "unknown_parameter", { param: unknown });
  const cls = stringParam(q, "class");
  const type = stringParam(q, "relation_type");
  const entity = stringParam(q, "entity", 100);
  const shownEntities = listParam(q, "entities", SHOWN_MAX);
  const shownRelations = listParam(q, "relations", SHOWN_MAX);
  const shown = q.entities !== undefined || q.relations !== undefined;
  const given = [
    cls !== undefined && "class",
    type !== undefined && "relation_type",
    entity !== undefined && "entity",
    shown && "entities",
  ].filter(Boolean) as string[];
  if (given.length > 1) throw invalidParam(given[1], `参数 ${given.join("、")} 只能给一个`);
  if (entity === undefined) {
    const extra = NEIGHBOURHOOD_PARAMS.find((k) => q[k] !== undefined);
    if (extra) throw invalidParam(extra, `参数 ${extra} 只能与 entity 一起使用`);
  }
  if (shown) return shownScope(ctx, graphId, shownEntities, shownRelations);
  const ontology = await graphOntology(ctx, graphId);
  if (cls !== undefined) {
    const c = /^\d+$/.test(cls) ? ontology.classes.get(Number(cls)) : ontology.classByName.get(cls);
    if (!c) throw invalidParam("class", `未知的实体类型：${cls}`);
    return {
      scope: { kind: "class", classIds: ontology.subtree(c.id), name: c.name },
      slug: `-class-${c.id}`,
    };
  }
  if (type !== undefined) {
    const t = /^\d+$/.test(type)
      ? ontology.relationTypes.get(Number(type))
      : ontology.relationTypeByName.get(type);
    if (!t) throw invalidParam("relation_type", `未知的关系类型：${type}`);
    return {
      scope: { kind: "relation_type", typeId: t.id, name: t.name },
      slug: `-relation-type-${t.id}`,
    };
  }
  if (entity !== undefined) {
    const types = listParam(q, "types").map((v) => {
      const t = /^\d+$/.test(v)
        ? ontology.relationTypes.get(Number(v))
        : ontology.relationTypeByName.get(v);
      if (!t) throw invalidParam("types", `未知的关系类型：${v}`);
      return t.id;
    });
    // The neighbourhood the relation page shows (the same reader, the same caps).
    const shown = await neighbourGraph(ctx, graphId, entity, {
      depth: intParam(q, "depth", { min: 1, max: 2, fallback: 1 }) as 1 | 2,
      types,
      limit: intParam(q, "limit", { min: 2, max: 2000, fallback: 50 }),
    });
    const uuids = shown.nodes.map((n) => n.id);
    const entityIds = await entityIdsByUuid(ctx.store.db, graphId, uuids);
    return {
      scope: {
        kind: "neighbourhood",
        uuid: entity,
        entityIds,
        relationIds: shown.edges.map((e) => e.id),
      },
      slug: `-entity-${entity.replace(/[^A-Za-z0-9-]/g, "")}`,
    };
  }
  return { scope: { kind: "graph" }, slug: "" };
}

/** Most entities, and most relations, a `shown` export names. */
const SHOWN_MAX = 2000;

/**
 * What a view shows (a path, an exploration): the entities of these uuids and the relations of
 * these ids (with their ends), of this graph; anything of another graph is left out.
 */
async function shownScope(
  ctx: PlatformContext,
  graphId: number,
  uuids: string[],
  ids: string[],
): Promise<{ scope: ExportScope; slug: string }> {
  const relationIds = ids.map((v) => {
    const id = pathId(v);
    if (id === null) throw invalidParam("relations", `参数 relations 应为关系编号：${v}`);
    return id;
  });
  return {
    scope: {
      kind: "shown",
      entityIds: await entityIdsByUuid(ctx.store.db, graphId, uuids),
      relationIds,
    },
    slug: "-shown",
  };
}

/** Writes the chunks as the client takes them; stops reading the store when the client goes away. */
async function stream(res: Response, chunks: AsyncGenerator<string | Uint8Array>) {
  let gone = false;
  res.on("close", () => (gone = true));
  try {
    for await (const chunk of chunks) {
      if (gone) break;
      if (!res.write(chunk)) await drained(res);
    }
  } finally {
    await chunks.return(undefined);
  }
  if (!gone) res.end();
}

const attachment = (name: string) => `attachment; filename="${name}"`;

const IRI_BASE = /^[A-Za-z][A-Za-z0-9+.-]*:[^\s<>"{}|\\^`\u0000-\u0020]*[/#]$/;
const LANG_TAG = /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/;

function readBaseIri(r: BodyReader): string | undefined {
  if (!r.has("base_iri")) return undefined;
  const v = r.text("base_iri", "基础 IRI", { max: 500 });
  if (v && !IRI_BASE.test(v))
    r.fail(
      "base_iri",
      "基础 IRI 应为绝对 IRI（如 https://example.org/kg/），以 / 或 # 结尾，不含空格",
    );
  return v;
}

async function graphIriSettings(db: Db, graphId: number): Promise<GraphIri> {
  const row = (await graphIriRow(db, graphId))!;
  return {
    base_iri: row.base_iri,
    lang: row.lang,
    effective_base_iri: graphBaseIri(graphId, row.base_iri),
    default_base_iri: graphBaseIri(graphId),
  };
}

async function ontologyIriSettings(db: Db, ontologyId: number): Promise<OntologyIri> {
  const base = await ontologyBaseIriOf(db, ontologyId);
  if (base === undefined) throw notFound("本体不存在");
  return {
    base_iri: base,
    effective_base_iri: ontologyBaseIri(ontologyId, base),
    default_base_iri: ontologyBaseIri(ontologyId),
  };
}

/** What an IRI settings update works on: a graph's or an ontology's. */
interface IriTarget<S, K extends keyof S> {
  resource: "graph-iri" | "ontology-iri";
  settings: (db: Db, id: number) => Promise<S>;
  /** The fields the body sets; a field it leaves out keeps its value. */
  read: (r: BodyReader) => Partial<Pick<S, K>>;
  keys: K[];
  save: (tx: Db, id: number, next: Pick<S, K>) => Promise<void>;
}

/** Saves the IRI settings the body names and keeps the change in the audit log. */
async function updateIri<S, K extends keyof S>(
  ctx: PlatformContext,
  user: AuthUser,
  id: number,
  body: unknown,
  target: IriTarget<S, K>,
) {
  const r = new BodyReader(body);
  const asked = target.read(r);
  r.done();
  await ctx.store.write(async (tx) => {
    const before = await target.settings(tx, id);
    const was = {} as Pick<S, K>;
    const next = {} as Pick<S, K>;
    for (const k of target.keys) {
      was[k] = before[k];
      next[k] = asked[k] ?? before[k];
    }
    await target.save(tx, id, next);
    await audit(tx, user, "update", target.resource, id, was, next);
  });
  return target.settings(ctx.store.db, id);
}

const graphIri: IriTarget<GraphIri, "base_iri" | "lang"> = {
  resource: "graph-iri",
  settings: graphIriSettings,
  read(r) {
    const base_iri = readBaseIri(r);
    const lang = r.has("lang") ? r.text("lang", "标签语言", { max: 35 }) : undefined;
    if (lang !== undefined && !LANG_TAG.test(lang))
      r.fail("lang", "标签语言应为语言标签，如 zh、en、zh-Hans");
    return { base_iri, lang };
  },
  keys: ["base_iri", "lang"],
  save: setGraphIri,
};

const ontologyIri: IriTarget<OntologyIri, "base_iri"> = {
  resource: "ontology-iri",
  settings: ontologyIriSettings,
  read: (r) => ({ base_iri: readBaseIri(r) }),
  keys: ["base_iri"],
  save: (tx, id, next) => setOntologyBaseIri(tx, id, next.base_iri),
};

export function mountInterchangeExport(router: Router, ctx: PlatformContext) {
  router.get(
    "/kg/graphs/:gid/export",
    handle(async (req, res) => {
      requirePermission(res, P.graphRead);
      const graph = await requireGraph(ctx, pathId(req.params.gid));
      const format = formatOf(req);
      const { scope, slug } = await scopeOf(ctx, graph.id, req.query);
      const spec = EXPORT_FORMATS[format];
      res.setHeader("Content-Type", spec.type);
      res.setHeader(
        "Content-Disposition",
        attachment(`graph-${graph.id}${slug}${format === "neo4j" ? "-neo4j" : ""}.${spec.ext}`),
      );
      await withGraphExport(ctx, graph, scope, (x) => stream(res, exportChunks(x, format)));
    }),
  );

  router.get(
    "/graphadmin/ontologies/:id/owl",
    handle(async (req, res) => {
      requirePermission(res, P.ontologyRead);
      const id = idOf(req.params.id, "本体不存在");
      const unknown = Object.keys(req.query)[0];
      if (unknown)
        throw new HttpError(400, `不支持的参数：${unknown}`, "unknown_parameter", {
          param: unknown,
        });
      const { turtle } = await ontologyTurtle(ctx, id);
      res.setHeader("Content-Type", "text/turtle; charset=utf-8");
      res.setHeader("Content-Disposition", attachment(`ontology-${id}.owl.ttl`));
      res.send(turtle);
    }),
  );

  router.get(
    "/graphadmin/graphs/:id/iri",
    handle(async (req, res) => {
      requirePermission(res, P.graphRead);
      const graph = await requireGraph(ctx, pathId(req.params.id));
      res.json(await graphIriSettings(ctx.store.db, graph.id));
    }),
  );
  router.patch(
    "/graphadmin/graphs/:id/iri",
    handle(async (req, res) => {
      const user = requirePermission(res, P.graphUpdate);
      const graph = await requireGraph(ctx, pathId(req.params.id));
      res.json(await updateIri(ctx, user, graph.id, req.body, graphIri));
    }),
  );
  router.get(
    "/graphadmin/ontologies/:id/iri",
    handle(async (req, res) => {
      requirePermission(res, P.ontologyRead);
      res.json(await ontologyIriSettings(ctx.store.db, idOf(req.params.id, "本体不存在")));
    }),
  );
  router.patch(
    "/graphadmin/ontologies/:id/iri",
    handle(async (req, res) => {
      const user = requirePermission(res, P.ontologyUpdate);
      res.json(
        await updateIri(ctx, user, idOf(req.params.id, "本体不存在"), req.body, ontologyIri),
      );
    }),
  );
}
