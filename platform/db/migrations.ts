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

export interface Migration {
  name: string;
  sql: string;
}

/**
 * Every migration of the store, in the order it is applied. Append only: a migration
 * that has shipped is never edited, a change is a new entry.
 */
export const migrations: Migration[] = [
  { name: "001-core", sql: coreSchema },
  { name: "002-rate-events", sql: rateEventsSchema },
  { name: "003-kg", sql: kgSchema },
  { name: "002-resources", sql: resourcesSchema },
  { name: "005-graph-admin", sql: graphAdminSchema },
  { name: "006-insight", sql: insightSchema },
  { name: "007-resource-counts", sql: resourceCountsSchema },
  { name: "008-search-version", sql: searchVersionSchema },
  { name: "009-interchange", sql: interchangeSchema },
  { name: "010-predicate-mappings", sql: predicateMappingsSchema },
  { name: "011-captcha-kind", sql: captchaKindSchema },
  { name: "012-product-title", sql: productTitleSchema },
  { name: "013-english-labels", sql: englishLabelsSchema },
];
