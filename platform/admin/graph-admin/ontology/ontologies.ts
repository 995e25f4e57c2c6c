import type { ClassNode, OntologyDetail, OntologySummary } from "@contract/graph-admin";
import type { AuthUser } from "../../../auth/context.js";
import type { PlatformContext } from "../../../context.js";
import type { DB } from "../../../db/database.js";
import { parseJson } from "../../../kg/ontology.js";
import { audit } from "../audit.js";
import { BodyReader } from "../input.js";
import { copyOntologyContent } from "./copy.js";
import type { ClassRow, EventTypeRow, PropertyRow } from "./kinds.js";
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

export function listOntologies(ctx: PlatformContext): {
  results: OntologySummary[];
  count: number;
} {
  const rows = ctx.db
    .prepare(
      `SELECT o.id, o.name, o.domain, o.description, o.created_at,
              (SELECT count(*) FROM kg_classes c WHERE c.ontology_id = o.id) AS classes,
              (SELECT count(*) FROM kg_relation_types r WHERE r.ontology_id = o.id) AS relation_types,
              (SELECT count(*) FROM kg_event_types e WHERE e.ontology_id = o.id) AS event_types,
              (SELECT json_group_array(json_object('id', g.id, 'name', g.name))
                 FROM kg_graph_ontology m JOIN graphs g ON g.id = m.graph_id WHERE m.ontology_id = o.id) AS graphs
         FROM kg_ontologies o ORDER BY o.id`,
    )
    .all() as (Omit<OntologySummary, "graphs"> & { graphs: string })[];
  const results = rows.map((r) => ({
    ...r,
    graphs: parseJson<{ id: number; name: string }[]>(r.graphs, []),
  }));
  return { results, count: results.length };
}

/** The whole ontology: classes in tree order (parents before children, with depth), with usage counts. */
export function ontologyDetail(ctx: PlatformContext, id: number): OntologyDetail {
  const db = ctx.db;
  const head = listOntologies(ctx).results.find((o) => o.id === id);
  if (!head) throw missing("本体");
  const classRows = db
    .prepare(
      `SELECT c.id, c.name, c.label_en, c.parent_id, c.is_place, c.color, c.description,
              (SELECT count(*) FROM kg_entities e WHERE e.class_id = c.id) AS entity_count
         FROM kg_classes c WHERE c.ontology_id = ? ORDER BY c.id`,
    )
    .all(id) as (Omit<ClassRow, "ontology_id"> & { entity_count: number })[];
  const props = db
    .prepare(
      `SELECT p.id, p.class_id, p.name, p.label_en, p.datatype, p.required, p.description
         FROM kg_class_properties p JOIN kg_classes c ON c.id = p.class_id WHERE c.ontology_id = ? ORDER BY p.id`,
    )
    .all(id) as PropertyRow[];
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
  const relationTypes = db
    .prepare(
      `SELECT r.id, r.name, r.label_en, r.domain_class_id, d.name AS domain_class, r.range_class_id, g.name AS range_class, r.description,
              (SELECT count(*) FROM kg_relations x WHERE x.relation_type_id = r.id) AS relation_count
         FROM kg_relation_types r
         LEFT JOIN kg_classes d ON d.id = r.domain_class_id
         LEFT JOIN kg_classes g ON g.id = r.range_class_id
        WHERE r.ontology_id = ? ORDER BY r.id`,
    )
    .all(id) as OntologyDetail["relation_types"];
  const eventTypes = (
    db
      .prepare(
        `SELECT e.id, e.name, e.label_en, e.triggers, e.roles, e.color, e.description,
                (SELECT count(*) FROM kg_events x WHERE x.event_type_id = e.id) AS event_count
           FROM kg_event_types e WHERE e.ontology_id = ? ORDER BY e.id`,
      )
      .all(id) as (Omit<EventTypeRow, "ontology_id"> & { event_count: number })[]
  ).map((e) => ({
    ...e,
    triggers: parseJson<string[]>(e.triggers, []),
    roles: { subject: "主体", object: "客体", ...parseJson<Record<string, string>>(e.roles, {}) },
  }));
  const { classes: _c, relation_types: _r, event_types: _e, ...rest } = head;
  return { ...rest, classes, relation_types: relationTypes, event_types: eventTypes };
}

function requireOntology(db: DB, id: number) {
  const row = db
    .prepare("SELECT id, name, domain, description FROM kg_ontologies WHERE id = ?")
    .get(id) as { id: number; name: string; domain: string; description: string } | undefined;
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

export function createOntology(
  ctx: PlatformContext,
  user: AuthUser,
  body: unknown,
): OntologyDetail {
  const db = ctx.db;
  const { r, out, copyFrom } = readOntology(body, "create");
  r.done();
  const id = db.transaction(() => {
    if (db.prepare("SELECT 1 FROM kg_ontologies WHERE name = ?").get(out.name)) {
      throw conflict(`本体名称"${out.name}"已存在`);
    }
    if (copyFrom !== null) requireOntology(db, copyFrom);
    const newId = Number(
      db
        .prepare("INSERT INTO kg_ontologies (name, domain, description) VALUES (?, ?, ?)")
        .run(out.name, out.domain, out.description ?? "").lastInsertRowid,
    );
    if (copyFrom !== null) copyOntologyContent(db, copyFrom, newId);
    audit(db, user, "create", "ontologies", newId, null, { ...out, copy_from: copyFrom });
    return newId;
  })();
  return ontologyDetail(ctx, id);
}

export function updateOntology(
  ctx: PlatformContext,
  user: AuthUser,
  id: number,
  body: unknown,
): OntologyDetail {
  const db = ctx.db;
  const { r, out } = readOntology(body, "update");
  r.done();
  db.transaction(() => {
    const before = requireOntology(db, id);
    if (
      out.name &&
      db.prepare("SELECT 1 FROM kg_ontologies WHERE name = ? AND id <> ?").get(out.name, id)
    ) {
      throw conflict(`本体名称"${out.name}"已存在`);
    }
    const next = { ...before, ...out };
    db.prepare("UPDATE kg_ontologies SET name = ?, domain = ?, description = ? WHERE id = ?").run(
      next.name,
      next.domain,
      next.description,
      id,
    );
    audit(db, user, "update", "ontologies", id, before, next);
  })();
  return ontologyDetail(ctx, id);
}

export function deleteOntology(ctx: PlatformContext, user: AuthUser, id: number) {
  const db = ctx.db;
  db.transaction(() => {
    const before = requireOntology(db, id);
    const graphs = db
      .prepare(
        "SELECT g.name FROM kg_graph_ontology m JOIN graphs g ON g.id = m.graph_id WHERE m.ontology_id = ? ORDER BY g.id",
      )
      .pluck()
      .all(id) as string[];
    if (graphs.length) {
      throw refused(
        `本体"${before.name}"仍被 ${graphs.length} 个图谱使用（${listNames(graphs)}），无法删除`,
      );
    }
    // No graph uses it, so no fact points at its classes or types; the rows go with it.
    db.prepare("UPDATE kg_classes SET parent_id = NULL WHERE ontology_id = ?").run(id);
    db.prepare("DELETE FROM kg_relation_types WHERE ontology_id = ?").run(id);
    db.prepare("DELETE FROM kg_event_types WHERE ontology_id = ?").run(id);
    db.prepare("DELETE FROM kg_classes WHERE ontology_id = ?").run(id);
    db.prepare("DELETE FROM kg_ontologies WHERE id = ?").run(id);
    audit(db, user, "delete", "ontologies", id, before, null);
  })();
}
