import * as pg from "./postgres/index.js";
import { coreSchema } from "./schema-core.js";
import { rateEventsSchema } from "./schema-rate-events.js";
import { resourcesSchema } from "./schema-resources.js";
import { kgSchema } from "./schema-kg.js";
import { graphAdminSchema } from "./schema-graph-admin.js";
import { insightSchema } from "./schema-insight.js";
import { resourceCountsSchema } from "./schema-resource-counts.js";
import { searchVersionSchema } from "./schema-search-version.js";
import { interchangeSchema } from "./schema-interchange.js";
import { predicateMappingsSchema } from "./schema-predicate-mappings.js";
import { captchaKindSchema } from "./schema-captcha-kind.js";
import { productTitleSchema } from "./schema-product-title.js";
import { englishLabelsSchema } from "./schema-english-labels.js";
import { fileChunksSchema } from "./schema-file-chunks.js";
import { seekIndexesSchema } from "./schema-seek-indexes.js";
import { extractionReviewsSchema } from "./schema-extraction-reviews.js";
import { foreignKeyIndexesSchema } from "./schema-foreign-key-indexes.js";
import { relationSeekIndexesSchema } from "./schema-relation-seek-indexes.js";
import { savedViewsSchema } from "./schema-saved-views.js";
import { triplesSearchTextSchema } from "./schema-triples-search-text.js";
import { relationInsertVersionSchema } from "./schema-relation-insert-version.js";
import { graphWritesSchema } from "./schema-graph-writes.js";
import { graphWriteResumeSchema } from "./schema-graph-write-resume.js";

export interface Migration {
  name: string;
  /** The migration as SQLite runs it (a script of statements). */
  sqlite: string;
  /** The same migration as PostgreSQL runs it. */
  postgres: string;
}

/**
 * Every migration of the store, in the order it is applied. Append only: a migration
 * that has shipped is never edited, a change is a new entry. Where the engines' forms share
 * their text it is written once (./both-engines.ts).
 */
export const migrations: Migration[] = [
  { name: "001-core", ...coreSchema },
  { name: "002-rate-events", ...rateEventsSchema },
  { name: "003-kg", ...kgSchema },
  { name: "002-resources", ...resourcesSchema },
  { name: "005-graph-admin", ...graphAdminSchema },
  { name: "006-insight", ...insightSchema },
  { name: "007-resource-counts", sqlite: resourceCountsSchema, postgres: pg.resourceCountsSchema },
  { name: "008-search-version", sqlite: searchVersionSchema, postgres: pg.searchVersionSchema },
  // 009, 011, 012 and 013 are portable SQL: the same statements on both engines.
  { name: "009-interchange", sqlite: interchangeSchema, postgres: interchangeSchema },
  {
    name: "010-predicate-mappings",
    ...predicateMappingsSchema,
  },
  { name: "011-captcha-kind", sqlite: captchaKindSchema, postgres: captchaKindSchema },
  { name: "012-product-title", sqlite: productTitleSchema, postgres: productTitleSchema },
  { name: "013-english-labels", sqlite: englishLabelsSchema, postgres: englishLabelsSchema },
  { name: "014-file-chunks", ...fileChunksSchema },
  { name: "015-seek-indexes", ...seekIndexesSchema },
  { name: "016-extraction-reviews", ...extractionReviewsSchema },
  { name: "017-relation-seek-indexes", ...relationSeekIndexesSchema },
  { name: "019-saved-views", ...savedViewsSchema },
  { name: "021-triples-search-text", ...triplesSearchTextSchema },
  { name: "023-relation-insert-version", ...relationInsertVersionSchema },
  { name: "022-graph-writes", ...graphWritesSchema },
  { name: "024-graph-write-resume", ...graphWriteResumeSchema },
  {
    name: "025-foreign-key-indexes",
    sqlite: foreignKeyIndexesSchema,
    postgres: foreignKeyIndexesSchema,
  },
];
