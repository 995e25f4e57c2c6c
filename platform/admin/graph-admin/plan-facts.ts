import type { PlatformContext } from "../../context.js";
import type { EntityState } from "./plan-report.js";
import { PlanRelations } from "./plan-relations.js";
import {
  MAX_NAME,
  opOf,
  propertyValue,
  tooLong,
  type Op,
  type Planning,
  type RowFormats,
  forAccepted,
} from "./plan-planning.js";
import type { SourceRow } from "./sources.js";
import { relationsByTriple, tripleKey, type FoundRelation } from "./store/plan.js";

/** Pass 2 of planRows (plan.ts): descriptions, relations, aliases and properties, row by row. */

/** What pass 2 gathers besides the entities' new state. */
interface FactPlan {
  relations: PlanRelations;
  duplicates: number;
  inferred: number;
}

/** One accepted row of pass 2, with its subject (not removed). */
interface FactRow {
  i: number;
  r: SourceRow;
  op: Op;
  confidence: number;
  s: EntityState;
}

/** A relation row: domain and range checked, classes inferred, duplicates merged. */
function planRelation(
  p: Planning,
  plan: FactPlan,
  findRelation: (s: number | null, t: number, o: number | null) => FoundRelation | undefined,
  { i, r, op, confidence, s }: FactRow,
) {
  const rt = p.ontology.relationTypeByName.get(r.predicate)!;
  if (tooLong(r.object, MAX_NAME)) {
    p.reject(i, "format", `客体实体名称过长（最多${MAX_NAME}个字符）`);
    return;
  }
  const o = p.entity(r.object);
  if (o.remove) {
    p.reject(i, "ontology", `实体"${r.object}"在本批数据中被删除，不能再使用`);
    return;
  }
  if (op === "delete") {
    const existing = findRelation(s.id, rt.id, o.id);
    if (!existing) {
      p.warnings.push(`${r.ref}：要删除的关系"${r.subject} ${r.predicate} ${r.object}"不存在`);
      return;
    }
    plan.relations.set({
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
    return;
  }
  if (!p.within(s.classId, rt.domain_class_id)) {
    p.reject(
      i,
      "ontology",
      `关系"${rt.name}"的主体应属于"${p.className(rt.domain_class_id)}"，实体"${r.subject}"的类是"${p.className(s.classId)}"`,
    );
    return;
  }
  if (!p.within(o.classId, rt.range_class_id)) {
    p.reject(
      i,
      "ontology",
      `关系"${rt.name}"的客体应属于"${p.className(rt.range_class_id)}"，实体"${r.object}"的类是"${p.className(o.classId)}"`,
    );
    return;
  }
  for (const [e, cls] of [
    [s, rt.domain_class_id],
    [o, rt.range_class_id],
  ] as const) {
    if (e.classId === null && cls !== null) {
      e.classId = cls;
      e.inferred = true;
      plan.inferred++;
    }
  }
  s.used = true;
  o.used = true;
  const prev = plan.relations.get(r.subject, rt.id, r.object);
  if (prev) {
    plan.duplicates++;
    prev.confidence = confidence;
    prev.remove = false;
    prev.provenance = r.provenance ?? prev.provenance;
    return;
  }
  const existing = findRelation(s.id, rt.id, o.id);
  plan.relations.set({
    subject: r.subject,
    typeId: rt.id,
    object: r.object,
    confidence,
    id: existing?.id ?? null,
    oldConfidence: existing?.confidence ?? null,
    remove: false,
    provenance: r.provenance ?? null,
    old: existing ?? null,
  });
}

/** An alias row: added to (or removed from) the subject's aliases. */
function planAlias(p: Planning, { i, r, op, s }: FactRow) {
  if (tooLong(r.object, MAX_NAME)) {
    p.reject(i, "format", `别名过长（最多${MAX_NAME}个字符）`);
    return;
  }
  if (op === "delete") s.aliases = s.aliases.filter((a) => a !== r.object);
  else if (!s.aliases.includes(r.object) && r.object !== r.subject) s.aliases.push(r.object);
  if (op === "add") s.used = true;
}

/** Any other row: a property of the subject's class, its value checked against the datatype. */
function planProperty(p: Planning, { i, r, op, s }: FactRow) {
  const props = s.classId === null ? undefined : p.properties.get(s.classId);
  const datatype = props?.get(r.predicate);
  if (datatype === undefined) {
    const ofSomeClass = [...p.properties.values()].some((m) => m.has(r.predicate));
    p.reject(
      i,
      "ontology",
      ofSomeClass
        ? s.classId === null
          ? `属性"${r.predicate}"需要先声明实体"${r.subject}"的类型`
          : `属性"${r.predicate}"不属于实体"${r.subject}"的类"${p.className(s.classId)}"`
        : `谓词"${r.predicate}"不在本体"${p.ontologyName}"的关系类型中，也不是任何类的属性`,
    );
    return;
  }
  if (op === "delete") {
    delete s.props[r.predicate];
    return;
  }
  const parsed = propertyValue(datatype, r.object);
  if ("error" in parsed) {
    p.reject(i, "format", `属性"${r.predicate}"${parsed.error}`);
    return;
  }
  s.props[r.predicate] = parsed.value;
  s.used = true;
}

/**
 * Updates: the stored relations the accepted relation rows may name (both ends in the graph),
 * read ahead in batches; the lookup of one by its ends and type.
 */
async function relationFinder(ctx: PlatformContext, p: Planning) {
  const triples = new Map<string, [number, number, number]>();
  await forAccepted(p, (r) => {
    const rt = p.ontology.relationTypeByName.get(r.predicate);
    const s = p.known.get(r.subject)?.id;
    const o = p.known.get(r.object)?.id;
    if (rt && s !== undefined && o !== undefined)
      triples.set(tripleKey(s, rt.id, o), [s, rt.id, o]);
  });
  const found = triples.size
    ? await relationsByTriple(ctx.store.db, [...triples.values()])
    : new Map<string, FoundRelation>();
  return (s: number | null, t: number, o: number | null) =>
    s !== null && o !== null ? found.get(tripleKey(s, t, o)) : undefined;
}

/** Pass 2: descriptions, relations, aliases and properties, row by row. */
export async function planFacts(
  ctx: PlatformContext,
  p: Planning,
  formats: RowFormats,
): Promise<FactPlan> {
  const plan: FactPlan = {
    relations: new PlanRelations(p.rows.length),
    duplicates: 0,
    inferred: 0,
  };
  const findRelation = await relationFinder(ctx, p);
  for (let i = 0; i < p.rows.length; i++) {
    await p.tick(i, 2);
    if (p.bad.has(i)) continue;
    const r = p.rows.at(i);
    if (p.isType(r.predicate)) continue;
    const s = p.entity(r.subject);
    if (s.remove) {
      p.reject(i, "ontology", `实体"${r.subject}"在本批数据中被删除，不能再使用`);
      continue;
    }
    const row: FactRow = { i, r, op: opOf(formats, i), confidence: formats.confidences[i], s };
    if (r.describes) {
      if (row.op === "delete") s.description = "";
      else {
        s.description = r.object;
        s.used = true;
      }
    } else if (p.isRelation(r.predicate)) planRelation(p, plan, findRelation, row);
    else if (p.isAlias(r.predicate)) planAlias(p, row);
    else planProperty(p, row);
  }
  return plan;
}
