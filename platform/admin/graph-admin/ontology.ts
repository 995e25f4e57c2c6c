import type { AuthUser } from "../../auth/context.js";
import type { PlatformContext } from "../../context.js";
import type { DB } from "../../db/database.js";
import { HttpError, badRequest } from "../../http/errors.js";
import { parseJson } from "../../kg/ontology.js";
import { audit } from "./audit.js";
import { BodyReader, COLOR_PATTERN } from "./input.js";
import type { ClassNode, OntologyDetail, OntologySummary } from "@contract/graph-admin";

/**
 * Ontology administration: ontologies, their entity classes (a tree), class properties,
 * relation types (domain and range classes) and event types. The rules: names unique
 * within an ontology, no cycle in the class tree, nothing deleted while facts or other
 * definitions use it, and no edit that would leave existing relations outside the domain
 * or range of their type. Every refusal names what is in the way.
 */

export const DATATYPES = ["string", "number", "date", "boolean", "entity"] as const;
export const DOMAINS = ["military", "general"] as const;

const refused = (detail: string) => new HttpError(409, detail, "in_use");
const conflict = (detail: string, field = "name") =>
  badRequest(detail, { errors: { [field]: [detail] } });
const missing = (what: string) => new HttpError(404, `${what}不存在`, "not_found");

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
      `SELECT c.id, c.name, c.parent_id, c.is_place, c.color, c.description,
              (SELECT count(*) FROM kg_entities e WHERE e.class_id = c.id) AS entity_count
         FROM kg_classes c WHERE c.ontology_id = ? ORDER BY c.id`,
    )
    .all(id) as {
    id: number;
    name: string;
    parent_id: number | null;
    is_place: number;
    color: string;
    description: string;
    entity_count: number;
  }[];
  const props = db
    .prepare(
      `SELECT p.id, p.class_id, p.name, p.datatype, p.required, p.description
         FROM kg_class_properties p JOIN kg_classes c ON c.id = p.class_id WHERE c.ontology_id = ? ORDER BY p.id`,
    )
    .all(id) as {
    id: number;
    class_id: number;
    name: string;
    datatype: string;
    required: number;
    description: string;
  }[];
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
      `SELECT r.id, r.name, r.domain_class_id, d.name AS domain_class, r.range_class_id, g.name AS range_class, r.description,
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
        `SELECT e.id, e.name, e.triggers, e.roles, e.color, e.description,
                (SELECT count(*) FROM kg_events x WHERE x.event_type_id = e.id) AS event_count
           FROM kg_event_types e WHERE e.ontology_id = ? ORDER BY e.id`,
      )
      .all(id) as {
      id: number;
      name: string;
      triggers: string;
      roles: string;
      color: string;
      description: string;
      event_count: number;
    }[]
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

interface ClassRow {
  id: number;
  ontology_id: number;
  parent_id: number | null;
  name: string;
  is_place: number;
  color: string;
  description: string;
}

function requireClass(db: DB, id: number): ClassRow {
  const row = db.prepare("SELECT * FROM kg_classes WHERE id = ?").get(id) as ClassRow | undefined;
  if (!row) throw missing("类");
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

/**
 * Copies classes (keeping the tree), properties, relation types and event types of one
 * ontology into another. Returns the id maps, so a graph's facts can follow (fork).
 */
export function copyOntologyContent(db: DB, from: number, to: number) {
  const classMap = new Map<number, number>();
  const classes = db
    .prepare("SELECT * FROM kg_classes WHERE ontology_id = ? ORDER BY id")
    .all(from) as ClassRow[];
  const insertClass = db.prepare(
    "INSERT INTO kg_classes (ontology_id, parent_id, name, is_place, color, description) VALUES (?, NULL, ?, ?, ?, ?)",
  );
  for (const c of classes) {
    classMap.set(
      c.id,
      Number(insertClass.run(to, c.name, c.is_place, c.color, c.description).lastInsertRowid),
    );
  }
  const setParent = db.prepare("UPDATE kg_classes SET parent_id = ? WHERE id = ?");
  for (const c of classes) {
    if (c.parent_id !== null && classMap.has(c.parent_id))
      setParent.run(classMap.get(c.parent_id), classMap.get(c.id));
  }
  db.prepare(
    `INSERT INTO kg_class_properties (class_id, name, datatype, required, description)
     SELECT m.value ->> '$.to', p.name, p.datatype, p.required, p.description
       FROM kg_class_properties p JOIN json_each(?) m ON (m.value ->> '$.from') = p.class_id`,
  ).run(JSON.stringify([...classMap].map(([a, b]) => ({ from: a, to: b }))));
  const relationMap = new Map<number, number>();
  const relationTypes = db
    .prepare("SELECT * FROM kg_relation_types WHERE ontology_id = ? ORDER BY id")
    .all(from) as {
    id: number;
    name: string;
    domain_class_id: number | null;
    range_class_id: number | null;
    description: string;
  }[];
  const insertRelationType = db.prepare(
    "INSERT INTO kg_relation_types (ontology_id, name, domain_class_id, range_class_id, description) VALUES (?, ?, ?, ?, ?)",
  );
  for (const t of relationTypes) {
    const mapped = (c: number | null) => (c === null ? null : (classMap.get(c) ?? null));
    relationMap.set(
      t.id,
      Number(
        insertRelationType.run(
          to,
          t.name,
          mapped(t.domain_class_id),
          mapped(t.range_class_id),
          t.description,
        ).lastInsertRowid,
      ),
    );
  }
  const eventMap = new Map<number, number>();
  const eventTypes = db
    .prepare("SELECT * FROM kg_event_types WHERE ontology_id = ? ORDER BY id")
    .all(from) as {
    id: number;
    name: string;
    triggers: string;
    roles: string;
    color: string;
    description: string;
  }[];
  const insertEventType = db.prepare(
    "INSERT INTO kg_event_types (ontology_id, name, triggers, roles, color, description) VALUES (?, ?, ?, ?, ?, ?)",
  );
  for (const e of eventTypes) {
    eventMap.set(
      e.id,
      Number(
        insertEventType.run(to, e.name, e.triggers, e.roles, e.color, e.description)
          .lastInsertRowid,
      ),
    );
  }
  return { classMap, relationMap, eventMap };
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

const listNames = (names: string[], max = 5) =>
  names
    .slice(0, max)
    .map((n) => `"${n}"`)
    .join("、") + (names.length > max ? ` 等 ${names.length} 个` : "");

// ---------------------------------------------------------------- classes

/** parent_id of every class of the ontology, optionally with one parent changed. */
function parentMap(db: DB, ontologyId: number, change?: { id: number; parent: number | null }) {
  const rows = db
    .prepare("SELECT id, parent_id, name FROM kg_classes WHERE ontology_id = ?")
    .all(ontologyId) as {
    id: number;
    parent_id: number | null;
    name: string;
  }[];
  const parents = new Map(rows.map((r) => [r.id, r.parent_id]));
  const names = new Map(rows.map((r) => [r.id, r.name]));
  if (change) parents.set(change.id, change.parent);
  return { parents, names };
}

/** The class and every class below it, for the given parent map. */
function subtreeOf(parents: Map<number, number | null>, root: number): number[] {
  const out = new Set<number>([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [id, parent] of parents) {
      if (parent !== null && out.has(parent) && !out.has(id)) {
        out.add(id);
        grew = true;
      }
    }
  }
  return [...out];
}

/**
 * Relations whose subject or object class would fall outside their type's domain or range
 * if the class tree were `parents`: the first offending type and how many relations.
 */
function domainRangeBreaks(
  db: DB,
  ontologyId: number,
  parents: Map<number, number | null>,
  types?: {
    id: number;
    name: string;
    domain_class_id: number | null;
    range_class_id: number | null;
  }[],
): { type: string; side: "定义域" | "值域"; class: number; count: number } | null {
  const list =
    types ??
    (db
      .prepare(
        "SELECT id, name, domain_class_id, range_class_id FROM kg_relation_types WHERE ontology_id = ?",
      )
      .all(ontologyId) as {
      id: number;
      name: string;
      domain_class_id: number | null;
      range_class_id: number | null;
    }[]);
  const countOutside = db.prepare(
    `SELECT count(*) FROM kg_relations r JOIN kg_entities e ON e.id = (CASE WHEN ? = 'subject' THEN r.subject_id ELSE r.object_id END)
      WHERE r.relation_type_id = ? AND e.class_id IS NOT NULL AND e.class_id NOT IN (SELECT value FROM json_each(?))`,
  );
  for (const t of list) {
    for (const [side, classId, label] of [
      ["subject", t.domain_class_id, "定义域"],
      ["object", t.range_class_id, "值域"],
    ] as const) {
      if (classId === null) continue;
      const n = countOutside
        .pluck()
        .get(side, t.id, JSON.stringify(subtreeOf(parents, classId))) as number;
      if (n > 0) return { type: t.name, side: label, class: classId, count: n };
    }
  }
  return null;
}

function readClass(db: DB, ontologyId: number, body: unknown, mode: "create" | "update") {
  const r = new BodyReader(body);
  const out: {
    name?: string;
    parent_id?: number | null;
    is_place?: boolean;
    color?: string;
    description?: string;
  } = {};
  if (mode === "create" || r.has("name"))
    out.name = r.text("name", "类名", { required: true, max: 50 });
  if (mode === "create" || r.has("parent_id")) {
    out.parent_id = r.optionalId("parent_id", "父类");
    if (out.parent_id !== null) {
      const parent = db
        .prepare("SELECT ontology_id FROM kg_classes WHERE id = ?")
        .get(out.parent_id) as { ontology_id: number } | undefined;
      if (!parent || parent.ontology_id !== ontologyId)
        r.fail("parent_id", "父类不存在或不属于该本体");
    }
  }
  if (mode === "create" || r.has("is_place")) out.is_place = r.bool("is_place");
  if (mode === "create" || r.has("color")) {
    out.color = r.text("color", "颜色", { max: 7 });
    if (out.color && !COLOR_PATTERN.test(out.color)) r.fail("color", "颜色格式为 #RRGGBB");
  }
  if (mode === "create" || r.has("description"))
    out.description = r.text("description", "描述", { max: 500 });
  r.done();
  return out;
}

function classByName(db: DB, ontologyId: number, name: string, exceptId = -1) {
  return db
    .prepare("SELECT id FROM kg_classes WHERE ontology_id = ? AND name = ? AND id <> ?")
    .get(ontologyId, name, exceptId);
}

export function createClass(
  ctx: PlatformContext,
  user: AuthUser,
  ontologyId: number,
  body: unknown,
) {
  const db = ctx.db;
  return db.transaction(() => {
    requireOntology(db, ontologyId);
    const v = readClass(db, ontologyId, body, "create");
    if (classByName(db, ontologyId, v.name!)) throw conflict(`类名"${v.name}"已存在`);
    const id = Number(
      db
        .prepare(
          "INSERT INTO kg_classes (ontology_id, parent_id, name, is_place, color, description) VALUES (?, ?, ?, ?, ?, ?)",
        )
        .run(
          ontologyId,
          v.parent_id ?? null,
          v.name,
          v.is_place ? 1 : 0,
          v.color ?? "",
          v.description ?? "",
        ).lastInsertRowid,
    );
    audit(db, user, "create", "classes", id, null, { ontology_id: ontologyId, ...v });
    return requireClass(db, id);
  })();
}

export function updateClass(ctx: PlatformContext, user: AuthUser, classId: number, body: unknown) {
  const db = ctx.db;
  return db.transaction(() => {
    const before = requireClass(db, classId);
    const v = readClass(db, before.ontology_id, body, "update");
    if (v.name && classByName(db, before.ontology_id, v.name, classId))
      throw conflict(`类名"${v.name}"已存在`);
    if (v.parent_id !== undefined && v.parent_id !== before.parent_id) {
      if (v.parent_id === classId)
        throw conflict(`类"${before.name}"不能以自己为父类`, "parent_id");
      const { parents, names } = parentMap(db, before.ontology_id, {
        id: classId,
        parent: v.parent_id,
      });
      if (v.parent_id !== null && subtreeOf(parents, classId).includes(v.parent_id)) {
        throw conflict(
          `不能把"${names.get(v.parent_id)}"设为类"${before.name}"的父类：它是"${before.name}"的子类，会形成环`,
          "parent_id",
        );
      }
      const broken = domainRangeBreaks(db, before.ontology_id, parents);
      if (broken) {
        throw refused(
          `移动类"${before.name}"后，关系类型"${broken.type}"的 ${broken.count} 条关系将不符合其${broken.side}"${names.get(broken.class)}"，无法移动`,
        );
      }
    }
    const next = {
      ...before,
      ...v,
      is_place: v.is_place === undefined ? before.is_place : v.is_place ? 1 : 0,
    };
    db.prepare(
      "UPDATE kg_classes SET name = ?, parent_id = ?, is_place = ?, color = ?, description = ? WHERE id = ?",
    ).run(next.name, next.parent_id, next.is_place, next.color, next.description, classId);
    audit(db, user, "update", "classes", classId, before, next);
    return requireClass(db, classId);
  })();
}

/** Refused while entities, subclasses or relation types use the class. */
export function deleteClass(ctx: PlatformContext, user: AuthUser, classId: number) {
  const db = ctx.db;
  db.transaction(() => {
    const c = requireClass(db, classId);
    const entities = db
      .prepare("SELECT count(*) FROM kg_entities WHERE class_id = ?")
      .pluck()
      .get(classId) as number;
    if (entities > 0) throw refused(`类"${c.name}"仍被 ${entities} 个实体使用，无法删除`);
    const children = db
      .prepare("SELECT name FROM kg_classes WHERE parent_id = ? ORDER BY id")
      .pluck()
      .all(classId) as string[];
    if (children.length)
      throw refused(
        `类"${c.name}"还有 ${children.length} 个子类（${listNames(children)}），无法删除`,
      );
    const types = db
      .prepare(
        "SELECT name FROM kg_relation_types WHERE domain_class_id = ? OR range_class_id = ? ORDER BY id",
      )
      .pluck()
      .all(classId, classId) as string[];
    if (types.length)
      throw refused(`类"${c.name}"仍被关系类型${listNames(types)}用作定义域或值域，无法删除`);
    db.prepare("DELETE FROM kg_classes WHERE id = ?").run(classId);
    audit(db, user, "delete", "classes", classId, c, null);
  })();
}

// ---------------------------------------------------------------- properties

function readProperty(body: unknown, mode: "create" | "update") {
  const r = new BodyReader(body);
  const out: { name?: string; datatype?: string; required?: boolean; description?: string } = {};
  if (mode === "create" || r.has("name"))
    out.name = r.text("name", "属性名", { required: true, max: 50 });
  if (mode === "create" || r.has("datatype")) {
    out.datatype = r.text("datatype", "数据类型", { max: 20 }) || "string";
    if (!(DATATYPES as readonly string[]).includes(out.datatype))
      r.fail("datatype", `数据类型必须是 ${DATATYPES.join("、")} 之一`);
  }
  if (mode === "create" || r.has("required")) out.required = r.bool("required");
  if (mode === "create" || r.has("description"))
    out.description = r.text("description", "描述", { max: 500 });
  r.done();
  return out;
}

interface PropertyRow {
  id: number;
  class_id: number;
  name: string;
  datatype: string;
  required: number;
  description: string;
}

function requireProperty(db: DB, id: number): PropertyRow {
  const row = db.prepare("SELECT * FROM kg_class_properties WHERE id = ?").get(id) as
    PropertyRow | undefined;
  if (!row) throw missing("属性");
  return row;
}

export function createProperty(
  ctx: PlatformContext,
  user: AuthUser,
  classId: number,
  body: unknown,
) {
  const db = ctx.db;
  return db.transaction(() => {
    const c = requireClass(db, classId);
    const v = readProperty(body, "create");
    if (
      db
        .prepare("SELECT 1 FROM kg_class_properties WHERE class_id = ? AND name = ?")
        .get(classId, v.name)
    ) {
      throw conflict(`类"${c.name}"已有属性"${v.name}"`);
    }
    const id = Number(
      db
        .prepare(
          "INSERT INTO kg_class_properties (class_id, name, datatype, required, description) VALUES (?, ?, ?, ?, ?)",
        )
        .run(classId, v.name, v.datatype, v.required ? 1 : 0, v.description ?? "").lastInsertRowid,
    );
    audit(db, user, "create", "properties", id, null, { class_id: classId, ...v });
    return requireProperty(db, id);
  })();
}

export function updateProperty(ctx: PlatformContext, user: AuthUser, id: number, body: unknown) {
  const db = ctx.db;
  return db.transaction(() => {
    const before = requireProperty(db, id);
    const v = readProperty(body, "update");
    if (
      v.name &&
      db
        .prepare("SELECT 1 FROM kg_class_properties WHERE class_id = ? AND name = ? AND id <> ?")
        .get(before.class_id, v.name, id)
    ) {
      throw conflict(`该类已有属性"${v.name}"`);
    }
    const next = {
      ...before,
      ...v,
      required: v.required === undefined ? before.required : v.required ? 1 : 0,
    };
    db.prepare(
      "UPDATE kg_class_properties SET name = ?, datatype = ?, required = ?, description = ? WHERE id = ?",
    ).run(next.name, next.datatype, next.required, next.description, id);
    audit(db, user, "update", "properties", id, before, next);
    return requireProperty(db, id);
  })();
}

/** Refused while entities of the class (or its subclasses) hold a value for the property. */
export function deleteProperty(ctx: PlatformContext, user: AuthUser, id: number) {
  const db = ctx.db;
  db.transaction(() => {
    const p = requireProperty(db, id);
    const c = requireClass(db, p.class_id);
    const { parents } = parentMap(db, c.ontology_id);
    const used = db
      .prepare(
        `SELECT count(*) FROM kg_entities WHERE class_id IN (SELECT value FROM json_each(?))
            AND json_type(properties, '$."' || replace(?, '"', '""') || '"') IS NOT NULL`,
      )
      .pluck()
      .get(JSON.stringify(subtreeOf(parents, c.id)), p.name) as number;
    if (used > 0) throw refused(`属性"${p.name}"仍被 ${used} 个实体使用，无法删除`);
    db.prepare("DELETE FROM kg_class_properties WHERE id = ?").run(id);
    audit(db, user, "delete", "properties", id, p, null);
  })();
}

// ---------------------------------------------------------------- relation types

interface RelationTypeRow {
  id: number;
  ontology_id: number;
  name: string;
  domain_class_id: number | null;
  range_class_id: number | null;
  description: string;
}

function requireRelationType(db: DB, id: number): RelationTypeRow {
  const row = db.prepare("SELECT * FROM kg_relation_types WHERE id = ?").get(id) as
    RelationTypeRow | undefined;
  if (!row) throw missing("关系类型");
  return row;
}

function readRelationType(db: DB, ontologyId: number, body: unknown, mode: "create" | "update") {
  const r = new BodyReader(body);
  const out: {
    name?: string;
    domain_class_id?: number | null;
    range_class_id?: number | null;
    description?: string;
  } = {};
  if (mode === "create" || r.has("name"))
    out.name = r.text("name", "关系名称", { required: true, max: 50 });
  for (const [field, label] of [
    ["domain_class_id", "定义域"],
    ["range_class_id", "值域"],
  ] as const) {
    if (mode === "update" && !r.has(field)) continue;
    const v = r.optionalId(field, label);
    if (v !== null) {
      const c = db.prepare("SELECT ontology_id FROM kg_classes WHERE id = ?").get(v) as
        { ontology_id: number } | undefined;
      if (!c || c.ontology_id !== ontologyId) r.fail(field, `${label}类不存在或不属于该本体`);
    }
    out[field] = v;
  }
  if (mode === "create" || r.has("description"))
    out.description = r.text("description", "描述", { max: 500 });
  r.done();
  return out;
}

export function createRelationType(
  ctx: PlatformContext,
  user: AuthUser,
  ontologyId: number,
  body: unknown,
) {
  const db = ctx.db;
  return db.transaction(() => {
    requireOntology(db, ontologyId);
    const v = readRelationType(db, ontologyId, body, "create");
    if (
      db
        .prepare("SELECT 1 FROM kg_relation_types WHERE ontology_id = ? AND name = ?")
        .get(ontologyId, v.name)
    ) {
      throw conflict(`关系类型"${v.name}"已存在`);
    }
    const id = Number(
      db
        .prepare(
          "INSERT INTO kg_relation_types (ontology_id, name, domain_class_id, range_class_id, description) VALUES (?, ?, ?, ?, ?)",
        )
        .run(
          ontologyId,
          v.name,
          v.domain_class_id ?? null,
          v.range_class_id ?? null,
          v.description ?? "",
        ).lastInsertRowid,
    );
    audit(db, user, "create", "relation-types", id, null, { ontology_id: ontologyId, ...v });
    return requireRelationType(db, id);
  })();
}

/** A new domain or range must still hold every existing relation of the type. */
export function updateRelationType(
  ctx: PlatformContext,
  user: AuthUser,
  id: number,
  body: unknown,
) {
  const db = ctx.db;
  return db.transaction(() => {
    const before = requireRelationType(db, id);
    const v = readRelationType(db, before.ontology_id, body, "update");
    if (
      v.name &&
      db
        .prepare("SELECT 1 FROM kg_relation_types WHERE ontology_id = ? AND name = ? AND id <> ?")
        .get(before.ontology_id, v.name, id)
    ) {
      throw conflict(`关系类型"${v.name}"已存在`);
    }
    const next = { ...before, ...v };
    if (
      next.domain_class_id !== before.domain_class_id ||
      next.range_class_id !== before.range_class_id
    ) {
      const { parents, names } = parentMap(db, before.ontology_id);
      const broken = domainRangeBreaks(db, before.ontology_id, parents, [next]);
      if (broken) {
        throw refused(
          `关系类型"${before.name}"已有 ${broken.count} 条关系不符合新的${broken.side}"${names.get(broken.class)}"，无法修改`,
        );
      }
    }
    db.prepare(
      "UPDATE kg_relation_types SET name = ?, domain_class_id = ?, range_class_id = ?, description = ? WHERE id = ?",
    ).run(next.name, next.domain_class_id, next.range_class_id, next.description, id);
    audit(db, user, "update", "relation-types", id, before, next);
    return requireRelationType(db, id);
  })();
}

export function deleteRelationType(ctx: PlatformContext, user: AuthUser, id: number) {
  const db = ctx.db;
  db.transaction(() => {
    const t = requireRelationType(db, id);
    const used = db
      .prepare("SELECT count(*) FROM kg_relations WHERE relation_type_id = ?")
      .pluck()
      .get(id) as number;
    if (used > 0) throw refused(`关系类型"${t.name}"仍被 ${used} 条关系使用，无法删除`);
    db.prepare("DELETE FROM kg_relation_types WHERE id = ?").run(id);
    audit(db, user, "delete", "relation-types", id, t, null);
  })();
}

// ---------------------------------------------------------------- event types

interface EventTypeRow {
  id: number;
  ontology_id: number;
  name: string;
  triggers: string;
  roles: string;
  color: string;
  description: string;
}

function requireEventType(db: DB, id: number): EventTypeRow {
  const row = db.prepare("SELECT * FROM kg_event_types WHERE id = ?").get(id) as
    EventTypeRow | undefined;
  if (!row) throw missing("事件类型");
  return row;
}

function readEventType(body: unknown, mode: "create" | "update", current?: EventTypeRow) {
  const r = new BodyReader(body);
  const out: {
    name?: string;
    triggers?: string;
    roles?: string;
    color?: string;
    description?: string;
  } = {};
  if (mode === "create" || r.has("name"))
    out.name = r.text("name", "事件类型名称", { required: true, max: 50 });
  if (mode === "create" || r.has("triggers")) {
    out.triggers = JSON.stringify(r.words("triggers", "触发词", { maxItems: 100, maxLength: 20 }));
  }
  if (mode === "create" || r.has("subject_role") || r.has("object_role")) {
    const old = parseJson<Record<string, string>>(current?.roles, {});
    const subject = r.has("subject_role")
      ? r.text("subject_role", "主体角色", { max: 20 })
      : old.subject;
    const object = r.has("object_role")
      ? r.text("object_role", "客体角色", { max: 20 })
      : old.object;
    out.roles = JSON.stringify({ subject: subject || "主体", object: object || "客体" });
  }
  if (mode === "create" || r.has("color")) {
    out.color = r.text("color", "颜色", { max: 7 });
    if (out.color && !COLOR_PATTERN.test(out.color)) r.fail("color", "颜色格式为 #RRGGBB");
  }
  if (mode === "create" || r.has("description"))
    out.description = r.text("description", "描述", { max: 500 });
  r.done();
  return out;
}

export function createEventType(
  ctx: PlatformContext,
  user: AuthUser,
  ontologyId: number,
  body: unknown,
) {
  const db = ctx.db;
  return db.transaction(() => {
    requireOntology(db, ontologyId);
    const v = readEventType(body, "create");
    if (
      db
        .prepare("SELECT 1 FROM kg_event_types WHERE ontology_id = ? AND name = ?")
        .get(ontologyId, v.name)
    ) {
      throw conflict(`事件类型"${v.name}"已存在`);
    }
    const id = Number(
      db
        .prepare(
          "INSERT INTO kg_event_types (ontology_id, name, triggers, roles, color, description) VALUES (?, ?, ?, ?, ?, ?)",
        )
        .run(ontologyId, v.name, v.triggers, v.roles, v.color ?? "", v.description ?? "")
        .lastInsertRowid,
    );
    audit(db, user, "create", "event-types", id, null, { ontology_id: ontologyId, ...v });
    return requireEventType(db, id);
  })();
}

export function updateEventType(ctx: PlatformContext, user: AuthUser, id: number, body: unknown) {
  const db = ctx.db;
  return db.transaction(() => {
    const before = requireEventType(db, id);
    const v = readEventType(body, "update", before);
    if (
      v.name &&
      db
        .prepare("SELECT 1 FROM kg_event_types WHERE ontology_id = ? AND name = ? AND id <> ?")
        .get(before.ontology_id, v.name, id)
    ) {
      throw conflict(`事件类型"${v.name}"已存在`);
    }
    const next = { ...before, ...v };
    db.prepare(
      "UPDATE kg_event_types SET name = ?, triggers = ?, roles = ?, color = ?, description = ? WHERE id = ?",
    ).run(next.name, next.triggers, next.roles, next.color, next.description, id);
    audit(db, user, "update", "event-types", id, before, next);
    return requireEventType(db, id);
  })();
}

export function deleteEventType(ctx: PlatformContext, user: AuthUser, id: number) {
  const db = ctx.db;
  db.transaction(() => {
    const t = requireEventType(db, id);
    const used = db
      .prepare("SELECT count(*) FROM kg_events WHERE event_type_id = ?")
      .pluck()
      .get(id) as number;
    if (used > 0) throw refused(`事件类型"${t.name}"仍被 ${used} 个事件使用，无法删除`);
    db.prepare("DELETE FROM kg_event_types WHERE id = ?").run(id);
    audit(db, user, "delete", "event-types", id, t, null);
  })();
}
