import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { CLEAR } from "../../platform/admin/graph-admin/graph-writes.js";
import { jobSweeps } from "../../platform/jobs/kinds.js";
import { ensureBuiltinOntologies } from "../../platform/kg/ontology.js";
import {
  authHeaders,
  createUserWithToken,
  startPlatform,
  type TestPlatform,
} from "../helpers/platform.js";
import { rows, run, value } from "../helpers/sql.js";
import {
  MILITARY_CSV,
  call,
  csv,
  failMidway,
  settled,
  uploadCsv,
  type Caller,
} from "./graph-admin-helpers.js";

/**
 * Graphs written in batches (issue 26, decision 033): a build and the apply of a dry run into a
 * graph without facts write in transactions of their own while the graph is marked as being
 * written; readers are told so (409) rather than shown part of it; a write that does not finish
 * is cleared, by the job itself or by the sweep, and the graph is readable again, as it was.
 */

let p: TestPlatform;
let admin: Caller;
let military: number;
let graphNo = 0;

beforeAll(async () => {
  p = await startPlatform();
  military = (await ensureBuiltinOntologies(p.ctx)).military;
  admin = await createUserWithToken(p.ctx, "batch-writer", ["admin"]);
});
afterAll(() => p.close());

const count = (table: string, graphId: number) =>
  value<number>(
    p.ctx,
    sql`SELECT count(*) AS n FROM ${sql.table(table)} WHERE graph_id = ${graphId}`,
  );
const marks = (graphId: number) =>
  rows<{ job_id: number }>(
    p.ctx,
    sql`SELECT job_id FROM kg_graph_writes WHERE graph_id = ${graphId}`,
  );
const read = async (path: string) => {
  const res = await fetch(`${p.api}${path}`, { headers: authHeaders(admin) });
  return { status: res.status, body: await res.json() };
};

/** A create dry run of `content`; the new (empty) graph and its finished plan job. */
async function createDryRun(content: string) {
  const file = await uploadCsv(p, admin, `batch-${++graphNo}.csv`, content);
  const r = await call(p, admin, "POST", "/graphadmin/graphs/dry-run/", {
    name: `分批图谱${graphNo}`,
    domain: "military",
    ontology_id: military,
    file_ids: [file],
  });
  expect(r.status).toBe(202);
  const plan = await settled(p, r.body.job_id);
  expect(plan.status).toBe("succeeded");
  return { graphId: r.body.graph.id as number, planJob: plan.id };
}

describe("a graph being written", () => {
  it("is told to readers (409, the job named) instead of shown in part, and whole once the mark is lifted", async () => {
    const { graphId, planJob } = await createDryRun(MILITARY_CSV);
    const applied = await call(p, admin, "POST", `/graphadmin/graphs/${graphId}/update/`, {
      plan_job_id: planJob,
    });
    const job = await settled(p, applied.body.job_id);
    expect(job.status).toBe("succeeded");
    expect(await marks(graphId)).toEqual([]);
    const article = await value<number>(
      p.ctx,
      sql`INSERT INTO kg_articles (graph_id, title, source, published_at, content)
          VALUES (${graphId}, '分批文章', '测试', '2026-01-01', '辽宁舰') RETURNING id`,
    );

    // A job writing it (a running one, as a worker would hold it).
    const writer = await value<number>(
      p.ctx,
      // A live worker's job (its heartbeat fresh while the test runs): recovery leaves it alone.
      sql`INSERT INTO jobs (kind, graph_id, status, worker, heartbeat_at)
          VALUES ('graph.build', ${graphId}, 'running', 'test-writer', '9999-01-01T00:00:00.000Z') RETURNING id`,
    );
    await run(
      p.ctx,
      sql`INSERT INTO kg_graph_writes (graph_id, job_id) VALUES (${graphId}, ${writer})`,
    );
    for (const path of [
      `/kg/graphs/${graphId}/`,
      `/kg/graphs/${graphId}/entities/`,
      `/kg/graphs/${graphId}/overview/`,
      `/kg/articles/${article}/`,
    ]) {
      const r = await read(path);
      expect(r.status, path).toBe(409);
      expect(r.body).toMatchObject({
        code: "graph_writing",
        detail: `知识图谱正在由任务 #${writer} 写入，完成后即可浏览`,
      });
    }
    const listed = (await read("/kg/graphs/")).body.results.find(
      (g: { id: number }) => g.id === graphId,
    );
    expect(listed).toMatchObject({ id: graphId, writing_job: writer });
    expect(listed.counts).toBeUndefined();
    // In English, as the console asks.
    const en = await fetch(`${p.api}/kg/graphs/${graphId}/`, {
      headers: { ...authHeaders(admin), "Accept-Language": "en" },
    });
    expect((await en.json()).detail).toBe(
      `Job #${writer} is writing this knowledge graph; it can be browsed once the job has finished`,
    );

    await run(p.ctx, sql`DELETE FROM kg_graph_writes WHERE graph_id = ${graphId}`);
    await run(p.ctx, sql`UPDATE jobs SET status = 'succeeded' WHERE id = ${writer}`);
    const whole = await read(`/kg/graphs/${graphId}/`);
    expect(whole.status).toBe(200);
    expect(whole.body.counts).toMatchObject({ entities: 5, relations: 4 });
  });

  it("an apply into an empty graph that fails midway clears what it wrote; the graph is empty and readable again", async () => {
    const { graphId, planJob } = await createDryRun(
      csv([
        "subject,predicate,object,confidence",
        "西部战区,类型,军队,",
        "辽宁舰,类型,舰艇,",
        "歼-15,类型,飞机,",
        "西部战区,装备,辽宁舰,0.61",
        "西部战区,装备,歼-15,0.123",
      ]),
    );
    await failMidway(p, true);
    try {
      const applied = await call(p, admin, "POST", `/graphadmin/graphs/${graphId}/update/`, {
        plan_job_id: planJob,
      });
      const job = await settled(p, applied.body.job_id);
      expect(job.status).toBe("failed");
      const log = await rows<{ message: string }>(
        p.ctx,
        sql`SELECT message FROM job_logs WHERE job_id = ${job.id} ORDER BY id`,
      );
      expect(log.map((l) => l.message)).toContain("写入未完成，已清除写入的部分数据");
    } finally {
      await failMidway(p, false);
    }
    // The entities went in a batch of their own before the relations failed: gone again.
    expect(await count("kg_entities", graphId)).toBe(0);
    expect(await count("kg_relations", graphId)).toBe(0);
    expect(await marks(graphId)).toEqual([]);
    const r = await read(`/kg/graphs/${graphId}/`);
    expect(r.status).toBe(200);
    expect(r.body.counts).toMatchObject({ entities: 0, relations: 0 });
  });

  it("a write whose job ended without finishing (a worker killed) is cleared by the next sweep, once", async () => {
    const { graphId } = await createDryRun(MILITARY_CSV);
    // What a killed worker leaves: its job failed by recovery, part of the graph written, the mark.
    const dead = await value<number>(
      p.ctx,
      sql`INSERT INTO jobs (kind, graph_id, status) VALUES ('graph.update', ${graphId}, 'failed') RETURNING id`,
    );
    await run(
      p.ctx,
      sql`INSERT INTO kg_graph_writes (graph_id, job_id) VALUES (${graphId}, ${dead})`,
    );
    for (const name of ["半成品甲", "半成品乙"])
      await run(
        p.ctx,
        sql`INSERT INTO kg_entities (uuid, graph_id, name) VALUES (${`half-${name}`}, ${graphId}, ${name})`,
      );
    expect((await read(`/kg/graphs/${graphId}/entities/`)).status).toBe(409);

    // Two sweeps at once (two workers, or two nodes): one clear job.
    await Promise.all([...jobSweeps(), ...jobSweeps()].map((sweep) => sweep(p.ctx)));
    const clears = await rows<{ id: number }>(
      p.ctx,
      sql`SELECT id FROM jobs WHERE kind = ${CLEAR} AND graph_id = ${graphId}`,
    );
    expect(clears).toHaveLength(1);
    const cleared = await settled(p, clears[0].id);
    expect(cleared.status).toBe("succeeded");
    expect(await count("kg_entities", graphId)).toBe(0);
    expect(await marks(graphId)).toEqual([]);
    const r = await read(`/kg/graphs/${graphId}/entities/`);
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(0);
    // Nothing left to sweep.
    for (const sweep of jobSweeps()) await sweep(p.ctx);
    expect(
      await value<number>(
        p.ctx,
        sql`SELECT count(*) AS n FROM jobs WHERE kind = ${CLEAR} AND graph_id = ${graphId}`,
      ),
    ).toBe(1);
  });

  it("a build marks the graph while it writes and lifts the mark with its success", async () => {
    const file = await uploadCsv(p, admin, "batch-build.csv", MILITARY_CSV);
    const r = await call(p, admin, "POST", "/graphadmin/graphs/", {
      name: "分批构建图谱",
      domain: "military",
      ontology_id: military,
      file_ids: [file],
    });
    expect(r.status).toBe(202);
    const graphId = r.body.graph.id as number;
    const seen: string[] = [];
    const watch = setInterval(() => {
      void read(`/kg/graphs/${graphId}/`).then((x) =>
        seen.push(
          x.status === 200 ? `${x.body.counts.entities}/${x.body.counts.relations}` : `${x.status}`,
        ),
      );
    }, 5);
    try {
      expect((await settled(p, r.body.job_id)).status).toBe("succeeded");
    } finally {
      clearInterval(watch);
    }
    // Readers saw the graph empty (before), being written (409) or whole: never part of it.
    expect(seen.length).toBeGreaterThan(0);
    for (const answer of seen) expect(["0/0", "409", "5/4"]).toContain(answer);
    expect(await marks(graphId)).toEqual([]);
    const whole = await read(`/kg/graphs/${graphId}/`);
    expect(whole.body.counts).toMatchObject({ entities: 5, relations: 4 });
  });
});
