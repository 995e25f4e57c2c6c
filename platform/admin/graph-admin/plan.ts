import type { PlatformContext } from "../../context.js";
import { graphOntology, parseJson, type GraphOntology } from "../../kg/ontology.js";
import type { Provenance } from "../../interchange/rdf-read.js";
import type { SourceRow } from "./sources.js";
import type { PlanReport, PlanSummary, RowProblem } from "@contract/graph-admin";

/**
 * Turns source rows into a plan against a graph and its ontology: which entities and
 * relations would be added, changed or removed, and which rows cannot be taken (bad
 * format, or breaking the ontology). A build plans against an empty graph; an
 * incremental update against the graph as it is. Nothing is written here.
 *
 * Row meaning, by predicate:
 * - a relation type of the ontology: a relation subject → object (domain and range checked;
 *   an entity of unknown class takes the domain or range class: an inference);
 * - 类型 / type / rdf:type: the subject is of the class named by the object;
 * - 别名 / alias: an alias of the subject;
 * - a property of the subject's class (or an ancestor): a property value;
 * - anything else breaks the ontology.
 * Optional columns: subject_type and object_type declare classes; op = delete (删除)
 * removes the relation, the alias, the property value, or (with 类型) the entity itself.
 */

export const TYPE_PREDICATES = new Set([
  "类型",
  "type",
  "rdf:type",
  "实体类型",
  "isa",
  "is_a",
  "instance_of",
]);
export const ALIAS_PREDICATES = new Set(["别名", "alias", "aliases", "又名"]);
const MAX_NAME = 200;
const MAX_VALUE = 2000;
export const SAMPLE_SIZE = 50;
export const MAX_REPORTED_PROBLEMS = 500;

export interface EntityState {
  name: string;
  id: number | null;
  oldClassId: number | null;
  classId: number | null;
  declaredBy: string | null;
  inferred: boolean;
  oldProps: Record<string, unknown>;
  props: Record<string, unknown>;
  oldAliases: string[];
  aliases: string[];
  /** RDF imports (dcterms:description): null = as it is. */
  oldDescription: string;
  description: string | null;
  remove: boolean;
  /** Named by an accepted row (so it exists after the plan). */
  used: boolean;
}

export interface RelationState {
  subject: string;
  typeId: number;
  object: string;
  confidence: number;
  id: number | null;
  oldConfidence: number | null;
  remove: boolean;
  /** RDF imports: the article and sentence the relation was read from, and what the graph has now. */
  provenance: Provenance | null;
  old: { article_id: number | null; sent_start: number | null; sent_end: number | null } | null;
}

export interface Plan {
  graphId: number;
  ontology: GraphOntology;
  entities: Map<string, EntityState>;
  relations: Map<string, RelationState>;
  problems: RowProblem[];
  warnings: string[];
  report: PlanReport;
}

/** Longer than max characters (code points); the cheap length test first. */
const tooLong = (text: string, max: number) => text.length > max && [...text].length > max;

const relationKey = (s: string, t: number, o: string) => `${s}\u0001${t}\u0001${o}`;

function parseOp(raw: string): "add" | "delete" | null {
  const v = raw.trim().toLowerCase();
  if (v === "" || v === "add" || v === "新增" || v === "+" || v === "insert" || v === "upsert")
    return "add";
  if (v === "delete" || v === "del" || v === "删除" || v === "-" || v === "remove") return "delete";
  return null;
}

/** Property names per class, inherited from ancestors. */
function classProperties(
  ctx: PlatformContext,
  ontology: GraphOntology,
): Map<number, Map<string, string>> {
  const own = new Map<number, Map<string, string>>();
  if (ontology.id !== null) {
    const rows = ctx.db
      .prepare(
        `SELECT p.class_id, p.name, p.datatype FROM kg_class_properties p JOIN kg_classes c ON c.id = p.class_id WHERE c.ontology_id = ?`,
      )
      .all(ontology.id) as { class_id: number; name: string; datatype: string }[];
    for (const r of rows) {
      if (!own.has(r.class_id)) own.set(r.class_id, new Map());
      own.get(r.class_id)!.set(r.name, r.datatype);
    }
  }
  const out = new Map<number, Map<string, string>>();
  for (const c of ontology.classes.values()) {
    const merged = new Map<string, string>();
    const chain: number[] = [];
    const seen = new Set<number>();
    for (
      let id: number | null = c.id;
      id !== null && !seen.has(id);
      id = ontology.classes.get(id)?.parent_id ?? null
    ) {
      seen.add(id);
      chain.unshift(id);
    }
    for (const id of chain) for (const [k, v] of own.get(id) ?? []) merged.set(k, v);
    out.set(c.id, merged);
  }
  return out;
}

function propertyValue(datatype: string, raw: string): { value: unknown } | { error: string } {
  if (datatype === "number") {
    const n = Number(raw);
    return raw !== "" && Number.isFinite(n) ? { value: n } : { error: `应为数字，实际为"${raw}"` };
  }
  if (datatype === "boolean") {
    if (/^(true|1|是|yes)$/i.test(raw)) return { value: true };
    if (/^(false|0|否|no)$/i.test(raw)) return { value: false };
    return { error: `应为是/否，实际为"${raw}"` };
  }
  if (datatype === "date") {
    return /^\d{4}(-\d{2}(-\d{2})?)?$/.test(raw)
      ? { value: raw }
      : { error: `应为日期（YYYY、YYYY-MM 或 YYYY-MM-DD），实际为"${raw}"` };
  }
  return { value: raw };
}

export interface PlanInput {
  graphId: number;
  rows: SourceRow[];
  /** "empty": a build (the graph is cleared first); "graph": an update against the graph as it is. */
  baseline: "empty" | "graph";
  checkpoint?: () => Promise<void>;
  onProgress?: (fraction: number) => void;
}

export async function planRows(ctx: PlatformContext, input: PlanInput): Promise<Plan> {
  const { graphId, rows, baseline } = input;
  const db = ctx.db;
  const ontology = graphOntology(ctx, graphId);
  const ontologyName = ontology.name || "（未设置本体）";
  const properties = classProperties(ctx, ontology);
  const subtrees = new Map<number, Set<number>>();
  const within = (classId: number | null, required: number | null) => {
    if (required === null || classId === null) return true;
    let set = subtrees.get(required);
    if (!set) subtrees.set(required, (set = new Set(ontology.subtree(required))));
    return set.has(classId);
  };
  const className = (id: number | null) =>
    id === null ? null : (ontology.classes.get(id)?.name ?? null);

  const problems: RowProblem[] = [];
  const warnings: string[] = [];
  const bad = new Set<number>();
  const reject = (i: number, kind: RowProblem["kind"], message: string) => {
    if (bad.has(i)) return;
    bad.add(i);
    problems.push({ ref: rows[i].ref, kind, message });
  };

  const findEntity = db.prepare(
    "SELECT id, class_id, properties, aliases, description FROM kg_entities WHERE graph_id = ? AND name = ? ORDER BY id LIMIT 1",
  );
  const entities = new Map<string, EntityState>();
  const entity = (name: string): EntityState => {
    let e = entities.get(name);
    if (e) return e;
    const row =
      baseline === "graph"
        ? (findEntity.get(graphId, name) as
            | {
                id: number;
                class_id: number | null;
                properties: string;
                aliases: string;
                description: string;
              }
            | undefined)
        : undefined;
    const props = parseJson<Record<string, unknown>>(row?.properties, {});
    const aliases = parseJson<string[]>(row?.aliases, []);
    e = {
      name,
      id: row?.id ?? null,
      oldClassId: row?.class_id ?? null,
      classId: row?.class_id ?? null,
      declaredBy: null,
      inferred: false,
      oldProps: props,
      props: { ...props },
      oldAliases: aliases,
      aliases: [...aliases],
      oldDescription: row?.description ?? "",
      description: null,
      remove: false,
      used: false,
    };
    entities.set(name, e);
    return e;
  };

  const tick = async (i: number, phase: number) => {
    if (i % 1000 === 0) {
      input.onProgress?.((phase + i / Math.max(rows.length, 1)) / 3);
      await input.checkpoint?.();
    }
  };

  // Pass 0: format of each row.
  const ops: ("add" | "delete")[] = new Array(rows.length);
  const confidences: number[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    await tick(i, 0);
    const r = rows[i];
    if (r.problem) {
      reject(i, r.problem.kind, r.problem.message);
      continue;
    }
    const op = parseOp(r.op);
    if (op === null) {
      reject(i, "format", `操作"${r.op}"无效，应为 add（新增）或 delete（删除）`);
      continue;
    }
    ops[i] = op;
    const emptyCols = [
      ["主体", r.subject],
      ["关系", r.predicate],
      ["客体", r.object],
    ].filter(([, v]) => !v);
    if (emptyCols.length) {
      reject(i, "format", `${emptyCols.map(([n]) => n).join("、")}不能为空`);
      continue;
    }
    if (tooLong(r.subject, MAX_NAME)) {
      reject(i, "format", `主体过长（最多${MAX_NAME}个字符）`);
      continue;
    }
    if (tooLong(r.object, MAX_VALUE)) {
      reject(i, "format", `客体过长（最多${MAX_VALUE}个字符）`);
      continue;
    }
    if (r.confidence === "") confidences[i] = 1;
    else {
      const c = Number(r.confidence);
      if (!Number.isFinite(c) || c < 0 || c > 1) {
        reject(i, "format", `置信度"${r.confidence}"必须是0到1之间的数字`);
        continue;
      }
      confidences[i] = c;
    }
  }

  const isRelation = (p: string) => ontology.relationTypeByName.has(p);
  const isType = (p: string) => !isRelation(p) && TYPE_PREDICATES.has(p.toLowerCase());
  const isAlias = (p: string) => !isRelation(p) && ALIAS_PREDICATES.has(p.toLowerCase());

  // Pass 1: class declarations (type rows, subject_type / object_type) and entity removals.
  const declare = (i: number, name: string, cls: string): boolean => {
    const c = ontology.classByName.get(cls);
    if (!c) {
      reject(i, "ontology", `类"${cls}"不在本体"${ontologyName}"中`);
      return false;
    }
    const e = entity(name);
    if (e.declaredBy !== null && e.classId !== c.id) {
      reject(
        i,
        "ontology",
        `实体"${name}"已在${e.declaredBy}声明为"${className(e.classId)}"，不能再声明为"${cls}"`,
      );
      return false;
    }
    if (e.remove) {
      reject(i, "ontology", `实体"${name}"在本批数据中被删除，不能再声明类型`);
      return false;
    }
    return true;
  };
  for (let i = 0; i < rows.length; i++) {
    await tick(i, 1);
    if (bad.has(i)) continue;
    const r = rows[i];
    if (isType(r.predicate)) {
      if (ops[i] === "delete") {
        const e = entity(r.subject);
        if (e.declaredBy !== null) {
          reject(
            i,
            "ontology",
            `实体"${r.subject}"已在${e.declaredBy}声明类型，不能在同一批数据中删除`,
          );
          continue;
        }
        e.remove = true;
        continue;
      }
      if (tooLong(r.object, MAX_NAME)) {
        reject(i, "format", `类名过长（最多${MAX_NAME}个字符）`);
        continue;
      }
      if (declare(i, r.subject, r.object)) {
        const e = entity(r.subject);
        e.classId = ontology.classByName.get(r.object)!.id;
        e.declaredBy = r.ref;
        e.used = true;
      }
      continue;
    }
    const typed: [string, string][] = [];
    if (r.subject_type) typed.push([r.subject, r.subject_type]);
    if (r.object_type && isRelation(r.predicate)) typed.push([r.object, r.object_type]);
    if (typed.length && ops[i] === "add" && typed.every(([n, c]) => declare(i, n, c))) {
      for (const [n, c] of typed) {
        const e = entity(n);
        e.classId = ontology.classByName.get(c)!.id;
        e.declaredBy ??= r.ref;
      }
    }
  }

  // A changed class must still fit the domain and range of the entity's existing relations.
  if (baseline === "graph") {
    const typesOf = db.prepare(
      `SELECT relation_type_id AS type, 'subject' AS side, count(*) AS n FROM kg_relations WHERE subject_id = ? GROUP BY relation_type_id
       UNION ALL
       SELECT relation_type_id, 'object', count(*) FROM kg_relations WHERE object_id = ? GROUP BY relation_type_id`,
    );
    for (const e of entities.values()) {
      if (e.id === null || e.remove || e.classId === e.oldClassId || e.declaredBy === null)
        continue;
      for (const t of typesOf.all(e.id, e.id) as {
        type: number;
        side: "subject" | "object";
        n: number;
      }[]) {
        const rt = ontology.relationTypes.get(t.type);
        const required = rt
          ? t.side === "subject"
            ? rt.domain_class_id
            : rt.range_class_id
          : null;
        if (!within(e.classId, required)) {
          const i = rows.findIndex((r) => r.ref === e.declaredBy);
          reject(
            i,
            "ontology",
            `实体"${e.name}"改为类"${className(e.classId)}"后，其已有的 ${t.n} 条"${rt!.name}"关系的${t.side === "subject" ? "主体" : "客体"}应属于"${className(required)}"`,
          );
          e.classId = e.oldClassId;
          e.declaredBy = null;
          break;
        }
      }
    }
  }

  // Pass 2: relations, aliases and properties.
  const relations = new Map<string, RelationState>();
  const findRelation = db.prepare(
    "SELECT id, confidence, article_id, sent_start, sent_end FROM kg_relations WHERE subject_id = ? AND relation_type_id = ? AND object_id = ? ORDER BY id LIMIT 1",
  );
  type Found = {
    id: number;
    confidence: number;
    article_id: number | null;
    sent_start: number | null;
    sent_end: number | null;
  };
  let duplicates = 0;
  let inferred = 0;
  for (let i = 0; i < rows.length; i++) {
    await tick(i, 2);
    if (bad.has(i)) continue;
    const r = rows[i];
    if (isType(r.predicate)) continue;
    const op = ops[i];
    const s = entity(r.subject);
    if (s.remove) {
      reject(i, "ontology", `实体"${r.subject}"在本批数据中被删除，不能再使用`);
      continue;
    }

    if (r.describes) {
      if (op === "delete") s.description = "";
      else {
        s.description = r.object;
        s.used = true;
      }
      continue;
    }

    if (isRelation(r.predicate)) {
      const rt = ontology.relationTypeByName.get(r.predicate)!;
      if (tooLong(r.object, MAX_NAME)) {
        reject(i, "format", `客体实体名称过长（最多${MAX_NAME}个字符）`);
        continue;
      }
      const o = entity(r.object);
      if (o.remove) {
        reject(i, "ontology", `实体"${r.object}"在本批数据中被删除，不能再使用`);
        continue;
      }
      const key = relationKey(r.subject, rt.id, r.object);
      if (op === "delete") {
        const existing =
          s.id !== null && o.id !== null
            ? (findRelation.get(s.id, rt.id, o.id) as Found | undefined)
            : undefined;
        if (!existing) {
          warnings.push(`${r.ref}：要删除的关系"${r.subject} ${r.predicate} ${r.object}"不存在`);
          continue;
        }
        relations.set(key, {
          subject: r.subject,
          typeId: rt.id,
          object: r.object,
          confidence: existing.confidence,
          id: existing.id,
          oldConfidence: existing.confidence,
          remove: true,
          provenance: null,
          old: existing,
        });
        continue;
      }
      if (!within(s.classId, rt.domain_class_id)) {
        reject(
          i,
          "ontology",
          `关系"${rt.name}"的主体应属于"${className(rt.domain_class_id)}"，实体"${r.subject}"的类是"${className(s.classId)}"`,
        );
        continue;
      }
      if (!within(o.classId, rt.range_class_id)) {
        reject(
          i,
          "ontology",
          `关系"${rt.name}"的客体应属于"${className(rt.range_class_id)}"，实体"${r.object}"的类是"${className(o.classId)}"`,
        );
        continue;
      }
      if (s.classId === null && rt.domain_class_id !== null) {
        s.classId = rt.domain_class_id;
        s.inferred = true;
        inferred++;
      }
      if (o.classId === null && rt.range_class_id !== null) {
        o.classId = rt.range_class_id;
        o.inferred = true;
        inferred++;
      }
      s.used = true;
      o.used = true;
      const prev = relations.get(key);
      if (prev) {
        duplicates++;
        prev.confidence = confidences[i];
        prev.remove = false;
        prev.provenance = r.provenance ?? prev.provenance;
        continue;
      }
      const existing =
        s.id !== null && o.id !== null
          ? (findRelation.get(s.id, rt.id, o.id) as Found | undefined)
          : undefined;
      relations.set(key, {
        subject: r.subject,
        typeId: rt.id,
        object: r.object,
        confidence: confidences[i],
        id: existing?.id ?? null,
        oldConfidence: existing?.confidence ?? null,
        remove: false,
        provenance: r.provenance ?? null,
        old: existing ?? null,
      });
      continue;
    }

    if (isAlias(r.predicate)) {
      if (tooLong(r.object, MAX_NAME)) {
        reject(i, "format", `别名过长（最多${MAX_NAME}个字符）`);
        continue;
      }
      if (op === "delete") s.aliases = s.aliases.filter((a) => a !== r.object);
      else if (!s.aliases.includes(r.object) && r.object !== r.subject) s.aliases.push(r.object);
      if (op === "add") s.used = true;
      continue;
    }

    const props = s.classId === null ? undefined : properties.get(s.classId);
    const datatype = props?.get(r.predicate);
    if (datatype === undefined) {
      const ofSomeClass = [...properties.values()].some((m) => m.has(r.predicate));
      reject(
        i,
        "ontology",
        ofSomeClass
          ? s.classId === null
            ? `属性"${r.predicate}"需要先声明实体"${r.subject}"的类型`
            : `属性"${r.predicate}"不属于实体"${r.subject}"的类"${className(s.classId)}"`
          : `谓词"${r.predicate}"不在本体"${ontologyName}"的关系类型中，也不是任何类的属性`,
      );
      continue;
    }
    if (op === "delete") {
      delete s.props[r.predicate];
      continue;
    }
    const parsed = propertyValue(datatype, r.object);
    if ("error" in parsed) {
      reject(i, "format", `属性"${r.predicate}"${parsed.error}`);
      continue;
    }
    s.props[r.predicate] = parsed.value;
    s.used = true;
  }

  for (const e of entities.values()) {
    if (e.remove && e.id === null) warnings.push(`要删除的实体"${e.name}"不存在`);
  }
  input.onProgress?.(1);

  const report = summarize({
    rows,
    bad,
    problems,
    warnings,
    entities,
    relations,
    ontology,
    duplicates,
    inferred,
  });
  return { graphId, ontology, entities, relations, problems, warnings, report };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function entityChanges(
  e: EntityState,
  className: (id: number | null) => string | null,
): string[] {
  const changes: string[] = [];
  if (e.classId !== e.oldClassId) {
    changes.push(
      `类：${className(e.oldClassId) ?? "（无）"} → ${className(e.classId) ?? "（无）"}${e.inferred ? "（推断）" : ""}`,
    );
  }
  for (const k of new Set([...Object.keys(e.oldProps), ...Object.keys(e.props)])) {
    if (!sameJson(e.oldProps[k], e.props[k])) {
      changes.push(`属性 ${k}：${e.oldProps[k] ?? "（无）"} → ${e.props[k] ?? "（无）"}`);
    }
  }
  if (!sameJson(e.oldAliases, e.aliases))
    changes.push(
      `别名：${e.oldAliases.join("、") || "（无）"} → ${e.aliases.join("、") || "（无）"}`,
    );
  if (descriptionChanged(e)) changes.push("描述");
  return changes;
}

const descriptionChanged = (e: EntityState) =>
  e.description !== null && e.description !== e.oldDescription;

export type EntityFate = "added" | "changed" | "removed" | "unchanged" | "none";

export function entityFate(e: EntityState): EntityFate {
  if (e.remove) return e.id === null ? "none" : "removed";
  if (e.id === null) return e.used ? "added" : "none";
  const changed =
    e.classId !== e.oldClassId ||
    !sameJson(e.props, e.oldProps) ||
    !sameJson(e.aliases, e.oldAliases) ||
    descriptionChanged(e);
  return changed ? "changed" : "unchanged";
}

export type RelationFate = "added" | "changed" | "removed" | "unchanged";

/** An RDF relation's article or sentence is not the one the graph has. */
export function provenanceChanged(r: RelationState): boolean {
  const p = r.provenance;
  if (!p || !r.old) return false;
  return (
    p.article.id === null ||
    p.article.id !== r.old.article_id ||
    p.start !== r.old.sent_start ||
    p.end !== r.old.sent_end
  );
}

export function relationFate(r: RelationState): RelationFate {
  if (r.remove) return "removed";
  if (r.id === null) return "added";
  return r.oldConfidence !== r.confidence || provenanceChanged(r) ? "changed" : "unchanged";
}

function summarize(p: {
  rows: SourceRow[];
  bad: Set<number>;
  problems: RowProblem[];
  warnings: string[];
  entities: Map<string, EntityState>;
  relations: Map<string, RelationState>;
  ontology: GraphOntology;
  duplicates: number;
  inferred: number;
}): PlanReport {
  const className = (id: number | null) =>
    id === null ? null : (p.ontology.classes.get(id)?.name ?? null);
  const predicate = (id: number) => p.ontology.relationTypes.get(id)?.name ?? String(id);
  const summary: PlanSummary = {
    rows: p.rows.length,
    accepted_rows: p.rows.length - p.bad.size,
    bad_rows: p.bad.size,
    duplicates: p.duplicates,
    inferred_classes: p.inferred,
    entities: { added: 0, changed: 0, removed: 0, unchanged: 0 },
    relations: { added: 0, changed: 0, removed: 0, unchanged: 0 },
    warnings: p.warnings.length,
  };
  const samples: PlanReport["samples"] = {
    entities_added: [],
    entities_changed: [],
    entities_removed: [],
    relations_added: [],
    relations_changed: [],
    relations_removed: [],
  };
  const take = <T>(list: T[], item: () => T) => {
    if (list.length < SAMPLE_SIZE) list.push(item());
  };
  for (const e of p.entities.values()) {
    const fate = entityFate(e);
    if (fate === "none") continue;
    summary.entities[fate]++;
    if (fate === "added")
      take(samples.entities_added, () => ({
        name: e.name,
        class: className(e.classId),
        inferred: e.inferred,
      }));
    if (fate === "changed")
      take(samples.entities_changed, () => ({
        name: e.name,
        changes: entityChanges(e, className),
      }));
    if (fate === "removed")
      take(samples.entities_removed, () => ({ name: e.name, class: className(e.oldClassId) }));
  }
  for (const r of p.relations.values()) {
    const fate = relationFate(r);
    summary.relations[fate]++;
    const base = { subject: r.subject, predicate: predicate(r.typeId), object: r.object };
    if (fate === "added")
      take(samples.relations_added, () => ({ ...base, confidence: r.confidence }));
    if (fate === "changed")
      take(samples.relations_changed, () => ({
        ...base,
        before: r.oldConfidence!,
        after: r.confidence,
      }));
    if (fate === "removed")
      take(samples.relations_removed, () => ({ ...base, confidence: r.confidence }));
  }
  return {
    summary,
    problems: p.problems.slice(0, MAX_REPORTED_PROBLEMS),
    problem_count: p.problems.length,
    warnings: p.warnings.slice(0, MAX_REPORTED_PROBLEMS),
    samples,
  };
}

/**
 * What identifies the state of a graph's facts for an update: the dry run records it, the
 * apply refuses to go on when it changed. Inserts and deletes show in the counts and largest
 * ids, updates in place in kg_fact_versions (schema-graph-admin.ts); ontology edits do not
 * count (the apply checks the data against the ontology again anyway).
 */
export function factSignature(ctx: PlatformContext, graphId: number): string {
  const db = ctx.db;
  const updates =
    db.prepare("SELECT version FROM kg_fact_versions WHERE graph_id = ?").pluck().get(graphId) ?? 0;
  const of = (table: string) =>
    db
      .prepare(`SELECT count(*) AS n, coalesce(max(id), 0) AS m FROM ${table} WHERE graph_id = ?`)
      .get(graphId) as { n: number; m: number };
  const e = of("kg_entities");
  const r = of("kg_relations");
  return `${updates}:${e.n}:${e.m}:${r.n}:${r.m}`;
}
