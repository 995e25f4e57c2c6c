/** Shapes of the graph-administration API (docs/api.md, "Graph administration and jobs"). */

import type { JobStatus, OwlImportDiff } from "@contract/graph-admin";

export type {
  ClassNode,
  GraphCard,
  Job,
  JobLog,
  JobSnapshot,
  JobStatus,
  JobWithLogs,
  OntologyDetail,
  OntologySummary,
  OwlChangeKind,
  OwlImportDiff,
  PlanMode,
  PlanReport,
  RowProblem,
  SourceOptions,
  UnmappedPredicate,
  WriteCounts,
} from "@contract/graph-admin";

export const FINISHED: JobStatus[] = ["succeeded", "failed", "cancelled"];

/** What an action returns when the platform refused: its message, and per-field messages. */
export interface ActionError {
  error: string;
  fieldErrors?: Record<string, string[]>;
  /** Which form failed (so it opens again with what was typed). */
  target?: string;
  values?: Record<string, string>;
}

/** An OWL import's dry run as the ontology page shows it; `text` goes back with the apply (null when too large). */
export interface OwlPreview {
  diff: OwlImportDiff;
  filename: string;
  text: string | null;
}

/** The intent of the OWL import form's second step (apply what the dry run showed). */
export const OWL_APPLY = "owlApply";
/** The intent of its first step (the dry run). */
export const OWL_PREVIEW = "owlPreview";
