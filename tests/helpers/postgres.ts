/**
 * PostgreSQL databases for tests. `freshDatabase()` gives a database of its own, migrated
 * (a copy of the template, milliseconds) or empty, on the run's cluster when TEST_ENGINE=postgres
 * (tests/helpers/pg-global-setup.ts), else on a cluster this test file starts for itself on
 * first use: `afterAll(stopOwnCluster)` stops it (else it stops when the test process exits).
 * Where PostgreSQL is not installed it throws: a test that needs PostgreSQL fails, it is
 * never skipped.
 */
import crypto from "node:crypto";
import { startCluster } from "../../scripts/pg-cluster.mjs";
import { TEMPLATE, adminQuery, createTemplate, databaseUrl } from "./pg-global-setup.js";

let own: ReturnType<typeof startCluster> | null = null;

/** Stops the cluster this test file started (if any). */
export async function stopOwnCluster(): Promise<void> {
  if (!own) return;
  const cluster = await own.catch(() => null);
  own = null;
  await cluster?.stop();
}

/** The superuser URL of the cluster the test databases live on. */
export async function pgAdminUrl(): Promise<string> {
  // Imported here, not at the top: the benchmarks start platforms through tests/helpers outside
  // vitest, where importing it throws; they never ask for PostgreSQL this way.
  const provided = (await import("vitest")).inject("pgAdminUrl");
  if (provided) return provided;
  own ??= startCluster().then(async (cluster) => {
    await createTemplate(cluster.url);
    return cluster;
  });
  return (await own).url;
}

export interface TestDatabase {
  name: string;
  url: string;
  /** Drops the database (closing any session still on it). */
  drop(): Promise<void>;
}

/**
 * A new database: a copy of the migrated template, or (`empty`) one without any table. With
 * `icuLocale` (e.g. "en-US") it is empty and sorts text by that language, as a production
 * server's database may, where the cluster's own sort by code point (C.UTF-8) as SQLite does.
 */
export async function freshDatabase(
  opts: { empty?: boolean; icuLocale?: string } = {},
): Promise<TestDatabase> {
  const admin = await pgAdminUrl();
  const name = `kg_test_${process.pid}_${crypto.randomBytes(4).toString("hex")}`;
  if (opts.icuLocale && !/^[A-Za-z]{2,3}(-[A-Za-z0-9]+)*$/.test(opts.icuLocale))
    throw new Error(`not an ICU locale: ${opts.icuLocale}`);
  const template = opts.empty || opts.icuLocale ? "template0" : TEMPLATE;
  const locale = opts.icuLocale
    ? ` LOCALE_PROVIDER icu ICU_LOCALE '${opts.icuLocale}' LOCALE 'C.UTF-8'`
    : "";
  await adminQuery(admin, `CREATE DATABASE ${name} TEMPLATE ${template}${locale}`);
  return {
    name,
    url: databaseUrl(admin, name),
    drop: () => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
