import { bothEngines, type EngineWords } from "./both-engines.js";
import { kgVersionTriggers } from "./postgres/kg.js";

/**
 * The knowledge-graph store: ontologies, and per graph its articles, entities, relations,
 * events, event-to-event relations, operational flows and mention rollups.
 *
 * Design notes (see docs/api.md, "Knowledge graphs"):
 * - An ontology (kg_ontologies) is shared by the graphs mapped to it in kg_graph_ontology,
 *   so a military and a general ontology serve every graph of their domain; entity classes,
 *   relation types and event types belong to an ontology, facts belong to a graph.
 * - Offsets (start_pos/end_pos, sent_*, trigger_*) are UTF-16 code-unit indices into
 *   kg_articles.content, i.e. JavaScript string indices, end exclusive.
 * - kg_entity_articles, kg_entity_daily and kg_event_daily are rollups derived from mentions
 *   and reports; platform/kg/store/rollups.ts rebuilds them (refreshRollups).
 * - kg_graph_state.version takes a new value with every write to a graph (triggers below), so caches
 *   of computed answers can be keyed by it; entity_version only when names, aliases or the
 *   ontology change (extraction dictionaries); rollup_version when the rollups are rebuilt
 *   (hot rankings). Inserts into kg_relations carry no trigger (it
 *   would nearly double the cost of bulk loads); readers add max(kg_relations.id) to the key.
 */
/** A rollup table: per graph, day and entity (or event), a count (`measure`) and its index. */
const dailyRollup = (
  e: EngineWords,
  thing: "entity" | "event",
  table: "entities" | "events",
  measure: "mentions" | "reports",
) => /* sql */ `CREATE TABLE kg_${thing}_daily (
  graph_id ${e.int} NOT NULL REFERENCES graphs(id) ON DELETE CASCADE,
  day TEXT NOT NULL,
  ${thing}_id ${e.int} NOT NULL REFERENCES kg_${table}(id) ON DELETE CASCADE,
  ${measure} ${e.int} NOT NULL,
  PRIMARY KEY (graph_id, day, ${thing}_id)
)${e.withoutRowid};
CREATE INDEX kg_${thing}_daily_${thing} ON kg_${thing}_daily(${thing}_id, day);`;

const coreTables = bothEngines(
  (e) => /* sql */ `
CREATE TABLE kg_ontologies (
  id ${e.id},
  name TEXT NOT NULL UNIQUE,
  domain TEXT NOT NULL DEFAULT 'general',
  description TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT ${e.nowDefault}
);

CREATE TABLE kg_graph_ontology (
  graph_id ${e.int} PRIMARY KEY REFERENCES graphs(id) ON DELETE CASCADE,
  ontology_id ${e.int} NOT NULL REFERENCES kg_ontologies(id)
);
CREATE INDEX kg_graph_ontology_ontology ON kg_graph_ontology(ontology_id);

-- Entity classes form a tree per ontology; is_place marks a class (and its subclasses) whose
-- entities can be the place of an event.
CREATE TABLE kg_classes (
  id ${e.id},
  ontology_id ${e.int} NOT NULL REFERENCES kg_ontologies(id) ON DELETE CASCADE,
  parent_id ${e.int} REFERENCES kg_classes(id),
  name TEXT NOT NULL,
  is_place ${e.int} NOT NULL DEFAULT 0,
  color TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL DEFAULT '',
  UNIQUE (ontology_id, name)
);
CREATE INDEX kg_classes_parent ON kg_classes(parent_id);

CREATE TABLE kg_class_properties (
  id ${e.id},
  class_id ${e.int} NOT NULL REFERENCES kg_classes(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  datatype TEXT NOT NULL DEFAULT 'string' CHECK (datatype IN ('string', 'number', 'date', 'boolean', 'entity')),
  required ${e.int} NOT NULL DEFAULT 0,
  description TEXT NOT NULL DEFAULT '',
  UNIQUE (class_id, name)
);

-- domain/range accept the class and its subclasses; NULL accepts any class.
CREATE TABLE kg_relation_types (
  id ${e.id},
  ontology_id ${e.int} NOT NULL REFERENCES kg_ontologies(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  domain_class_id ${e.int} REFERENCES kg_classes(id),
  range_class_id ${e.int} REFERENCES kg_classes(id),
  description TEXT NOT NULL DEFAULT '',
  UNIQUE (ontology_id, name)
);
CREATE INDEX kg_relation_types_domain ON kg_relation_types(domain_class_id);
CREATE INDEX kg_relation_types_range ON kg_relation_types(range_class_id);

-- triggers: JSON array of trigger words (the extraction lexicon);
-- roles: JSON object {"subject": role name, "object": role name}.
CREATE TABLE kg_event_types (
  id ${e.id},
  ontology_id ${e.int} NOT NULL REFERENCES kg_ontologies(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  triggers TEXT NOT NULL DEFAULT '[]',
  roles TEXT NOT NULL DEFAULT '{}',
  color TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL DEFAULT '',
  UNIQUE (ontology_id, name)
);

CREATE TABLE kg_articles (
  id ${e.id},
  graph_id ${e.int} NOT NULL REFERENCES graphs(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  source TEXT NOT NULL DEFAULT '',
  url TEXT NOT NULL DEFAULT '',
  published_at TEXT NOT NULL,
  content TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT ${e.nowDefault}
);
CREATE INDEX kg_articles_graph_published ON kg_articles(graph_id, published_at);

CREATE TABLE kg_entities (
  id ${e.id},
  uuid TEXT NOT NULL UNIQUE,
  graph_id ${e.int} NOT NULL REFERENCES graphs(id) ON DELETE CASCADE,
  class_id ${e.int} REFERENCES kg_classes(id),
  name TEXT NOT NULL,
  aliases TEXT NOT NULL DEFAULT '[]',
  properties TEXT NOT NULL DEFAULT '{}',
  description TEXT NOT NULL DEFAULT '',
  updated_at TEXT NOT NULL DEFAULT ${e.nowDefault}
);
CREATE INDEX kg_entities_graph_name ON kg_entities(graph_id, name);
CREATE INDEX kg_entities_graph_class ON kg_entities(graph_id, class_id);
CREATE INDEX kg_entities_class ON kg_entities(class_id);

CREATE TABLE kg_entity_mentions (
  article_id ${e.int} NOT NULL REFERENCES kg_articles(id) ON DELETE CASCADE,
  start_pos ${e.int} NOT NULL,
  end_pos ${e.int} NOT NULL,
  entity_id ${e.int} NOT NULL REFERENCES kg_entities(id) ON DELETE CASCADE,
  PRIMARY KEY (article_id, start_pos)
)${e.withoutRowid};
CREATE INDEX kg_entity_mentions_entity ON kg_entity_mentions(entity_id);

-- Rollup: which articles mention an entity, newest first, without sorting at read time.
CREATE TABLE kg_entity_articles (
  entity_id ${e.int} NOT NULL REFERENCES kg_entities(id) ON DELETE CASCADE,
  published_at TEXT NOT NULL,
  article_id ${e.int} NOT NULL REFERENCES kg_articles(id) ON DELETE CASCADE,
  mentions ${e.int} NOT NULL,
  PRIMARY KEY (entity_id, published_at, article_id)
)${e.withoutRowid};
CREATE INDEX kg_entity_articles_article ON kg_entity_articles(article_id);

-- Rollup: mentions per entity per day (day = first 10 characters of published_at).
${dailyRollup(e, "entity", "entities", "mentions")}

CREATE TABLE kg_relations (
  id ${e.id},
  graph_id ${e.int} NOT NULL REFERENCES graphs(id) ON DELETE CASCADE,
  subject_id ${e.int} NOT NULL REFERENCES kg_entities(id) ON DELETE CASCADE,
  relation_type_id ${e.int} NOT NULL REFERENCES kg_relation_types(id),
  object_id ${e.int} NOT NULL REFERENCES kg_entities(id) ON DELETE CASCADE,
  confidence ${e.real} NOT NULL DEFAULT 1 CHECK (confidence >= 0 AND confidence <= 1),
  article_id ${e.int} REFERENCES kg_articles(id) ON DELETE SET NULL,
  sent_start ${e.int},
  sent_end ${e.int}
);
CREATE INDEX kg_relations_subject ON kg_relations(subject_id, relation_type_id);
CREATE INDEX kg_relations_object ON kg_relations(object_id, relation_type_id);
-- Is there a relation between these two? (text analysis, duplicate checks on import)
CREATE INDEX kg_relations_pair ON kg_relations(subject_id, object_id);
CREATE INDEX kg_relations_graph_type ON kg_relations(graph_id, relation_type_id);
CREATE INDEX kg_relations_type ON kg_relations(relation_type_id);
CREATE INDEX kg_relations_article ON kg_relations(article_id);

-- time: 'YYYY-MM-DD', 'YYYY-MM' or 'YYYY' (as precise as the source says).
CREATE TABLE kg_events (
  id ${e.id},
  graph_id ${e.int} NOT NULL REFERENCES graphs(id) ON DELETE CASCADE,
  event_type_id ${e.int} REFERENCES kg_event_types(id),
  title TEXT NOT NULL,
  trigger_word TEXT NOT NULL DEFAULT '',
  time TEXT,
  place_id ${e.int} REFERENCES kg_entities(id) ON DELETE SET NULL,
  place TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL DEFAULT '',
  article_id ${e.int} REFERENCES kg_articles(id) ON DELETE SET NULL,
  sent_start ${e.int},
  sent_end ${e.int},
  trigger_start ${e.int},
  trigger_end ${e.int}
);
CREATE INDEX kg_events_graph_time ON kg_events(graph_id, time);
CREATE INDEX kg_events_graph_type ON kg_events(graph_id, event_type_id, time);
CREATE INDEX kg_events_type ON kg_events(event_type_id);
CREATE INDEX kg_events_article ON kg_events(article_id);
CREATE INDEX kg_events_place ON kg_events(place_id);

CREATE TABLE kg_event_participants (
  event_id ${e.int} NOT NULL REFERENCES kg_events(id) ON DELETE CASCADE,
  entity_id ${e.int} NOT NULL REFERENCES kg_entities(id) ON DELETE CASCADE,
  role TEXT NOT NULL,
  PRIMARY KEY (event_id, entity_id, role)
)${e.withoutRowid};
CREATE INDEX kg_event_participants_entity ON kg_event_participants(entity_id, event_id);

-- Articles reporting an event, with the sentence that reports it.
CREATE TABLE kg_event_articles (
  event_id ${e.int} NOT NULL REFERENCES kg_events(id) ON DELETE CASCADE,
  article_id ${e.int} NOT NULL REFERENCES kg_articles(id) ON DELETE CASCADE,
  published_at TEXT NOT NULL,
  sent_start ${e.int} NOT NULL,
  sent_end ${e.int} NOT NULL,
  PRIMARY KEY (event_id, article_id)
)${e.withoutRowid};
CREATE INDEX kg_event_articles_article ON kg_event_articles(article_id);

-- Rollup: reports per event per day.
${dailyRollup(e, "event", "events", "reports")}

-- source → target reads: cause → effect, earlier → later (sequence), condition → consequence,
-- action → purpose, and for concurrent: two events that happen together.
CREATE TABLE kg_event_relations (
  id ${e.id},
  graph_id ${e.int} NOT NULL REFERENCES graphs(id) ON DELETE CASCADE,
  source_event_id ${e.int} NOT NULL REFERENCES kg_events(id) ON DELETE CASCADE,
  target_event_id ${e.int} NOT NULL REFERENCES kg_events(id) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('cause', 'sequence', 'condition', 'purpose', 'concurrent')),
  strength ${e.real} NOT NULL CHECK (strength >= 0 AND strength <= 1),
  cue TEXT NOT NULL DEFAULT '',
  article_id ${e.int} REFERENCES kg_articles(id) ON DELETE SET NULL,
  sent_start ${e.int},
  sent_end ${e.int},
  CHECK (source_event_id <> target_event_id)
);
CREATE INDEX kg_event_relations_source ON kg_event_relations(source_event_id, type);
CREATE INDEX kg_event_relations_target ON kg_event_relations(target_event_id, type);
CREATE INDEX kg_event_relations_graph ON kg_event_relations(graph_id, strength);
CREATE INDEX kg_event_relations_article ON kg_event_relations(article_id);

CREATE TABLE kg_flows (
  id ${e.id},
  graph_id ${e.int} NOT NULL REFERENCES graphs(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT ${e.nowDefault}
);
CREATE INDEX kg_flows_graph ON kg_flows(graph_id);

CREATE TABLE kg_flow_steps (
  id ${e.id},
  flow_id ${e.int} NOT NULL REFERENCES kg_flows(id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  name TEXT NOT NULL,
  kind TEXT NOT NULL DEFAULT 'task' CHECK (kind IN ('start', 'task', 'decision', 'end')),
  actor TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL DEFAULT '',
  sort ${e.int} NOT NULL DEFAULT 0,
  UNIQUE (flow_id, key)
);

CREATE TABLE kg_flow_transitions (
  id ${e.id},
  flow_id ${e.int} NOT NULL REFERENCES kg_flows(id) ON DELETE CASCADE,
  source_step_id ${e.int} NOT NULL REFERENCES kg_flow_steps(id) ON DELETE CASCADE,
  target_step_id ${e.int} NOT NULL REFERENCES kg_flow_steps(id) ON DELETE CASCADE,
  label TEXT NOT NULL DEFAULT '',
  sort ${e.int} NOT NULL DEFAULT 0
);
CREATE INDEX kg_flow_transitions_flow ON kg_flow_transitions(flow_id);
CREATE INDEX kg_flow_transitions_source ON kg_flow_transitions(source_step_id);
CREATE INDEX kg_flow_transitions_target ON kg_flow_transitions(target_step_id);

-- No foreign key: triggers write here while a graph's rows are deleted by cascade.
CREATE TABLE kg_graph_state (
  graph_id ${e.int} PRIMARY KEY,
  version ${e.int} NOT NULL DEFAULT 0,
  entity_version ${e.int} NOT NULL DEFAULT 0,
  rollup_version ${e.int} NOT NULL DEFAULT 0
);
`,
);

// Versions take random values rather than counting up: after a rolled-back transaction the
// next change must not reuse a value that a cache filled inside that transaction remembers.
const bump = (graphExpr: string, entities: boolean) => /* sql */ `
  INSERT INTO kg_graph_state (graph_id, version, entity_version) SELECT ${graphExpr}, random(), ${entities ? "random()" : 0} WHERE ${graphExpr} IS NOT NULL
  ON CONFLICT (graph_id) DO UPDATE SET version = random()${entities ? ", entity_version = random()" : ""};`;

/** One trigger per table and operation, bumping the version of the graph the row belongs to. */
function versionTriggers(
  table: string,
  graphOf: (row: "NEW" | "OLD") => string,
  ops: ("INSERT" | "UPDATE" | "DELETE")[],
  entities = false,
) {
  return ops
    .map((op) => {
      const row = op === "DELETE" ? "OLD" : "NEW";
      const body =
        op === "UPDATE"
          ? bump(graphOf("OLD"), entities) + bump(graphOf("NEW"), entities)
          : bump(graphOf(row), entities);
      return `CREATE TRIGGER ${table}_version_${op.toLowerCase()} AFTER ${op} ON ${table} BEGIN${body}\nEND;`;
    })
    .join("\n");
}

const all = ["INSERT", "UPDATE", "DELETE"] as const;
const ownGraph = (row: string) => `${row}.graph_id`;
// Ontology edits change entity types and the trigger lexicon, so they count as entity changes
// of every graph that uses the ontology.
const ontologyTrigger = (table: string, ontologyOf: (row: string) => string) =>
  all
    .map((op) => {
      const row = op === "DELETE" ? "OLD" : "NEW";
      return `CREATE TRIGGER ${table}_version_${op.toLowerCase()} AFTER ${op} ON ${table} BEGIN
  INSERT INTO kg_graph_state (graph_id, version, entity_version)
    SELECT g.graph_id, random(), random() FROM kg_graph_ontology g WHERE g.ontology_id = ${ontologyOf(row)}
  ON CONFLICT (graph_id) DO UPDATE SET version = random(), entity_version = random();
END;`;
    })
    .join("\n");

const triggers = [
  versionTriggers("kg_entities", ownGraph, [...all], true),
  versionTriggers("kg_graph_ontology", ownGraph, [...all], true),
  versionTriggers("kg_articles", ownGraph, [...all]),
  versionTriggers("kg_events", ownGraph, [...all]),
  versionTriggers("kg_event_relations", ownGraph, [...all]),
  versionTriggers("kg_relations", ownGraph, ["UPDATE", "DELETE"]),
  versionTriggers("kg_flows", ownGraph, [...all]),
  versionTriggers(
    "kg_flow_steps",
    (row) => `(SELECT graph_id FROM kg_flows WHERE id = ${row}.flow_id)`,
    [...all],
  ),
  versionTriggers(
    "kg_flow_transitions",
    (row) => `(SELECT graph_id FROM kg_flows WHERE id = ${row}.flow_id)`,
    [...all],
  ),
  ontologyTrigger("kg_classes", (row) => `${row}.ontology_id`),
  ontologyTrigger("kg_event_types", (row) => `${row}.ontology_id`),
  ontologyTrigger("kg_relation_types", (row) => `${row}.ontology_id`),
  ontologyTrigger(
    "kg_class_properties",
    (row) => `(SELECT ontology_id FROM kg_classes WHERE id = ${row}.class_id)`,
  ),
].join("\n");

/** PostgreSQL's version triggers are statement-level (./postgres/kg.ts). */
export const kgSchema = {
  sqlite: coreTables.sqlite + triggers,
  postgres: "\n" + coreTables.postgres + "\n\n" + kgVersionTriggers + "\n",
};
