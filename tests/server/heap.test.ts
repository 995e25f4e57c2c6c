import { describe, expect, it } from "vitest";
import { DEFAULT_HEAP_GROWTH, heapGrowth } from "../../server/heap";

/** HEAP_GROWTH (issue 11): the heap's growth between full collections, read strictly. */
describe("HEAP_GROWTH", () => {
  it("is 50 % unless set, 0 leaves it to V8, and anything but a whole percent up to 1000 is refused", () => {
    expect(DEFAULT_HEAP_GROWTH).toBe(50);
    expect(heapGrowth(undefined)).toBe(50);
    expect(heapGrowth("")).toBe(50);
    expect(heapGrowth("0")).toBe(0);
    expect(heapGrowth("100")).toBe(100);
    expect(heapGrowth("1000")).toBe(1000);
    for (const bad of ["-1", "1.5", "fifty", "50 ", "50%", "1001", "99999"])
      expect(() => heapGrowth(bad)).toThrow(/HEAP_GROWTH/);
  });
});
