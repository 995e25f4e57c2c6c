import { bothEngines } from "./both-engines.js";

/**
 * Which relation type a foreign predicate IRI means, per source of RDF imports
 * (platform/interchange/predicate-map.ts): chosen in a dry run, remembered when the build or
 * update that used it succeeds, offered again to the next import of the same source.
 * source_key: `source:{data source id}` for a file of a data source, else `file:{file name}`.
 */
export const predicateMappingsSchema = bothEngines(
  (e) => /* sql */ `
CREATE TABLE kg_predicate_mappings (
  source_key TEXT NOT NULL,
  predicate_iri TEXT NOT NULL,
  relation_type TEXT NOT NULL,
  updated_at TEXT NOT NULL DEFAULT ${e.nowDefault},
  PRIMARY KEY (source_key, predicate_iri)
)${e.withoutRowid};
`,
);
