/**
 * Vitest's global setup for the PostgreSQL engine. With TEST_ENGINE=postgres it starts one
 * throwaway cluster for the whole run (scripts/pg-cluster.mjs), migrates a template database
 * once, and hands the cluster's admin URL to the test files (`inject("pgAdminUrl")`); each
 * test platform then gets a database of its own copied from the template
 * (tests/helpers/postgres.ts). Unset (or `sqlite`): nothing starts, the tests run on SQLite.
 */
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrate } from "../../platform/db/migrate.js";
import { openStore } from "../../platform/db/store.js";
import { startCluster } from "../../scripts/pg-cluster.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's PostgreSQL cluster (superuser URL), when TEST_ENGINE=postgres. */
    pgAdminUrl?: string;
  }
}

/** The migrated database every test database is copied from. */
export const TEMPLATE = "kg_test_template";

/** The URL of database `name` on the cluster of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs statements on the cluster's `postgres` database (CREATE/DROP DATABASE). */
export async function adminQuery(adminUrl: string, ...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (const s of statements) await client.query(s);
  } finally {
    await client.end();
  }
}

/** Creates the template database and migrates it (every migration, once per cluster). */
export async function createTemplate(adminUrl: string): Promise<void> {
  await adminQuery(adminUrl, `CREATE DATABASE ${TEMPLATE}`);
  const store = openStore({ databaseUrl: databaseUrl(adminUrl, TEMPLATE), dbFile: "" });
  try {
    await migrate(store);
  } finally {
    await store.close();
  }
  // Nobody connects to it any more: a copy needs the template without sessions.
  await adminQuery(
    adminUrl,
    `ALTER DATABASE ${TEMPLATE} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`,
  );
}

export function testEngine(): "sqlite" | "postgres" {
  const engine = process.env.TEST_ENGINE || "sqlite";
  if (engine !== "sqlite" && engine !== "postgres")
    throw new Error(`TEST_ENGINE must be "postgres" or "sqlite" (or unset), got "${engine}"`);
  return engine;
}

export default async function setup(project: TestProject) {
  if (testEngine() !== "postgres") return;
  const cluster = await startCluster();
  try {
    await createTemplate(cluster.url);
  } catch (e) {
    await cluster.stop();
    throw e;
  }
  project.provide("pgAdminUrl", cluster.url);
  return () => cluster.stop();
}
