/**
 * The PostgreSQL form of each migration of ../migrations.ts (same names, same order); the
 * choices they make are in README.md beside this file. Like the SQLite forms, a form that has
 * shipped is never edited: a change is a new migration.
 */
export { coreSchema } from "./core.js";
export { rateEventsSchema } from "./rate-events.js";
export { kgSchema } from "./kg.js";
export { resourcesSchema } from "./resources.js";
export { graphAdminSchema } from "./graph-admin.js";
export { insightSchema } from "./insight.js";
export { resourceCountsSchema } from "./resource-counts.js";
export { searchVersionSchema } from "./search-version.js";
export { interchangeSchema } from "./interchange.js";
export { predicateMappingsSchema } from "./predicate-mappings.js";
export { captchaKindSchema } from "./captcha-kind.js";
export { productTitleSchema } from "./product-title.js";
export { englishLabelsSchema } from "./english-labels.js";
