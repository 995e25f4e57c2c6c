/**
 * Models, statistics, feedback and retrieval logs (docs/api.md, "Models, statistics, feedback
 * and retrieval logs"): the platform answers with these, the console's insight pages read them.
 */

import type { JobStatus, LogPage } from "./graph-admin";

/** A run is a job: its status is the job's. */
export type RunStatus = JobStatus;
export type RunKind = "evaluation" | "training";
export type ModelType = "ner" | "relation" | "event";
export type FeedbackStatus = "new" | "confirmed" | "fixed" | "rejected";
/** What a report is about; "extraction": a relation text analysis extracted (a sentence, its pattern). */
export type FactKind = "entity" | "relation" | "event" | "extraction";

export interface ModelRecord {
  id: number;
  name: string;
  version: string;
  type: ModelType;
  graph: number | null;
  status: "new" | "training" | "evaluating" | "ready" | "failed";
  metrics: string;
  f1: number | null;
  holdout: number;
  description: string;
  last_run_at: string | null;
  created_at: string;
}

export interface Run {
  id: number;
  model_id: number;
  kind: RunKind;
  status: RunStatus;
  job_id: number | null;
  job_status: RunStatus | null;
  graph_id: number | null;
  holdout: number;
  username: string;
  error: string;
  progress: number;
  message: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  precision: number | null;
  recall: number | null;
  f1: number | null;
  macro_f1: number | null;
}

export interface LogLine {
  id: number;
  at: string;
  level: "info" | "warn" | "error";
  message: string;
}

export interface RunDetail extends Run {
  logs: LogPage<LogLine>;
}

export interface ClassMetrics {
  label: string;
  tp: number;
  fp: number;
  fn: number;
  /** Gold items of the class. */
  support: number;
  precision: number;
  recall: number;
  f1: number;
}

/** A run's evaluation: its counts and scores over the held-out articles, per class and overall. */
export interface Evaluation {
  id: number;
  run_id: number;
  model_id: number;
  graph_id: number | null;
  run: {
    id: number;
    kind: RunKind;
    username: string;
    created_at: string;
    finished_at: string | null;
    holdout: number;
  } | null;
  articles: number;
  gold: number;
  predicted: number;
  tp: number;
  precision: number;
  recall: number;
  f1: number;
  macro_f1: number;
  per_class: ClassMetrics[];
  /** matrix[i][j]: gold labels[i] predicted as labels[j]; the last label is "O" (nothing). */
  confusion: { labels: string[]; matrix: number[][] };
  /** Relation models: what the verdicts of the last review round changed; null for other models. */
  review: ReviewRound | null;
  created_at: string;
}

/** One side of a comparison: predictions of a relation type on the held-out articles, and right ones. */
export interface PrecisionCount {
  predicted: number;
  right: number;
  precision: number;
}

/**
 * The reviewers' verdicts given since the model's previous training run (all, before its first)
 * and the held-out precision per relation type without them (before) and with them (after).
 */
export interface ReviewRound {
  since: string | null;
  verdicts: number;
  accepted: number;
  rejected: number;
  per_type: { label: string; before: PrecisionCount; after: PrecisionCount }[];
}

export interface EvaluationAnswer {
  model: ModelRecord;
  evaluation: Evaluation | null;
  history: {
    run_id: number;
    kind: RunKind;
    created_at: string;
    precision: number;
    recall: number;
    f1: number;
  }[];
}

/** A time series over continuous periods (no gaps), a total line and a few named lines. */
export interface Trend {
  bucket: "day" | "month";
  periods: string[];
  total: number[];
  series: { key: string; name: string; values: number[] }[];
}

export interface GraphHead {
  id: number;
  name: string;
  domain: string;
}

export interface SearchStats {
  graph_id: number | null;
  days: number;
  from: string;
  to: string;
  total: number;
  empty_total: number;
  distinct_queries: number;
  users: number;
  series: { day: string; searches: number; empty: number }[];
  kinds: { kind: string; searches: number }[];
  top: { query: string; searches: number; avg_results: number; last_at: string }[];
  empty: { query: string; searches: number; last_at: string }[];
}

export interface EntityStats {
  graph: GraphHead;
  type_id: number | null;
  totals: {
    entities: number;
    mentions: number;
    relations: number;
    articles: number;
    types: number;
  };
  by_type: {
    type_id: number | null;
    type: string;
    color: string;
    entities: number;
    mentions: number;
  }[];
  types: { id: number; name: string }[];
  top: {
    rank: number;
    uuid: string;
    name: string;
    type: string | null;
    mentions: number;
    articles: number;
    relations: number;
  }[];
  trend: Trend;
}

export interface EntityDetailStats {
  graph: GraphHead;
  entity: {
    uuid: string;
    name: string;
    type: string | null;
    aliases: string[];
    description: string;
  };
  totals: { mentions: number; articles: number; relations: number; events: number };
  mentions: Trend;
  relations: { predicate: string; outgoing: number; incoming: number; total: number }[];
  events: { type: string; events: number }[];
  articles: { id: number; title: string; published_at: string; mentions: number }[];
}

export interface VerbStats {
  graph: GraphHead;
  totals: { events: number; verbs: number; reports: number; types: number };
  verbs: {
    rank: number;
    verb: string;
    type: string;
    events: number;
    reports: number;
    last_time: string | null;
  }[];
  by_type: { type: string; color: string; events: number; verbs: number }[];
  trend: Trend;
}

/** Word frequencies of a graph's articles. */
export interface KeywordCounts {
  /** Articles whose words were counted. */
  articles: number;
  /** Articles of the graph; more than `articles` when only the newest were counted. */
  total_articles: number;
  sampled: boolean;
  /** Keyword occurrences counted, and distinct keywords. */
  words: number;
  distinct: number;
  keywords: { rank: number; word: string; count: number; articles: number }[];
}

export interface KeywordStats extends KeywordCounts {
  graph: GraphHead;
}

export interface FeedbackRecord {
  id: number;
  status: FeedbackStatus;
  kind: FactKind;
  graph: number;
  target: string;
  target_label: string;
  content: string;
  reporter: string;
  note: string;
  handler: string;
  handled_at: string | null;
  link: string;
  created_at: string;
}

export interface FeedbackWorkflow {
  record: FeedbackRecord;
  status: FeedbackStatus;
  allowed: { key: FeedbackStatus; label: string }[];
}

export interface FactDescription {
  graph: number;
  kind: FactKind;
  kind_label: string;
  target: string;
  label: string;
  link: string;
}
