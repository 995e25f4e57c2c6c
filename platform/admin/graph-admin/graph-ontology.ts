import type { AuthUser } from "../../auth/context.js";
import type { PlatformContext } from "../../context.js";
import type { Db } from "../../db/store.js";
import { HttpError, badRequest } from "../../http/errors.js";
import { BodyReader } from "../../http/body-reader.js";
import { bumpGraphVersion } from "../../kg/cache.js";
import { assignOntology } from "../../kg/ontology.js";
import { audit } from "../../resources/graph-audit.js";
import { requireGraphRow } from "./graphs.js";
import { insertOntology, ontologyNameTaken } from "./store/ontology.js";
import { copyOntologyContent } from "./store/ontology-copy.js";
import {
  graphOntologyHead,
  graphsOnOntology,
  ontologyHead,
  remapFacts,
  termIdsByName,
  termsInUse,
  type UsedTerm,
} from "./store/graphs.js";

/**
 * Which ontology a graph uses (graph administration): what it is and which graphs share it,
 * moving the graph to another ontology, and forking a shared one into the graph's own.
 */

export async function graphOntologyInfo(ctx: PlatformContext, graphId: number, db?: Db) {
  const h = db ?? ctx.store.db;
  const g = await requireGraphRow(h, graphId);
  const ontology = (await graphOntologyHead(h, graphId)) ?? null;
  const sharedWith = ontology ? await graphsOnOntology(h, ontology.id, graphId) : [];
  return { graph: { id: g.id, name: g.name, domain: g.domain }, ontology, shared_with: sharedWith };
}

type IdMap = Map<number, number>;

/**
 * Moves a graph to another ontology. Every class, relation type and event type the graph's
 * facts use must exist (by name) in the target; the refusal names the first missing ones.
 */
export async function switchOntology(
  ctx: PlatformContext,
  user: AuthUser,
  graphId: number,
  body: unknown,
) {
  const r = new BodyReader(body);
  const target = r.optionalId("ontology_id", "本体");
  if (target === null && !r.errors.ontology_id) r.fail("ontology_id", "请选择本体");
  r.done();
  await ctx.store.write(async (tx) => {
    const info = await graphOntologyInfo(ctx, graphId, tx);
    const to = await ontologyHead(tx, target!);
    if (!to) throw badRequest("本体不存在");
    if (info.ontology?.id === to.id) return;
    const used = await termsInUse(tx, graphId);
    const missing: string[] = [];
    const mapOf = (rows: UsedTerm[], names: Map<string, number>, label: string, unit: string) => {
      const m: IdMap = new Map();
      for (const x of rows) {
        const id = names.get(x.name);
        if (id === undefined) missing.push(`${label}"${x.name}"（被 ${x.n} ${unit}使用）`);
        else m.set(x.id, id);
      }
      return m;
    };
    const maps = {
      classMap: mapOf(used.classes, await termIdsByName(tx, "kg_classes", to.id), "类", "个实体"),
      relationMap: mapOf(
        used.relationTypes,
        await termIdsByName(tx, "kg_relation_types", to.id),
        "关系类型",
        "条关系",
      ),
      eventMap: mapOf(
        used.eventTypes,
        await termIdsByName(tx, "kg_event_types", to.id),
        "事件类型",
        "个事件",
      ),
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
    await remapFacts(tx, graphId, maps);
    await assignOntology(ctx, graphId, to.id, tx);
    await bumpGraphVersion(tx, graphId, true);
    await audit(tx, user, "update", "graph-ontology", graphId, info.ontology, {
      ontology_id: to.id,
    });
  });
  return graphOntologyInfo(ctx, graphId);
}

/** Gives the graph a private copy of its ontology, so edits no longer reach other graphs. */
export async function forkOntology(
  ctx: PlatformContext,
  user: AuthUser,
  graphId: number,
  body: unknown,
) {
  const r = new BodyReader(body);
  const name = r.text("name", "新本体名称", { max: 50 });
  r.done();
  await ctx.store.write(async (tx) => {
    const info = await graphOntologyInfo(ctx, graphId, tx);
    if (!info.ontology) throw badRequest("该图谱还没有本体，请先选择一个本体");
    const newName = name || `${info.graph.name}本体`;
    if (await ontologyNameTaken(tx, newName)) {
      throw badRequest(`本体名称"${newName}"已存在`, {
        errors: { name: [`本体名称"${newName}"已存在`] },
      });
    }
    const id = await insertOntology(tx, {
      name: newName,
      domain: info.ontology.domain,
      description: `由"${info.ontology.name}"复制，供图谱"${info.graph.name}"单独使用`,
    });
    const maps = await copyOntologyContent(tx, info.ontology.id, id);
    await remapFacts(tx, graphId, maps);
    await assignOntology(ctx, graphId, id, tx);
    await bumpGraphVersion(tx, graphId, true);
    await audit(tx, user, "create", "ontologies", id, null, {
      forked_from: info.ontology.id,
      graph_id: graphId,
      name: newName,
    });
  });
  return graphOntologyInfo(ctx, graphId);
}
