import fs from "node:fs"; import os from "node:os"; import path from "node:path";
import { createPlatform } from "./platform/index.js";
import { importRows } from "./platform/resources/import.js";
import { triples } from "./platform/resources/defs/data.js";
import { parseCsv } from "./platform/resources/csv.js";
const lines = ["subject,predicate,object,graph,confidence"];
for (let i = 0; i < 32000; i++) lines.push(`导入实体${i},隶属于,北部战区${i}号,245,0.${i % 10}`);
const records = parseCsv(lines.join("\n"));
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
for (const variant of ["base", "temp memory", "fk off", "cache 64MB", "base", "temp memory"]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kg-prof-"));
  const pl = createPlatform({ dataDir, dbFile: path.join(dataDir, "p.sqlite"), captcha: false, seed: "none", tokenIdleSeconds: 900, passwordMaxAgeDays: 0, adminPassword: "x-admin-1" });
  if (variant === "fk off") pl.ctx.db.pragma("foreign_keys = OFF");
  if (variant === "cache 64MB") pl.ctx.db.pragma("cache_size = -65536");
  if (variant === "temp memory") pl.ctx.db.pragma("temp_store = MEMORY");
  const user = { id: 1, username: "admin", isSuperuser: true, codenames: new Set<string>(), token: "", csrf: "" };
  const times: number[] = [];
  for (let k = 0; k < 3; k++) { const c = cpu(); const r = importRows({ ctx: pl.ctx, user }, triples, records, false); times.push(Math.round(cpu() - c)); if (r.errors.length) console.log(r.errors[0]); }
  console.log(variant, "cpu ms", times);
  pl.close(); fs.rmSync(dataDir, { recursive: true, force: true });
}
