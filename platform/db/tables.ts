/**
 * The store's tables as Kysely sees them. Generated: `npm run db:types` (scripts/db-types.ts)
 * migrates a throwaway PostgreSQL database and runs kysely-codegen on it; edit the migrations,
 * never this file. PostgreSQL's own search tables (resource_search_grams, data_triples_search) are left out, as are
 * SQLite's search index tables: only the engine-specific forms of the search read them, through
 * raw SQL.
 */

import type { ColumnType } from "kysely";

export type Generated<T> =
  T extends ColumnType<infer S, infer I, infer U>
    ? ColumnType<S, I | undefined, U>
    : ColumnType<T, T | undefined, T>;

export interface AuditLog {
  action: string;
  after_json: string | null;
  at: Generated<string>;
  before_json: string | null;
  id: Generated<number>;
  record_id: string | null;
  resource: string;
  user_id: number | null;
  username: Generated<string>;
}

export interface Captcha {
  answer: string;
  expires_at: number;
  id: string;
  kind: Generated<string>;
}

export interface ClientError {
  at: Generated<string>;
  error: string;
  id: Generated<number>;
  info: Generated<string>;
  url: Generated<string>;
  user_agent: Generated<string>;
  user_id: number | null;
  username: Generated<string>;
}

export interface Config {
  description: Generated<string>;
  id: Generated<number>;
  key: string;
  public: Generated<number>;
  type: Generated<string>;
  value: Generated<string>;
}

export interface DataFileChunk {
  bytes: Buffer;
  seq: number;
  uuid: string;
}

export interface DataFile {
  created_at: Generated<string>;
  description: Generated<string>;
  filename: Generated<string>;
  graph_id: number | null;
  id: Generated<number>;
  mime: Generated<string>;
  name: string;
  sha256: string;
  size: number;
  source_id: number | null;
  uploaded_by: Generated<string>;
  uuid: string;
}

export interface DataLabel {
  annotator: Generated<string>;
  created_at: Generated<string>;
  end: number | null;
  entity: Generated<string>;
  graph_id: number | null;
  id: Generated<number>;
  label: string;
  start: number | null;
  status: Generated<string>;
  text: string;
}

export interface DataSource {
  created_at: Generated<string>;
  description: Generated<string>;
  enabled: Generated<number>;
  fetch_time: string | null;
  id: Generated<number>;
  name: string;
  type: Generated<string>;
  url: Generated<string>;
}

export interface DataTriple {
  confidence: number | null;
  created_at: Generated<string>;
  graph_id: number | null;
  id: Generated<number>;
  object: string;
  predicate: string;
  source_id: number | null;
  subject: string;
}

export interface Graph {
  base_iri: Generated<string>;
  created_at: Generated<string>;
  description: Generated<string>;
  domain: string;
  id: Generated<number>;
  lang: Generated<string>;
  name: string;
}

export interface GroupPermission {
  group_id: number;
  permission_id: number;
}

export interface Group {
  id: Generated<number>;
  name: string;
}

export interface JobLog {
  at: Generated<string>;
  id: Generated<number>;
  job_id: number;
  level: string;
  message: string;
}

export interface Job {
  attempts: Generated<number>;
  cancel_requested: Generated<number>;
  created_at: Generated<string>;
  created_by: number | null;
  error: string | null;
  finished_at: string | null;
  graph_id: number | null;
  heartbeat_at: string | null;
  id: Generated<number>;
  kind: string;
  message: Generated<string>;
  params_json: Generated<string>;
  progress: Generated<number>;
  result_json: string | null;
  started_at: string | null;
  status: Generated<string>;
  worker: string | null;
}

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

export interface LoginFailure {
  at: number;
  key: string;
}

export interface Nonce {
  expires_at: number;
  nonce: string;
}

export interface Permission {
  codename: string;
  id: Generated<number>;
  name: string;
}

export interface RateEvent {
  at: number;
  key: string;
}

export interface ResourceCount {
  column_name: string;
  n: number;
  table_name: string;
  value: number;
}

export interface ResourceSearchState {
  indexed_through: Generated<number>;
  table_name: string;
  version: Generated<number>;
}

export interface SchemaMigration {
  applied_at: string;
  name: string;
}

export interface Secret {
  name: string;
  value: string;
}

export interface SsoTicket {
  expires_at: number;
  ticket: string;
  used_at: number | null;
  user_id: number;
}

export interface Token {
  created_at: number;
  csrf: string;
  ended_at: number | null;
  ended_reason: string | null;
  key: string;
  last_used_at: number;
  user_id: number;
}

export interface UserGroup {
  group_id: number;
  user_id: number;
}

export interface User {
  avatar: Generated<string>;
  date_joined: Generated<string>;
  email: Generated<string>;
  id: Generated<number>;
  introduction: Generated<string>;
  is_active: Generated<number>;
  is_superuser: Generated<number>;
  last_login: string | null;
  need_init_password: Generated<number>;
  password_changed_at: Generated<string>;
  password_hash: string;
  username: string;
}

export interface Tables {
  audit_log: AuditLog;
  captchas: Captcha;
  client_errors: ClientError;
  configs: Config;
  data_file_chunks: DataFileChunk;
  data_files: DataFile;
  data_labels: DataLabel;
  data_sources: DataSource;
  data_triples: DataTriple;
  graphs: Graph;
  group_permissions: GroupPermission;
  groups: Group;
  job_logs: JobLog;
  jobs: Job;
  kg_articles: KgArticle;
  kg_class_properties: KgClassProperty;
  kg_classes: KgClass;
  kg_entities: KgEntity;
  kg_entity_articles: KgEntityArticle;
  kg_entity_daily: KgEntityDaily;
  kg_entity_mentions: KgEntityMention;
  kg_event_articles: KgEventArticle;
  kg_event_daily: KgEventDaily;
  kg_event_participants: KgEventParticipant;
  kg_event_relations: KgEventRelation;
  kg_event_types: KgEventType;
  kg_events: KgEvent;
  kg_fact_versions: KgFactVersion;
  kg_extractions: KgExtraction;
  kg_feedback: KgFeedback;
  kg_flow_steps: KgFlowStep;
  kg_flow_transitions: KgFlowTransition;
  kg_flows: KgFlow;
  kg_graph_ontology: KgGraphOntology;
  kg_graph_state: KgGraphState;
  kg_model_evaluations: KgModelEvaluation;
  kg_model_runs: KgModelRun;
  kg_models: KgModel;
  kg_ontologies: KgOntology;
  kg_predicate_mappings: KgPredicateMapping;
  kg_relation_builds: KgRelationBuild;
  kg_relation_results: KgRelationResult;
  kg_relation_types: KgRelationType;
  kg_relations: KgRelation;
  kg_saved_view_groups: KgSavedViewGroup;
  kg_saved_views: KgSavedView;
  kg_search_log: KgSearchLog;
  login_failures: LoginFailure;
  nonces: Nonce;
  permissions: Permission;
  rate_events: RateEvent;
  resource_counts: ResourceCount;
  resource_search_state: ResourceSearchState;
  schema_migrations: SchemaMigration;
  secrets: Secret;
  sso_tickets: SsoTicket;
  tokens: Token;
  user_groups: UserGroup;
  users: User;
}
