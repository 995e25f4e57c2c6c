/**
 * Benchmark of the generic resource API on a triple table of 1,000,000 rows.
 * Not a test: it prints figures (copied into docs/performance.md).
 *
 *   npx tsx bench/triples-bench.ts            # 1,000,000 rows, SQLite
 *   TRIPLES=200000 npx tsx bench/triples-bench.ts
 *   BENCH_ENGINE=postgres npx tsx bench/triples-bench.ts   # the same on PostgreSQL (bench/store.ts)
 *
 * The platform runs in this process behind a real HTTP server; "server" times are taken
 * by a middleware from request arrival to the end of the response, "round trip" by the client.
 * On PostgreSQL "server CPU" also counts the CPU the cluster's processes used meanwhile.
 *
 * Paging (decision 022): the first, middle and last page of lists (sorted, filtered,
 * searched), and the next and previous page read by seeking from a page's token (the pager's
 * links), from 20 pages spread over each list.
 *
 * The rows are the same on both engines. On PostgreSQL they are loaded with INSERT … SELECT
 * over generate_series in batches of 100,000 with the search indexes dropped and the substring
 * counts' trigger off, then the indexes are built again with their migration's definitions and
 * the substring counts computed in one statement (what the trigger would have written).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { triples } from "../platform/resources/defs/data.js";
import { syncSearchIndex } from "../platform/resources/search-store.js";
import {
  benchDatabase,
  benchDir,
  benchPlatform,
  benchUser,
  clusterPids,
  loadAverage,
  printTable,
  serveBench,
  writeBenchJson,
} from "./store.js";
import { OBJECTS, percentile, PREDICATES, WORDS } from "./triple-data.js";
import { rows as sqlRows, value } from "../tests/helpers/sql.js";
import { sqliteHandle } from "../tests/helpers/sql.js";

const TOTAL = Number(process.env.TRIPLES || 1_000_000);
const REQUESTS = Number(process.env.REQUESTS || 200);
/** BENCH_ROWS=regex: only the request rows whose name matches, and no export or import. */
const ROWS = process.env.BENCH_ROWS ? new RegExp(process.env.BENCH_ROWS) : null;

const fmt = (n: number, digits = 1) => n.toFixed(digits);
const cpuSeconds = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1e6;
const progress = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);

type Ctx = Awaited<ReturnType<typeof benchPlatform>>["ctx"];
/** Graphs and sources of the bench's triples, written through the store (either engine). */
async function graphsAndSources(ctx: Ctx) {
  const graphs: number[] = [];
  const sources: number[] = [];
  for (const i of [1, 2, 3, 4, 5])
    graphs.push(
      Number(
        await value(
          ctx,
          sql`INSERT INTO graphs (name, domain) VALUES (${`基准图谱${i}`}, ${i % 2 ? "military" : "general"}) RETURNING id`,
        ),
      ),
    );
  for (const i of [1, 2, 3])
    sources.push(
      Number(
        await value(
          ctx,
          sql`INSERT INTO data_sources (name, type, url) VALUES (${`基准来源${i}`}, 'web', ${`https://s${i}.example`}) RETURNING id`,
        ),
      ),
    );
  return { graphs, sources };
}

/** SQLite: graphs, sources and TOTAL triples in one transaction, then the search index in one statement. */
async function generate(ctx: Ctx) {
  const db = sqliteHandle(ctx);
  progress(`generating ${TOTAL} triples`);
  const { graphs, sources } = await graphsAndSources(ctx);
  const t0 = performance.now();
  const insert = db.prepare(
    "INSERT INTO data_triples (subject, predicate, object, graph_id, source_id, confidence, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const start = Date.UTC(2023, 0, 1);
  db.transaction(() => {
    for (let i = 0; i < TOTAL; i++) {
      const word = WORDS[i % WORDS.length];
      insert.run(
        `${word}-${(i * 7919) % 200_000}`,
        PREDICATES[(i * 31) % PREDICATES.length],
        `${OBJECTS[(i * 13) % OBJECTS.length]}${i % 1000}号`,
        graphs[i % graphs.length],
        sources[i % sources.length],
        ((i * 37) % 1000) / 1000,
        new Date(start + i * 30_000).toISOString(),
      );
    }
  })();
  await syncSearchIndex(ctx.store, triples);
  const seconds = (performance.now() - t0) / 1000;
  db.pragma("optimize");
  return { graphs, sources, seconds, loaded: seconds };
}

/**
 * PostgreSQL: generate()'s rows, row for row, loaded by the server itself; the search indexes
 * and the substring counts built over the loaded table (see the header).
 */
async function generatePostgres(ctx: Ctx, url: string) {
  progress(`PostgreSQL: loading ${TOTAL} triples`);
  const { graphs, sources } = await graphsAndSources(ctx);
  const client = new pg.Client(url);
  await client.connect();
  const q = async (text: string, params: unknown[] = []) => (await client.query(text, params)).rows;
  const lit = (list: string[]) => `ARRAY[${list.map((w) => `'${w}'`).join(", ")}]`;
  const t0 = performance.now();
  const searchIndexes = (await q(
    `SELECT indexname, indexdef FROM pg_indexes
      WHERE tablename IN ('data_triples', 'data_triples_search')
        AND (indexname LIKE '%\\_trgm' OR indexname = 'data_triples_short_grams')`,
  )) as { indexname: string; indexdef: string }[];
  for (const ix of searchIndexes) await q(`DROP INDEX ${ix.indexname}`);
  await q("ALTER TABLE data_triples DISABLE TRIGGER data_triples_grams_insert");
  await q("ALTER TABLE data_triples DISABLE TRIGGER data_triples_search_insert");
  for (let i = 0; i < TOTAL; i += 100_000)
    await q(
      `INSERT INTO data_triples (subject, predicate, object, graph_id, source_id, confidence, created_at)
       SELECT (${lit(WORDS)})[i % ${WORDS.length} + 1] || '-' || ((i * 7919) % 200000),
              (${lit(PREDICATES)})[(i * 31) % ${PREDICATES.length} + 1],
              (${lit(OBJECTS)})[(i * 13) % ${OBJECTS.length} + 1] || (i % 1000) || '号',
              (ARRAY[${graphs.join(",")}])[i % 5 + 1], (ARRAY[${sources.join(",")}])[i % 3 + 1],
              ((i * 37) % 1000) / 1000.0,
              to_char(timestamp '2023-01-01' + i * interval '30 seconds', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
         FROM generate_series($1::bigint, $2::bigint - 1) AS i`,
      [i, Math.min(TOTAL, i + 100_000)],
    );
  const loaded = (performance.now() - t0) / 1000;
  progress(`PostgreSQL: loaded in ${fmt(loaded)} s; search indexes and substring counts`);
  await q("SET maintenance_work_mem = '1GB'");
  // What the search text's insert trigger adds (schema-triples-search-text.ts), over them all.
  await q(
    `INSERT INTO data_triples_search (id, text)
     SELECT id, kg_search_text(subject, predicate, object) FROM data_triples ORDER BY id`,
  );
  for (const ix of searchIndexes) await q(ix.indexdef);
  // What the insert trigger adds for a statement's rows (resources.ts addGrams), over them all.
  await q(
    `INSERT INTO resource_search_grams (table_name, gram, n)
     SELECT 'data_triples', g, count(*) FROM data_triples AS r,
            LATERAL (SELECT DISTINCT g FROM unnest(kg_short_grams(r.subject, r.predicate, r.object)) AS g) AS d
      GROUP BY g ORDER BY g
     ON CONFLICT (table_name, gram) DO UPDATE SET n = resource_search_grams.n + excluded.n`,
  );
  await q("ALTER TABLE data_triples ENABLE TRIGGER data_triples_grams_insert");
  await q("ALTER TABLE data_triples ENABLE TRIGGER data_triples_search_insert");
  await q("VACUUM ANALYZE data_triples");
  await q("VACUUM ANALYZE data_triples_search");
  await q("CHECKPOINT");
  const seconds = (performance.now() - t0) / 1000;
  await client.end();
  return { graphs, sources, seconds, loaded };
}

/** The graphs and sources of triples already in the store (BENCH_DIR, BENCH_PG_URL). */
async function reuse(ctx: Ctx) {
  progress("reusing the triples already in the store");
  const ids = async (name: string) =>
    (
      await sqlRows<{ id: number }>(
        ctx,
        sql`SELECT id FROM ${sql.table(name === "graphs" ? "graphs" : "data_sources")}
             WHERE name LIKE ${name === "graphs" ? "基准图谱%" : "基准来源%"} ORDER BY id`,
      )
    ).map((r) => Number(r.id));
  return { graphs: await ids("graphs"), sources: await ids("sources"), seconds: NaN, loaded: NaN };
}

/** The lists whose pages the paging rows read (query strings, page_size 10 by default). */
function pagingLists(graphs: number[]): [string, string][] {
  const enc = encodeURIComponent;
  return [
    ["by id", ""],
    ["sort -confidence", "ordering=-confidence"],
    ["sort subject", "ordering=subject"],
    ["sort -created_at", "ordering=-created_at"],
    ["filter predicate=", `predicate=${enc(PREDICATES[1])}`],
    ["filter graph__in=a,b + sort -id", `graph__in=${graphs[0]},${graphs[1]}&ordering=-id`],
    [
      "filter predicate= + sort -confidence",
      `predicate=${enc(PREDICATES[1])}&ordering=-confidence`,
    ],
    ["search common term (by id)", `search=${enc(OBJECTS[0])}`],
  ];
}

/** 20 pages spread over a list of `pages`, none the first or the last. */
const spread = (pages: number) =>
  Array.from({ length: 20 }, (_, j) => 2 + Math.floor((j * (pages - 3)) / 19));

async function main() {
  // BENCH_DIR reuses (or keeps) a generated SQLite store between runs; by default a temp folder
  // is removed. On PostgreSQL (BENCH_ENGINE=postgres) a throwaway cluster, or BENCH_PG_URL.
  const dataDir = benchDir("triples-bench", process.env.BENCH_DIR);
  const database = await benchDatabase("triples_bench");
  const platform = await benchPlatform(dataDir, database.databaseUrl);
  const ctx = platform.ctx;

  const existing = Number(await value(ctx, sql`SELECT count(*) AS n FROM data_triples`));
  const gen =
    existing >= TOTAL
      ? await reuse(ctx)
      : database.databaseUrl
        ? await generatePostgres(ctx, database.databaseUrl)
        : await generate(ctx);
  const { graphs, sources } = gen;
  const dbBytes = database.databaseUrl
    ? Number(await value(ctx, sql`SELECT pg_database_size(current_database()) AS n`))
    : fs.statSync(path.join(dataDir, "platform.sqlite")).size;

  // --- token ------------------------------------------------------------------
  const { headers } = await benchUser(ctx, `bench-${Date.now()}`, [], true);

  // The CPU time of the PostgreSQL cluster's processes (the platform's backends), read by the
  // client around each request: added to the server CPU (0 on SQLite).
  let pids: number[] = [];
  const clusterCpuMs = () => {
    let ns = 0;
    for (const pid of pids) {
      try {
        ns += Number(fs.readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[0]);
      } catch {
        // gone meanwhile
      }
    }
    return ns / 1e6;
  };
  const refreshPids = () => {
    pids = database.clusterDir ? clusterPids(database.clusterDir) : [];
  };

  // --- server with a timing middleware ------------------------------------------
  // Wall time, and the CPU time this process spent meanwhile: on a busy machine the wall
  // time includes waiting for a core, the CPU time does not (requests run one at a time).
  const serverTimes: number[] = [];
  const serverCpu: number[] = [];
  const { server, api } = await serveBench(platform.router, (_req, res, next) => {
    const t = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    res.on("finish", () => {
      serverTimes.push(Number(process.hrtime.bigint() - t) / 1e6);
      const used = process.cpuUsage(cpu);
      serverCpu.push((used.user + used.system) / 1000);
    });
    next();
  });
  const base = `${api}/data/triples`;

  type Row = {
    name: string;
    query: string;
    p50: number;
    p95: number;
    cpu50: number;
    cpu95: number;
    rtt95: number;
    count: number;
  };
  const rows: Row[] = [];
  async function measure(name: string, makeQuery: (i: number) => string) {
    if (ROWS && !ROWS.test(name)) return;
    progress(name);
    // warm the statement cache and the page cache once, as a running server would be
    await fetch(`${base}/?${makeQuery(0)}`, { headers }).then((r) => r.arrayBuffer());
    serverTimes.length = 0;
    serverCpu.length = 0;
    refreshPids();
    const dbCpu: number[] = [];
    const rtts: number[] = [];
    let count = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const c = clusterCpuMs();
      const t = performance.now();
      const res = await fetch(`${base}/?${makeQuery(i)}`, { headers });
      const body = (await res.json()) as { count: number; detail?: string };
      if (res.status !== 200) throw new Error(`${name}: ${res.status} ${body.detail}`);
      rtts.push(performance.now() - t);
      dbCpu.push(clusterCpuMs() - c);
      count = body.count;
    }
    for (let i = 0; i < serverCpu.length; i++) serverCpu[i] += dbCpu[i] ?? 0;
    rows.push({
      name,
      query: makeQuery(0),
      p50: percentile(serverTimes, 50),
      p95: percentile(serverTimes, 95),
      cpu50: percentile(serverCpu, 50),
      cpu95: percentile(serverCpu, 95),
      rtt95: percentile(rtts, 95),
      count,
    });
  }

  const deepPage = Math.floor(TOTAL / 20);
  const pick = <T>(list: T[], i: number) => list[(i * 7) % list.length];
  const enc = encodeURIComponent;
  await measure("first page", () => "page=1&page_size=10");
  await measure(`deep page (${deepPage}, OFFSET)`, () => `page=${deepPage}&page_size=10`);
  await measure("sort -confidence", (i) => `ordering=-confidence&page=${1 + (i % 50)}`);
  await measure("sort subject", (i) => `ordering=subject&page=${1 + (i % 50)}`);
  await measure("sort -created_at", (i) => `ordering=-created_at&page=${1 + (i % 50)}`);
  await measure("filter predicate=", (i) => `predicate=${enc(pick(PREDICATES, i))}`);
  await measure(
    "filter graph__in= + sort",
    (i) => `graph__in=${graphs[i % 5]},${graphs[(i + 1) % 5]}&ordering=-id`,
  );
  await measure("filter confidence=", (i) => `confidence=${((i * 3) % 1000) / 1000}`);
  const firstId = Number(await value(ctx, sql`SELECT min(id) AS n FROM data_triples`));
  const subjects: string[] = [];
  for (let i = 0; i < 50; i++)
    subjects.push(
      String(
        await value(
          ctx,
          sql`SELECT subject FROM data_triples WHERE id = ${firstId + ((i * 19_997) % TOTAL)}`,
        ),
      ),
    );
  await measure("search (trigram, rare)", (i) => `search=${enc(pick(subjects, i))}`);
  await measure("search (trigram, common)", (i) => `search=${enc(pick(OBJECTS, i))}`);
  await measure(
    "search (2 chars)",
    (i) => `search=${enc(pick(["东风", "雷达", "坦克", "潜艇"], i))}`,
  );
  await measure("search (1 char)", (i) => `search=${enc(pick(["东", "雷", "坦", "潜", "号"], i))}`);
  await measure("search + sort subject", (i) => `search=${enc(pick(WORDS, i))}&ordering=subject`);

  // --- paging (decision 022) -------------------------------------------------------
  const pagingRows: Row[] = [];
  const before = rows.length;
  const getList = async (query: string) => {
    const res = await fetch(`${base}/?${query}`, { headers });
    const body = (await res.json()) as { count: number; seek?: string | null; detail?: string };
    if (res.status !== 200) throw new Error(`${query}: ${res.status} ${body.detail}`);
    return body;
  };
  for (const [name, query] of pagingLists(graphs)) {
    const { count, seek } = await getList(query);
    const pages = Math.max(1, Math.ceil(count / 10));
    const middle = Math.ceil(pages / 2);
    const q = query ? `${query}&` : "";
    await measure(`${name}: first page`, () => `${q}page=1`);
    await measure(
      `${name}: middle page (${middle.toLocaleString("en")})`,
      () => `${q}page=${middle}`,
    );
    await measure(`${name}: last page (${pages.toLocaleString("en")})`, () => `${q}page=${pages}`);
    // A platform without seek tokens (an older one, for the "before" figures) answers none.
    if (seek === undefined || pages < 4) continue;
    if (
      ROWS &&
      !ROWS.test(`${name}: next page by seek`) &&
      !ROWS.test(`${name}: previous page by seek`)
    )
      continue;
    const tokens: { page: number; seek: string }[] = [];
    for (const page of spread(pages)) {
      const answer = await getList(`${q}page=${page}`);
      tokens.push({ page, seek: answer.seek! });
    }
    const nth = (i: number) => tokens[i % tokens.length];
    await measure(
      `${name}: next page by seek`,
      (i) => `${q}page=${nth(i).page + 1}&seek=${nth(i).seek}`,
    );
    await measure(
      `${name}: previous page by seek`,
      (i) => `${q}page=${nth(i).page - 1}&seek=${nth(i).seek}`,
    );
  }
  pagingRows.push(...rows.splice(before));
  if (ROWS) {
    console.log(
      `\nThe rows matching ${ROWS} (load average at the end: ${loadAverage()}), server ms:`,
    );
    for (const r of [...rows, ...pagingRows])
      console.log(
        `| ${r.name} | p50 ${fmt(r.p50, 2)} | p95 ${fmt(r.p95, 2)} | ${r.count.toLocaleString("en")} |`,
      );
    server.close();
    await platform.close();
    await database.stop();
    return;
  }

  progress("export");
  // --- export -------------------------------------------------------------------
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 20);
  refreshPids();
  const exportDbCpu = clusterCpuMs();
  const t0 = performance.now();
  const exportCpu = process.cpuUsage();
  const res = await fetch(`${base}/export/`, { headers });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
  }
  const exportSeconds = (performance.now() - t0) / 1000;
  const exportCpuSeconds = cpuSeconds(process.cpuUsage(exportCpu));
  const exportDbCpuSeconds = (clusterCpuMs() - exportDbCpu) / 1000;
  clearInterval(sampler);
  const rssAfter = process.memoryUsage().rss;
  const exportedRows = lines - 1;

  progress("import");
  // --- import of a 2 MB CSV -------------------------------------------------------
  const header = "subject,predicate,object,graph,source,confidence\n";
  const csvLines: string[] = [header];
  let csvBytes = Buffer.byteLength(header);
  let importRowsCount = 0;
  for (;;) {
    const i = importRowsCount;
    const line = `导入实体${i},${pick(PREDICATES, i)},${pick(OBJECTS, i)}${i},基准图谱${1 + (i % 5)},${
      sources[i % 3]
    },0.${i % 10}\n`;
    if (csvBytes + Buffer.byteLength(line) > 2 * 1024 * 1024) break;
    csvLines.push(line);
    csvBytes += Buffer.byteLength(line);
    importRowsCount++;
  }
  const csv = csvLines.join("");
  const upload = async (dryRun: boolean) => {
    const form = new FormData();
    form.append("file", new Blob([csv], { type: "text/csv" }), "import.csv");
    const t = performance.now();
    const cpu = process.cpuUsage();
    const r = await fetch(`${base}/upload/${dryRun ? "?dry_run=1" : ""}`, {
      method: "POST",
      headers,
      body: form,
    });
    const body = (await r.json()) as { created: number; errors: unknown[]; detail?: string };
    if (r.status !== 200 || body.errors.length)
      throw new Error(`import: ${r.status} ${body.detail}`);
    return {
      ms: performance.now() - t,
      cpuMs: cpuSeconds(process.cpuUsage(cpu)) * 1000,
      created: body.created,
    };
  };
  const dry = await upload(true);
  const real = await upload(false);

  // --- report ----------------------------------------------------------------------
  console.log(
    `\nGeneric resources benchmark: ${TOTAL.toLocaleString("en")} triples, ${REQUESTS} requests per row`,
  );
  const engine = database.databaseUrl
    ? database.describe
    : `SQLite ${String(await value(ctx, sql`SELECT sqlite_version() AS v`))}`;
  console.log(
    `Node ${process.version}, ${os.cpus()[0]?.model ?? "cpu"} x${os.cpus().length}, ${engine}`,
  );
  console.log(
    database.databaseUrl
      ? `load: ${fmt(gen.seconds)} s (INSERT … SELECT ${fmt(gen.loaded)} s, then the search indexes, ` +
          `substring counts, VACUUM ANALYZE, CHECKPOINT), database ${fmt(dbBytes / 1048576, 0)} MB\n`
      : `generation: ${fmt(gen.seconds)} s (${Math.round(TOTAL / gen.seconds).toLocaleString("en")} rows/s, ` +
          `one transaction, then the search index in one statement), store ${fmt(dbBytes / 1048576, 0)} MB\n`,
  );
  console.log(`load average at the end: ${loadAverage()}\n`);
  printTable(
    [
      "request",
      "server p50 ms",
      "server p95 ms",
      "server CPU p50 ms",
      "server CPU p95 ms",
      "round trip p95 ms",
      "count",
    ],
    rows.map((r) => [
      r.name,
      ...[r.p50, r.p95, r.cpu50, r.cpu95, r.rtt95].map((x) => fmt(x, 2)),
      r.count.toLocaleString("en"),
    ]),
    "---:",
  );
  console.log("\nPaging (decision 022), page_size 10:\n");
  printTable(
    ["list: page", "server p50 ms", "server p95 ms", "server CPU p95 ms", "count"],
    pagingRows.map((r) => [
      r.name,
      ...[r.p50, r.p95, r.cpu95].map((x) => fmt(x, 2)),
      r.count.toLocaleString("en"),
    ]),
    "---:",
  );
  console.log("");
  console.log("| bulk | figure |");
  console.log("|---|---|");
  console.log(
    `| export all rows | ${exportedRows.toLocaleString("en")} rows, ${fmt(bytes / 1048576)} MB in ${fmt(
      exportSeconds,
      2,
    )} s = ${Math.round(exportedRows / exportSeconds).toLocaleString("en")} rows/s |`,
  );
  console.log(
    `| export, CPU of server and client together | ${fmt(exportCpuSeconds, 2)} s = ${Math.round(
      exportedRows / exportCpuSeconds,
    ).toLocaleString("en")} rows per CPU-second${
      database.databaseUrl ? `; the cluster's processes ${fmt(exportDbCpuSeconds, 2)} s more` : ""
    } |`,
  );
  console.log(
    `| export memory (RSS) | before ${fmt(rssBefore / 1048576, 0)} MB, peak ${fmt(rssPeak / 1048576, 0)} MB (+${fmt(
      (rssPeak - rssBefore) / 1048576,
      0,
    )} MB), after ${fmt(rssAfter / 1048576, 0)} MB |`,
  );
  console.log(
    `| import 2 MB CSV, dry run | ${importRowsCount.toLocaleString("en")} rows in ${fmt(dry.ms, 0)} ms (CPU ${fmt(
      dry.cpuMs,
      0,
    )} ms) |`,
  );
  console.log(
    `| import 2 MB CSV | ${real.created.toLocaleString("en")} rows created in ${fmt(real.ms, 0)} ms (CPU ${fmt(
      real.cpuMs,
      0,
    )} ms; one transaction) |`,
  );

  const figure = (r: Row) => ({
    name: r.name,
    p50: r.p50,
    p95: r.p95,
    cpu95: r.cpu95,
    count: r.count,
  });
  writeBenchJson({
    describe: engine,
    triples: TOTAL,
    requests: REQUESTS,
    loadSeconds: gen.seconds,
    storeMB: dbBytes / 1048576,
    rows: rows.map(figure),
    paging: pagingRows.map(figure),
    export: {
      rows: exportedRows,
      seconds: exportSeconds,
      rowsPerSecond: exportedRows / exportSeconds,
      rssGrowthMB: (rssPeak - rssBefore) / 1048576,
    },
    import: { rows: real.created, dryRunMs: dry.ms, ms: real.ms },
  });

  await new Promise((r) => server.close(r));
  await platform.close();
  await database.stop();
  if (!process.env.BENCH_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
