import type { PlatformContext } from "../context.js";

/** Seeds an empty store on first start. */
export function seedStore(_ctx: PlatformContext) {}
