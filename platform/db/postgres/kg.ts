/**
 * PostgreSQL's version triggers of 003-kg (../schema-kg.ts, which writes the tables and indexes
 * for both engines).
 *
 * They are statement-level with transition tables: a bulk insert of 100,000
 * entities bumps its graph once, not 100,000 times. Their effect is SQLite's: after a write
 * to a graph's tables its kg_graph_state.version has a new random value, entity_version too
 * for entities, the graph-to-ontology mapping and (for every graph using the ontology) ontology
 * terms; a graph's first row in kg_graph_state is created on its first write. Inserts into
 * kg_relations carried no trigger, as on SQLite (readers add max(kg_relations.id) to the key);
 * migration 023 (../schema-relation-insert-version.ts) adds one on PostgreSQL, where ids are not
 * committed in order.
 * Keys that only ever hold another row's id (kg_graph_ontology.graph_id, kg_graph_state.graph_id)
 * are plain BIGINT, not identities.
 */
type Op = "INSERT" | "UPDATE" | "DELETE";

/** Bumps the versions of the graphs `graphs` (a query of one column) lists. */
const bump = (graphs: string, entities: boolean) => /* sql */ `
    INSERT INTO kg_graph_state (graph_id, version, entity_version)
      SELECT g, kg_random_version(), ${entities ? "kg_random_version()" : "0"}
        FROM (SELECT DISTINCT g FROM (${graphs}) AS a (g) WHERE g IS NOT NULL) AS d
    ON CONFLICT (graph_id) DO UPDATE SET version = excluded.version${
      entities ? ", entity_version = excluded.entity_version" : ""
    };`;

/**
 * One function per table, and a statement trigger per operation named as SQLite's row
 * triggers are. `graphsOf(rows)` lists the graphs of the rows of a transition table.
 */
function versionTriggers(
  table: string,
  graphsOf: (rows: "new_rows" | "old_rows") => string,
  ops: Op[],
  entities = false,
) {
  const fn = `${table}_version`;
  const branch = (op: Op) =>
    op === "INSERT"
      ? bump(graphsOf("new_rows"), entities)
      : op === "DELETE"
        ? bump(graphsOf("old_rows"), entities)
        : bump(`${graphsOf("old_rows")} UNION ALL ${graphsOf("new_rows")}`, entities);
  const body = ops
    .map((op, i) => `  ${i ? "ELSIF" : "IF"} TG_OP = '${op}' THEN${branch(op)}`)
    .join("\n");
  const referencing = (op: Op) =>
    op === "INSERT"
      ? "NEW TABLE AS new_rows"
      : op === "DELETE"
        ? "OLD TABLE AS old_rows"
        : "OLD TABLE AS old_rows NEW TABLE AS new_rows";
  return [
    `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
${body}
  END IF;
  RETURN NULL;
END
$$;`,
    ...ops.map(
      (op) =>
        `CREATE TRIGGER ${table}_version_${op.toLowerCase()} AFTER ${op} ON ${table}
  REFERENCING ${referencing(op)} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();`,
    ),
  ].join("\n");
}

const all: Op[] = ["INSERT", "UPDATE", "DELETE"];
const ownGraph = (rows: string) => `SELECT graph_id FROM ${rows}`;
const flowGraph = (rows: string) =>
  `SELECT f.graph_id FROM ${rows} AS r JOIN kg_flows AS f ON f.id = r.flow_id`;
// Ontology edits change entity types and the trigger lexicon, so they count as entity changes
// of every graph that uses the ontology.
const ontologyGraphs = (ontologies: string) =>
  `SELECT m.graph_id FROM kg_graph_ontology AS m WHERE m.ontology_id IN (${ontologies})`;
const ownOntology = (rows: string) => ontologyGraphs(`SELECT ontology_id FROM ${rows}`);
const classOntology = (rows: string) =>
  ontologyGraphs(
    `SELECT c.ontology_id FROM ${rows} AS r JOIN kg_classes AS c ON c.id = r.class_id`,
  );

export const kgVersionTriggers = [
  versionTriggers("kg_entities", ownGraph, all, true),
  versionTriggers("kg_graph_ontology", ownGraph, all, true),
  versionTriggers("kg_articles", ownGraph, all),
  versionTriggers("kg_events", ownGraph, all),
  versionTriggers("kg_event_relations", ownGraph, all),
  versionTriggers("kg_relations", ownGraph, ["UPDATE", "DELETE"]),
  versionTriggers("kg_flows", ownGraph, all),
  versionTriggers("kg_flow_steps", flowGraph, all),
  versionTriggers("kg_flow_transitions", flowGraph, all),
  versionTriggers("kg_classes", ownOntology, all, true),
  versionTriggers("kg_event_types", ownOntology, all, true),
  versionTriggers("kg_relation_types", ownOntology, all, true),
  versionTriggers("kg_class_properties", classOntology, all, true),
].join("\n\n");
