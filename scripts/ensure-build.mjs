// Builds what is missing or older than its sources: the console (remix build → build/index.js,
// public/build/) and the server with the embedded platform (esbuild → build/server.js).
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildServer } from "./build-server.mjs";
import { writeStylesheets } from "./mantine-css.mjs";

function newest(...entries) {
  let t = 0;
  for (const p of entries) {
    const stat = fs.statSync(p);
    if (!stat.isDirectory()) t = Math.max(t, stat.mtimeMs);
    else for (const e of fs.readdirSync(p)) t = Math.max(t, newest(path.join(p, e)));
  }
  return t;
}
const builtAt = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

// Mantine's generated stylesheets (decision 035), before the console's sources are dated.
writeStylesheets();

const consoleBuilt = builtAt("build/index.js");
if (
  !consoleBuilt ||
  newest("app", "contract", "public/locales", "remix.config.js") > consoleBuilt
) {
  console.log(consoleBuilt ? "Sources changed: rebuilding the console…" : "Building the console…");
  execSync("npx remix build", { stdio: "inherit" });
}
const serverBuilt = builtAt("build/server.js");
if (!serverBuilt || newest("server.ts", "server", "platform", "contract") > serverBuilt) {
  console.log(serverBuilt ? "Sources changed: rebuilding the server…" : "Building the server…");
  await buildServer();
}
