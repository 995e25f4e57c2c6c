/**
 * Vitest's global setup: Mantine's generated stylesheets (scripts/mantine-css.mjs, decision
 * 035) are written before any test file imports a module that imports them.
 */
import { writeStylesheets } from "../../scripts/mantine-css.mjs";

export default function setup(): void {
  writeStylesheets();
}
