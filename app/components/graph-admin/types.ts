/** Shapes of the graph-administration API (docs/api.md, "Graph administration and jobs"). */

export type JobStatus = "queued" | "running" | "succeeded" | "failed" | "cancelled";

export interface JobLog {
  id: number;
  at: string;
  level: "info" | "warn" | "error";
  message: string;
}

export interface Job {
  id: number;
  kind: string;
  kind_label: string;
  graph_id: number | null;
  graph_name: string | null;
  status: JobStatus;
  progress: number;
  message: string;
  params: Record<string, unknown> | null;
  result: unknown;
  error: string | null;
  created_by_name: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  cancel_requested: boolean;
  attempts: number;
}

export interface JobWithLogs extends Job {
  logs: { results: JobLog[]; count: number; page: number; page_size: number };
}

/** One `progress` or `done` event of the job stream. */
export interface JobSnapshot {
  id: number;
  status: JobStatus;
  progress: number;
  message: string;
  error: string | null;
  cancel_requested: boolean;
}

export const FINISHED: JobStatus[] = ["succeeded", "failed", "cancelled"];

export interface RowProblem {
  ref: string;
  kind: "format" | "ontology";
  message: string;
}

export interface PlanReport {
  summary: {
    rows: number;
    accepted_rows: number;
    bad_rows: number;
    duplicates: number;
    inferred_classes: number;
    entities: { added: number; changed: number; removed: number; unchanged: number };
    relations: { added: number; changed: number; removed: number; unchanged: number };
    warnings: number;
  };
  problems: RowProblem[];
  problem_count: number;
  warnings: string[];
  samples: {
    entities_added: { name: string; class: string | null; inferred: boolean }[];
    entities_changed: { name: string; changes: string[] }[];
    entities_removed: { name: string; class: string | null }[];
    relations_added: { subject: string; predicate: string; object: string; confidence: number }[];
    relations_changed: {
      subject: string;
      predicate: string;
      object: string;
      before: number;
      after: number;
    }[];
    relations_removed: { subject: string; predicate: string; object: string; confidence: number }[];
  };
}

export interface WriteCounts {
  entities: { added: number; changed: number; removed: number };
  relations: { added: number; changed: number; removed: number };
}

export interface GraphCard {
  id: number;
  name: string;
  domain: string;
  domain_name: string;
  description: string;
  created_at: string;
  ontology: { id: number; name: string } | null;
  counts: { entities: number; relations: number; events: number; articles: number };
  last_build: {
    id: number;
    kind: string;
    status: JobStatus;
    progress: number;
    message: string;
    error: string | null;
    created_at: string;
    finished_at: string | null;
  } | null;
}

export interface OntologySummary {
  id: number;
  name: string;
  domain: string;
  description: string;
  classes: number;
  relation_types: number;
  event_types: number;
  graphs: { id: number; name: string }[];
}

export interface ClassNode {
  id: number;
  name: string;
  parent_id: number | null;
  parent: string | null;
  depth: number;
  is_place: boolean;
  color: string;
  description: string;
  entity_count: number;
  properties: {
    id: number;
    name: string;
    datatype: string;
    required: boolean;
    description: string;
  }[];
}

export interface OntologyDetail {
  id: number;
  name: string;
  domain: string;
  description: string;
  graphs: { id: number; name: string }[];
  classes: ClassNode[];
  relation_types: {
    id: number;
    name: string;
    domain_class_id: number | null;
    domain_class: string | null;
    range_class_id: number | null;
    range_class: string | null;
    description: string;
    relation_count: number;
  }[];
  event_types: {
    id: number;
    name: string;
    triggers: string[];
    roles: { subject: string; object: string };
    color: string;
    description: string;
    event_count: number;
  }[];
}

export interface SourceOptions {
  files: { id: number; name: string; filename: string; size: number; created_at: string }[];
  sources: { id: number; name: string; triples: number; files: number }[];
  triple_graphs: { id: number; name: string; triples: number }[];
  all_triples: number;
  ontologies: { id: number; name: string; domain: string }[];
}

/** What an action returns when the platform refused: its message, and per-field messages. */
export interface ActionError {
  error: string;
  fieldErrors?: Record<string, string[]>;
  /** Which form failed (so it opens again with what was typed). */
  target?: string;
  values?: Record<string, string>;
}

/** A predicate of an RDF import that nothing maps (a dry run's `unmapped_predicates`). */
export interface UnmappedPredicate {
  iri: string;
  count: number;
  /** Where it is first used. */
  ref: string;
}

export type OwlChangeKind = "class" | "relation_type" | "property";

/** What importing an OWL file would change in an ontology (POST /graphadmin/ontologies/{id}/import/). */
export interface OwlImportDiff {
  ontology: { id: number; name: string };
  summary: { added: number; changed: number; removed: number };
  changes: {
    kind: OwlChangeKind;
    change: "added" | "changed" | "removed";
    name: string;
    detail: string;
  }[];
  /** Facts each removal would break: how many, and a few of them. */
  breaks: { kind: OwlChangeKind; name: string; count: number; samples: string[] }[];
  unchanged: boolean;
  applied: boolean;
}

/** An OWL import's dry run as the ontology page shows it; `text` goes back with the apply (null when too large). */
export interface OwlPreview {
  diff: OwlImportDiff;
  filename: string;
  text: string | null;
}
