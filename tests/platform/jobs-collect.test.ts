import { describe, expect, it } from "vitest";
import {
  collectAfterBigJob,
  collectGarbage,
  whenOverAfterBigJob,
} from "../../platform/jobs/collect.js";

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

  it("hands the process over only after a big job that left it over the limit", () => {
    const handedOver: number[] = [];
    try {
      // No limit set: a big job is collected, nothing is handed over.
      expect(collectAfterBigJob(60_000)).toBeNull();
      const rssMb = process.memoryUsage.rss() / 2 ** 20;
      whenOverAfterBigJob(Math.floor(rssMb * 4), (mb) => handedOver.push(mb), 1_000);
      expect(collectAfterBigJob(5_000)).toBeNull(); // well under the limit
      whenOverAfterBigJob(1, (mb) => handedOver.push(mb), 1_000);
      expect(collectAfterBigJob(999)).toBeNull(); // not a big job
      const handOver = collectAfterBigJob(1_000);
      expect(handOver).toBeTypeOf("function");
      expect(handedOver).toEqual([]); // the caller stops taking jobs first, then hands over
      handOver!();
      expect(handedOver).toHaveLength(1);
      expect(handedOver[0]).toBeGreaterThan(1);
    } finally {
      whenOverAfterBigJob(null);
    }
  });
});
