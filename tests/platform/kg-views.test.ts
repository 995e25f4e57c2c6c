import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedPathGraph } from "../app/kg-fixtures.js";
import {
  apiCall,
  createUserWithToken,
  startPlatform,
  type TestPlatform,
  type TestUser,
} from "../helpers/platform.js";
import { run, value } from "../helpers/sql.js";

type Json = any;
const GRAPH = 907;

/** Saved views (issue 23 item 3): /kg/views/, who sees and changes what, and what a view no longer finds. */
describe("saved views", () => {
  let p: TestPlatform;
  let owner: TestUser;
  let member: TestUser;
  let other: TestUser;
  let blind: TestUser;
  let admin: TestUser;
  let shared: number;
  let ownerGroup: number;
  let otherGroup: number;
  let fixture: Awaited<ReturnType<typeof seedPathGraph>>;
  const call = (u: TestUser, method: string, path: string, body?: unknown) =>
    apiCall(p.api, u, method, path, body);
  const pathQuery = () => `from=${fixture.uuid("A")}&to=${fixture.uuid("D")}&hops=4&k=3`;
  const save = (u: TestUser, body: Record<string, unknown> = {}) =>
    call(u, "POST", "/kg/views/", {
      graph: GRAPH,
      kind: "path",
      name: "A 到 D",
      query: pathQuery(),
      ...body,
    });

  beforeAll(async () => {
    p = await startPlatform({ seed: "demo" });
    fixture = await seedPathGraph(p.ctx, GRAPH);
    owner = await createUserWithToken(p.ctx, "view-owner", ["kg__graph__read"]);
    member = await createUserWithToken(p.ctx, "view-member", ["kg__graph__read"]);
    other = await createUserWithToken(p.ctx, "view-other", ["kg__graph__read"]);
    blind = await createUserWithToken(p.ctx, "view-blind", []);
    admin = await createUserWithToken(p.ctx, "view-admin", ["admin"]);
    shared = await value<number>(
      p.ctx,
      sql`INSERT INTO groups (name) VALUES ('视图共享组') RETURNING id`,
    );
    for (const u of [owner, member, blind])
      await run(
        p.ctx,
        sql`INSERT INTO user_groups (user_id, group_id) VALUES (${u.id}, ${shared})`,
      );
    ownerGroup = await value<number>(p.ctx, sql`SELECT id FROM groups WHERE name = 'g-view-owner'`);
    otherGroup = await value<number>(p.ctx, sql`SELECT id FROM groups WHERE name = 'g-view-other'`);
  }, 60_000);
  afterAll(() => p.close());

  it("saves a path view with what it shows, and lists it as the owner's", async () => {
    const r = await save(owner);
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({ graph: GRAPH, kind: "path", name: "A 到 D", mine: true });
    expect(r.body.owner.username).toBe("view-owner");
    expect(new URLSearchParams(r.body.query).get("from")).toBe(fixture.uuid("A"));
    const opened = await call(owner, "GET", `/kg/views/${r.body.id}/`);
    expect(opened.status).toBe(200);
    expect(opened.body.shown.entities.map((e: Json) => e.name)).toEqual(
      expect.arrayContaining(["实体A", "实体D", "实体E"]),
    );
    expect(opened.body.shown.relations.length).toBeGreaterThanOrEqual(5);
    expect(opened.body.missing).toEqual({ entities: [], relations: [] });
    const list = await call(owner, "GET", `/kg/views/?graph=${GRAPH}`);
    expect(list.status).toBe(200);
    expect(list.body.mine.map((v: Json) => v.id)).toContain(r.body.id);
    expect(list.body.groups.map((g: Json) => g.name).sort()).toEqual([
      "g-view-owner",
      "视图共享组",
    ]);
  });

  it("shares read-only with the owner's groups: members open it, others are refused", async () => {
    const v = (await save(owner, { name: "共享的" })).body;
    expect((await call(member, "GET", `/kg/views/${v.id}/`)).status).toBe(403);
    const shareTo = await call(owner, "PATCH", `/kg/views/${v.id}/`, { groups: [shared] });
    expect(shareTo.status, shareTo.text).toBe(200);
    expect(shareTo.body.groups).toEqual([{ id: shared, name: "视图共享组" }]);

    const opened = await call(member, "GET", `/kg/views/${v.id}/`);
    expect(opened.status).toBe(200);
    expect(opened.body.mine).toBe(false);
    expect(opened.body.groups).toEqual([]);
    const list = await call(member, "GET", `/kg/views/?graph=${GRAPH}`);
    expect(list.body.shared.map((x: Json) => x.id)).toContain(v.id);
    expect(list.body.mine).toEqual([]);
    // Read-only for the group: no rename, no re-share, no delete.
    expect((await call(member, "PATCH", `/kg/views/${v.id}/`, { name: "改名" })).status).toBe(403);
    expect((await call(member, "PATCH", `/kg/views/${v.id}/`, { groups: [] })).status).toBe(403);
    expect((await call(member, "DELETE", `/kg/views/${v.id}/`)).status).toBe(403);
    // A user outside the group neither sees nor opens it.
    expect((await call(other, "GET", `/kg/views/${v.id}/`)).status).toBe(403);
    const otherList = await call(other, "GET", "/kg/views/");
    expect([...otherList.body.mine, ...otherList.body.shared].map((x: Json) => x.id)).not.toContain(
      v.id,
    );
    expect((await call(other, "PATCH", `/kg/views/${v.id}/`, { name: "x" })).status).toBe(403);
    expect((await call(other, "DELETE", `/kg/views/${v.id}/`)).status).toBe(403);
  });

  it("is neither listed nor opened for a member who may not read the graph", async () => {
    const v = (await save(owner, { name: "看不到", groups: [shared] })).body;
    expect(v.groups.map((g: Json) => g.id)).toEqual([shared]);
    expect((await call(blind, "GET", `/kg/views/${v.id}/`)).status).toBe(403);
    const list = await call(blind, "GET", `/kg/views/?graph=${GRAPH}`);
    expect(list.status).toBe(200);
    expect(list.body.shared).toEqual([]);
    // Nor saved by them.
    expect((await save(blind)).status).toBe(403);
  });

  it("shares only with groups the owner is in, unless an admin", async () => {
    const v = (await save(owner, { name: "组" })).body;
    const r = await call(owner, "PATCH", `/kg/views/${v.id}/`, { groups: [otherGroup] });
    expect(r.status).toBe(403);
    expect((await save(owner, { groups: [otherGroup] })).status).toBe(403);
    expect((await call(owner, "PATCH", `/kg/views/${v.id}/`, { groups: [999999] })).status).toBe(
      400,
    );
    const a = (await save(admin, { name: "管理员的" })).body;
    const shareAll = await call(admin, "PATCH", `/kg/views/${a.id}/`, {
      groups: [otherGroup, ownerGroup],
    });
    expect(shareAll.status, shareAll.text).toBe(200);
    expect((await call(other, "GET", `/kg/views/${a.id}/`)).status).toBe(200);
  });

  it("renames and deletes for the owner only", async () => {
    const v = (await save(owner, { name: "旧名" })).body;
    const renamed = await call(owner, "PATCH", `/kg/views/${v.id}/`, { name: "  新名 " });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe("新名");
    expect((await call(owner, "DELETE", `/kg/views/${v.id}/`)).status).toBe(204);
    expect((await call(owner, "GET", `/kg/views/${v.id}/`)).status).toBe(404);
    expect((await call(owner, "DELETE", `/kg/views/${v.id}/`)).status).toBe(404);
  });

  it("refuses bad input with a 400 and unknown views with a 404", async () => {
    const bad: Record<string, unknown>[] = [
      { name: "" },
      { name: "x".repeat(101) },
      { kind: "table" },
      { graph: "abc" },
      { query: "" },
      { query: `from=${fixture.uuid("A")}` },
      { query: `${pathQuery()}&hops=9` },
      { query: `${pathQuery()}&direction=up` },
      { query: `${pathQuery()}&types=999999` },
      { query: `${pathQuery()}&evil=1` },
      { query: `from=nobody&to=${fixture.uuid("D")}` },
      { surprise: 1 },
      { entities: [fixture.uuid("A")] },
    ];
    for (const body of bad) {
      const r = await save(owner, body);
      expect(r.status, JSON.stringify(body) + r.text).toBe(400);
      expect(r.body.detail).toBeTruthy();
    }
    expect((await save(owner, { graph: 999999 })).status).toBe(404);
    const v = (await save(owner)).body;
    expect((await call(owner, "PATCH", `/kg/views/${v.id}/`, {})).status).toBe(400);
    expect((await call(owner, "PATCH", `/kg/views/${v.id}/`, { name: " " })).status).toBe(400);
    expect((await call(owner, "PATCH", `/kg/views/${v.id}/`, { groups: "x" })).status).toBe(400);
    expect((await call(owner, "GET", "/kg/views/abc/")).status).toBe(404);
    expect((await call(owner, "GET", "/kg/views/?graph=abc")).status).toBe(400);
    const anonymous = await fetch(`${p.api}/kg/views/`);
    expect(anonymous.status).toBe(401);
  });

  it("saves an exploration's query, checked against its form, and the entities and relations it shows", async () => {
    const rel = await value<number>(
      p.ctx,
      sql`SELECT min(id) FROM kg_relations WHERE graph_id = ${GRAPH}`,
    );
    const r = await save(owner, {
      kind: "explore",
      query: `entity=${fixture.uuid("A")}&budget=25`,
      entities: [fixture.uuid("A"), "no-such-entity"],
      relations: [rel],
    });
    expect(r.status, r.text).toBe(201);
    const opened = (await call(owner, "GET", `/kg/views/${r.body.id}/`)).body;
    expect(opened.shown.entities).toEqual([{ uuid: fixture.uuid("A"), name: "实体A" }]);
    expect(opened.shown.relations).toHaveLength(1);
    expect((await save(owner, { kind: "explore", query: "bad name=1" })).status).toBe(400);
    // Decision 025's form, exactly: anything else is refused, never stored.
    const A = fixture.uuid("A");
    for (const query of [
      "budget=25", // no entity
      `entity=${A}&entity=${A}`,
      `entity=${A}&budget=0`,
      `entity=${A}&budget=101`,
      `entity=${A}&x=${A}~*~any~11`,
      `entity=${A}&x=${A}~*~sideways~1`,
      `entity=${A}&x=${A}~*~any~1&x=${A}~*~any~1`,
      `entity=${A}&hide_type=x`,
      `entity=${A}&page=2`,
    ])
      expect((await save(owner, { kind: "explore", query })).status, query).toBe(400);
    const full = `entity=${A}&pin=${A}&budget=10&x=${A}~*~any~2&x=${A}~7~out~1&collapse=${A}&hide=${A}&hide_type=3`;
    expect((await save(owner, { kind: "explore", query: full })).status).toBe(201);
  });

  it("says what it can no longer find: an entity or a relation removed since", async () => {
    const v = (await save(owner, { name: "会变的" })).body;
    const before = (await call(owner, "GET", `/kg/views/${v.id}/`)).body;
    const viaE = before.shown.relations.find((x: Json) => x.label.includes("实体E"));
    expect(viaE).toBeTruthy();
    // One relation of the path goes; then the entity F with its relations.
    const relationId = before.shown.relations.find(
      (x: Json) => x.label.includes("实体A") && x.label.includes("实体B"),
    ).id;
    await run(p.ctx, sql`DELETE FROM kg_relations WHERE id = ${relationId}`);
    let after = (await call(owner, "GET", `/kg/views/${v.id}/`)).body;
    expect(after.missing.relations.map((x: Json) => x.id)).toEqual([relationId]);
    expect(after.missing.entities).toEqual([]);
    await run(
      p.ctx,
      sql`DELETE FROM kg_relations WHERE subject_id IN (SELECT id FROM kg_entities WHERE uuid = ${fixture.uuid("F")})
        OR object_id IN (SELECT id FROM kg_entities WHERE uuid = ${fixture.uuid("F")})`,
    );
    await run(p.ctx, sql`DELETE FROM kg_entities WHERE uuid = ${fixture.uuid("F")}`);
    after = (await call(owner, "GET", `/kg/views/${v.id}/`)).body;
    expect(after.missing.entities).toEqual([{ uuid: fixture.uuid("F"), name: "实体F" }]);
    expect(after.missing.relations.length).toBeGreaterThanOrEqual(3);
  });

  it("while a job writes the graph: a view is neither opened nor saved (409), still listed and renamed", async () => {
    const v = (await save(owner, { name: "写入中" })).body;
    const job = await value<number>(
      p.ctx,
      sql`INSERT INTO jobs (kind, graph_id, status, worker, heartbeat_at)
          VALUES ('graph.build', ${GRAPH}, 'running', 'test-writer', '9999-01-01T00:00:00.000Z') RETURNING id`,
    );
    await run(p.ctx, sql`INSERT INTO kg_graph_writes (graph_id, job_id) VALUES (${GRAPH}, ${job})`);
    try {
      const opened = await call(owner, "GET", `/kg/views/${v.id}/`);
      expect(opened.status).toBe(409);
      expect(opened.body.code).toBe("graph_writing");
      expect((await save(owner, { name: "写入中二" })).status).toBe(409);
      const list = await call(owner, "GET", `/kg/views/?graph=${GRAPH}`);
      expect(list.body.mine.map((x: Json) => x.id)).toContain(v.id);
      expect((await call(owner, "PATCH", `/kg/views/${v.id}/`, { name: "改名" })).status).toBe(200);
    } finally {
      await run(p.ctx, sql`DELETE FROM kg_graph_writes WHERE graph_id = ${GRAPH}`);
      await run(p.ctx, sql`UPDATE jobs SET status = 'succeeded' WHERE id = ${job}`);
    }
    expect((await call(owner, "GET", `/kg/views/${v.id}/`)).status).toBe(200);
  });
});
