import Database from "better-sqlite3";
const db = new Database(":memory:");
db.exec(`CREATE VIRTUAL TABLE f USING fts5(a, b, content='', contentless_delete=1, tokenize='trigram');
CREATE VIRTUAL TABLE fv USING fts5vocab('f', 'row');`);
const ins = db.prepare("INSERT INTO f(rowid, a, b) VALUES (?, ? || char(1, 1), ? || char(1, 1))");
ins.run(1, "东风-41", "导弹"); ins.run(2, "歼-20", "东风"); ins.run(3, "北京", "中国东"); ins.run(4, "ABC", "x"); ins.run(5, 'a"b', "");
const terms = (p: string) => db.prepare("SELECT term FROM fv WHERE term >= ? AND term < ?").pluck().all(p, p + "\uffff") as string[];
const orq = (p: string) => terms(p.toLowerCase()).map((t) => `"${t.replace(/"/g, '""')}"`).join(" OR ");
for (const q of ["东风", "东", "导弹", "弹", "京", "x", "b", "a\"", "\""]) {
  const m = orq(q);
  console.log(JSON.stringify(q), m ? db.prepare("SELECT rowid FROM f WHERE f MATCH ? ORDER BY rowid").pluck().all(m) : "(no terms)");
}
db.prepare("DELETE FROM f WHERE rowid = 2").run();
console.log("after delete", db.prepare("SELECT rowid FROM f WHERE f MATCH ?").pluck().all(orq("东风")));
console.log("phrase", db.prepare("SELECT rowid FROM f WHERE f MATCH ?").pluck().all('"风-4"'));
