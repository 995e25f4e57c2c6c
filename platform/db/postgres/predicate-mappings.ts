/** PostgreSQL form of 010-predicate-mappings (../schema-predicate-mappings.ts). */
export const predicateMappingsSchema = /* sql */ `
CREATE TABLE kg_predicate_mappings (
  source_key TEXT NOT NULL,
  predicate_iri TEXT NOT NULL,
  relation_type TEXT NOT NULL,
  updated_at TEXT NOT NULL DEFAULT kg_now_iso(),
  PRIMARY KEY (source_key, predicate_iri)
);
`;
