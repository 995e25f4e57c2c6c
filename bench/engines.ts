/**
 * Both engines side by side (issue 22): the triples (1,000,000 rows), knowledge-graph,
 * interchange-export and pages benchmarks, each on SQLite and on PostgreSQL in one run, then one
 * table: each goal, its figure on SQLite, on PostgreSQL, and whether it is met.
 *
 *   npm run bench:engines                               # full sizes (about an hour on 2 cores)
 *   npx tsx bench/engines.ts --only triples,pages       # some of them (triples, kg, interchange, pages)
 *   npx tsx bench/engines.ts --only pages --reuse /tmp/x  # the others' figures from an earlier run's output
 *   npx tsx bench/engines.ts --wait-load 3              # before each step, wait (≤ 20 min) for load ≤ 3
 *   TRIPLES=100000 REQUESTS=50 RELATIONS=100000 npx tsx bench/engines.ts --seconds 5   # a quick run
 *
 * Each benchmark runs in a child process of its own per engine (BENCH_ENGINE, bench/store.ts:
 * PostgreSQL on a throwaway cluster with durable settings), SQLite first, and hands its figures
 * back through BENCH_JSON; its own output goes to the console and to `<out>/<bench>-<engine>.txt`
 * (BENCH_OUT, a temp folder by default). The pages benchmark alternates the engines itself
 * (bench/pages.ts --engines: SQLite round, PostgreSQL round, × --rounds). Every request is
 * measured as users meet it: through the platform's HTTP routes (triples, kg, interchange:
 * the server time inside the process) or whole console documents from the real server (pages).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadAverage } from "./store.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const argValue = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const ALL = ["triples", "kg", "interchange", "pages"] as const;
type Bench = (typeof ALL)[number];
const only = (argValue("only")?.split(",") ?? [...ALL]) as Bench[];
const WAIT_LOAD = argValue("wait-load") ? Number(argValue("wait-load")) : null;
const OUT = process.env.BENCH_OUT
  ? path.resolve(process.env.BENCH_OUT)
  : fs.mkdtempSync(path.join(os.tmpdir(), "bench-engines-"));
fs.mkdirSync(OUT, { recursive: true });
const ENGINES = ["sqlite", "postgres"] as const;
type Engine = (typeof ENGINES)[number];

const log = (line: string) => {
  console.log(line);
  fs.appendFileSync(path.join(OUT, "engines.txt"), `${line}\n`);
};

/** Waits (at most 20 minutes) for the 1-minute load average to fall to --wait-load. */
async function calm() {
  if (WAIT_LOAD === null) return;
  const deadline = Date.now() + 20 * 60_000;
  while (os.loadavg()[0] > WAIT_LOAD && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 15_000));
}

interface Step {
  bench: Bench;
  engine: Engine | "both";
  started: string;
  loadBefore: string;
  loadAfter: string;
  seconds: number;
  /** The bench's own JSON (BENCH_JSON). */
  figures: any;
}
const steps: Step[] = [];

/** Runs one benchmark in a child process; resolves to the figures it wrote to BENCH_JSON. */
async function run(bench: Bench, engine: Engine | "both", args: string[]): Promise<void> {
  await calm();
  const json = path.join(OUT, `${bench}-${engine}.json`);
  const text = fs.createWriteStream(path.join(OUT, `${bench}-${engine}.txt`));
  const loadBefore = loadAverage();
  const started = new Date().toISOString();
  log(`\n=== ${bench} on ${engine}: ${started}, load average ${loadBefore}`);
  const t0 = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", ...args], {
    cwd: root,
    env: {
      ...process.env,
      BENCH_JSON: json,
      ...(engine === "both" ? {} : { BENCH_ENGINE: engine }),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (d: Buffer) => {
    process.stdout.write(d);
    text.write(d);
  });
  child.stderr.on("data", (d: Buffer) => {
    process.stderr.write(d);
    text.write(d);
  });
  const code = await new Promise<number | null>((r) => child.once("exit", r));
  text.end();
  if (code !== 0) throw new Error(`${bench} on ${engine} failed (exit ${code}); see ${OUT}`);
  steps.push({
    bench,
    engine,
    started,
    loadBefore,
    loadAfter: loadAverage(),
    seconds: (performance.now() - t0) / 1000,
    figures: JSON.parse(fs.readFileSync(json, "utf8")),
  });
}

const figuresOf = (bench: Bench, engine: Engine | "both") =>
  steps.find((s) => s.bench === bench && s.engine === engine)?.figures;

// ---- the goals --------------------------------------------------------------------------------

interface Figure {
  /** The value the goal is judged on (ms, rows/s or a ratio). */
  value: number;
  text: string;
}
interface Goal {
  name: string;
  goal: string;
  met: (v: number) => boolean;
  figure: (engine: Engine) => Figure | null;
  /** Not one of issue 22's goals: shown for comparison. */
  info?: boolean;
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const thousands = (n: number) => Math.round(n).toLocaleString("en");

type Row = { name: string; p50: number; p95: number; count?: number };
/** The worst p95 of the triples bench's rows whose names pass `pick`, named. */
function worst(engine: Engine, part: "rows" | "paging", pick: (name: string) => boolean) {
  const f = figuresOf("triples", engine);
  if (!f) return null;
  const rows = (f[part] as Row[]).filter((r) => pick(r.name));
  if (!rows.length) return null;
  const w = rows.reduce((a, b) => (b.p95 > a.p95 ? b : a));
  return {
    value: w.p95,
    text: `${ms(w.p95)} (worst of ${rows.length}: ${w.name}; ${rows.map((r) => r.p95.toFixed(1)).join(" / ")})`,
  };
}
function kgRow(engine: Engine, prefix: string) {
  const f = figuresOf("kg", engine);
  const r = (f?.rows as Row[] | undefined)?.find((x) => x.name.includes(prefix));
  return r ? { value: r.p95, text: `p95 ${ms(r.p95)} (p50 ${ms(r.p50)})` } : null;
}
function pageRatio(page: string) {
  return (engine: Engine): Figure | null => {
    const f = figuresOf("pages", "both");
    const p = f?.pages?.[page];
    if (!p) return null;
    const rps = (runs: { rps: number }[]) => runs.map((r) => thousands(r.rps)).join(" / ");
    return engine === "sqlite"
      ? { value: NaN, text: `${rps(p.sqlite)} req/s` }
      : {
          value: p.ratio,
          text: `${rps(p.postgres)} req/s = ${(p.ratio * 100).toFixed(0)} % of SQLite (${(p.ratios as number[]).map((x) => (x * 100).toFixed(0)).join(" / ")})`,
        };
  };
}

const SORTS = (n: string) => /^sort /.test(n);
const FILTERS = (n: string) => /^filter /.test(n);
const SEARCHES = (n: string) => /^search \((trigram|[12] char)/.test(n);
/** The last pages of the lists of all 1,000,000 rows (by id and the three sorts). */
const LAST_PAGES = (n: string) =>
  /^(by id|sort -confidence|sort subject|sort -created_at): last page/.test(n);

const goals: Goal[] = [
  {
    name: "pages: `/backend/setting/users` throughput",
    goal: "PostgreSQL ≥ 70 % of SQLite",
    met: (v) => v >= 0.7,
    figure: pageRatio("/backend/setting/users"),
  },
  {
    name: "pages: `/245/articles` throughput",
    goal: "PostgreSQL ≥ 70 % of SQLite",
    met: (v) => v >= 0.7,
    figure: pageRatio("/245/articles"),
  },
  {
    name: "pages: `/?id=245` throughput",
    goal: "PostgreSQL ≥ 70 % of SQLite",
    met: (v) => v >= 0.7,
    figure: pageRatio("/?id=245"),
  },
  {
    name: "1M-row sorts (pages 1–50)",
    goal: "p95 ≤ 20 ms",
    met: (v) => v <= 20,
    figure: (e) => worst(e, "rows", SORTS),
  },
  {
    name: "1M-row filters",
    goal: "p95 ≤ 20 ms",
    met: (v) => v <= 20,
    figure: (e) => worst(e, "rows", FILTERS),
  },
  {
    name: "search (rare, common, 2 and 1 characters)",
    goal: "p95 ≤ 100 ms",
    met: (v) => v <= 100,
    figure: (e) => worst(e, "rows", SEARCHES),
  },
  {
    name: "last page of 1M rows (by id, 3 sorts)",
    goal: "p95 ≤ 5 ms",
    met: (v) => v <= 5,
    figure: (e) => worst(e, "paging", LAST_PAGES),
  },
  {
    name: "CSV export of 1M rows",
    goal: "≥ 100,000 rows/s",
    met: (v) => v >= 100_000,
    figure: (e) => {
      const x = figuresOf("triples", e)?.export;
      return x
        ? {
            value: x.rowsPerSecond,
            text: `${thousands(x.rowsPerSecond)} rows/s (${thousands(x.rows)} rows in ${x.seconds.toFixed(1)} s, RSS +${x.rssGrowthMB.toFixed(0)} MB)`,
          }
        : null;
    },
  },
  {
    name: "graph neighbourhood, 2 hops (200 nodes)",
    goal: "p95 ≤ 50 ms",
    met: (v) => v <= 50,
    figure: (e) => kgRow(e, "depth 2"),
  },
  // For comparison: the other figures of the same runs, with their own issues' goals.
  {
    name: "search + sort subject",
    goal: "(none)",
    met: () => true,
    info: true,
    figure: (e) => worst(e, "rows", (n) => n === "search + sort subject"),
  },
  {
    name: "deep page (OFFSET 499,990)",
    goal: "(none)",
    met: () => true,
    info: true,
    figure: (e) => worst(e, "rows", (n) => n.startsWith("deep page")),
  },
  {
    name: "2 MB CSV import (32,110 rows)",
    goal: "< 1 s (issue 3)",
    met: (v) => v < 1000,
    info: true,
    figure: (e) => {
      const x = figuresOf("triples", e)?.import;
      return x ? { value: x.ms, text: `${ms(x.ms)} (dry run ${ms(x.dryRunMs)})` } : null;
    },
  },
  {
    name: "entity page",
    goal: "p95 ≤ 50 ms (issue 1)",
    met: (v) => v <= 50,
    info: true,
    figure: (e) => kgRow(e, "entity page"),
  },
  {
    name: "graph neighbourhood, 1 hop (50 nodes)",
    goal: "p95 ≤ 50 ms (issue 1)",
    met: (v) => v <= 50,
    info: true,
    figure: (e) => kgRow(e, "depth 1"),
  },
  {
    name: "hot rankings",
    goal: "p95 ≤ 50 ms (issue 1)",
    met: (v) => v <= 50,
    info: true,
    figure: (e) => kgRow(e, "hot rankings"),
  },
  {
    name: "5,000-character extraction",
    goal: "p95 ≤ 100 ms (issue 1)",
    met: (v) => v <= 100,
    info: true,
    figure: (e) => kgRow(e, "extraction"),
  },
  ...(["nt", "graphml"] as const).map((format): Goal => ({
    name: `graph export, ${format === "nt" ? "N-Triples" : "GraphML"}`,
    goal: "≥ 50,000 triples/s (issue 14)",
    met: (v) => v >= 50_000,
    info: true,
    figure: (e) => {
      const f = figuresOf("interchange", e);
      const x = f?.formats?.[format];
      return x
        ? {
            value: x.triplesPerSecond,
            text: `${thousands(x.triplesPerSecond)} triples/s (${x.seconds.toFixed(1)} s, RSS +${x.rssGrowthMB.toFixed(0)} MB)`,
          }
        : null;
    },
  })),
];

function report() {
  const cpu = os.cpus();
  log(`\n## Both engines side by side (issue 22)\n`);
  log(
    `${new Date().toISOString()}, ${cpu.length} × ${cpu[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );
  for (const s of steps) {
    const f = s.figures;
    log(
      `- ${s.bench} on ${s.engine}: ${f.describe ?? ""}; started ${s.started}, load average ${s.loadBefore} → ${s.loadAfter}, ${(s.seconds / 60).toFixed(1)} min`,
    );
  }
  log("");
  log("| goal | figure | SQLite | PostgreSQL | met (SQLite / PostgreSQL) |");
  log("|---|---|---|---|---|");
  const mark = (g: Goal, f: Figure | null) =>
    !f || Number.isNaN(f.value) ? "–" : g.met(f.value) ? "✓" : "✗";
  for (const g of goals) {
    const a = g.figure("sqlite");
    const b = g.figure("postgres");
    if (!a && !b) continue;
    log(
      `| ${g.info ? "(for comparison) " : ""}${g.name} | ${g.goal} | ${a?.text ?? "–"} | ${b?.text ?? "–"} | ${mark(g, a)} / ${mark(g, b)} |`,
    );
  }
  log(`\nEach bench's own output: ${OUT}`);
}

log(`bench/engines.ts: ${only.join(", ")}; output in ${OUT}`);
// --reuse DIR: the figures of the benchmarks not run now from an earlier run's output (its
// `<bench>-<engine>.json`), so one part can be measured again without the hour of the others.
const REUSE = argValue("reuse");
if (REUSE) {
  for (const bench of ALL.filter((b) => !only.includes(b))) {
    for (const engine of bench === "pages" ? (["both"] as const) : ENGINES) {
      const file = path.join(path.resolve(REUSE), `${bench}-${engine}.json`);
      if (!fs.existsSync(file)) continue;
      const at = fs.statSync(file).mtime.toISOString();
      steps.push({
        bench,
        engine,
        started: `${at} (reused from ${file})`,
        loadBefore: "–",
        loadAfter: "–",
        seconds: 0,
        figures: JSON.parse(fs.readFileSync(file, "utf8")),
      });
    }
  }
}
const sized = (name: string, fallback: string) => process.env[name] ?? fallback;
for (const bench of only) {
  if (bench === "pages") {
    await run("pages", "both", [
      "bench/pages.ts",
      "--engines",
      "--seconds",
      argValue("seconds") ?? "10",
      "--rounds",
      argValue("rounds") ?? "3",
    ]);
    continue;
  }
  for (const engine of ENGINES) {
    if (bench === "triples") await run(bench, engine, ["bench/triples-bench.ts"]);
    if (bench === "kg")
      await run(bench, engine, ["bench/kg-bench.ts", sized("RELATIONS", "1000000")]);
    if (bench === "interchange") await run(bench, engine, ["bench/interchange-bench.ts"]);
  }
}
report();
