/** PostgreSQL form of 009-interchange (../schema-interchange.ts). */
export const interchangeSchema = /* sql */ `
ALTER TABLE graphs ADD COLUMN base_iri TEXT NOT NULL DEFAULT '';
ALTER TABLE graphs ADD COLUMN lang TEXT NOT NULL DEFAULT 'zh';
ALTER TABLE kg_ontologies ADD COLUMN base_iri TEXT NOT NULL DEFAULT '';
`;
