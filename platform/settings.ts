import path from "node:path";

export interface PlatformSettings {
  /** Folder of the SQLite file and generated secrets. */
  dataDir: string;
  dbFile: string;
  /** postgres://… : the store is this PostgreSQL database (several nodes share it); unset: SQLite. */
  databaseUrl?: string;
  /** Password of the `admin` user created on a first start; unset → admin/admin with a forced change. */
  adminPassword?: string;
  /** When false any captcha answer is accepted (automation). */
  captcha: boolean;
  seed: "demo" | "none";
  /** Idle time after which a token ends. */
  tokenIdleSeconds: number;
  /** Password age after which the user must change it (0 = never). */
  passwordMaxAgeDays: number;
  /**
   * How long a running job's heartbeat may be silent before another worker takes the job over
   * (default 30; heartbeats come every 5 s). Too short takes a busy but live worker for dead.
   */
  jobTakeoverSeconds?: number;
  /** PostgreSQL: how long one statement may run before it is cancelled and its transaction rolled back (default 60). */
  statementTimeoutSeconds?: number;
}

export const JOB_TAKEOVER_SECONDS = 30;
export const STATEMENT_TIMEOUT_SECONDS = 60;

/** Start-up cannot go on: the message is the one line an operator needs (path and reason). */
export class StartupError extends Error {}

/** A whole number of seconds from 1 up, or the default when unset; anything else stops the start. */
function seconds(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  if (!/^[1-9]\d{0,5}$/.test(value)) {
    throw new StartupError(
      `platform: cannot start: ${name} must be a whole number of seconds, got "${value}"`,
    );
  }
  return Number(value);
}

/** A postgres:// (or postgresql://) URL, or none; anything else stops the start. */
function databaseUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/^postgres(ql)?:\/\//.test(value)) {
    throw new StartupError(
      "platform: cannot start: DATABASE_URL must be a postgres:// URL (unset: the SQLite file under DATA_DIR)",
    );
  }
  return value;
}

export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): PlatformSettings {
  const dataDir = path.resolve(env.DATA_DIR || "./data");
  return {
    dataDir,
    dbFile: path.join(dataDir, "platform.sqlite"),
    databaseUrl: databaseUrl(env.DATABASE_URL),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    captcha: (env.CAPTCHA ?? "on").toLowerCase() !== "off",
    seed: env.SEED === "none" ? "none" : "demo",
    tokenIdleSeconds: Number(env.TOKEN_IDLE_MINUTES || 15) * 60,
    passwordMaxAgeDays: Number(env.PASSWORD_MAX_AGE_DAYS || 90),
    jobTakeoverSeconds: seconds(
      "JOB_TAKEOVER_SECONDS",
      env.JOB_TAKEOVER_SECONDS,
      JOB_TAKEOVER_SECONDS,
    ),
    statementTimeoutSeconds: seconds(
      "DATABASE_STATEMENT_TIMEOUT",
      env.DATABASE_STATEMENT_TIMEOUT,
      STATEMENT_TIMEOUT_SECONDS,
    ),
  };
}
