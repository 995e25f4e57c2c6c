import v8 from "node:v8";

/**
 * How far V8 lets a process's heap grow past what it held after its last full collection
 * before it collects again (issue 11). V8 picks that factor itself, up to 4× when the program
 * spends little time collecting — a server rendering pages does: its live heap after a full
 * collection stays at 80–90 MB, yet 300–400 MB of garbage built up between collections under
 * 64 clients and the pages it occupied stayed in the process's RSS (2.0× idle in one process).
 * Measured on one process under that load (docs/performance.md, "Memory"): 30 % → 1.1× idle
 * but ~10–20 % fewer pages a second (a full collection every few hundred pages); 50 % → 1.13×
 * and 100 % → 1.32× with as many pages as V8's own choice, within the noise. 50 % is the default.
 * Not a limit: a job that holds a large graph still gets all the heap it needs, it is only
 * collected more often on the way.
 */
export const DEFAULT_HEAP_GROWTH = 50;

/** HEAP_GROWTH: percent (1–1000) the heap may grow between full collections; 0 = V8's own choice. */
export function heapGrowth(raw = process.env.HEAP_GROWTH): number {
  if (raw === undefined || raw === "") return DEFAULT_HEAP_GROWTH;
  if (!/^\d{1,4}$/.test(raw) || Number(raw) > 1000)
    throw new Error(
      `HEAP_GROWTH: "${raw}" is not a whole percent from 0 to 1000 (0 = V8's own choice).`,
    );
  return Number(raw);
}

/** Applies `percent` to this process (V8 reads it at every full collection). */
export function applyHeapGrowth(percent: number): void {
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}

/**
 * The young generation's semi-space, in MB, each worker process starts with (issue 26 item 4).
 * V8's own is 16 MB on 64-bit: a young generation of 48 MB, collected by copying whatever
 * survives, which a dry run's statements all do (collections of 100–300 ms seen while a big
 * file was parsed). 4 MB (12 MB young) lowered a 300,000-statement dry run's RSS peak from
 * 405 to 294 MB together with MALLOC_ARENA_MAX=2 (docs/performance.md, "Memory of big
 * jobs"). 0 = V8's own.
 */
export const DEFAULT_SEMI_SPACE_MB = 4;

/** SEMI_SPACE_MB: the workers' semi-space (0–256 MB; 0 = V8's own choice). */
export function semiSpaceMb(raw = process.env.SEMI_SPACE_MB): number {
  if (raw === undefined || raw === "") return DEFAULT_SEMI_SPACE_MB;
  if (!/^\d{1,3}$/.test(raw) || Number(raw) > 256)
    throw new Error(
      `SEMI_SPACE_MB: "${raw}" is not a whole number of MB from 0 to 256 (0 = V8's own choice).`,
    );
  return Number(raw);
}

/**
 * RECYCLE_RSS_MB: a worker process whose resident memory is still over this after a big job and
 * its full collection (platform/jobs/collect.ts) hands over to a new process (issue 26 item 4).
 * What a million-statement job grew is not all given back to the system — SQLite's page cache,
 * glibc's arenas, V8's committed pages — and the next big job in that process starts from it
 * (a rebuild's dry run after an apply: 316 MB at its start, 409 at its peak; a rebuild after
 * its dry run in the same process 447 MB, where a fresh one's apply peaks ~385). A fresh worker
 * sits at 90–130 MB; one under page load at ~200–250: with 160, nearly every big job is
 * followed by a new process (a second or two of one core, and 5 s of closing connections).
 * 0 = never. Only with several workers (a primary to start the new one).
 */
export const DEFAULT_RECYCLE_RSS_MB = 160;

export function recycleRssMb(raw = process.env.RECYCLE_RSS_MB): number {
  if (raw === undefined || raw === "") return DEFAULT_RECYCLE_RSS_MB;
  if (!/^\d{1,6}$/.test(raw))
    throw new Error(`RECYCLE_RSS_MB: "${raw}" is not a whole number of MB (0 = never).`);
  return Number(raw);
}

/** BIG_JOB_SECONDS: how long a job runs to count as big (collected after, maybe handed over); default 5. */
export function bigJobMs(raw = process.env.BIG_JOB_SECONDS): number {
  if (raw === undefined || raw === "") return 5_000;
  if (!/^\d{1,5}$/.test(raw))
    throw new Error(`BIG_JOB_SECONDS: "${raw}" is not a whole number of seconds (0 or more).`);
  return Number(raw) * 1000;
}

/**
 * The flags a worker process starts with: the primary's, and the semi-space unless it is V8's
 * own or the operator already gave one (in NODE_OPTIONS or on the command line).
 */
export function workerExecArgv(
  execArgv: string[],
  nodeOptions: string | undefined,
  semiSpace: number,
): string[] {
  const given = [...execArgv, ...(nodeOptions ?? "").split(/\s+/)].some((a) =>
    /^--max[-_]semi[-_]space[-_]size\b/.test(a),
  );
  return semiSpace > 0 && !given ? [...execArgv, `--max-semi-space-size=${semiSpace}`] : execArgv;
}

/**
 * glibc's settings for a worker process (decisions 038, 041), the operator's own values first:
 * two arenas (glibc gives each allocating thread one of its own otherwise, and memory freed in
 * one is not given back while another holds a page of it), and blocks of 128 KB or more mapped
 * apart and given back when freed (glibc otherwise raises that threshold as big blocks come and
 * go, and keeps them in its heap: a million-statement apply peaked at 359 MB with it, 392–403
 * without; docs/deploy.md, "Memory").
 */
export function workerMallocEnv(env: Record<string, string | undefined>): Record<string, string> {
  return {
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX || "2",
    MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ || "131072",
  };
}
