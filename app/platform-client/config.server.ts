import { platformApiUrl, platformTimeoutMs } from "~/env.server";
import { embeddedStoreVersion, platformFetch } from "./transport.server";

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
let cached: { at: number; version: string | undefined; value: Promise<LoadedConfig> } | undefined;

/**
 * Kept for a few seconds so a change made in the configs screen takes effect; a failure is
 * remembered briefly and reported, never thrown. With the embedded platform in-process, the
 * answer also holds only while the store's version is the one it was asked under: a change
 * committed by any process or node (another node's configs screen) shows on the next page.
 */
export async function getPlatformConfig(): Promise<LoadedConfig> {
  const base = platformApiUrl();
  const version = await embeddedStoreVersion(base);
  const now = Date.now();
  if (cached && now - cached.at < TTL_MS && cached.version === version) return cached.value;
  const value = platformFetch(`${base}/common/configs/all`, {
    signal: AbortSignal.timeout(Math.min(5_000, platformTimeoutMs())),
  })
    .then(async (res) => {
      if (!res.ok) throw new Error(`config ${res.status}`);
      return { ok: true, config: (await res.json()) as PlatformConfig };
    })
    .catch(() => ({ ok: false, config: {} }));
  cached = { at: now, version, value };
  return value;
}

/** Forget the cached config (after the configs screen saves, and in tests). */
export function invalidatePlatformConfig() {
  cached = undefined;
}
