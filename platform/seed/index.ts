import type { PlatformContext } from "../context.js";
import { seedCore } from "./core.js";
import { seedKgDemo } from "./kg-demo.js";
import { seedInsightDemo } from "./insight-demo.js";

/** Seeds an empty store on first start. */
export async function seedStore(ctx: PlatformContext) {
  await seedCore(ctx);
  if (ctx.settings.seed === "demo") await seedKgDemo(ctx);
  if (ctx.settings.seed === "demo") await seedInsightDemo(ctx);
}
