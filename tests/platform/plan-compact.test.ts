import { describe, expect, it } from "vitest";
import { SourceRows } from "../../platform/admin/graph-admin/source-rows.js";
import { PlanRelations } from "../../platform/admin/graph-admin/plan-relations.js";
import type { RelationState } from "../../platform/admin/graph-admin/plan-report.js";
import type { RdfRow } from "../../platform/interchange/rdf-read.js";
import { prng } from "../../platform/kg/prng.js";

/** Issue 26 item 4: the compact rows and relations of a plan give back exactly what went in. */

const row = (ref: string, fields: Partial<RdfRow> = {}): RdfRow => ({
  ref,
  subject: "",
  predicate: "",
  object: "",
  confidence: "",
  subject_type: "",
  object_type: "",
  op: "",
  ...fields,
});

describe("SourceRows", () => {
  it("keeps rows across its chunks of 65,536", () => {
    const rows = new SourceRows();
    const n = 140_000;
    for (let i = 0; i < n; i++)
      rows.push(row(`文件"big.nt"第 ${i + 1} 行`, { subject: `e${i % 1000}`, object: `v${i}` }));
    expect(rows.length).toBe(n);
    for (const i of [0, 65_535, 65_536, 131_071, 131_072, n - 1]) {
      expect(rows.ref(i)).toBe(`文件"big.nt"第 ${i + 1} 行`);
      expect(rows.at(i)).toMatchObject({ subject: `e${i % 1000}`, object: `v${i}` });
    }
  });

  it("gives back every row as pushed: refs of any shape, cells, and what few rows carry besides", () => {
    const article = {
      key: "a",
      id: null,
      title: "t",
      source: "",
      url: "",
      published_at: "",
      content: "",
    };
    const pushed: RdfRow[] = [
      row('文件"a1.nt"第 12 行', { subject: "辽宁舰", predicate: "类型", object: "舰艇" }),
      row('文件"a1.nt"第 13 行', {
        subject: "辽宁舰",
        predicate: "隶属",
        object: "东部战区海军",
        confidence: "0.9",
        provenance: { article, start: 0, end: 4 },
      }),
      row("三元组数据 #7", { subject: "x", predicate: "p", object: "y", op: "delete" }),
      row('文件"b.jsonld"节点 <http://e.example/a>', {
        problem: { kind: "format", message: "坏" },
      }),
      row("第 007 行", { subject_type: "舰艇", object_type: "军队", unmapped: "http://p" }),
      row("第 0 行", { describes: true, object: "很长的描述".repeat(10) }),
      row("第 1234567890 行"),
      row(""),
    ];
    const rows = new SourceRows();
    for (const r of pushed) rows.push(r);
    expect(rows.length).toBe(pushed.length);
    for (let i = 0; i < pushed.length; i++) {
      expect(rows.at(i)).toEqual(pushed[i]);
      expect(rows.ref(i)).toBe(pushed[i].ref);
    }
    expect(rows.at(1).provenance!.article).toBe(article);
    expect(rows.indexOfRef("三元组数据 #7")).toBe(2);
    expect(rows.indexOfRef("第 8 行")).toBe(-1);
    expect([...rows.extraRows()].map(([i]) => i)).toEqual([1, 3, 4, 5]);
  });

  it("grows past its first capacity", () => {
    const rows = new SourceRows();
    for (let i = 0; i < 5000; i++) rows.push(row(`第 ${i + 1} 行`, { subject: `e${i % 7}` }));
    expect(rows.length).toBe(5000);
    expect(rows.at(4999)).toEqual(row("第 5000 行", { subject: "e1" }));
  });
});

describe("PlanRelations", () => {
  const state = (s: string, t: number, o: string, extra: Partial<RelationState> = {}) => ({
    subject: s,
    typeId: t,
    object: o,
    confidence: 1,
    id: null,
    oldConfidence: null,
    remove: false,
    provenance: null,
    old: null,
    ...extra,
  });
  const plain = (r: RelationState) => ({
    subject: r.subject,
    typeId: r.typeId,
    object: r.object,
    confidence: r.confidence,
    id: r.id,
    oldConfidence: r.oldConfidence,
    remove: r.remove,
    provenance: r.provenance,
    old: r.old,
  });

  it("behaves as a Map keyed by subject, type and object, in insertion order, through many growths", () => {
    const table = new PlanRelations();
    const map = new Map<string, RelationState>();
    const rng = prng(26);
    for (let i = 0; i < 20000; i++) {
      const s = `实体${rng.int(0, 300)}`;
      const o = `实体${rng.int(0, 300)}`;
      const t = rng.int(1, 5);
      const key = `${s}\u0001${t}\u0001${o}`;
      const prev = table.get(s, t, o);
      expect(prev && plain(prev)).toEqual(map.get(key) && plain(map.get(key)!));
      if (prev && i % 3 === 0) {
        // Mutated through the view, as planFacts does with a duplicate row.
        prev.confidence = i / 20000;
        prev.remove = false;
        map.get(key)!.confidence = i / 20000;
        map.get(key)!.remove = false;
        continue;
      }
      const r = state(s, t, o, {
        confidence: rng.int(0, 100) / 100,
        id: i % 2 ? i : null,
        oldConfidence: i % 4 === 1 ? 0.5 : null,
        remove: i % 5 === 0,
        old: i % 2 ? { article_id: i, sent_start: 1, sent_end: 2 } : null,
      });
      table.set(r);
      map.set(key, r);
    }
    expect(table.size).toBe(map.size);
    expect([...table.values()].map(plain)).toEqual([...map.values()].map(plain));
  });

  it("sized for its rows, grows past them; ids and old confidences that first come late read back", () => {
    const table = new PlanRelations(3000);
    const want: RelationState[] = [];
    for (let i = 0; i < 5000; i++) {
      const r = state(`s${i}`, 1 + (i % 3), `o${i % 7}`, {
        id: i >= 4000 ? i : null,
        oldConfidence: i >= 4500 ? 0.25 : null,
      });
      table.set(r);
      want.push(r);
    }
    expect([...table.values()].map(plain)).toEqual(want.map(plain));
    expect(table.get("s10", 2, "o3")!.id).toBeNull();
    expect(table.get("s4001", 3, "o4")).toMatchObject({ id: 4001, oldConfidence: null });
  });

  it("keeps a second relation of the same key unindexed, after the first", () => {
    const table = new PlanRelations();
    table.set(state("a", 1, "b", { id: 5 }));
    table.set(state("a", 1, "b", { id: 6, remove: true }), true);
    expect(table.get("a", 1, "b")!.id).toBe(5);
    expect([...table.values()].map((r) => r.id)).toEqual([5, 6]);
    expect(table.get("a", 2, "b")).toBeUndefined();
    expect(table.get("z", 1, "b")).toBeUndefined();
  });
});
