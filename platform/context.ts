import type { DB } from "./db/database.js";
import type { PlatformSettings } from "./settings.js";

/** What every platform module is given: the store and the settings. */
export interface PlatformContext {
  db: DB;
  settings: PlatformSettings;
}
