import { describe, expect, it } from "vitest";
import { collectGarbage } from "../../platform/jobs/collect.js";

/** After a big job the worker collects its garbage (issue 26 item 4, platform/jobs/collect.ts). */
describe("the collection after a big job", () => {
  it("gives back the heap a job's garbage held", () => {
    let garbage: number[][] | null = Array.from({ length: 200 }, () =>
      Array.from({ length: 20_000 }, (_, i) => i + 0.5),
    );
    const held = process.memoryUsage().heapUsed;
    expect(garbage.length).toBe(200);
    garbage = null;
    expect(collectGarbage()).toBe(true);
    // ~32 MB of doubles were garbage: most of it is gone after the collection.
    expect(held - process.memoryUsage().heapUsed).toBeGreaterThan(20 * 1024 * 1024);
  });
});
