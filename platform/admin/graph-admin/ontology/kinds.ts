import type { Db } from "../../../db/store.js";
import { parseJson } from "../../../kg/ontology.js";
import { COLOR_PATTERN, type BodyReader } from "../../../http/body-reader.js";
import {
  countUses,
  ontologyOfClass,
  propertyUseCount,
  relationTypesUsingClass,
  subclassNames,
} from "../store/ontology.js";
import { partService, reads, requirePart, type Mode, type PartKind } from "./crud.js";
import { domainRangeBreaks, parentMap, subtreeOf } from "./integrity.js";
import { conflict, listNames, refused } from "./refusals.js";

/**
 * The four kinds of ontology parts, each declared once: its table and columns, how its
 * fields are read, and the integrity rules that refuse a change (kinds.ts → crud.ts).
 */

const DATATYPES = ["string", "number", "date", "boolean", "entity"] as const;

const ONTOLOGY = { resource: "ontologies", table: "kg_ontologies", label: "本体" } as const;

function readColor(r: BodyReader, mode: Mode) {
  if (!reads(r, mode, "color")) return {};
  const color = r.text("color", "颜色", { max: 7 });
  if (color && !COLOR_PATTERN.test(color)) r.fail("color", "颜色格式为 #RRGGBB");
  return { color };
}

/** Fails the field unless the id (if any) is a class of the ontology. */
async function checkClassOf(
  r: BodyReader,
  db: Db,
  ontologyId: number,
  field: string,
  id: number | null,
  message: string,
) {
  if (id === null) return;
  if ((await ontologyOfClass(db, id)) !== ontologyId) r.fail(field, message);
}

/** Deleting is refused while rows of `table` point at the part through `column`. */
const usedBy = (
  table: Parameters<typeof countUses>[1],
  column: Parameters<typeof countUses>[2],
  what: string,
) => ({
  count: (db: Db, row: { id: number }) => countUses(db, table, column, row.id),
  what,
});

// ---------------------------------------------------------------- classes

export interface ClassRow {
  id: number;
  ontology_id: number;
  parent_id: number | null;
  name: string;
  is_place: number;
  color: string;
  description: string;
  label_en: string;
}

interface ClassInput {
  name?: string;
  parent_id?: number | null;
  is_place?: boolean;
  color?: string;
  description?: string;
  label_en?: string;
}

const classKind: PartKind<ClassRow, ClassInput> = {
  resource: "classes",
  label: "类",
  table: "kg_classes",
  parent: ONTOLOGY,
  scope: "ontology_id",
  nameLabel: "类名",
  columns: ["parent_id", "name", "label_en", "is_place", "color", "description"],
  flags: ["is_place"],
  async readFields({ r, db, mode, scopeId }) {
    const out: ClassInput = {};
    if (reads(r, mode, "parent_id")) {
      out.parent_id = r.optionalId("parent_id", "父类");
      await checkClassOf(r, db, scopeId, "parent_id", out.parent_id, "父类不存在或不属于该本体");
    }
    if (reads(r, mode, "is_place")) out.is_place = r.bool("is_place");
    return { ...out, ...readColor(r, mode) };
  },
  duplicate: (name) => `类名"${name}"已存在`,
  uses: usedBy("kg_entities", "class_id", "个实体"),
  /** A new parent: not itself nor below itself, and every relation still in its type's domain and range. */
  async checkUpdate(db, before, v) {
    if (v.parent_id === undefined || v.parent_id === before.parent_id) return;
    if (v.parent_id === before.id)
      throw conflict(`类"${before.name}"不能以自己为父类`, "parent_id");
    const { parents, names } = await parentMap(db, before.ontology_id, {
      id: before.id,
      parent: v.parent_id,
    });
    if (v.parent_id !== null && subtreeOf(parents, before.id).includes(v.parent_id)) {
      throw conflict(
        `不能把"${names.get(v.parent_id)}"设为类"${before.name}"的父类：它是"${before.name}"的子类，会形成环`,
        "parent_id",
      );
    }
    const broken = await domainRangeBreaks(db, before.ontology_id, parents);
    if (broken) {
      throw refused(
        `移动类"${before.name}"后，关系类型"${broken.type}"的 ${broken.count} 条关系将不符合其${broken.side}"${names.get(broken.class)}"，无法移动`,
      );
    }
  },
  /** Nor while subclasses or relation types use it. */
  async checkDelete(db, c) {
    const children = await subclassNames(db, c.id);
    if (children.length)
      throw refused(
        `类"${c.name}"还有 ${children.length} 个子类（${listNames(children)}），无法删除`,
      );
    const types = await relationTypesUsingClass(db, c.id);
    if (types.length)
      throw refused(`类"${c.name}"仍被关系类型${listNames(types)}用作定义域或值域，无法删除`);
  },
};

// ---------------------------------------------------------------- properties

export interface PropertyRow {
  id: number;
  class_id: number;
  name: string;
  datatype: string;
  required: number;
  description: string;
  label_en: string;
}

interface PropertyInput {
  name?: string;
  datatype?: string;
  required?: boolean;
  description?: string;
  label_en?: string;
}

const propertyKind: PartKind<PropertyRow, PropertyInput> = {
  resource: "properties",
  label: "属性",
  table: "kg_class_properties",
  parent: classKind,
  scope: "class_id",
  nameLabel: "属性名",
  columns: ["name", "label_en", "datatype", "required", "description"],
  flags: ["required"],
  async readFields({ r, mode }) {
    const out: PropertyInput = {};
    if (reads(r, mode, "datatype")) {
      out.datatype = r.text("datatype", "数据类型", { max: 20 }) || "string";
      if (!(DATATYPES as readonly string[]).includes(out.datatype))
        r.fail("datatype", `数据类型必须是 ${DATATYPES.join("、")} 之一`);
    }
    if (reads(r, mode, "required")) out.required = r.bool("required");
    return out;
  },
  duplicate: (name, parentClass) =>
    parentClass ? `类"${parentClass.name}"已有属性"${name}"` : `该类已有属性"${name}"`,
  /** Values held by entities of the class or of a class below it. */
  uses: {
    async count(db, p) {
      const c = await requirePart<ClassRow>(db, classKind, p.class_id);
      const { parents } = await parentMap(db, c.ontology_id);
      return propertyUseCount(db, subtreeOf(parents, c.id), p.name);
    },
    what: "个实体",
  },
};

// ---------------------------------------------------------------- relation types

export interface RelationTypeRow {
  id: number;
  ontology_id: number;
  name: string;
  domain_class_id: number | null;
  range_class_id: number | null;
  description: string;
  label_en: string;
}

interface RelationTypeInput {
  name?: string;
  domain_class_id?: number | null;
  range_class_id?: number | null;
  description?: string;
  label_en?: string;
}

const relationTypeKind: PartKind<RelationTypeRow, RelationTypeInput> = {
  resource: "relation-types",
  label: "关系类型",
  table: "kg_relation_types",
  parent: ONTOLOGY,
  scope: "ontology_id",
  nameLabel: "关系名称",
  columns: ["name", "label_en", "domain_class_id", "range_class_id", "description"],
  async readFields({ r, db, mode, scopeId }) {
    const out: RelationTypeInput = {};
    for (const [field, label] of [
      ["domain_class_id", "定义域"],
      ["range_class_id", "值域"],
    ] as const) {
      if (!reads(r, mode, field)) continue;
      out[field] = r.optionalId(field, label);
      await checkClassOf(r, db, scopeId, field, out[field], `${label}类不存在或不属于该本体`);
    }
    return out;
  },
  duplicate: (name) => `关系类型"${name}"已存在`,
  uses: usedBy("kg_relations", "relation_type_id", "条关系"),
  /** A new domain or range must still hold every existing relation of the type. */
  async checkUpdate(db, before, _v, next) {
    if (
      next.domain_class_id === before.domain_class_id &&
      next.range_class_id === before.range_class_id
    )
      return;
    const { parents, names } = await parentMap(db, before.ontology_id);
    const broken = await domainRangeBreaks(db, before.ontology_id, parents, [next]);
    if (broken) {
      throw refused(
        `关系类型"${before.name}"已有 ${broken.count} 条关系不符合新的${broken.side}"${names.get(broken.class)}"，无法修改`,
      );
    }
  },
};

// ---------------------------------------------------------------- event types

export interface EventTypeRow {
  id: number;
  ontology_id: number;
  name: string;
  triggers: string;
  roles: string;
  color: string;
  description: string;
  label_en: string;
}

interface EventTypeInput {
  name?: string;
  triggers?: string;
  roles?: string;
  color?: string;
  description?: string;
  label_en?: string;
}

const eventTypeKind: PartKind<EventTypeRow, EventTypeInput> = {
  resource: "event-types",
  label: "事件类型",
  table: "kg_event_types",
  parent: ONTOLOGY,
  scope: "ontology_id",
  nameLabel: "事件类型名称",
  columns: ["name", "label_en", "triggers", "roles", "color", "description"],
  async readFields({ r, mode, current }) {
    const out: EventTypeInput = {};
    if (reads(r, mode, "triggers"))
      out.triggers = JSON.stringify(
        r.words("triggers", "触发词", { maxItems: 100, maxLength: 20 }),
      );
    if (mode === "create" || r.has("subject_role") || r.has("object_role")) {
      // One role given: the other stays as it is.
      const old = parseJson<Record<string, string>>(current?.roles, {});
      const subject = r.has("subject_role")
        ? r.text("subject_role", "主体角色", { max: 20 })
        : old.subject;
      const object = r.has("object_role")
        ? r.text("object_role", "客体角色", { max: 20 })
        : old.object;
      out.roles = JSON.stringify({ subject: subject || "主体", object: object || "客体" });
    }
    return { ...out, ...readColor(r, mode) };
  },
  duplicate: (name) => `事件类型"${name}"已存在`,
  uses: usedBy("kg_events", "event_type_id", "个事件"),
};

export const classes = partService(classKind);
export const properties = partService(propertyKind);
export const relationTypes = partService(relationTypeKind);
export const eventTypes = partService(eventTypeKind);

/** Every part kind, as the routes mount them. */
export const ONTOLOGY_PARTS = [classes, properties, relationTypes, eventTypes];
