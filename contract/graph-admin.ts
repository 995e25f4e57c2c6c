/**
 * Graph administration and jobs (docs/api.md, "Graph administration and jobs"): ontologies,
 * graphs, build and update plans, source options, jobs and their stream, OWL import diffs.
 */
import type { Paged } from "./kg";

// --- Jobs (/jobs) ---

export type JobStatus = "queued" | "running" | "succeeded" | "failed" | "cancelled";
export type JobLogLevel = "info" | "warn" | "error";

export interface Job {
  id: number;
  kind: string;
  kind_label: string;
  graph_id: number | null;
  graph_name: string | null;
  status: JobStatus;
  progress: number;
  message: string;
  params: unknown;
  result: unknown;
  error: string | null;
  created_by: number | null;
  created_by_name: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  heartbeat_at: string | null;
  cancel_requested: boolean;
  attempts: number;
}

export interface JobLog {
  id: number;
  job_id: number;
  at: string;
  level: JobLogLevel;
  message: string;
}

/** One page of a log (newest first): the list, and which page of what size it is. */
export interface LogPage<T> extends Paged<T> {
  page: number;
  page_size: number;
}

export type JobLogPage = LogPage<JobLog>;

/** GET /jobs/{id}: the job with one page of its log, newest first. */
export interface JobWithLogs extends Job {
  logs: JobLogPage;
}

/** One `progress` or `done` event of the job stream (GET /jobs/{id}/events). */
export type JobSnapshot = Pick<
  Job,
  | "id"
  | "kind"
  | "status"
  | "progress"
  | "message"
  | "error"
  | "started_at"
  | "finished_at"
  | "cancel_requested"
>;

// --- Plans: what a build or an incremental update would do ---

export interface RowProblem {
  ref: string;
  kind: "format" | "ontology";
  message: string;
}

export interface PlanSummary {
  rows: number;
  accepted_rows: number;
  bad_rows: number;
  duplicates: number;
  inferred_classes: number;
  entities: { added: number; changed: number; removed: number; unchanged: number };
  relations: { added: number; changed: number; removed: number; unchanged: number };
  warnings: number;
}

export interface PlanReport {
  summary: PlanSummary;
  /** The first problems (at most 500), and how many there are in all. */
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

/** RDF predicates nothing maps: how many statements use each, and the first one's place. */
export interface UnmappedPredicate {
  iri: string;
  count: number;
  ref: string;
}

/** The result of a graph.build job. */
export interface BuildResult {
  report: PlanReport;
  unmapped_predicates?: UnmappedPredicate[];
  written: WriteCounts;
  sources: string;
  duration_ms: number;
  triples_per_second: number;
}

/**
 * What applying a dry run does: absent, an incremental update; "create", the first build of a
 * graph the dry run created; "replace", a rebuild (the graph's facts replaced).
 */
export type PlanMode = "create" | "replace";

/** The result of a graph.plan job (a dry run). */
export interface PlanResult {
  mode?: PlanMode;
  report: PlanReport;
  /** With unmapped predicates: the relation types they may be mapped to, and this run's choices. */
  unmapped_predicates?: UnmappedPredicate[];
  relation_types?: string[];
  predicate_map?: Record<string, string>;
  signature: string;
  sources: string;
  duration_ms: number;
}

/** The result of a graph.update job. */
export interface UpdateResult {
  mode?: PlanMode;
  report: PlanReport;
  applied: WriteCounts;
  plan_job_id: number;
  duration_ms: number;
}

// --- Graphs (/graphadmin/graphs) ---

export interface GraphRow {
  id: number;
  name: string;
  domain: string;
  description: string;
  created_at: string;
}

/** The last build of a graph, as its card shows it. */
export type JobBrief = Pick<
  Job,
  | "id"
  | "kind"
  | "kind_label"
  | "status"
  | "progress"
  | "message"
  | "error"
  | "created_at"
  | "finished_at"
>;

export interface GraphCard extends GraphRow {
  domain_name: string;
  ontology: { id: number; name: string } | null;
  counts: { entities: number; relations: number; events: number; articles: number };
  last_build: JobBrief | null;
}

/** GET /graphadmin/graphs/:id/entities/: a row of a graph's entity search. */
export interface GraphEntityItem {
  id: number;
  uuid: string;
  name: string;
  class: string | null;
  aliases: string[];
  out_relations: number;
  in_relations: number;
}

/** A relation of an entity's neighbourhood, with the entity at its other end. */
export interface EntityNeighbour {
  id: number;
  predicate: string;
  confidence: number;
  entity: { id: number; uuid: string; name: string; class: string | null };
}

/** GET /graphadmin/graphs/:id/entities/:entityId/: an entity and its relations both ways. */
export interface EntityNeighbourhood {
  entity: {
    id: number;
    uuid: string;
    name: string;
    class: string | null;
    aliases: string[];
    properties: Record<string, unknown>;
    description: string;
  };
  outgoing: EntityNeighbour[];
  incoming: EntityNeighbour[];
  out_total: number;
  in_total: number;
}

/** GET /graphadmin/graphs/:id/ontology/: a graph's ontology and the graphs sharing it. */
export interface GraphOntologyInfo {
  graph: { id: number; name: string; domain: string };
  ontology: { id: number; name: string; domain: string } | null;
  shared_with: { id: number; name: string }[];
}

/** What a call that queues a job answers (build, update, dry run). */
export interface QueuedJob {
  job_id: number;
}

/** GET /graphadmin/source-options: what the build and update forms offer. */
export interface SourceOptions {
  files: { id: number; name: string; filename: string; size: number; created_at: string }[];
  sources: { id: number; name: string; triples: number; files: number }[];
  triple_graphs: { id: number; name: string; triples: number }[];
  all_triples: number;
  ontologies: { id: number; name: string; domain: string }[];
}

// --- Ontologies (/graphadmin/ontologies) ---

export interface OntologySummary {
  id: number;
  name: string;
  domain: string;
  description: string;
  created_at: string;
  classes: number;
  relation_types: number;
  event_types: number;
  graphs: { id: number; name: string }[];
}

export interface ClassProperty {
  id: number;
  name: string;
  /** The English label ("" = none); OWL writes it as `rdfs:label "…"@en`. */
  label_en: string;
  datatype: string;
  required: boolean;
  description: string;
  inherited_from?: string;
}

export interface ClassNode {
  id: number;
  name: string;
  label_en: string;
  parent_id: number | null;
  parent: string | null;
  depth: number;
  is_place: boolean;
  color: string;
  description: string;
  entity_count: number;
  properties: ClassProperty[];
}

export interface RelationTypeNode {
  id: number;
  name: string;
  label_en: string;
  domain_class_id: number | null;
  domain_class: string | null;
  range_class_id: number | null;
  range_class: string | null;
  description: string;
  relation_count: number;
}

export interface EventTypeNode {
  id: number;
  name: string;
  label_en: string;
  triggers: string[];
  roles: { subject: string; object: string };
  color: string;
  description: string;
  event_count: number;
}

export interface OntologyDetail extends Omit<
  OntologySummary,
  "classes" | "relation_types" | "event_types"
> {
  classes: ClassNode[];
  relation_types: RelationTypeNode[];
  event_types: EventTypeNode[];
}

// --- OWL import (POST /graphadmin/ontologies/{id}/import/) ---

export type OwlChangeKind = "class" | "relation_type" | "property";

export interface OwlChange {
  kind: OwlChangeKind;
  change: "added" | "changed" | "removed";
  name: string;
  /** What changes ("父类：装备 → 武器装备"), for people. */
  detail: string;
}

/** Facts a removal would break: how many, and a few of them. */
export interface OwlBreak {
  kind: OwlChangeKind;
  name: string;
  count: number;
  samples: string[];
}

export interface OntologyDiff {
  ontology: { id: number; name: string };
  summary: { added: number; changed: number; removed: number };
  changes: OwlChange[];
  breaks: OwlBreak[];
  unchanged: boolean;
}

/** What importing an OWL file would change (a dry run) or changed (`applied`). */
export interface OwlImportDiff extends OntologyDiff {
  applied: boolean;
}
