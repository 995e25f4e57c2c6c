import { platformApiUrl, platformTimeoutMs } from "~/env.server";
import { platformFetch } from "./transport.server";

/** The platform's public configuration (GET /api/common/configs/all). */
export interface PlatformConfig {
  YF_SHOW_LOGO?: boolean;
  YF_ANTI_RESUBMIT?: boolean;
  YF_BODY_ENCRYPT?: boolean;
  YF_RSA_PUBLIC_KEY?: string;
  YF_PRODUCT_TITLE?: string;
  [key: string]: unknown;
}

export interface LoadedConfig {
  ok: boolean;
  config: PlatformConfig;
}

const TTL_MS = 5_000;
let cached: { at: number; value: Promise<LoadedConfig> } | undefined;

/**
 * Loaded at start and refreshed every few seconds so a change made in the configs screen
 * takes effect; a failure is remembered briefly and reported, never thrown.
 */
export function getPlatformConfig(): Promise<LoadedConfig> {
  const now = Date.now();
  if (cached && now - cached.at < TTL_MS) return cached.value;
  const value = platformFetch(`${platformApiUrl()}/common/configs/all`, {
    signal: AbortSignal.timeout(Math.min(5_000, platformTimeoutMs())),
  })
    .then(async (res) => {
      if (!res.ok) throw new Error(`config ${res.status}`);
      return { ok: true, config: (await res.json()) as PlatformConfig };
    })
    .catch(() => ({ ok: false, config: {} }));
  cached = { at: now, value };
  return value;
}

/** Forget the cached config (after the configs screen saves, and in tests). */
export function invalidatePlatformConfig() {
  cached = undefined;
}
