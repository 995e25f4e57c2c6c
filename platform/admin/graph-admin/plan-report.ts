import type { PlanReport, PlanSummary, RowProblem } from "@contract/graph-admin";
import type { GraphOntology } from "../../kg/ontology.js";
import type { Provenance } from "../../interchange/rdf-read.js";
import type { PlanRelations } from "./plan-relations.js";
import { pacer } from "../../pace.js";

/**
 * What a plan does to each entity and relation it met (its fate), and the report of a
 * plan: counts, samples and the first problems. The writers (write.ts) act on the same fates.
 */

const SAMPLE_SIZE = 50;
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

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function entityChanges(e: EntityState, className: (id: number | null) => string | null): string[] {
  const changes: string[] = [];
  if (e.classId !== e.oldClassId) {
    const from = className(e.oldClassId) ?? "（无）";
    const to = className(e.classId) ?? "（无）";
    changes.push(e.inferred ? `类：${from} → ${to}（推断）` : `类：${from} → ${to}`);
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

type EntityFate = "added" | "changed" | "removed" | "unchanged" | "none";

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

type RelationFate = "added" | "changed" | "removed" | "unchanged";

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

export async function summarize(p: {
  rows: { length: number };
  bad: Set<number>;
  problems: RowProblem[];
  warnings: string[];
  entities: Map<string, EntityState>;
  relations: PlanRelations;
  ontology: GraphOntology;
  duplicates: number;
  inferred: number;
}): Promise<PlanReport> {
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
  // Lets the event loop run every ~20 ms (a million relations take seconds under load).
  const pace = pacer();
  for (const e of p.entities.values()) {
    const paused = pace();
    if (paused) await paused;
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
    const paused = pace();
    if (paused) await paused;
    const fate = relationFate(r);
    summary.relations[fate]++;
    // Built only for the few sampled (a million relations, a million objects otherwise).
    const base = () => ({ subject: r.subject, predicate: predicate(r.typeId), object: r.object });
    if (fate === "added")
      take(samples.relations_added, () => ({ ...base(), confidence: r.confidence }));
    if (fate === "changed")
      take(samples.relations_changed, () => ({
        ...base(),
        before: r.oldConfidence!,
        after: r.confidence,
      }));
    if (fate === "removed")
      take(samples.relations_removed, () => ({ ...base(), confidence: r.confidence }));
  }
  return {
    summary,
    problems: p.problems.slice(0, MAX_REPORTED_PROBLEMS),
    // Every rejected row has one problem; the first MAX_REPORTED_PROBLEMS are kept.
    problem_count: p.bad.size,
    warnings: p.warnings.slice(0, MAX_REPORTED_PROBLEMS),
    samples,
  };
}
