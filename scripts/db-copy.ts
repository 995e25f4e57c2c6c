/**
 * npm run db:copy -- [--from data/platform.sqlite] [--to postgres://…] [--files data/files]
 * Moves a SQLite store and its uploaded files into an empty PostgreSQL database
 * (platform/db/copy.ts; docs/deploy.md). Defaults: DATA_DIR's store and files, DATABASE_URL.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { CopyRefused, copySqliteToPostgres } from "../platform/db/copy.js";
import { redactUrl } from "../platform/storage.js";

const { values } = parseArgs({
  options: { from: { type: "string" }, to: { type: "string" }, files: { type: "string" } },
  strict: true,
});
const dataDir = path.resolve(process.env.DATA_DIR || "./data");
const from = path.resolve(values.from ?? path.join(dataDir, "platform.sqlite"));
const to = values.to ?? process.env.DATABASE_URL;
if (!to || !/^postgres(ql)?:\/\//.test(to)) {
  console.error("db:copy: name the target with --to postgres://… (or DATABASE_URL)");
  process.exit(2);
}
console.log(`db:copy: ${from} → ${redactUrl(to)}`);
try {
  const report = await copySqliteToPostgres({
    from,
    to,
    filesDir: values.files ? path.resolve(values.files) : undefined,
    log: (line) => console.log(`  ${line}`),
  });
  const rows = report.tables.reduce((n, t) => n + t.rows, 0);
  console.log(
    `db:copy: done in ${(report.ms / 1000).toFixed(1)} s: ${report.tables.length} tables, ${rows} rows (each table's count checked), ${report.files.copied} files`,
  );
  if (report.files.missing.length) {
    console.log(
      `db:copy: ${report.files.missing.length} uploaded files had no content on disk (their rows were copied; downloading them answers 404, as before): ${report.files.missing.join(", ")}`,
    );
  }
} catch (e) {
  console.error(
    e instanceof CopyRefused
      ? e.message
      : `db:copy: failed, nothing was written: ${(e as Error).message}`,
  );
  process.exit(1);
}
