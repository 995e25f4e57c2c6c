import type { ClassNode, OntologyDetail, OntologySummary } from "@contract/graph-admin";
import type { AuthUser } from "../../../auth/context.js";
import type { PlatformContext } from "../../../context.js";
import type { Db } from "../../../db/store.js";
import { parseJson } from "../../../kg/ontology.js";
import { classPropertyRows } from "../../../kg/store/ontology.js";
import { audit } from "../../../resources/graph-audit.js";
import { BodyReader } from "../../../http/body-reader.js";
import {
  classDetailRows,
  deleteOntologyRows,
  eventTypeDetailRows,
  graphNamesOn,
  graphsByOntology,
  insertOntology,
  ontologyListRows,
  ontologyNameTaken,
  ontologyRow,
  relationTypeDetailRows,
  updateOntologyRow,
} from "../store/ontology.js";
import { copyOntologyContent } from "../store/ontology-copy.js";
import { conflict, listNames, missing, refused } from "./refusals.js";

/**
 * Ontology administration: ontologies themselves (list, detail, create — empty or as a
 * copy — update, delete). Their parts (classes, properties, relation types, event types)
 * are in kinds.ts. The rules: names unique within an ontology, no cycle in the class tree,
 * nothing deleted while facts or other definitions use it, and no edit that would leave
 * existing relations outside the domain or range of their type. Every refusal names what
 * is in the way.
 */

export const DOMAINS = ["military", "general"] as const;

export async function listOntologies(ctx: PlatformContext): Promise<{
  results: OntologySummary[];
  count: number;
}> {
  const db = ctx.store.db;
  const rows = await ontologyListRows(db);
  const graphs = new Map<number, { id: number; name: string }[]>();
  for (const g of await graphsByOntology(db)) {
    const list = graphs.get(g.ontology_id) ?? [];
    list.push({ id: g.id, name: g.name });
    graphs.set(g.ontology_id, list);
  }
  const results = rows.map((r) => ({ ...r, graphs: graphs.get(r.id) ?? [] }));
  return { results, count: results.length };
}

/** The whole ontology: classes in tree order (parents before children, with depth), with usage counts. */
export async function ontologyDetail(ctx: PlatformContext, id: number): Promise<OntologyDetail> {
  const db = ctx.store.db;
  const head = (await listOntologies(ctx)).results.find((o) => o.id === id);
  if (!head) throw missing("本体");
  const classRows = await classDetailRows(db, id);
  const props = await classPropertyRows(db, id);
  const byId = new Map(classRows.map((c) => [c.id, c]));
  const children = new Map<number | null, typeof classRows>();
  for (const c of classRows) {
    const parent = c.parent_id !== null && byId.has(c.parent_id) ? c.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), c]);
  }
  const classes: ClassNode[] = [];
  const seen = new Set<number>();
  const walk = (parent: number | null, depth: number) => {
    for (const c of (children.get(parent) ?? []).sort((a, b) =>
      a.name.localeCompare(b.name, "zh"),
    )) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      classes.push({
        id: c.id,
        name: c.name,
        label_en: c.label_en,
        parent_id: c.parent_id,
        parent: c.parent_id !== null ? (byId.get(c.parent_id)?.name ?? null) : null,
        depth,
        is_place: !!c.is_place,
        color: c.color,
        description: c.description,
        entity_count: c.entity_count,
        properties: props
          .filter((p) => p.class_id === c.id)
          .map((p) => ({
            id: p.id,
            name: p.name,
            label_en: p.label_en,
            datatype: p.datatype,
            required: !!p.required,
            description: p.description,
          })),
      });
      walk(c.id, depth + 1);
    }
  };
  walk(null, 0);
  const relationTypes: OntologyDetail["relation_types"] = await relationTypeDetailRows(db, id);
  const eventTypes = (await eventTypeDetailRows(db, id)).map((e) => ({
    ...e,
    triggers: parseJson<string[]>(e.triggers, []),
    roles: { subject: "主体", object: "客体", ...parseJson<Record<string, string>>(e.roles, {}) },
  }));
  const { classes: _c, relation_types: _r, event_types: _e, ...rest } = head;
  return { ...rest, classes, relation_types: relationTypes, event_types: eventTypes };
}

async function requireOntology(db: Db, id: number) {
  const row = await ontologyRow(db, id);
  if (!row) throw missing("本体");
  return row;
}

// ---------------------------------------------------------------- ontologies

function readOntology(body: unknown, mode: "create" | "update") {
  const r = new BodyReader(body);
  const out: { name?: string; domain?: string; description?: string } = {};
  if (mode === "create" || r.has("name"))
    out.name = r.text("name", "本体名称", { required: true, max: 50 });
  if (mode === "create" || r.has("domain")) {
    out.domain = r.text("domain", "领域", { required: true, max: 20 });
    if (out.domain && !(DOMAINS as readonly string[]).includes(out.domain))
      r.fail("domain", "领域必须是 military 或 general");
  }
  if (mode === "create" || r.has("description"))
    out.description = r.text("description", "描述", { max: 500 });
  const copyFrom = mode === "create" ? r.optionalId("copy_from", "复制来源") : null;
  return { r, out, copyFrom };
}

export async function createOntology(
  ctx: PlatformContext,
  user: AuthUser,
  body: unknown,
): Promise<OntologyDetail> {
  const { r, out, copyFrom } = readOntology(body, "create");
  r.done();
  const id = await ctx.store.write(async (tx) => {
    if (await ontologyNameTaken(tx, out.name!)) {
      throw conflict(`本体名称"${out.name}"已存在`);
    }
    if (copyFrom !== null) await requireOntology(tx, copyFrom);
    const newId = await insertOntology(tx, {
      name: out.name!,
      domain: out.domain!,
      description: out.description ?? "",
    });
    if (copyFrom !== null) await copyOntologyContent(tx, copyFrom, newId);
    await audit(tx, user, "create", "ontologies", newId, null, { ...out, copy_from: copyFrom });
    return newId;
  });
  return ontologyDetail(ctx, id);
}

export async function updateOntology(
  ctx: PlatformContext,
  user: AuthUser,
  id: number,
  body: unknown,
): Promise<OntologyDetail> {
  const { r, out } = readOntology(body, "update");
  r.done();
  await ctx.store.write(async (tx) => {
    const before = await requireOntology(tx, id);
    if (out.name && (await ontologyNameTaken(tx, out.name, id))) {
      throw conflict(`本体名称"${out.name}"已存在`);
    }
    const next = { ...before, ...out };
    await updateOntologyRow(tx, id, {
      name: next.name,
      domain: next.domain,
      description: next.description,
    });
    await audit(tx, user, "update", "ontologies", id, before, next);
  });
  return ontologyDetail(ctx, id);
}

export async function deleteOntology(ctx: PlatformContext, user: AuthUser, id: number) {
  await ctx.store.write(async (tx) => {
    const before = await requireOntology(tx, id);
    const graphs = await graphNamesOn(tx, id);
    if (graphs.length) {
      throw refused(
        `本体"${before.name}"仍被 ${graphs.length} 个图谱使用（${listNames(graphs)}），无法删除`,
      );
    }
    // No graph uses it, so no fact points at its classes or types; the rows go with it.
    await deleteOntologyRows(tx, id);
    await audit(tx, user, "delete", "ontologies", id, before, null);
  });
}
