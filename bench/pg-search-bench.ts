/**
 * Substring search of data_triples on PostgreSQL (platform/db/postgres/resources.ts) over
 * 1,000,000 synthetic Chinese triples (the distribution of bench/triples-bench.ts): p50/p95 of
 * a search as the list answers it (count + the first page of 10 by id) per term length, the
 * sizes of the indexes, and what the search indexes cost a bulk load. Not a test: it prints
 * figures (copied into platform/db/postgres/README.md).
 *
 *   npx tsx bench/pg-search-bench.ts              # a throwaway cluster (scripts/pg-cluster.mjs)
 *   TRIPLES=200000 npx tsx bench/pg-search-bench.ts
 *   PG_URL=postgres://… npx tsx bench/pg-search-bench.ts   # a database of yours (emptied!)
 */
import os from "node:os";
import pg from "pg";
import { migrate } from "../platform/db/migrate.js";
import { openStore } from "../platform/db/store.js";
import { startCluster } from "../scripts/pg-cluster.mjs";

const TOTAL = Number(process.env.TRIPLES || 1_000_000);
const REQUESTS = Number(process.env.REQUESTS || 200);

// As in bench/triples-bench.ts.
const WORDS = [
  "歼",
  "东风",
  "驱逐舰",
  "航空母舰",
  "预警机",
  "无人机",
  "雷达",
  "坦克",
  "潜艇",
  "运输机",
];
const WORDS2 = [
  "导弹",
  "卫星",
  "直升机",
  "护卫舰",
  "火箭军",
  "装甲车",
  "战斗机",
  "轰炸机",
  "加油机",
  "侦察机",
];
const PREDICATES = [
  "隶属于",
  "装备",
  "位于",
  "研制单位",
  "参与",
  "型号",
  "服役于",
  "部署于",
  "发射",
  "生产",
  "改进自",
  "配属",
  "指挥",
  "协同",
  "打击",
  "保障",
  "训练",
  "演习",
  "巡航",
  "护航",
];
const OBJECTS = [
  "中国人民解放军海军",
  "北部战区",
  "南海",
  "沈阳飞机工业集团",
  "成都飞机工业集团",
  "航天科工",
  "黄海",
  "东海",
  "第一岛链",
  "西太平洋",
];

const progress = (msg: string) => process.stderr.write(`[pg-search] ${msg}\n`);
const percentile = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;
const lit = (list: string[]) => `ARRAY[${list.map((s) => `'${s}'`).join(", ")}]`;

/** The query shapes of platform/db/postgres/resources.ts, as the list asks them. */
function searchSql(term: string): { where: string; param: string; count: string } {
  if ([...term].length < 3) {
    return {
      where: "kg_short_grams(t.subject, t.predicate, t.object) @> ARRAY[lower($1)]",
      param: term,
      count: `SELECT coalesce(sum(n), 0) AS n FROM resource_search_grams
               WHERE table_name = 'data_triples' AND gram = lower($1)`,
    };
  }
  const where = "(t.subject ILIKE $1 OR t.predicate ILIKE $1 OR t.object ILIKE $1)";
  return {
    where,
    param: `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
    count: `SELECT count(*) AS n FROM data_triples t WHERE ${where}`,
  };
}

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
  const q = async (text: string, params: unknown[] = []) => (await client.query(text, params)).rows;

  try {
    await q("TRUNCATE data_triples, resource_counts, resource_search_grams");
    await q(
      `INSERT INTO graphs (name, domain) SELECT '基准图谱' || i, 'military' FROM generate_series(1, 5) i`,
    );
    await q(`INSERT INTO data_sources (name) SELECT '基准来源' || i FROM generate_series(1, 3) i`);
    const graphs = (await q("SELECT id FROM graphs ORDER BY id")).map((r) => Number(r.id));
    const sources = (await q("SELECT id FROM data_sources ORDER BY id")).map((r) => Number(r.id));
    const load = (from: number, to: number) =>
      q(
        `INSERT INTO data_triples (subject, predicate, object, graph_id, source_id, confidence, created_at)
         SELECT (${lit([...WORDS, ...WORDS2])})[i % 20 + 1] || '-' || ((i * 7919) % 200000),
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
    for (let i = 0; i < TOTAL; i += 100_000) await load(i, Math.min(TOTAL, i + 100_000));
    const loadSeconds = (performance.now() - t) / 1000;
    t = performance.now();
    await q("VACUUM ANALYZE data_triples");
    const vacuumSeconds = (performance.now() - t) / 1000;

    // What the search indexes cost: the same load without them.
    progress("load without the search indexes (for comparison)");
    const defs = (await q(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'data_triples'
        AND indexname IN ('data_triples_subject_trgm', 'data_triples_predicate_trgm',
                          'data_triples_object_trgm', 'data_triples_short_grams')`,
    )) as { indexname: string; indexdef: string }[];
    const sizes = (await q(
      `SELECT c.relname AS name, pg_relation_size(c.oid) AS bytes FROM pg_class c
        WHERE c.relname LIKE 'data_triples%' OR c.relname LIKE 'resource_search_grams%' ORDER BY c.relname`,
    )) as { name: string; bytes: number }[];
    const build: Record<string, number> = {};
    await q("BEGIN");
    for (const d of defs) await q(`DROP INDEX ${d.indexname}`);
    await q("ALTER TABLE data_triples DISABLE TRIGGER data_triples_grams_insert");
    await q("TRUNCATE data_triples, resource_counts");
    t = performance.now();
    for (let i = 0; i < TOTAL; i += 100_000) await load(i, Math.min(TOTAL, i + 100_000));
    const bareSeconds = (performance.now() - t) / 1000;
    for (const d of defs) {
      const t1 = performance.now();
      await q(d.indexdef);
      build[d.indexname] = (performance.now() - t1) / 1000;
    }
    await q("ALTER TABLE data_triples ENABLE TRIGGER data_triples_grams_insert");
    await q("COMMIT");
    await q("VACUUM ANALYZE data_triples");

    const [{ first }] = await q("SELECT min(id) AS first FROM data_triples");
    const picks = Array.from({ length: 50 }, (_, i) => Number(first) + ((i * 19_997) % TOTAL));
    const subjects = (await q("SELECT subject FROM data_triples WHERE id = ANY($1)", [picks])).map(
      (r) => r.subject as string,
    );

    type Row = { name: string; p50: number; p95: number; max: number; counts: string };
    const rows: Row[] = [];
    async function measure(name: string, terms: string[]) {
      progress(name);
      const times: number[] = [];
      const counts = new Map<string, number>();
      for (let i = -terms.length; i < REQUESTS; i++) {
        const term = terms[((i % terms.length) + terms.length) % terms.length];
        const { where, param, count } = searchSql(term);
        const t0 = performance.now();
        const [{ n }] = await q(count, [param]);
        await q(`SELECT t.* FROM data_triples t WHERE ${where} ORDER BY t.id LIMIT 10 OFFSET 0`, [
          param,
        ]);
        if (i >= 0) times.push(performance.now() - t0); // the first round warms the caches
        counts.set(term, Number(n));
      }
      rows.push({
        name,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        max: Math.max(...times),
        counts: [...new Set(counts.values())]
          .sort((a, b) => a - b)
          .map((n) => n.toLocaleString("en"))
          .join(" / "),
      });
    }
    await measure("1 character", ["东", "雷", "坦", "潜", "号"]);
    await measure("2 characters", ["东风", "雷达", "坦克", "潜艇"]);
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
    console.log(
      `load average at the end: ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(" ")}\n`,
    );
    console.log("| search (count + first page of 10) | p50 ms | p95 ms | max ms | rows found |");
    console.log("|---|---|---|---|---|");
    for (const r of rows)
      console.log(
        `| ${r.name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} | ${r.counts} |`,
      );
    console.log("\n| relation | size |\n|---|---|");
    for (const s of sizes) console.log(`| ${s.name} | ${mb(Number(s.bytes))} |`);
    console.log(
      `\nload of ${TOTAL.toLocaleString("en")} rows in batches of 100,000 (INSERT … SELECT): ${loadSeconds.toFixed(1)} s with the search indexes, ` +
        `${bareSeconds.toFixed(1)} s without; VACUUM ANALYZE ${vacuumSeconds.toFixed(1)} s`,
    );
    console.log(
      `index builds after the load: ${Object.entries(build)
        .map(([k, v]) => `${k} ${v.toFixed(1)} s`)
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
