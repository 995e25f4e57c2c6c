/**
 * The PostgreSQL form of each migration of ./migrations.ts (same names, same order).
 * TODO(issue 22): being written; until then the platform runs on SQLite only.
 */
export const coreSchema = "";
export const rateEventsSchema = "";
export const kgSchema = "";
export const resourcesSchema = "";
export const graphAdminSchema = "";
export const insightSchema = "";
export const resourceCountsSchema = "";
export const searchVersionSchema = "";
export const interchangeSchema = "";
export const predicateMappingsSchema = "";
export const captchaKindSchema = "";
export const productTitleSchema = "";
export const englishLabelsSchema = "";
