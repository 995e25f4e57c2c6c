import { startPlatform, userWithToken, authHeaders } from "./tests/helpers/platform.js";
const p = await startPlatform();
const t = userWithToken(p.ctx, "boss", ["admin"]);
const lines = ["subject,predicate,object,graph,confidence"];
for (let i = 0; i < 32000; i++) lines.push(`导入实体${i},隶属于,北部战区${i}号,245,0.${i % 10}`);
const csv = lines.join("\n");
for (const dry of [true, false]) {
  const form = new FormData(); form.append("file", new Blob([csv]), "a.csv");
  const t0 = performance.now();
  const r = await fetch(`${p.api}/data/triples/upload/${dry ? "?dry_run=1" : ""}`, { method: "POST", headers: authHeaders(t, false), body: form });
  const b = await r.json();
  console.log(dry, r.status, b.created, b.errors?.length, performance.now() - t0);
}
// raw insert cost comparison
const db = p.ctx.db;
const ins = db.prepare("INSERT INTO data_triples (subject, predicate, object, graph_id, confidence) VALUES (?,?,?,?,?)");
let t0 = performance.now();
db.transaction(() => { for (let i = 0; i < 32000; i++) ins.run(`导入实体${i}`, "隶属于", `北部战区${i}号`, 245, 0.5); })();
console.log("raw insert 32k", performance.now() - t0);
const aud = db.prepare("INSERT INTO audit_log (user_id, username, action, resource, record_id, before_json, after_json) VALUES (1,'x','import','data/triples',?,NULL,?)");
t0 = performance.now();
db.transaction(() => { for (let i = 0; i < 32000; i++) aud.run(String(i), JSON.stringify({ id: i, subject: `导入实体${i}`, predicate: "隶属于", object: `北部战区${i}号`, graph: 245, source: null, confidence: 0.5, created_at: "2024-01-01T00:00:00.000Z" })); })();
console.log("audit insert 32k", performance.now() - t0);
await p.close();
