import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "./db/database.js";
import { migrate } from "./db/migrate.js";
import { openStore, storeOverSqlite, type Store } from "./db/store.js";
import { HttpError } from "./http/errors.js";
import { STATEMENT_TIMEOUT_SECONDS, StartupError, type PlatformSettings } from "./settings.js";

export { StartupError };

/** Where uploaded file contents live: DATA_DIR/files/<uuid>. */
export const filesDir = (settings: PlatformSettings) => path.join(settings.dataDir, "files");

const NO_SPACE = new Set(["ENOSPC", "EDQUOT"]);
const NOT_WRITABLE = new Set(["EACCES", "EPERM", "EROFS", "ENOTDIR", "EEXIST", "EISDIR"]);

const REASONS: Record<string, string> = {
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EROFS: "read-only file system",
  ENOSPC: "no space left on device",
  EDQUOT: "disk quota exceeded",
  ENOTDIR: "part of the path is a file, not a folder",
  EEXIST: "a file of that name is in the way",
  EISDIR: "it is a folder",
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  ETIMEDOUT: "timed out",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host name lookup failed",
};

const codeOf = (e: unknown) => (e as { code?: unknown })?.code;

function reason(e: unknown): string {
  const code = codeOf(e);
  if (typeof code !== "string") return String((e as Error)?.message ?? e);
  const text = REASONS[code] ?? String((e as Error).message).replace(/^[A-Z_]+: /, "");
  return `${text} (${code})`;
}

/**
 * The answer to a write under DATA_DIR that failed for want of room or of permission, naming
 * the cause and the folder (relative to DATA_DIR); null for any other failure.
 */
export function fileWriteFailure(
  settings: PlatformSettings,
  target: string,
  e: unknown,
): HttpError | null {
  const code = codeOf(e);
  if (typeof code !== "string") return null;
  if (NO_SPACE.has(code)) return new HttpError(507, "磁盘空间不足，文件未保存", "disk_full");
  if (NOT_WRITABLE.has(code)) {
    const folder = path.relative(settings.dataDir, path.dirname(target)) || ".";
    return new HttpError(500, `文件目录不可写：${folder}`, "storage_not_writable");
  }
  return null;
}

/** Creates the folder if missing and proves it can take a new file. */
function checkWritableFolder(label: string, dir: string) {
  const probe = path.join(dir, `.write-check-${process.pid}`);
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(probe, "");
    fs.rmSync(probe);
  } catch (e) {
    throw new StartupError(`platform: cannot start: ${label} ${dir} is not writable: ${reason(e)}`);
  }
}

const STORE_CODES = /^(SQLITE_(CANTOPEN|NOTADB|READONLY|FULL|IOERR|CORRUPT|PERM|AUTH)|E[A-Z]+$)/;

/**
 * Checks DATA_DIR and its files folder, then opens (creating, migrating) the store: the
 * PostgreSQL database of DATABASE_URL, else the SQLite file. Anything that cannot be created,
 * written, reached or opened stops start-up with a StartupError naming it.
 */
export async function openStorage(settings: PlatformSettings): Promise<Store> {
  checkWritableFolder("data folder (DATA_DIR)", settings.dataDir);
  checkWritableFolder("files folder", filesDir(settings));
  if (settings.databaseUrl) {
    const store = openStore({
      databaseUrl: settings.databaseUrl,
      dbFile: settings.dbFile,
      statementTimeoutMs: (settings.statementTimeoutSeconds ?? STATEMENT_TIMEOUT_SECONDS) * 1000,
    });
    try {
      await migrate(store);
    } catch (e) {
      await store.close().catch(() => {});
      if (e instanceof StartupError) throw e;
      throw new StartupError(
        `platform: cannot start: database ${redactUrl(settings.databaseUrl)} cannot be used: ${reason(e)}`,
      );
    }
    return store;
  }
  try {
    return storeOverSqlite(settings.dbFile, openDatabase(settings.dbFile));
  } catch (e) {
    if (e instanceof StartupError) throw e;
    const code = codeOf(e);
    if (typeof code !== "string" || !STORE_CODES.test(code)) throw e;
    throw new StartupError(
      `platform: cannot start: database file ${settings.dbFile} cannot be opened: ${reason(e)}`,
    );
  }
}

/** A database URL as an operator may read it in a log: without its password. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(an unreadable DATABASE_URL)";
  }
}
