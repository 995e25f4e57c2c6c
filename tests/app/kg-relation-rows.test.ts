import { describe, expect, it } from "vitest";
import type { Ontology, RelationGraph } from "@contract/kg";
import { expandToggle, relationRows, relationTypeCounts, typeColors } from "~/kg/relation-rows";

const node = (id: string, degree: number, expanded = false, type: string | null = "人物") => ({
  id,
  name: `n-${id}`,
  type,
  type_id: type ? 1 : null,
  color: type ? "#123456" : "",
  depth: 1,
  x: 0,
  y: 0,
  expanded,
  degree,
});
const edge = (id: number, source: string, target: string) => ({
  id,
  source,
  target,
  predicate: "属于",
  predicate_id: 7,
  confidence: 0.5,
  article_id: 3,
  sent_start: 1,
  sent_end: 9,
});

const graph: RelationGraph = {
  center: "c",
  total_relations: 3,
  truncated: false,
  relation_types: [{ id: 7, name: "属于", count: 3 }],
  nodes: [node("a", 5), node("b", 1, true), node("c", 2), node("d", 9, false, null)],
  edges: [edge(1, "c", "a"), edge(2, "b", "gone"), edge(3, "d", "c")],
  unknown: [],
};

describe("the relation page's rows (app/kg/relation-rows)", () => {
  it("lists the centre first, then expanded nodes, then by degree, each with its toggle", () => {
    const { nodeRows } = relationRows(graph, (uuid) => `/t/${uuid}`);
    expect(nodeRows.map((r) => r.id)).toEqual(["c", "b", "d", "a"]);
    expect(nodeRows[1]).toEqual({
      id: "b",
      name: "n-b",
      type: "人物",
      color: "#123456",
      degree: 1,
      expanded: true,
      toggle: "/t/b",
    });
  });

  it("turns edges into relations between entity references (an unknown end is null)", () => {
    const { edgeRows } = relationRows(graph, () => "");
    expect(edgeRows).toHaveLength(3);
    expect(edgeRows[0]).toEqual({
      id: 1,
      subject: { uuid: "c", name: "n-c", type: "人物", type_id: 1, color: "#123456" },
      predicate: "属于",
      predicate_id: 7,
      object: { uuid: "a", name: "n-a", type: "人物", type_id: 1, color: "#123456" },
      confidence: 0.5,
      article_id: 3,
      sent_start: 1,
      sent_end: 9,
    });
    expect(edgeRows[1].object).toBeNull();
  });

  it("keeps at most `limit` rows of each table", () => {
    const { nodeRows, edgeRows } = relationRows(graph, () => "", 2);
    expect(nodeRows.map((r) => r.id)).toEqual(["c", "b"]);
    expect(edgeRows.map((r) => r.id)).toEqual([1, 2]);
  });

  it("toggles a node's expansion in the URL, keeping the rest of the query", () => {
    const url = new URL("http://x/relation/c?id=2&expand=a,b");
    const toggle = expandToggle(url, ["a", "b"]);
    expect(decodeURIComponent(toggle("b"))).toBe("/relation/c?id=2&expand=a");
    expect(decodeURIComponent(toggle("z"))).toBe("/relation/c?id=2&expand=a,b,z");
    expect(expandToggle(url, ["a"])("a")).toBe("/relation/c?id=2&expand=none");
  });

  it("colours each type drawn and counts the ontology's relation types", () => {
    expect(typeColors(graph)).toEqual({ 人物: "#123456" });
    const ontology = {
      relation_types: [
        { id: 7, name: "属于" },
        { id: 8, name: "位于" },
      ],
    } as Ontology;
    expect(relationTypeCounts(graph, ontology)).toEqual([
      { id: 7, name: "属于", count: 3 },
      { id: 8, name: "位于", count: 0 },
    ]);
  });
});
