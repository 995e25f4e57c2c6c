import { militaryOntology } from "../builtin/ontologies.js";

/**
 * An English label beside the (Chinese) name of every ontology term: classes, class
 * properties, relation types and event types. The OWL export writes it as `rdfs:label "…"@en`
 * beside the name's `@zh`, the OWL import reads it back (docs/interchange.md). Empty = none.
 * A store seeded before this migration gets the built-in military ontology's English labels
 * where its terms still have their built-in names (a fresh store gets them from the seed). The
 * statements are built from the seed's labels: a later change of those changes nothing in a
 * store this has run on.
 */

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
const MILITARY = `(SELECT id FROM kg_ontologies WHERE name = ${quote(militaryOntology.name)})`;

const backfill = [
  ...militaryOntology.classes.flatMap((c) => [
    `UPDATE kg_classes SET label_en = ${quote(c.en ?? "")} WHERE ontology_id = ${MILITARY} AND name = ${quote(c.name)} AND label_en = '';`,
    ...(c.properties ?? []).map(
      (p) =>
        `UPDATE kg_class_properties SET label_en = ${quote(p.en ?? "")} WHERE name = ${quote(p.name)} AND label_en = '' AND class_id = (SELECT id FROM kg_classes WHERE ontology_id = ${MILITARY} AND name = ${quote(c.name)});`,
    ),
  ]),
  ...militaryOntology.relationTypes.map(
    (r) =>
      `UPDATE kg_relation_types SET label_en = ${quote(r.en ?? "")} WHERE ontology_id = ${MILITARY} AND name = ${quote(r.name)} AND label_en = '';`,
  ),
  ...militaryOntology.eventTypes.map(
    (e) =>
      `UPDATE kg_event_types SET label_en = ${quote(e.en ?? "")} WHERE ontology_id = ${MILITARY} AND name = ${quote(e.name)} AND label_en = '';`,
  ),
];

/** The built-in military ontology's English labels, on its terms that have none yet. */
export const englishLabelsBackfill = backfill.join("\n");

export const englishLabelsSchema = /* sql */ `
ALTER TABLE kg_classes ADD COLUMN label_en TEXT NOT NULL DEFAULT '';
ALTER TABLE kg_class_properties ADD COLUMN label_en TEXT NOT NULL DEFAULT '';
ALTER TABLE kg_relation_types ADD COLUMN label_en TEXT NOT NULL DEFAULT '';
ALTER TABLE kg_event_types ADD COLUMN label_en TEXT NOT NULL DEFAULT '';
${englishLabelsBackfill}
`;
