import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** Where the console finds the platform API. */
export function platformApiUrl(): string {
  return (
    process.env.PLATFORM_API_URL || `http://127.0.0.1:${process.env.PORT || 3000}/api`
  ).replace(/\/+$/, "");
}

let secret: string | undefined;
/** SESSION_SECRET, or one generated once and kept in DATA_DIR. */
export function sessionSecret(): string {
  if (secret) return secret;
  if (process.env.SESSION_SECRET) return (secret = process.env.SESSION_SECRET);
  const dir = path.resolve(process.env.DATA_DIR || "./data");
  const file = path.join(dir, "session-secret");
  try {
    secret = fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dir, { recursive: true });
    secret = crypto.randomBytes(32).toString("hex");
    fs.writeFileSync(file, secret, { mode: 0o600 });
  }
  return secret;
}

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) === 0)
    throw new Error(`${name} must be a positive whole number, not "${raw}"`);
  return Number(raw);
}

/** PLATFORM_TIMEOUT_MS: how long a page load or an ordinary platform call may take. */
export const platformTimeoutMs = () => positiveInt("PLATFORM_TIMEOUT_MS", 10_000);

/** LOGIN_MAX_HOURS: how long a console login lasts at most, however active the user. */
export const loginMaxHours = () => positiveInt("LOGIN_MAX_HOURS", 12);
