import Graph from "graphology";
import { parse as parseGraphml } from "graphology-graphml";
import { sql } from "kysely";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as pathAction, loader as pathLoader } from "~/routes/_public.$kgId.path";
import { action as viewsAction, loader as viewsLoader } from "~/routes/_public.$kgId.views";
import { loader as openLoader } from "~/routes/$kgId.views.$viewId";
import { loader as downloadLoader } from "~/routes/$kgId.path.download";
import { action as exploreAction, loader as exploreLoader } from "~/routes/_public.$kgId.explore";
import { loader as exploreDownload } from "~/routes/$kgId.explore.download";
import { browser, get, post, run, useTestPlatform, type BrowserState } from "../helpers/console";
import { startPlatform, userWithToken, type TestPlatform } from "../helpers/platform";
import { run as runSql, value } from "../helpers/sql";
import { seedPathGraph } from "./kg-fixtures";

type Data = any;
const GRAPH = 909;

/** Saved views in the console (issue 23 items 3–4): save on the path page, the list, open, share, downloads. */
describe("saved views (/:kgId/views) and the path page's downloads", () => {
  let p: TestPlatform;
  let owner: BrowserState;
  let member: BrowserState;
  let other: BrowserState;
  let fixture: Awaited<ReturnType<typeof seedPathGraph>>;
  let shared: number;
  const params = { kgId: String(GRAPH) };
  const u = (name: string) => fixture.uuid(name);
  const search = () => `from=${u("A")}&to=${u("D")}&hops=4&k=3&direction=any`;

  beforeAll(async () => {
    p = await startPlatform({ seed: "demo" });
    useTestPlatform(p);
    const o = userWithToken(p.ctx, "views-owner", ["kg__graph__read"]);
    const m = userWithToken(p.ctx, "views-member", ["kg__graph__read"]);
    owner = await browser(o);
    member = await browser(m);
    other = await browser(userWithToken(p.ctx, "views-other", ["kg__graph__read"]));
    fixture = await seedPathGraph(p.ctx, GRAPH);
    shared = await value<number>(
      p.ctx,
      sql`INSERT INTO groups (name) VALUES ('分析组') RETURNING id`,
    );
    for (const id of [o.id, m.id])
      await runSql(
        p.ctx,
        sql`INSERT INTO user_groups (user_id, group_id) VALUES (${id}, ${shared})`,
      );
  }, 60_000);
  afterAll(() => p.close());

  const load = async (
    loader: (a: LoaderFunctionArgs) => unknown,
    path: string,
    who = owner,
    ps: Record<string, string> = params,
  ) => {
    const r = await run(() => loader({ request: get(path, who), params: ps, context: {} }));
    return { ...r, d: r.data as Data };
  };
  const act = async (
    action: (a: ActionFunctionArgs) => unknown,
    path: string,
    fields: Record<string, string | string[]>,
    who = owner,
  ) => run(() => action({ request: post(path, who, fields), params, context: {} }));
  const saveAs = async (name: string) => {
    const r = await act(pathAction, `/${GRAPH}/path?${search()}`, {
      intent: "save-view",
      name,
      query: search(),
    });
    expect(r.status).toBe(302);
    expect(r.response!.headers.get("Location")).toBe(`/${GRAPH}/views`);
    const list = await load(viewsLoader, `/${GRAPH}/views`);
    return list.d.mine.find((v: Data) => v.name === name);
  };

  it("offers the save form's query on the path page and saves the view, then lists it", async () => {
    const page = await load(pathLoader, `/${GRAPH}/path?${search()}`);
    expect(new URLSearchParams(page.d.searchQuery).get("from")).toBe(u("A"));
    const v = await saveAs("甲到丁");
    expect(v).toMatchObject({ kind: "path", mine: true, graph: GRAPH });
    expect(v.owner.username).toBe("views-owner");
  });

  it("refuses an empty name with the platform's message, the form kept", async () => {
    const r = await act(pathAction, `/${GRAPH}/path?${search()}`, {
      intent: "save-view",
      name: " ",
      query: search(),
    });
    expect(r.status).toBe(400);
    expect((r.data as Data).error).toBe("请输入视图名称");
    expect((await act(pathAction, `/${GRAPH}/path`, { intent: "drop" })).status).toBe(400);
  });

  it("opens a view on its page with the notice, and says what is gone since", async () => {
    const v = await saveAs("会缺的");
    const open = await load(openLoader, `/${GRAPH}/views/${v.id}`, owner, {
      ...params,
      viewId: String(v.id),
    });
    expect(open.status).toBe(302);
    const to = open.response!.headers.get("Location")!;
    expect(to).toMatch(new RegExp(`^/${GRAPH}/path\\?from=`));
    expect(to).toContain(`view=${v.id}`);
    const page = await load(pathLoader, to);
    expect(page.d.view).toMatchObject({ name: "会缺的", mine: true });
    expect(page.d.view.missing).toEqual({ entities: [], relations: [] });
    await runSql(
      p.ctx,
      sql`DELETE FROM kg_relations WHERE graph_id = ${GRAPH} AND subject_id = (SELECT id FROM kg_entities WHERE uuid = ${u("C")})
        AND object_id = (SELECT id FROM kg_entities WHERE uuid = ${u("D")})`,
    );
    const after = await load(pathLoader, to);
    expect(after.d.view.missing.relations).toHaveLength(1);
    expect(after.d.view.missing.relations[0].label).toContain("实体C");
    expect((await load(pathLoader, `/${GRAPH}/path?${search()}&view=x`)).status).toBe(400);
  });

  it("shares with a group: its member opens it read-only, a user outside is refused", async () => {
    const v = await saveAs("给组看");
    const r = await act(viewsAction, `/${GRAPH}/views`, {
      intent: "share",
      id: String(v.id),
      groups: [String(shared)],
    });
    expect(r.status).toBe(302);
    const list = await load(viewsLoader, `/${GRAPH}/views`, member);
    expect(list.d.shared.map((x: Data) => x.name)).toContain("给组看");
    const ps = { ...params, viewId: String(v.id) };
    expect((await load(openLoader, `/${GRAPH}/views/${v.id}`, member, ps)).status).toBe(302);
    expect((await load(openLoader, `/${GRAPH}/views/${v.id}`, other, ps)).status).toBe(403);
    expect((await load(pathLoader, `/${GRAPH}/path?${search()}&view=${v.id}`, other)).status).toBe(
      403,
    );
    // The member cannot delete it: the platform refuses, the list says so.
    const del = await act(
      viewsAction,
      `/${GRAPH}/views`,
      { intent: "delete", id: String(v.id) },
      member,
    );
    expect(del.status).toBe(302);
    expect((await load(viewsLoader, `/${GRAPH}/views`)).d.mine.map((x: Data) => x.id)).toContain(
      v.id,
    );
  });

  it("renames and deletes the owner's view; a bad intent or id is a 400", async () => {
    const v = await saveAs("旧名字");
    await act(viewsAction, `/${GRAPH}/views`, {
      intent: "rename",
      id: String(v.id),
      name: "新名字",
    });
    let mine = (await load(viewsLoader, `/${GRAPH}/views`)).d.mine;
    expect(mine.find((x: Data) => x.id === v.id).name).toBe("新名字");
    await act(viewsAction, `/${GRAPH}/views`, { intent: "delete", id: String(v.id) });
    mine = (await load(viewsLoader, `/${GRAPH}/views`)).d.mine;
    expect(mine.map((x: Data) => x.id)).not.toContain(v.id);
    expect((await act(viewsAction, `/${GRAPH}/views`, { intent: "x", id: "1" })).status).toBe(400);
    expect((await act(viewsAction, `/${GRAPH}/views`, { intent: "delete", id: "a" })).status).toBe(
      400,
    );
    expect((await load(viewsLoader, `/${GRAPH}/views?x=1`)).status).toBe(400);
  });

  it("downloads the picture as SVG and the shown subgraph as GraphML and JSON-LD", async () => {
    const svg = await load(downloadLoader, `/${GRAPH}/path/download?format=svg&${search()}`);
    expect(svg.status).toBe(200);
    expect(svg.response!.headers.get("Content-Type")).toContain("image/svg+xml");
    expect(await svg.response!.text()).toContain("实体E");
    const gm = await load(downloadLoader, `/${GRAPH}/path/download?format=graphml&${search()}`);
    expect(gm.status).toBe(200);
    const graph = parseGraphml(Graph, await gm.response!.text());
    expect(graph.hasNode(u("A")) && graph.hasNode(u("D")) && graph.hasNode(u("E"))).toBe(true);
    expect(graph.hasNode(u("Z"))).toBe(false);
    expect(graph.size).toBeGreaterThan(0);
    const jl = await load(downloadLoader, `/${GRAPH}/path/download?format=jsonld&${search()}`);
    expect(JSON.parse(await jl.response!.text())["@graph"].length).toBeGreaterThan(3);
    for (const q of [
      `format=png&${search()}`,
      `format=svg&from=${u("A")}`,
      `format=svg&${search()}&x=1`,
    ])
      expect((await load(downloadLoader, `/${GRAPH}/path/download?${q}`)).status).toBe(400);
  });

  it("saves an exploration as a view with what it shows, reopens it, and downloads what it shows", async () => {
    const q = `entity=${u("A")}&x=${u("A")}~*~any~1`;
    const page = await load(exploreLoader, `/${GRAPH}/explore?${q}`);
    expect(page.status).toBe(200);
    const shownNodes = page.d.view.nodes.map((n: Data) => n.uuid);
    expect(shownNodes.length).toBeGreaterThan(1);
    const saved = await run(() =>
      exploreAction({
        request: post(`/${GRAPH}/explore?${q}`, owner, {
          intent: "save-view",
          name: "从A展开",
          query: page.d.query,
        }),
        params,
        context: {},
      }),
    );
    expect(saved.status).toBe(302);
    const v = (await load(viewsLoader, `/${GRAPH}/views`)).d.mine.find(
      (x: Data) => x.name === "从A展开",
    );
    expect(v.kind).toBe("explore");
    const opened = await load(exploreLoader, `/${GRAPH}/explore?${v.query}&view=${v.id}`);
    expect(opened.d.opened.name).toBe("从A展开");
    expect(opened.d.opened.missing).toEqual({ entities: [], relations: [] });
    expect(opened.d.view.nodes.map((n: Data) => n.uuid)).toEqual(shownNodes);
    // A query that is not an exploration's form is refused, nothing saved.
    const bad = await run(() =>
      exploreAction({
        request: post(`/${GRAPH}/explore?${q}`, owner, {
          intent: "save-view",
          name: "坏的",
          query: `entity=${u("A")}&budget=0`,
        }),
        params,
        context: {},
      }),
    );
    expect(bad.status).toBe(400);
    const gm = await load(exploreDownload, `/${GRAPH}/explore/download?format=graphml&${q}`);
    expect(gm.status).toBe(200);
    const graph = parseGraphml(Graph, await gm.response!.text());
    for (const uuid of shownNodes) expect(graph.hasNode(uuid), uuid).toBe(true);
    expect(graph.hasNode(u("Z"))).toBe(false);
    const svg = await load(exploreDownload, `/${GRAPH}/explore/download?format=svg&${q}`);
    expect(await svg.response!.text()).toContain("实体A");
    for (const bq of [`format=png&${q}`, `format=svg`, `format=svg&${q}&budget=0`])
      expect((await load(exploreDownload, `/${GRAPH}/explore/download?${bq}`)).status).toBe(400);
  });
});
