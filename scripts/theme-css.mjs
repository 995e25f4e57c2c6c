/**
 * Writes app/styles/theme.css: the theme's CSS variables and Mantine's responsive helper
 * classes as a static stylesheet (issue 25, decision 034), drawn by app/styles/theme-css.ts.
 *
 *   node scripts/theme-css.mjs
 *
 * tests/app/theme-css.test.ts fails when the file is not what the theme draws now.
 */
import fs from "node:fs";
import { tsImport } from "tsx/esm/api";

const { themeCss } = await tsImport("../app/styles/theme-css.ts", import.meta.url);
const output = new URL("../app/styles/theme.css", import.meta.url);
fs.writeFileSync(output, themeCss());
console.log(`wrote ${output.pathname}`);
