/**
 * Substring search of data_triples on PostgreSQL (platform/db/postgres/resources.ts) over
 * 1,000,000 synthetic Chinese triples (the distribution of bench/triples-bench.ts): p50/p95 of
 * a search as the list answers it (its count and first page of 10 by id, through the store's
 * listRecords: the shapes of platform/resources/search-store.ts) per term length, the
 * sizes of the indexes, and what the search indexes cost a bulk load. Not a test: it prints
 * figures (copied into platform/db/postgres/README.md).
 *
 *   npx tsx bench/pg-search-bench.ts              # a throwaway cluster (scripts/pg-cluster.mjs)
 *   TRIPLES=200000 npx tsx bench/pg-search-bench.ts
 *   PG_URL=postgres://… npx tsx bench/pg-search-bench.ts   # a database of yours (emptied!)
 */
import fs from "node:fs";
import os from "node:os";
import pg from "pg";
import { migrate } from "../platform/db/migrate.js";
import { openStore, type Store } from "../platform/db/store.js";
import { triples } from "../platform/resources/defs/data.js";
import { listRecords } from "../platform/resources/list-store.js";
import { parseListFilter, parsePaging } from "../platform/resources/query.js";
import { startCluster } from "../scripts/pg-cluster.mjs";
import { clusterPids, loadAverage, printTable } from "./store.js";
import { OBJECTS, percentile, PREDICATES, WORDS } from "./triple-data.js";

const TOTAL = Number(process.env.TRIPLES || 1_000_000);
const REQUESTS = Number(process.env.REQUESTS || 200);

const progress = (msg: string) => process.stderr.write(`[pg-search] ${msg}\n`);
const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;
const lit = (list: string[]) => `ARRAY[${list.map((s) => `'${s}'`).join(", ")}]`;

/** A search as the list answers it: its count and first page of 10 (platform/resources/list-store.ts). */
async function search(store: Store, term: string): Promise<number> {
  const filter = parseListFilter(triples, { search: term });
  return (await listRecords(store, triples, filter, parsePaging({}))).count;
}

type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

async function main() {
  const cluster = process.env.PG_URL
    ? null
    : await startCluster({ settings: { shared_buffers: "256MB" } });
  if (cluster) progress(`cluster started in ${cluster.startMs} ms`);
  const admin = process.env.PG_URL ?? cluster!.url;
  let url = admin;
  if (cluster) {
    const c = new pg.Client(admin);
    await c.connect();
    await c.query("CREATE DATABASE bench");
    await c.end();
    url = admin.replace(/\/postgres$/, "/bench");
  }
  const store = openStore({ databaseUrl: url, dbFile: "" });
  await migrate(store);
  const client = new pg.Client(url);
  await client.connect();
  const q: Query = async (text, params = []) => (await client.query(text, params)).rows;
  // The CPU time of this connection's server process (on a busy machine the wall time also
  // counts waiting for a core); NaN where the server is not local.
  const [{ pid }] = await q("SELECT pg_backend_pid() AS pid");
  // The CPU time of the cluster's processes (the store's pool and this client), for the searches.
  const clusterCpuMs = () => {
    let ns = 0;
    for (const p of cluster ? clusterPids(cluster.dir) : []) {
      try {
        ns += Number(fs.readFileSync(`/proc/${p}/schedstat`, "utf8").split(" ")[0]);
      } catch {
        // gone meanwhile
      }
    }
    return cluster ? ns / 1e6 : NaN;
  };
  const backendCpuMs = () => {
    try {
      return Number(fs.readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[0]) / 1e6;
    } catch {
      return NaN;
    }
  };

  try {
    await q("TRUNCATE data_triples, data_triples_search, resource_counts, resource_search_grams");
    await q(
      `INSERT INTO graphs (name, domain) SELECT '基准图谱' || i, 'military' FROM generate_series(1, 5) i`,
    );
    await q(`INSERT INTO data_sources (name) SELECT '基准来源' || i FROM generate_series(1, 3) i`);
    const graphs = (await q("SELECT id FROM graphs ORDER BY id")).map((r) => Number(r.id));
    const sources = (await q("SELECT id FROM data_sources ORDER BY id")).map((r) => Number(r.id));
    const load = (from: number, to: number) =>
      q(
        `INSERT INTO data_triples (subject, predicate, object, graph_id, source_id, confidence, created_at)
         SELECT (${lit(WORDS)})[i % 20 + 1] || '-' || ((i * 7919) % 200000),
                (${lit(PREDICATES)})[(i * 31) % 20 + 1],
                (${lit(OBJECTS)})[(i * 13) % 10 + 1] || (i % 1000) || '号',
                (ARRAY[${graphs}])[i % 5 + 1], (ARRAY[${sources}])[i % 3 + 1],
                ((i * 37) % 1000) / 1000.0,
                to_char(timestamp '2023-01-01' + i * interval '30 seconds', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
           FROM generate_series($1::bigint, $2::bigint - 1) AS i`,
        [from, to],
      );

    // A bulk load with every index and trigger in place (as an import meets them).
    progress(`loading ${TOTAL} triples`);
    let t = performance.now();
    const cpu = backendCpuMs();
    for (let i = 0; i < TOTAL; i += 100_000) await load(i, Math.min(TOTAL, i + 100_000));
    const loadSeconds = (performance.now() - t) / 1000;
    const loadCpuSeconds = (backendCpuMs() - cpu) / 1000;
    // A few rows with rare characters: short terms that only a few rows hold.
    await q(
      `INSERT INTO data_triples (subject, predicate, object)
       SELECT '鲲鹏-' || i, '型号', '鹞' || i FROM generate_series(1, 30) i`,
    );
    t = performance.now();
    await q("VACUUM ANALYZE data_triples");
    const vacuumSeconds = (performance.now() - t) / 1000;

    const sizes = (await q(
      `SELECT c.relname AS name, pg_relation_size(c.oid) AS bytes FROM pg_class c
        WHERE c.relname LIKE 'data_triples%' OR c.relname LIKE 'resource_search_grams%' ORDER BY c.relname`,
    )) as { name: string; bytes: number }[];

    // What search costs a load: 100,000 more rows (rolled back) with all of it, without the
    // substring counts, and without any search index; and each index built anew.
    progress("what search costs a load");
    const SEARCH_INDEXES = ["data_triples_search_trgm", "data_triples_short_grams"];
    const timedLoad = async (prepare: string[]) => {
      await q("BEGIN");
      for (const p of prepare) await q(p);
      const t1 = performance.now();
      const c1 = backendCpuMs();
      await load(TOTAL, TOTAL + 100_000);
      const seconds = (performance.now() - t1) / 1000;
      const cpuSeconds = (backendCpuMs() - c1) / 1000;
      await q("ROLLBACK");
      return `${seconds.toFixed(1)} s (CPU ${cpuSeconds.toFixed(1)} s)`;
    };
    const noCounts = ["ALTER TABLE data_triples DISABLE TRIGGER data_triples_grams_insert"];
    const extra = {
      all: await timedLoad([]),
      noCounts: await timedLoad(noCounts),
      bare: await timedLoad([
        ...noCounts,
        "ALTER TABLE data_triples DISABLE TRIGGER data_triples_search_insert",
        `DROP INDEX ${SEARCH_INDEXES.join(", ")}`,
      ]),
    };
    const defs = (await q(`SELECT indexname, indexdef FROM pg_indexes WHERE indexname = ANY($1)`, [
      SEARCH_INDEXES,
    ])) as { indexname: string; indexdef: string }[];
    const build: Record<string, string> = {};
    for (const d of defs) {
      await q("BEGIN");
      await q(`DROP INDEX ${d.indexname}`);
      const t1 = performance.now();
      const c1 = backendCpuMs();
      await q(d.indexdef);
      build[d.indexname] =
        `${((performance.now() - t1) / 1000).toFixed(1)} s (CPU ${((backendCpuMs() - c1) / 1000).toFixed(1)} s)`;
      await q("ROLLBACK");
    }

    const [{ first }] = await q("SELECT min(id) AS first FROM data_triples");
    const picks = Array.from({ length: 50 }, (_, i) => Number(first) + ((i * 19_997) % TOTAL));
    const subjects = (await q("SELECT subject FROM data_triples WHERE id = ANY($1)", [picks])).map(
      (r) => r.subject as string,
    );

    type Row = {
      name: string;
      p50: number;
      p95: number;
      max: number;
      cpu50: number;
      cpu95: number;
      counts: string;
    };
    const rows: Row[] = [];
    async function measure(name: string, terms: string[]) {
      progress(name);
      const times: number[] = [];
      const cpus: number[] = [];
      const counts = new Map<string, number>();
      for (let i = -terms.length; i < REQUESTS; i++) {
        const term = terms[((i % terms.length) + terms.length) % terms.length];
        const t0 = performance.now();
        const c0 = clusterCpuMs();
        const n = await search(store, term);
        // the first round warms the caches
        if (i >= 0) {
          times.push(performance.now() - t0);
          cpus.push(clusterCpuMs() - c0);
        }
        counts.set(term, n);
      }
      rows.push({
        name,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        max: Math.max(...times),
        cpu50: percentile(cpus, 50),
        cpu95: percentile(cpus, 95),
        counts: [...new Set(counts.values())]
          .sort((a, b) => a - b)
          .map((n) => n.toLocaleString("en"))
          .join(" / "),
      });
    }
    await measure("1 character", ["东", "雷", "坦", "潜", "号"]);
    await measure("1 character, rare", ["鲲", "鹏", "鹞"]);
    await measure("2 characters", ["东风", "雷达", "坦克", "潜艇"]);
    await measure("2 characters, rare", ["鲲鹏", "鹞1", "鹏-"]);
    await measure("3+ characters, rare (a subject)", subjects);
    await measure("3+ characters, common (an object)", OBJECTS);
    await measure("3 characters", ["驱逐舰", "预警机", "隶属于", "西太平"]);

    const [{ version }] = await q("SELECT version()");
    console.log(
      `\nPostgreSQL search benchmark: ${TOTAL.toLocaleString("en")} triples, ${REQUESTS} requests per row`,
    );
    console.log(
      `Node ${process.version}, ${os.cpus()[0]?.model ?? "cpu"} x${os.cpus().length}, ${String(version).split(" on ")[0]}`,
    );
    console.log(`load average at the end: ${loadAverage()}\n`);
    printTable(
      [
        "search (count + first page of 10)",
        "p50 ms",
        "p95 ms",
        "max ms",
        "server CPU p50 / p95 ms",
        "rows found",
      ],
      rows.map((r) => [
        r.name,
        r.p50.toFixed(1),
        r.p95.toFixed(1),
        r.max.toFixed(1),
        `${r.cpu50.toFixed(1)} / ${r.cpu95.toFixed(1)}`,
        r.counts,
      ]),
    );
    console.log("\n| relation | size |\n|---|---|");
    for (const s of sizes) console.log(`| ${s.name} | ${mb(Number(s.bytes))} |`);
    console.log(
      `\nload of ${TOTAL.toLocaleString("en")} rows in batches of 100,000 (INSERT … SELECT), every index and trigger in place: ` +
        `${loadSeconds.toFixed(1)} s (CPU ${loadCpuSeconds.toFixed(1)} s); VACUUM ANALYZE ${vacuumSeconds.toFixed(1)} s`,
    );
    console.log(
      `100,000 more rows: ${extra.all} with all search indexes and the substring counts, ` +
        `${extra.noCounts} without the counts, ${extra.bare} without any search index`,
    );
    console.log(
      `index builds over the table: ${Object.entries(build)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}`,
    );
  } finally {
    await client.end();
    await store.close();
    await cluster?.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
