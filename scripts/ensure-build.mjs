// Builds the console when there is no build yet or the sources are newer than it.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const out = "build/index.js";
function newest(dir) {
  let t = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}
const built = fs.existsSync(out) ? fs.statSync(out).mtimeMs : 0;
const sources = Math.max(
  newest("app"),
  newest("public/locales"),
  fs.statSync("remix.config.js").mtimeMs,
);
if (!built || sources > built) {
  console.log(
    built ? "Sources changed: rebuilding the console…" : "No build yet: building the console…",
  );
  execSync("npx remix build", { stdio: "inherit" });
}
