import { describe, expect, it } from "vitest";
import {
  bigJobMs,
  DEFAULT_HEAP_GROWTH,
  DEFAULT_RECYCLE_RSS_MB,
  DEFAULT_SEMI_SPACE_MB,
  heapGrowth,
  recycleRssMb,
  semiSpaceMb,
  workerExecArgv,
  workerMallocEnv,
} from "../../server/heap";

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

/** SEMI_SPACE_MB (issue 26 item 4): the workers' young generation, read strictly. */
describe("SEMI_SPACE_MB", () => {
  it("is 4 MB unless set, 0 leaves it to V8, and anything but whole MB up to 256 is refused", () => {
    expect(DEFAULT_SEMI_SPACE_MB).toBe(4);
    expect(semiSpaceMb(undefined)).toBe(4);
    expect(semiSpaceMb("")).toBe(4);
    expect(semiSpaceMb("0")).toBe(0);
    expect(semiSpaceMb("16")).toBe(16);
    for (const bad of ["-1", "1.5", "four", "4 ", "4MB", "257", "9999"])
      expect(() => semiSpaceMb(bad)).toThrow(/SEMI_SPACE_MB/);
  });

  it("is given to the workers unless 0 or already given by the operator", () => {
    expect(workerExecArgv(["--enable-source-maps"], undefined, 4)).toEqual([
      "--enable-source-maps",
      "--max-semi-space-size=4",
    ]);
    expect(workerExecArgv([], "", 0)).toEqual([]);
    expect(workerExecArgv([], "--max-semi-space-size=32 --import x", 4)).toEqual([]);
    expect(workerExecArgv(["--max_semi_space_size=8"], undefined, 4)).toEqual([
      "--max_semi_space_size=8",
    ]);
  });
});

/** RECYCLE_RSS_MB and BIG_JOB_SECONDS (issue 26 item 4): a worker a big job left large hands over. */
describe("RECYCLE_RSS_MB, BIG_JOB_SECONDS", () => {
  it("are 160 MB and 5 s unless set, 0 turns handing over off or makes every job big, and anything but whole numbers is refused", () => {
    expect(DEFAULT_RECYCLE_RSS_MB).toBe(160);
    expect(recycleRssMb(undefined)).toBe(160);
    expect(recycleRssMb("")).toBe(160);
    expect(recycleRssMb("0")).toBe(0);
    expect(recycleRssMb("512")).toBe(512);
    for (const bad of ["-1", "1.5", "lots", "256 ", "256MB", "1234567"])
      expect(() => recycleRssMb(bad)).toThrow(/RECYCLE_RSS_MB/);
    expect(bigJobMs(undefined)).toBe(5_000);
    expect(bigJobMs("0")).toBe(0);
    expect(bigJobMs("30")).toBe(30_000);
    for (const bad of ["-1", "0.5", "five", "5s", "123456"])
      expect(() => bigJobMs(bad)).toThrow(/BIG_JOB_SECONDS/);
  });
});

/** glibc's settings for the workers (decisions 038, 041): ours unless the operator gave theirs. */
describe("workerMallocEnv", () => {
  it("gives two arenas and a 128 KB mmap threshold unless the operator set them", () => {
    expect(workerMallocEnv({})).toEqual({
      MALLOC_ARENA_MAX: "2",
      MALLOC_MMAP_THRESHOLD_: "131072",
    });
    expect(workerMallocEnv({ MALLOC_ARENA_MAX: "8", MALLOC_MMAP_THRESHOLD_: "65536" })).toEqual({
      MALLOC_ARENA_MAX: "8",
      MALLOC_MMAP_THRESHOLD_: "65536",
    });
  });
});
