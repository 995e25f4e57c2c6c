import type { PlanReport, RowProblem } from "@contract/graph-admin";
import type { PlatformContext } from "../../context.js";
import { graphOntology, parseJson, type GraphOntology } from "../../kg/ontology.js";
import { classPropertyRows } from "../../kg/store/ontology.js";
import { pacer } from "../../pace.js";
import { MAX_REPORTED_PROBLEMS, type EntityState } from "./plan-report.js";
import type { PlanRelations } from "./plan-relations.js";
import type { SourceRow } from "./sources.js";
import type { SourceRows } from "./source-rows.js";
import type { KnownEntity } from "./store/plan.js";

/**
 * What every pass of planRows (plan.ts) works on: the rows, the graph's ontology and its class
 * properties, the entities met so far and the verdicts; and pass 0, the format of each row.
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
export const MAX_NAME = 200;
const MAX_VALUE = 2000;

export interface Plan {
  graphId: number;
  ontology: GraphOntology;
  entities: Map<string, EntityState>;
  relations: PlanRelations;
  /** The first MAX_REPORTED_PROBLEMS problems (their count: the report's problem_count). */
  problems: RowProblem[];
  warnings: string[];
  report: PlanReport;
}

export interface PlanInput {
  graphId: number;
  rows: SourceRows;
  /**
   * "empty": a build (the graph is cleared first); "graph": an update against the graph as it
   * is; "replace": a build, reported against the graph as it is (what a rebuild would change).
   */
  baseline: "empty" | "graph" | "replace";
  checkpoint?: () => Promise<void>;
  onProgress?: (fraction: number) => void;
}

export type Op = "add" | "delete";

/** Longer than max characters (code points); the cheap length test first. */
export const tooLong = (text: string, max: number) => text.length > max && [...text].length > max;

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

export function propertyValue(
  datatype: string,
  raw: string,
): { value: unknown } | { error: string } {
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
export interface Planning {
  input: PlanInput;
  rows: SourceRows;
  ontology: GraphOntology;
  ontologyName: string;
  /** Property name → datatype per class, inherited ones included. */
  properties: Map<number, Map<string, string>>;
  entities: Map<string, EntityState>;
  /** Updates: the graph's entities the rows name, by name (read ahead, in batches). */
  known: Map<string, KnownEntity>;
  /** The first MAX_REPORTED_PROBLEMS problems, in the order met (all of them: bad.size). */
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

/**
 * Calls `each` with every row not rejected so far, in order; the event loop runs every ~20 ms
 * (a million rows take seconds). The call is synchronous per row: no promise per row.
 */
export async function forAccepted(
  p: Planning,
  each: (row: ReturnType<SourceRows["at"]>, i: number) => void,
): Promise<void> {
  const pace = pacer();
  for (let i = 0; i < p.rows.length; i++) {
    const paused = pace();
    if (paused) await paused;
    if (!p.bad.has(i)) each(p.rows.at(i), i);
  }
}

export async function startPlanning(ctx: PlatformContext, input: PlanInput): Promise<Planning> {
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
      if (problems.length < MAX_REPORTED_PROBLEMS)
        problems.push({ ref: rows.ref(i), kind, message });
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
export interface RowFormats {
  /** 1: add, 2: delete (opOf). */
  ops: Uint8Array;
  confidences: Float64Array;
}

/** Row i's operation (its format is right). */
export const opOf = ({ ops }: RowFormats, i: number): Op => (ops[i] === 2 ? "delete" : "add");

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
export async function checkFormats(p: Planning): Promise<RowFormats> {
  const { rows } = p;
  const ops = new Uint8Array(rows.length);
  const confidences = new Float64Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    await p.tick(i, 0);
    const r = rows.at(i);
    if (r.problem) {
      p.reject(i, r.problem.kind, r.problem.message);
      continue;
    }
    const f = rowFormat(r);
    if ("problem" in f) {
      p.reject(i, "format", f.problem);
      continue;
    }
    ops[i] = f.op === "delete" ? 2 : 1;
    confidences[i] = f.confidence;
  }
  return { ops, confidences };
}
