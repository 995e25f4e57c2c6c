import type { Store } from "./db/store.js";
import type { PlatformSettings } from "./settings.js";

/** What every platform module is given: the store and the settings. */
export interface PlatformContext {
  /** The store: every query goes through its data layer (platform/<area>/store.ts). */
  store: Store;
  settings: PlatformSettings;
}
