import type { PlatformContext } from "../../context.js";
import { summarize } from "./plan-report.js";
import { planFacts } from "./plan-facts.js";
import {
  checkFormats,
  MAX_NAME,
  opOf,
  startPlanning,
  tooLong,
  type Plan,
  type PlanInput,
  type Planning,
  type RowFormats,
  forAccepted,
} from "./plan-planning.js";
import { replaceAgainstGraph } from "./plan-replace.js";
import { entitiesByName, relationTypesOfEntities } from "./store/plan.js";

export { factSignature } from "./store/plan.js";
export type { Plan } from "./plan-planning.js";

/**
 * Turns source rows into a plan against a graph and its ontology: which entities and
 * relations would be added, changed or removed, and which rows cannot be taken (bad
 * format, or breaking the ontology). A build plans against an empty graph; an
 * incremental update against the graph as it is; a rebuild's dry run ("replace") plans as a
 * build, then sets that against the graph as it is (replaceAgainstGraph). Nothing is written here.
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
 *
 * planRows runs named passes over the rows, in order: formats (checkFormats), class
 * declarations and entity removals (declareClasses), changed classes against existing
 * relations (checkReclassified), then relations, aliases and properties (planFacts,
 * plan-facts.ts). What the passes share, and pass 0: plan-planning.ts; a rebuild's set against
 * the graph: plan-replace.ts.
 */

/** Whether row i may declare `name` of class `cls` (else it is rejected). */
function mayDeclare(p: Planning, i: number, name: string, cls: string): boolean {
  const c = p.ontology.classByName.get(cls);
  if (!c) {
    p.reject(i, "ontology", `类"${cls}"不在本体"${p.ontologyName}"中`);
    return false;
  }
  const e = p.entity(name);
  if (e.declaredBy !== null && e.classId !== c.id) {
    p.reject(
      i,
      "ontology",
      `实体"${name}"已在${e.declaredBy}声明为"${p.className(e.classId)}"，不能再声明为"${cls}"`,
    );
    return false;
  }
  if (e.remove) {
    p.reject(i, "ontology", `实体"${name}"在本批数据中被删除，不能再声明类型`);
    return false;
  }
  return true;
}

/** Pass 1: class declarations (type rows, subject_type / object_type) and entity removals. */
async function declareClasses(p: Planning, formats: RowFormats): Promise<void> {
  const { rows, ontology } = p;
  for (let i = 0; i < rows.length; i++) {
    await p.tick(i, 1);
    if (p.bad.has(i)) continue;
    const r = rows.at(i);
    const op = opOf(formats, i);
    if (p.isType(r.predicate)) {
      if (op === "delete") {
        const e = p.entity(r.subject);
        if (e.declaredBy !== null) {
          p.reject(
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
        p.reject(i, "format", `类名过长（最多${MAX_NAME}个字符）`);
        continue;
      }
      if (mayDeclare(p, i, r.subject, r.object)) {
        const e = p.entity(r.subject);
        e.classId = ontology.classByName.get(r.object)!.id;
        e.declaredBy = r.ref;
        e.used = true;
      }
      continue;
    }
    const typed: [string, string][] = [];
    if (r.subject_type) typed.push([r.subject, r.subject_type]);
    if (r.object_type && p.isRelation(r.predicate)) typed.push([r.object, r.object_type]);
    if (typed.length && op === "add" && typed.every(([n, c]) => mayDeclare(p, i, n, c))) {
      for (const [n, c] of typed) {
        const e = p.entity(n);
        e.classId = ontology.classByName.get(c)!.id;
        e.declaredBy ??= r.ref;
      }
    }
  }
}

/**
 * Updates: the graph's entities the accepted rows may name (subjects, and objects of
 * relations), read ahead in batches rather than one query per name.
 */
async function readKnownEntities(ctx: PlatformContext, p: Planning): Promise<void> {
  const names = new Set<string>();
  await forAccepted(p, (r) => {
    names.add(r.subject);
    if (p.isRelation(r.predicate)) names.add(r.object);
  });
  for (const [name, row] of await entitiesByName(ctx.store.db, p.input.graphId, [...names]))
    p.known.set(name, row);
}

/**
 * Updates: an entity declared of another class must still fit the domain and range of its
 * existing relations; if not, its declaring row is rejected and the class stays.
 */
async function checkReclassified(ctx: PlatformContext, p: Planning): Promise<void> {
  const moved = [...p.entities.values()].filter(
    (e) => e.id !== null && !e.remove && e.classId !== e.oldClassId && e.declaredBy !== null,
  );
  if (!moved.length) return;
  const types = await relationTypesOfEntities(
    ctx.store.db,
    moved.map((e) => e.id!),
  );
  for (const e of moved) {
    for (const t of types.get(e.id!) ?? []) {
      const rt = p.ontology.relationTypes.get(t.type);
      const required = rt ? (t.side === "subject" ? rt.domain_class_id : rt.range_class_id) : null;
      if (!p.within(e.classId, required)) {
        const i = p.rows.indexOfRef(e.declaredBy!);
        p.reject(
          i,
          "ontology",
          `实体"${e.name}"改为类"${p.className(e.classId)}"后，其已有的 ${t.n} 条"${rt!.name}"关系的${t.side === "subject" ? "主体" : "客体"}应属于"${p.className(required)}"`,
        );
        e.classId = e.oldClassId;
        e.declaredBy = null;
        break;
      }
    }
  }
}

export async function planRows(ctx: PlatformContext, input: PlanInput): Promise<Plan> {
  const p = await startPlanning(ctx, input);
  const formats = await checkFormats(p);
  if (input.baseline === "graph") await readKnownEntities(ctx, p);
  await declareClasses(p, formats);
  if (input.baseline === "graph") await checkReclassified(ctx, p);
  const { relations, duplicates, inferred } = await planFacts(ctx, p, formats);
  for (const e of p.entities.values()) {
    if (e.remove && e.id === null) p.warnings.push(`要删除的实体"${e.name}"不存在`);
  }
  if (input.baseline === "replace") await replaceAgainstGraph(ctx, p, relations);
  input.onProgress?.(1);
  const { rows, bad, problems, warnings, entities, ontology } = p;
  const report = await summarize({
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
  return { graphId: input.graphId, ontology, entities, relations, problems, warnings, report };
}
