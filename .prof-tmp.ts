import Database from "better-sqlite3";
for (const cfg of ["", "automerge', 0", "crisismerge', 64", "pgsz', 4050"]) {
  const db = new Database(":memory:");
  db.exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, subject TEXT, predicate TEXT, object TEXT);
  CREATE VIRTUAL TABLE f USING fts5(subject, predicate, object, content='t', content_rowid='id', tokenize='trigram');
  CREATE TRIGGER ti AFTER INSERT ON t BEGIN INSERT INTO f(rowid, subject, predicate, object) VALUES (new.id, new.subject, new.predicate, new.object); END;`);
  if (cfg) db.exec(`INSERT INTO f(f, rank) VALUES ('${cfg})`);
  const ins = db.prepare("INSERT INTO t (subject, predicate, object) VALUES (?,?,?)");
  let t0 = performance.now();
  db.transaction(() => { for (let i = 0; i < 32000; i++) ins.run(`导入实体${i}`, "隶属于", `北部战区${i}号`); })();
  console.log(cfg, (performance.now() - t0).toFixed(0));
}
const db = new Database(":memory:");
db.exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, subject TEXT, predicate TEXT, object TEXT);
  CREATE VIRTUAL TABLE f USING fts5(doc, content='', contentless_delete=1, tokenize='trigram');`);
const ins = db.prepare("INSERT INTO t (subject, predicate, object) VALUES (?,?,?)");
const insf = db.prepare("INSERT INTO f (rowid, doc) VALUES (?,?)");
let t0 = performance.now();
db.transaction(() => { for (let i = 0; i < 32000; i++) { const r = ins.run(`导入实体${i}`, "隶属于", `北部战区${i}号`); insf.run(r.lastInsertRowid, `导入实体${i}\n隶属于\n北部战区${i}号`); } })();
console.log("contentless single col", (performance.now() - t0).toFixed(0));
