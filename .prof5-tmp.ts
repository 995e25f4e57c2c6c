import fs from "node:fs"; import os from "node:os"; import path from "node:path";
import { createPlatform } from "./platform/index.js";
import { importRows } from "./platform/resources/import.js";
import { triples } from "./platform/resources/defs/data.js";
import { parseCsv } from "./platform/resources/csv.js";
import { loadOptions, validateInput } from "./platform/resources/values.js";
import { insertRecord, syncSearchIndex } from "./platform/resources/store.js";
const lines = ["subject,predicate,object,graph,confidence"];
for (let i = 0; i < 32000; i++) lines.push(`导入实体${i},隶属于,北部战区${i}号,245,0.${i % 10}`);
const text = lines.join("\n");
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kg-prof-"));
const pl = createPlatform({ dataDir, dbFile: path.join(dataDir, "p.sqlite"), captcha: false, seed: "none", tokenIdleSeconds: 900, passwordMaxAgeDays: 0, adminPassword: "x-admin-1" });
const user = { id: 1, username: "admin", isSuperuser: true, codenames: new Set<string>(), token: "", csrf: "" };
const db = pl.ctx.db;
for (let k = 0; k < 3; k++) {
  let c = cpu(); const records = parseCsv(text); const tParse = cpu() - c;
  const options = loadOptions(db, triples);
  c = cpu();
  const vals = records.slice(1).map((r) => validateInput(triples, { subject: r.cells[0], predicate: r.cells[1], object: r.cells[2], graph: r.cells[3], confidence: r.cells[4] }, "create", null, options, "csv").values);
  const tVal = cpu() - c;
  c = cpu(); db.transaction(() => { for (const v of vals) insertRecord({ ctx: pl.ctx, user }, triples, v); })(); const tIns = cpu() - c;
  c = cpu(); syncSearchIndex(db, triples); const tSync = cpu() - c;
  c = cpu(); importRows({ ctx: pl.ctx, user }, triples, records, false); const tAll = cpu() - c;
  console.log({ tParse: Math.round(tParse), tVal: Math.round(tVal), tIns: Math.round(tIns), tSync: Math.round(tSync), importRows: Math.round(tAll) });
}
pl.close(); fs.rmSync(dataDir, { recursive: true, force: true });
