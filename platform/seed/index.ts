import type { PlatformContext } from "../context.js";
import { seedCore } from "./core.js";

/** Seeds an empty store on first start. */
export function seedStore(ctx: PlatformContext) {
  seedCore(ctx);
}
