import path from "node:path";

export interface PlatformSettings {
  /** Folder of the SQLite file and generated secrets. */
  dataDir: string;
  dbFile: string;
  /** Password of the `admin` user created on a first start; unset → admin/admin with a forced change. */
  adminPassword?: string;
  /** When false any captcha answer is accepted (automation). */
  captcha: boolean;
  seed: "demo" | "none";
  /** Idle time after which a token ends. */
  tokenIdleSeconds: number;
  /** Password age after which the user must change it (0 = never). */
  passwordMaxAgeDays: number;
}

export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): PlatformSettings {
  const dataDir = path.resolve(env.DATA_DIR || "./data");
  return {
    dataDir,
    dbFile: path.join(dataDir, "platform.sqlite"),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    captcha: (env.CAPTCHA ?? "on").toLowerCase() !== "off",
    seed: env.SEED === "none" ? "none" : "demo",
    tokenIdleSeconds: Number(env.TOKEN_IDLE_MINUTES || 15) * 60,
    passwordMaxAgeDays: Number(env.PASSWORD_MAX_AGE_DAYS || 90),
  };
}
