/**
 * The store's tables as Kysely sees them. Generated: `npm run db:types` (scripts/db-types.ts)
 * migrates a throwaway PostgreSQL database and runs kysely-codegen on it; edit the migrations,
 * never these files (tables.ts, tables-kg.ts, tables-columns.ts). PostgreSQL's own search
 * tables (resource_search_grams, data_triples_search) are left out, as are SQLite's search index
 * tables: only the engine-specific forms of the search read them, through raw SQL.
 */

import type { Generated } from "./tables-columns.js";

export interface KgArticle {
  content: string;
  created_at: Generated<string>;
  graph_id: number;
  id: Generated<number>;
  published_at: string;
  source: Generated<string>;
  title: string;
  url: Generated<string>;
}

export interface KgClass {
  color: Generated<string>;
  description: Generated<string>;
  id: Generated<number>;
  is_place: Generated<number>;
  label_en: Generated<string>;
  name: string;
  ontology_id: number;
  parent_id: number | null;
}

export interface KgClassProperty {
  class_id: number;
  datatype: Generated<string>;
  description: Generated<string>;
  id: Generated<number>;
  label_en: Generated<string>;
  name: string;
  required: Generated<number>;
}

export interface KgEntity {
  aliases: Generated<string>;
  class_id: number | null;
  description: Generated<string>;
  graph_id: number;
  id: Generated<number>;
  name: string;
  properties: Generated<string>;
  updated_at: Generated<string>;
  uuid: string;
}

export interface KgEntityArticle {
  article_id: number;
  entity_id: number;
  mentions: number;
  published_at: string;
}

export interface KgEntityDaily {
  day: string;
  entity_id: number;
  graph_id: number;
  mentions: number;
}

export interface KgEntityMention {
  article_id: number;
  end_pos: number;
  entity_id: number;
  start_pos: number;
}

export interface KgEventArticle {
  article_id: number;
  event_id: number;
  published_at: string;
  sent_end: number;
  sent_start: number;
}

export interface KgEventDaily {
  day: string;
  event_id: number;
  graph_id: number;
  reports: number;
}

export interface KgEventParticipant {
  entity_id: number;
  event_id: number;
  role: string;
}

export interface KgEventRelation {
  article_id: number | null;
  cue: Generated<string>;
  graph_id: number;
  id: Generated<number>;
  sent_end: number | null;
  sent_start: number | null;
  source_event_id: number;
  strength: number;
  target_event_id: number;
  type: string;
}

export interface KgEvent {
  article_id: number | null;
  description: Generated<string>;
  event_type_id: number | null;
  graph_id: number;
  id: Generated<number>;
  place: Generated<string>;
  place_id: number | null;
  sent_end: number | null;
  sent_start: number | null;
  time: string | null;
  title: string;
  trigger_end: number | null;
  trigger_start: number | null;
  trigger_word: Generated<string>;
}

export interface KgEventType {
  color: Generated<string>;
  description: Generated<string>;
  id: Generated<number>;
  label_en: Generated<string>;
  name: string;
  ontology_id: number;
  roles: Generated<string>;
  triggers: Generated<string>;
}

export interface KgExtraction {
  article_id: number | null;
  confidence: number;
  created_at: Generated<string>;
  direction: string;
  graph_id: number;
  id: Generated<number>;
  keys: string;
  object_id: number;
  pattern: string;
  relation_type_id: number;
  sentence: string;
  subject_id: number;
}

export interface KgFactVersion {
  graph_id: number;
  version: Generated<number>;
}

export interface KgFeedback {
  content: string;
  created_at: Generated<string>;
  graph_id: number | null;
  handled_at: string | null;
  handler: Generated<string>;
  id: Generated<number>;
  kind: string;
  link: Generated<string>;
  note: Generated<string>;
  reporter: Generated<string>;
  reporter_id: number | null;
  status: Generated<string>;
  target: string;
  target_label: Generated<string>;
}

export interface KgFlow {
  created_at: Generated<string>;
  description: Generated<string>;
  graph_id: number;
  id: Generated<number>;
  name: string;
}

export interface KgFlowStep {
  actor: Generated<string>;
  description: Generated<string>;
  flow_id: number;
  id: Generated<number>;
  key: string;
  kind: Generated<string>;
  name: string;
  sort: Generated<number>;
}

export interface KgFlowTransition {
  flow_id: number;
  id: Generated<number>;
  label: Generated<string>;
  sort: Generated<number>;
  source_step_id: number;
  target_step_id: number;
}

export interface KgGraphOntology {
  graph_id: number;
  ontology_id: number;
}

export interface KgGraphState {
  entity_version: Generated<number>;
  graph_id: number;
  rollup_version: Generated<number>;
  version: Generated<number>;
}

export interface KgGraphWrite {
  graph_id: number;
  job_id: number;
  resume: Generated<number>;
  since: Generated<string>;
}

export interface KgModelEvaluation {
  articles: number;
  confusion: string;
  created_at: Generated<string>;
  f1: number;
  gold: number;
  graph_id: number | null;
  id: Generated<number>;
  macro_f1: number;
  model_id: number;
  per_class: string;
  precision: number;
  predicted: number;
  recall: number;
  review: Generated<string>;
  run_id: number;
  tp: number;
}

export interface KgModelRun {
  created_at: Generated<string>;
  error: Generated<string>;
  finished_at: string | null;
  graph_id: number | null;
  holdout: number;
  id: Generated<number>;
  job_id: number | null;
  kind: string;
  model_id: number;
  started_at: string | null;
  status: Generated<string>;
  user_id: number | null;
  username: Generated<string>;
}

export interface KgModel {
  created_at: Generated<string>;
  description: Generated<string>;
  f1: number | null;
  graph_id: number | null;
  holdout: Generated<number>;
  id: Generated<number>;
  last_run_at: string | null;
  learned: Generated<string>;
  metrics: Generated<string>;
  name: string;
  precision: number | null;
  recall: number | null;
  status: Generated<string>;
  type: string;
  version: Generated<string>;
}

export interface KgOntology {
  base_iri: Generated<string>;
  created_at: Generated<string>;
  description: Generated<string>;
  domain: Generated<string>;
  id: Generated<number>;
  name: string;
}

export interface KgPredicateMapping {
  predicate_iri: string;
  relation_type: string;
  source_key: string;
  updated_at: Generated<string>;
}

export interface KgRelationBuild {
  job_id: number;
  relation_id: number;
}

export interface KgRelationResult {
  confidence: number | null;
  graph_id: number | null;
  id: number | null;
  job_id: number | null;
  object: string | null;
  object_uuid: string | null;
  predicate: string | null;
  subject: string | null;
  subject_uuid: string | null;
}

export interface KgRelation {
  article_id: number | null;
  confidence: Generated<number>;
  graph_id: number;
  id: Generated<number>;
  object_id: number;
  relation_type_id: number;
  sent_end: number | null;
  sent_start: number | null;
  subject_id: number;
}

export interface KgRelationType {
  description: Generated<string>;
  domain_class_id: number | null;
  id: Generated<number>;
  label_en: Generated<string>;
  name: string;
  ontology_id: number;
  range_class_id: number | null;
}

export interface KgSavedViewGroup {
  group_id: number;
  view_id: number;
}

export interface KgSavedView {
  created_at: string;
  graph_id: number;
  id: Generated<number>;
  kind: string;
  name: string;
  owner_id: number;
  query: string;
  shown: Generated<string>;
  updated_at: string;
}

export interface KgSearchLog {
  created_at: Generated<string>;
  graph_id: number | null;
  id: Generated<number>;
  kind: string;
  query: string;
  result_count: number;
  user_id: number | null;
}
