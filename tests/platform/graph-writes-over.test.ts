import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { BATCHED_CHANGES } from "../../platform/admin/graph-admin/apply.js";
import { UPDATE } from "../../platform/admin/graph-admin/job-kinds.js";
import { CLEAR, MAX_RESUMPTIONS } from "../../platform/admin/graph-admin/graph-writes.js";
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
  cancelMidway,
  csv,
  failMidway,
  graphFacts,
  settled,
  uploadCsv,
  type Caller,
} from "./graph-admin-helpers.js";
import type { PlanReport } from "@contract/graph-admin";

/**
 * Writes into a graph that has facts (issue 26, decision 037): a rebuild and an update of more
 * than BATCHED_CHANGES changes are written in batches while the graph is marked (readers see the
 * old graph, "being written" or the new one, never part of it); a write that stops midway is
 * resumed by a new job, which finishes it to exactly what one uninterrupted apply gives.
 */

let p: TestPlatform;
let admin: Caller;
let military: number;
let graphNo = 0;

beforeAll(async () => {
  p = await startPlatform();
  military = (await ensureBuiltinOntologies(p.ctx)).military;
  admin = await createUserWithToken(p.ctx, "over-writer", ["admin"]);
});
afterAll(() => p.close());

const read = async (path: string) => {
  const res = await fetch(`${p.api}${path}`, { headers: authHeaders(admin) });
  return { status: res.status, body: await res.json() };
};
const marks = (graphId: number) =>
  rows<{ job_id: number; resume: number }>(
    p.ctx,
    sql`SELECT job_id, resume FROM kg_graph_writes WHERE graph_id = ${graphId}`,
  );
const logOf = async (jobId: number) =>
  (
    await rows<{ message: string }>(
      p.ctx,
      sql`SELECT message FROM job_logs WHERE job_id = ${jobId} ORDER BY id`,
    )
  ).map((l) => l.message);

/** A graph built from `content` through a create dry run and its apply. */
async function graphOf(content: string) {
  const file = await uploadCsv(p, admin, `over-${++graphNo}.csv`, content);
  const dry = await call(p, admin, "POST", "/graphadmin/graphs/dry-run/", {
    name: `覆盖写入图谱${graphNo}`,
    domain: "military",
    ontology_id: military,
    file_ids: [file],
  });
  expect(dry.status).toBe(202);
  const graphId = dry.body.graph.id as number;
  expect((await settled(p, dry.body.job_id)).status).toBe("succeeded");
  const applied = await call(p, admin, "POST", `/graphadmin/graphs/${graphId}/update/`, {
    plan_job_id: dry.body.job_id,
  });
  expect((await settled(p, applied.body.job_id)).status).toBe("succeeded");
  return graphId;
}

/** A finished dry run of `content` against the graph: "build" (a rebuild) or "update". */
async function dryRun(graphId: number, kind: "build" | "update", content: string) {
  const file = await uploadCsv(p, admin, `over-${++graphNo}.csv`, content);
  const r = await call(p, admin, "POST", `/graphadmin/graphs/${graphId}/${kind}/dry-run/`, {
    file_ids: [file],
  });
  expect(r.status).toBe(202);
  const job = await settled(p, r.body.job_id, 60_000);
  expect(job.status).toBe("succeeded");
  return job;
}

const apply = async (graphId: number, planJob: number) => {
  const r = await call(p, admin, "POST", `/graphadmin/graphs/${graphId}/update/`, {
    plan_job_id: planJob,
  });
  expect(r.status).toBe(202);
  return settled(p, r.body.job_id, 60_000);
};

/** Runs every sweep, then settles the resumption queued for the graph (if any). */
async function resumption(graphId: number, of: number) {
  for (const sweep of jobSweeps()) await sweep(p.ctx);
  const id = await value<number>(
    p.ctx,
    sql`SELECT id FROM jobs WHERE kind = ${UPDATE} AND graph_id = ${graphId} AND id > ${of}
          ORDER BY id LIMIT 1`,
  );
  expect(id).toBeGreaterThan(of);
  return settled(p, id, 60_000);
}

/** A rebuild's sources: two kept entities changed, one new, the rest of the old graph gone. */
const REBUILD_CSV = csv([
  "subject,predicate,object,confidence",
  "东部战区海军,类型,军队,",
  "辽宁舰,类型,舰艇,",
  "山东舰,类型,舰艇,",
  "东部战区海军,装备,辽宁舰,0.7",
  "东部战区海军,装备,山东舰,0.123",
]);

/**
 * An update of more than BATCHED_CHANGES changes: `n` new ships, each equipped by the navy; the
 * relation of confidence 0.123 (failMidway's) comes after the first relation batch.
 */
function bigUpdate(n: number) {
  const lines = ["subject,predicate,object,confidence"];
  for (let i = 0; i < n; i++) lines.push(`舰艇${i},类型,舰艇,`);
  for (let i = 0; i < n; i++)
    lines.push(`东部战区海军,装备,舰艇${i},${i === n - 100 ? "0.123" : "0.5"}`);
  return csv(lines);
}

describe("a rebuild of a graph with facts", () => {
  it("is written in batches while the graph is marked: readers see the old graph, 409 or the new one", async () => {
    const graphId = await graphOf(MILITARY_CSV);
    const plan = await dryRun(graphId, "build", REBUILD_CSV.replace("0.123", "0.6"));
    const seen: string[] = [];
    const watch = setInterval(() => {
      void read(`/kg/graphs/${graphId}/`).then((x) =>
        seen.push(
          x.status === 200 ? `${x.body.counts.entities}/${x.body.counts.relations}` : `${x.status}`,
        ),
      );
    }, 5);
    let job;
    try {
      job = await apply(graphId, plan.id);
    } finally {
      clearInterval(watch);
    }
    expect(job.status).toBe("succeeded");
    for (const answer of seen) expect(["5/4", "409", "3/2"]).toContain(answer);
    expect(await marks(graphId)).toEqual([]);
    expect((await read(`/kg/graphs/${graphId}/`)).body.counts).toMatchObject({
      entities: 3,
      relations: 2,
    });
  });

  it("stopped midway, is left marked (never shown in part) and resumed by a new job to exactly its result", async () => {
    const graphId = await graphOf(MILITARY_CSV);
    const twin = await graphOf(MILITARY_CSV);
    const plan = await dryRun(graphId, "build", REBUILD_CSV);
    const reference = await dryRun(twin, "build", REBUILD_CSV);
    expect((await apply(twin, reference.id)).status).toBe("succeeded");

    await failMidway(p, true);
    let failed;
    try {
      failed = await apply(graphId, plan.id);
    } finally {
      await failMidway(p, false);
    }
    expect(failed.status).toBe("failed");
    // Cleared and part written: the mark stays, to be resumed; readers are told it is written.
    expect(await marks(graphId)).toEqual([{ job_id: failed.id, resume: 1 }]);
    expect((await read(`/kg/graphs/${graphId}/entities/`)).status).toBe(409);

    const resumed = await resumption(graphId, failed.id);
    expect(resumed.status).toBe("succeeded");
    expect(resumed.params).toMatchObject({
      plan_job_id: plan.id,
      resumes: failed.id,
      resumption: 1,
    });
    expect(await logOf(resumed.id)).toContain(`继续完成任务 #${failed.id} 未完成的写入`);
    // It reports the dry run's report, and the graph holds what one apply gives.
    const report = (resumed.result as { report: PlanReport }).report;
    expect(report.summary).toEqual((plan.result as { report: PlanReport }).report.summary);
    expect(await marks(graphId)).toEqual([]);
    expect(await graphFacts(p, graphId)).toEqual(await graphFacts(p, twin));
    expect((await read(`/kg/graphs/${graphId}/`)).body.counts).toMatchObject({
      entities: 3,
      relations: 2,
    });
  });
});

describe("an update of more than BATCHED_CHANGES changes", () => {
  const n = Math.ceil(BATCHED_CHANGES / 2) + 200;

  it("is written in batches while the graph is marked, and stopped midway is resumed to exactly one apply's result", async () => {
    const graphId = await graphOf(MILITARY_CSV);
    const twin = await graphOf(MILITARY_CSV);
    const content = bigUpdate(n);
    const plan = await dryRun(graphId, "update", content);
    const summary = (plan.result as { report: PlanReport }).report.summary;
    expect(summary.entities.added + summary.relations.added).toBeGreaterThan(BATCHED_CHANGES);
    const straight = await apply(twin, (await dryRun(twin, "update", content)).id);
    expect(straight.status).toBe("succeeded");

    await failMidway(p, true);
    let failed;
    try {
      failed = await apply(graphId, plan.id);
    } finally {
      await failMidway(p, false);
    }
    expect(failed.status).toBe("failed");
    // The entities and the first relations are in, the rest not: marked, to be resumed.
    const part = await value<number>(
      p.ctx,
      sql`SELECT count(*) AS n FROM kg_relations WHERE graph_id = ${graphId}`,
    );
    expect(part).toBeGreaterThan(4);
    expect(part).toBeLessThan(n + 4);
    expect(await marks(graphId)).toEqual([{ job_id: failed.id, resume: 1 }]);
    expect((await read(`/kg/graphs/${graphId}/`)).status).toBe(409);

    const resumed = await resumption(graphId, failed.id);
    expect(resumed.status).toBe("succeeded");
    expect(resumed.result).toMatchObject({
      applied: { entities: { added: n }, relations: { added: n } },
    });
    expect(await graphFacts(p, graphId)).toEqual(await graphFacts(p, twin));
    expect(await marks(graphId)).toEqual([]);
  });
});

describe("cancelling a write over a graph with facts", () => {
  it("does not stop it once begun: it goes on to the dry run's result and the log says why", async () => {
    const graphId = await graphOf(MILITARY_CSV);
    const n = Math.ceil(BATCHED_CHANGES / 2) + 200;
    const plan = await dryRun(graphId, "update", bigUpdate(n));
    await cancelMidway(p, true);
    let job;
    try {
      job = await apply(graphId, plan.id);
    } finally {
      await cancelMidway(p, false);
    }
    expect(job.status).toBe("succeeded");
    expect(job.cancel_requested).toBe(true);
    expect(await logOf(job.id)).toContain("图谱已开始写入，不能取消；写入完成后任务结束");
    expect(await marks(graphId)).toEqual([]);
    expect((await read(`/kg/graphs/${graphId}/`)).body.counts).toMatchObject({
      entities: 5 + n,
      relations: 4 + n,
    });
  });
});

describe("a write resumed too often", () => {
  it("is cleared instead, and the log says to build the graph again", async () => {
    const graphId = await graphOf(MILITARY_CSV);
    const last = await value<number>(
      p.ctx,
      sql`INSERT INTO jobs (kind, graph_id, status, params_json)
          VALUES (${UPDATE}, ${graphId}, 'failed', ${JSON.stringify({ plan_job_id: 1, resumption: MAX_RESUMPTIONS })})
          RETURNING id`,
    );
    await run(
      p.ctx,
      sql`INSERT INTO kg_graph_writes (graph_id, job_id, resume) VALUES (${graphId}, ${last}, 1)`,
    );
    for (const sweep of jobSweeps()) await sweep(p.ctx);
    const clear = await value<number>(
      p.ctx,
      sql`SELECT id FROM jobs WHERE kind = ${CLEAR} AND graph_id = ${graphId}`,
    );
    expect((await settled(p, clear)).status).toBe("succeeded");
    expect(await logOf(clear)).toContain(
      `任务 #${last} 的写入多次未能完成，已清空图谱，请重新构建`,
    );
    expect(await marks(graphId)).toEqual([]);
    expect((await read(`/kg/graphs/${graphId}/`)).body.counts).toMatchObject({ entities: 0 });
  });
});
