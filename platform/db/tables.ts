/**
 * The store's tables as Kysely sees them. Generated: `npm run db:types` (scripts/db-types.ts)
 * migrates a throwaway PostgreSQL database and runs kysely-codegen on it; edit the migrations,
 * never these files (tables.ts, tables-kg.ts, tables-columns.ts). PostgreSQL's own search
 * tables (resource_search_grams, data_triples_search) are left out, as are SQLite's search index
 * tables: only the engine-specific forms of the search read them, through raw SQL.
 */

import type { Generated } from "./tables-columns.js";
import type {
  KgArticle,
  KgClass,
  KgClassProperty,
  KgEntity,
  KgEntityArticle,
  KgEntityDaily,
  KgEntityMention,
  KgEventArticle,
  KgEventDaily,
  KgEventParticipant,
  KgEventRelation,
  KgEvent,
  KgEventType,
  KgExtraction,
  KgFactVersion,
  KgFeedback,
  KgFlow,
  KgFlowStep,
  KgFlowTransition,
  KgGraphOntology,
  KgGraphState,
  KgGraphWrite,
  KgModelEvaluation,
  KgModelRun,
  KgModel,
  KgOntology,
  KgPredicateMapping,
  KgRelationBuild,
  KgRelationResult,
  KgRelation,
  KgRelationType,
  KgSavedViewGroup,
  KgSavedView,
  KgSearchLog,
} from "./tables-kg.js";

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
  kg_extractions: KgExtraction;
  kg_fact_versions: KgFactVersion;
  kg_feedback: KgFeedback;
  kg_flow_steps: KgFlowStep;
  kg_flow_transitions: KgFlowTransition;
  kg_flows: KgFlow;
  kg_graph_ontology: KgGraphOntology;
  kg_graph_state: KgGraphState;
  kg_graph_writes: KgGraphWrite;
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
