/**
 * The PostgreSQL form of each migration of ../migrations.ts (same names, same order); the
 * choices they make are in README.md beside this file. Like the SQLite forms, a form that has
 * shipped is never edited: a change is a new migration.
 */
export { resourceCountsSchema } from "./resource-counts.js";
export { searchVersionSchema } from "./search-version.js";
