/**
 * Where a graph's and an ontology's IRIs begin when they are exported as RDF, and the
 * language tag of a graph's labels (platform/interchange/vocabulary.ts). Empty base IRI: the
 * default under DEFAULT_IRI_ROOT.
 */
export const interchangeSchema = /* sql */ `
ALTER TABLE graphs ADD COLUMN base_iri TEXT NOT NULL DEFAULT '';
ALTER TABLE graphs ADD COLUMN lang TEXT NOT NULL DEFAULT 'zh';
ALTER TABLE kg_ontologies ADD COLUMN base_iri TEXT NOT NULL DEFAULT '';
`;
