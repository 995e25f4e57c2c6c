import type { PlanReport, RowProblem } from "@contract/graph-admin";
import type { PlatformContext } from "../../context.js";
import { graphOntology, parseJson, type GraphOntology } from "../../kg/ontology.js";
import { summarize, type EntityState, type RelationState } from "./plan-report.js";
import type { SourceRow } from "./sources.js";
import {
  classPropertyRows,
  entitiesByName,
  eventAndArticleCounts,
  graphEntityBatches,
  graphRelationBatches,
  relationTypesOfEntities,
  relationsByTriple,
  tripleKey,
  type FoundRelation,
  type KnownEntity,
} from "./store/plan.js";

export { factSignature } from "./store/plan.js";

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
 * relations (checkReclassified), then relations, aliases and properties (planFacts).
 */

const TYPE_PREDICATES = new Set([
  "类型",
  "type",
  "rdf:type",
  "实体类型",
  "isa",
  "is_a",
  "instance_of",
]);
const ALIAS_PREDICATES = new Set(["别名", "alias", "aliases", "又名"]);
const MAX_NAME = 200;
const MAX_VALUE = 2000;

export interface Plan {
  graphId: number;
  ontology: GraphOntology;
  entities: Map<string, EntityState>;
  relations: Map<string, RelationState>;
  problems: RowProblem[];
  warnings: string[];
  report: PlanReport;
}

export interface PlanInput {
  graphId: number;
  rows: SourceRow[];
  /**
   * "empty": a build (the graph is cleared first); "graph": an update against the graph as it
   * is; "replace": a build, reported against the graph as it is (what a rebuild would change).
   */
  baseline: "empty" | "graph" | "replace";
  checkpoint?: () => Promise<void>;
  onProgress?: (fraction: number) => void;
}

type Op = "add" | "delete";

/** Longer than max characters (code points); the cheap length test first. */
const tooLong = (text: string, max: number) => text.length > max && [...text].length > max;

const relationKey = (s: string, t: number, o: string) => `${s}\u0001${t}\u0001${o}`;

function parseOp(raw: string): Op | null {
  const v = raw.trim().toLowerCase();
  if (v === "" || v === "add" || v === "新增" || v === "+" || v === "insert" || v === "upsert")
    return "add";
  if (v === "delete" || v === "del" || v === "删除" || v === "-" || v === "remove") return "delete";
  return null;
}

/** Property names per class, inherited from ancestors. */
async function classProperties(
  ctx: PlatformContext,
  ontology: GraphOntology,
): Promise<Map<number, Map<string, string>>> {
  const own = new Map<number, Map<string, string>>();
  if (ontology.id !== null) {
    for (const r of await classPropertyRows(ctx.store.db, ontology.id)) {
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

/**
 * What every pass works on: the rows and the ontology, the entities met so far, and the
 * verdicts (problems, warnings, rejected rows).
 */
interface Planning {
  input: PlanInput;
  rows: SourceRow[];
  ontology: GraphOntology;
  ontologyName: string;
  /** Property name → datatype per class, inherited ones included. */
  properties: Map<number, Map<string, string>>;
  entities: Map<string, EntityState>;
  /** Updates: the graph's entities the rows name, by name (read ahead, in batches). */
  known: Map<string, KnownEntity>;
  problems: RowProblem[];
  warnings: string[];
  bad: Set<number>;
  /** The entity of that name: met before, in the graph (updates), or new. */
  entity(name: string): EntityState;
  /** Rejects row i (its first problem only). */
  reject(i: number, kind: RowProblem["kind"], message: string): void;
  /** Whether a class is the required class or below it (either unknown: yes). */
  within(classId: number | null, required: number | null): boolean;
  className(id: number | null): string | null;
  isRelation(predicate: string): boolean;
  isType(predicate: string): boolean;
  isAlias(predicate: string): boolean;
  /** Reports progress and yields every 1,000 rows of pass `phase` (0..2). */
  tick(i: number, phase: number): Promise<void>;
}

async function startPlanning(ctx: PlatformContext, input: PlanInput): Promise<Planning> {
  const { graphId, rows } = input;
  const ontology = await graphOntology(ctx, graphId);
  const subtrees = new Map<number, Set<number>>();
  const entities = new Map<string, EntityState>();
  const known = new Map<string, KnownEntity>();
  const problems: RowProblem[] = [];
  const bad = new Set<number>();
  const isRelation = (p: string) => ontology.relationTypeByName.has(p);
  return {
    input,
    rows,
    ontology,
    ontologyName: ontology.name || "（未设置本体）",
    properties: await classProperties(ctx, ontology),
    entities,
    known,
    problems,
    warnings: [],
    bad,
    entity(name) {
      let e = entities.get(name);
      if (e) return e;
      const row = known.get(name);
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
    },
    reject(i, kind, message) {
      if (bad.has(i)) return;
      bad.add(i);
      problems.push({ ref: rows[i].ref, kind, message });
    },
    within(classId, required) {
      if (required === null || classId === null) return true;
      let set = subtrees.get(required);
      if (!set) subtrees.set(required, (set = new Set(ontology.subtree(required))));
      return set.has(classId);
    },
    className: (id) => (id === null ? null : (ontology.classes.get(id)?.name ?? null)),
    isRelation,
    isType: (p) => !isRelation(p) && TYPE_PREDICATES.has(p.toLowerCase()),
    isAlias: (p) => !isRelation(p) && ALIAS_PREDICATES.has(p.toLowerCase()),
    async tick(i, phase) {
      if (i % 1000 === 0) {
        input.onProgress?.((phase + i / Math.max(rows.length, 1)) / 3);
        await input.checkpoint?.();
      }
    },
  };
}

/** The operation and confidence of each row whose format is right (rejected rows: unset). */
interface RowFormats {
  ops: Op[];
  confidences: number[];
}

/** A row's operation and confidence, or what is wrong with its format. */
function rowFormat(r: SourceRow): { op: Op; confidence: number } | { problem: string } {
  const op = parseOp(r.op);
  if (op === null) return { problem: `操作"${r.op}"无效，应为 add（新增）或 delete（删除）` };
  const emptyCols = [
    ["主体", r.subject],
    ["关系", r.predicate],
    ["客体", r.object],
  ].filter(([, v]) => !v);
  if (emptyCols.length) return { problem: `${emptyCols.map(([n]) => n).join("、")}不能为空` };
  if (tooLong(r.subject, MAX_NAME)) return { problem: `主体过长（最多${MAX_NAME}个字符）` };
  if (tooLong(r.object, MAX_VALUE)) return { problem: `客体过长（最多${MAX_VALUE}个字符）` };
  if (r.confidence === "") return { op, confidence: 1 };
  const c = Number(r.confidence);
  if (!Number.isFinite(c) || c < 0 || c > 1)
    return { problem: `置信度"${r.confidence}"必须是0到1之间的数字` };
  return { op, confidence: c };
}

/** Pass 0: the format of each row (a problem of the reader, a bad op, empty or too long cells). */
async function checkFormats(p: Planning): Promise<RowFormats> {
  const { rows } = p;
  const ops: Op[] = new Array(rows.length);
  const confidences: number[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    await p.tick(i, 0);
    const r = rows[i];
    if (r.problem) {
      p.reject(i, r.problem.kind, r.problem.message);
      continue;
    }
    const f = rowFormat(r);
    if ("problem" in f) {
      p.reject(i, "format", f.problem);
      continue;
    }
    ops[i] = f.op;
    confidences[i] = f.confidence;
  }
  return { ops, confidences };
}

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
async function declareClasses(p: Planning, { ops }: RowFormats): Promise<void> {
  const { rows, ontology } = p;
  for (let i = 0; i < rows.length; i++) {
    await p.tick(i, 1);
    if (p.bad.has(i)) continue;
    const r = rows[i];
    if (p.isType(r.predicate)) {
      if (ops[i] === "delete") {
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
    if (typed.length && ops[i] === "add" && typed.every(([n, c]) => mayDeclare(p, i, n, c))) {
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
  for (let i = 0; i < p.rows.length; i++) {
    if (p.bad.has(i)) continue;
    const r = p.rows[i];
    names.add(r.subject);
    if (p.isRelation(r.predicate)) names.add(r.object);
  }
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
        const i = p.rows.findIndex((r) => r.ref === e.declaredBy);
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

/** What pass 2 gathers besides the entities' new state. */
interface FactPlan {
  relations: Map<string, RelationState>;
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
  const key = relationKey(r.subject, rt.id, r.object);
  if (op === "delete") {
    const existing = findRelation(s.id, rt.id, o.id);
    if (!existing) {
      p.warnings.push(`${r.ref}：要删除的关系"${r.subject} ${r.predicate} ${r.object}"不存在`);
      return;
    }
    plan.relations.set(key, {
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
  const prev = plan.relations.get(key);
  if (prev) {
    plan.duplicates++;
    prev.confidence = confidence;
    prev.remove = false;
    prev.provenance = r.provenance ?? prev.provenance;
    return;
  }
  const existing = findRelation(s.id, rt.id, o.id);
  plan.relations.set(key, {
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
  for (let i = 0; i < p.rows.length; i++) {
    if (p.bad.has(i)) continue;
    const r = p.rows[i];
    const rt = p.ontology.relationTypeByName.get(r.predicate);
    const s = p.known.get(r.subject)?.id;
    const o = p.known.get(r.object)?.id;
    if (rt && s !== undefined && o !== undefined)
      triples.set(tripleKey(s, rt.id, o), [s, rt.id, o]);
  }
  const found = triples.size
    ? await relationsByTriple(ctx.store.db, [...triples.values()])
    : new Map<string, FoundRelation>();
  return (s: number | null, t: number, o: number | null) =>
    s !== null && o !== null ? found.get(tripleKey(s, t, o)) : undefined;
}

/** Pass 2: descriptions, relations, aliases and properties, row by row. */
async function planFacts(
  ctx: PlatformContext,
  p: Planning,
  { ops, confidences }: RowFormats,
): Promise<FactPlan> {
  const plan: FactPlan = { relations: new Map(), duplicates: 0, inferred: 0 };
  const findRelation = await relationFinder(ctx, p);
  for (let i = 0; i < p.rows.length; i++) {
    await p.tick(i, 2);
    if (p.bad.has(i)) continue;
    const r = p.rows[i];
    if (p.isType(r.predicate)) continue;
    const s = p.entity(r.subject);
    if (s.remove) {
      p.reject(i, "ontology", `实体"${r.subject}"在本批数据中被删除，不能再使用`);
      continue;
    }
    const row: FactRow = { i, r, op: ops[i], confidence: confidences[i], s };
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
  return { graphId: input.graphId, ontology, entities, relations, problems, warnings, report };
}

/**
 * A rebuild's plan ("replace"): the build of the rows, set against the graph as it is. What the
 * build writes keeps the graph's entity or relation of the same name (changed or unchanged);
 * every other entity and relation of the graph is removed, and the events and articles a
 * rebuild clears are named in a warning. Names the graph holds twice: the later ones go.
 */
async function replaceAgainstGraph(
  ctx: PlatformContext,
  p: Planning,
  relations: Map<string, RelationState>,
): Promise<void> {
  const graphId = p.input.graphId;
  const matched = new Set<string>();
  const entity = (row: KnownEntity) => {
    const props = parseJson<Record<string, unknown>>(row.properties, {});
    const aliases = parseJson<string[]>(row.aliases, []);
    const e = p.entities.get(row.name);
    const written = e !== undefined && !e.remove && e.used;
    if (written && !matched.has(row.name)) {
      matched.add(row.name);
      Object.assign(e, {
        id: row.id,
        oldClassId: row.class_id,
        oldProps: props,
        oldAliases: aliases,
        oldDescription: row.description,
        description: e.description ?? "",
      });
      return;
    }
    const key = written || e?.id != null ? `${row.name}\u0000${row.id}` : row.name;
    p.entities.set(key, {
      name: row.name,
      id: row.id,
      oldClassId: row.class_id,
      classId: row.class_id,
      declaredBy: null,
      inferred: false,
      oldProps: props,
      props,
      oldAliases: aliases,
      aliases,
      oldDescription: row.description,
      description: null,
      remove: true,
      used: false,
    });
  };
  const relation = (row: FoundRelation & { subject: string; type: number; object: string }) => {
    const key = relationKey(row.subject, row.type, row.object);
    const r = relations.get(key);
    const old = { article_id: row.article_id, sent_start: row.sent_start, sent_end: row.sent_end };
    if (r && !r.remove && r.id === null) {
      Object.assign(r, { id: row.id, oldConfidence: row.confidence, old });
      return;
    }
    relations.set(r ? `${key}\u0001${row.id}` : key, {
      subject: row.subject,
      typeId: row.type,
      object: row.object,
      confidence: row.confidence,
      id: row.id,
      oldConfidence: row.confidence,
      remove: true,
      provenance: null,
      old,
    });
  };
  // The graph as one snapshot (a connection of its own on SQLite), streamed batch by batch:
  // the rows of a big graph never sit in memory as rows, and the store stays free meanwhile.
  const { events, articles } = await ctx.store.snapshot(async (tx) => {
    for await (const batch of graphEntityBatches(tx, graphId)) for (const row of batch) entity(row);
    for await (const batch of graphRelationBatches(tx, graphId))
      for (const row of batch) relation(row);
    return eventAndArticleCounts(tx, graphId);
  });
  if (events || articles)
    p.warnings.push(`重建会清除图谱现有的 ${events} 个事件和 ${articles} 篇文章`);
}
