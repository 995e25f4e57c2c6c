/**
 * The knowledge-graph API (docs/api.md, "Knowledge graphs"): the platform answers with these,
 * the console's graph pages read them.
 */

export interface Paged<T> {
  results: T[];
  count: number;
}

export interface GraphCounts {
  articles: number;
  entities: number;
  relations: number;
  events: number;
  event_relations: number;
  flows: number;
}

export interface KgGraph {
  id: number;
  name: string;
  domain: string;
  domain_name?: string;
  description?: string;
  counts?: GraphCounts;
  /** A job is writing the graph's facts (its id): nothing of them is shown until it ends. */
  writing_job?: number;
}

export interface EntityRef {
  uuid: string;
  name: string;
  type: string | null;
  type_id: number | null;
  color?: string;
}

/** Offsets into an article's text: the sentence a fact was read from. */
export interface SourceSpan {
  article_id: number | null;
  sent_start: number | null;
  sent_end: number | null;
}

export interface ArticleSummary {
  id: number;
  graph_id?: number;
  title: string;
  source: string;
  url?: string;
  published_at: string;
  summary?: string;
  mentions?: number;
}

export interface KgEvent extends SourceSpan {
  id: number;
  graph_id?: number;
  title: string;
  type: string | null;
  type_id: number | null;
  color: string;
  trigger: string;
  time: string | null;
  place: EntityRef | null;
  place_text: string;
  description: string;
  trigger_start: number | null;
  trigger_end: number | null;
  reports?: number;
  role?: string;
}

export interface Relation extends SourceSpan {
  id: number;
  subject: EntityRef | null;
  predicate: string;
  predicate_id: number;
  object: EntityRef | null;
  confidence: number;
  direction?: "out" | "in";
}

/** GET /kg/relations/{id}/: a relation with its graph and the sentence it was read from. */
export interface RelationDetail extends Relation {
  graph_id: number;
  article: { id: number; title: string; source: string; published_at: string } | null;
  sentence: string | null;
}

export interface EventLink extends SourceSpan {
  id: number;
  type: string;
  type_name: string;
  strength: number;
  cue: string;
  source?: { id: number; title: string };
  target?: { id: number; title: string };
  /** On an event page: the other event of the link. */
  event?: { id: number; title: string; type: string | null; time: string | null };
}

export interface Mention {
  start: number;
  end: number;
  text: string;
  entity: EntityRef;
}

/** An article as the graph stores it. */
export interface Article {
  id: number;
  graph_id: number;
  title: string;
  source: string;
  url: string;
  published_at: string;
  content: string;
}

export interface ArticleDetail extends Article {
  mentions: Mention[];
  entities: (EntityRef & { count: number })[];
  events: (KgEvent & { sentence_start: number; sentence_end: number })[];
  relations: Relation[];
  event_relations: EventLink[];
}

export interface Trend {
  days: string[];
  values: number[];
}

export interface EventReport {
  article_id: number;
  title: string;
  source: string;
  published_at: string;
  sent_start: number;
  sent_end: number;
  sentence: string;
}

export interface EventDetail extends KgEvent {
  sentence: string | null;
  participants: { role: string; entity: EntityRef }[];
  articles: EventReport[];
  trend: Trend;
  causes: EventLink[];
  effects: EventLink[];
}

export interface HotRanking<T> {
  start: string | null;
  end: string | null;
  days: string[];
  results: ({ rank: number; score: number; trend: number[] } & T)[];
}

export interface TypeCount {
  type_id: number | null;
  type: string | null;
  color: string;
  count: number;
}

export interface GraphOverview {
  graph: KgGraph & { counts: GraphCounts };
  entity_types: TypeCount[];
  event_types: TypeCount[];
  recent_articles: ArticleSummary[];
  hot_events: HotRanking<{ event: KgEvent }>;
  hot_entities: HotRanking<{ entity: EntityRef }>;
}

export interface EntityProperty {
  name: string;
  datatype: string;
  value: unknown;
  entity_uuid: string | null;
}

export interface EntityDetail {
  uuid: string;
  graph_id: number;
  name: string;
  type: string | null;
  type_id: number | null;
  color: string;
  description: string;
  aliases: string[];
  properties: EntityProperty[];
  updated_at: string;
  relations: {
    total: number;
    outgoing: number;
    incoming: number;
    by_predicate: {
      predicate_id: number;
      predicate: string;
      direction: "out" | "in";
      count: number;
    }[];
  } & Paged<Relation>;
  events: Paged<KgEvent & { role: string }>;
  articles: Paged<ArticleSummary & { mentions: number }>;
  trend: Trend;
}

export interface NeighbourNode {
  id: string;
  name: string;
  type: string | null;
  type_id: number | null;
  color: string;
  depth: number;
  x?: number;
  y?: number;
}

/** A relation drawn between two entities (a neighbourhood's, an expansion's, a path's). */
export interface RelationEdge {
  id: number;
  /** The subject's uuid. */
  source: string;
  /** The object's uuid. */
  target: string;
  predicate: string;
  predicate_id: number;
  confidence: number;
}

export interface NeighbourEdge extends RelationEdge, SourceSpan {}

export interface NeighbourGraph {
  center: string;
  total_relations: number;
  truncated: boolean;
  layout: "server" | "client";
  relation_types: { id: number; name: string; count: number }[];
  nodes: NeighbourNode[];
  edges: NeighbourEdge[];
}

export interface RelationGraphNode extends NeighbourNode {
  x: number;
  y: number;
  /** Its neighbours are merged in. */
  expanded: boolean;
  /** Edges of this graph at the node. */
  degree: number;
}

/** GET …/entities/{uuid}/relation-graph/: a neighbourhood with expansions merged in, every node placed. */
export interface RelationGraph {
  center: string;
  total_relations: number;
  truncated: boolean;
  /** The relation types of the edges shown, most frequent first. */
  relation_types: { id: number; name: string; count: number }[];
  nodes: RelationGraphNode[];
  edges: NeighbourEdge[];
  /** Expanded ids the graph does not know (left out). */
  unknown: string[];
}

/** A relation on a path, with its evidence: the sentence it was read from and its article. */
export interface PathEdge extends RelationEdge {
  article: { id: number; title: string } | null;
  sentence: string | null;
}

/** A path: distinct entities (uuids) from `from` to `to`, and for each hop the relations between its ends. */
export interface EntityPath {
  length: number;
  nodes: string[];
  hops: { from: string; to: string; edges: PathEdge[] }[];
}

/** GET /kg/graphs/{id}/paths/?from=&to=: the shortest paths between two entities. */
export interface PathSearch {
  from: EntityRef & { color: string };
  to: EntityRef & { color: string };
  hops: number;
  k: number;
  direction: "any" | "out";
  types: { id: number; name: string }[];
  /** Fewest hops first, then the most confident; empty when none is within `hops`. */
  paths: EntityPath[];
  /** Both ends and every entity of the paths. */
  entities: (EntityRef & { color: string })[];
  /** Entities whose relations the search read. */
  visited: number;
  /** The search reached its budget of entities before it had looked everywhere within `hops`. */
  stopped: boolean;
  budget: number;
}

export interface Ontology {
  id: number;
  name: string;
  classes: { id: number; name: string; parent_id: number | null; color: string }[];
  relation_types: { id: number; name: string }[];
  event_types: { id: number; name: string; color: string }[];
  event_relation_types: { key: string; name: string }[];
}

export interface EventGraphNode extends SourceSpan {
  id: number;
  title: string;
  type: string | null;
  type_id: number | null;
  color: string;
  time: string | null;
  place: string | null;
  hop: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface EventGraphEdge extends SourceSpan {
  id: number;
  source: number;
  target: number;
  type: string;
  type_name: string;
  strength: number;
  cue: string;
}

export interface EventGraph {
  center: number | null;
  hops: number | null;
  truncated: boolean;
  width: number;
  height: number;
  link_types: { key: string; name: string }[];
  nodes: EventGraphNode[];
  edges: EventGraphEdge[];
}

export interface FlowSummary {
  id: number;
  name: string;
  description: string;
  steps: number;
  transitions: number;
}

export interface FlowDetail {
  id: number;
  graph_id: number;
  name: string;
  description: string;
  width: number;
  height: number;
  steps: {
    id: number;
    key: string;
    name: string;
    kind: "start" | "task" | "decision" | "end";
    actor: string;
    description: string;
    x: number;
    y: number;
    width: number;
    height: number;
  }[];
  transitions: { id: number; source: number; target: number; label: string }[];
}

/** Offsets of a stretch of the analysed text. */
export interface TextSpan {
  start: number;
  end: number;
}

export interface ExtractEntity extends TextSpan {
  text: string;
  /** The entity's uuid. */
  entity_id: string;
  name: string;
  type: string | null;
  type_id: number | null;
}

export interface EventArgument extends TextSpan {
  role: "subject" | "object" | "place" | "time";
  role_name: string;
  text: string;
  entity_id: string | null;
}

export interface ExtractEvent extends TextSpan {
  trigger: string;
  type: string;
  type_id: number;
  sentence_start: number;
  sentence_end: number;
  arguments: EventArgument[];
  time: (TextSpan & { text: string; value: string }) | null;
  place: (TextSpan & { text: string; entity_id: string | null }) | null;
  /**
   * How likely the sentence reports the event rather than refers to one reported elsewhere
   * ("此前，…一事", "由于…"), as learnt from the graph's articles (0–1; 1 when nothing was learnt).
   */
  confidence: number;
}

export interface ExtractToken extends TextSpan {
  text: string;
  kind: "entity" | "word" | "punct";
}

/**
 * A relation a sentence of the analysed text states, by the patterns learnt from the graph's
 * articles. The source span (article_id, sent_start, sent_end) and id are those of the stored
 * relation stating the same fact, when the graph has it; null for a fact new to the graph.
 */
export interface ExtractRelation extends SourceSpan {
  id: number | null;
  subject: { uuid: string; name: string };
  predicate: string;
  object: { uuid: string; name: string };
  /** The reliability of the pattern that decided type and direction (0–1). */
  confidence: number;
  /** That pattern: "b:…" the words between the two, "ba:…|…" with what follows, "w:…" one word between… */
  pattern: string;
  /** The sentence of the analysed text stating it. */
  text_sentence: TextSpan;
}

/** A cause–effect pair stated by a cue in the text. */
export interface CausalPair {
  cause: string;
  effect: string;
  cue: string;
  /** The whole stretch that states the pair. */
  start: number;
  end: number;
  cause_start: number;
  cause_end: number;
  effect_start: number;
  effect_end: number;
}

/** A causal pair with the events (indexes into `events`) its cause and effect fall in. */
export interface ExtractCausal extends CausalPair {
  cause_event: number | null;
  effect_event: number | null;
}

export interface ExtractResult {
  tokens: ExtractToken[];
  entities: ExtractEntity[];
  events: ExtractEvent[];
  relations: ExtractRelation[];
  causal: ExtractCausal[];
  sentences: TextSpan[];
  stats: { characters: number; sentences: number; tokens: number; elapsed_ms: number };
}

/** POST …/extract/: the analysis, with its small graph placed (the entities its relations join). */
export interface ExtractAnswer extends ExtractResult {
  /** When an article of the graph was analysed. */
  article_id?: number;
  layout: { id: string; x: number; y: number }[];
}

// --- Interchange: the base IRIs of exports (docs/interchange.md) ---

/** GET/PATCH /graphadmin/ontologies/{id}/iri/: the base IRI set (blank: the default), and the one in use. */
export interface OntologyIri {
  base_iri: string;
  effective_base_iri: string;
  default_base_iri: string;
}

/** GET/PATCH /graphadmin/graphs/{id}/iri/: the graph's base IRI, and the language of its labels. */
export interface GraphIri extends OntologyIri {
  lang: string;
}
