import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader } from "~/routes/_public.$kgId.explore";
import {
  explore,
  exploreFrom,
  exploreHref,
  exploreQuery,
  parseExploreState,
} from "~/kg/explore-state";
import { browser, get, run, useTestPlatform, type BrowserState } from "../helpers/console";
import { startPlatform, userWithToken, type TestPlatform } from "../helpers/platform";
import { seedExploreGraph, seedPathGraph } from "./kg-fixtures";

type Data = any;
const GRAPH = 932;

describe("the exploration's URL state (app/kg/explore-state.ts)", () => {
  it("reads what it writes, defaults left out, steps as new states", () => {
    const start = parseExploreState(exploreFrom(7, "a-1").split("?")[1]);
    expect(start).toEqual({
      entity: "a-1",
      pin: null,
      budget: 25,
      expand: [{ node: "a-1", type: null, direction: "any", batches: 1 }],
      collapsed: [],
      hidden: [],
      hiddenTypes: [],
    });
    expect(exploreQuery(start)).toBe("entity=a-1&x=a-1~*~any~1");
    let s = explore.more(start, "a-1", 12, "out");
    s = explore.more(s, "a-1", 12, "out");
    s = explore.hide(explore.hideType(explore.collapse(explore.pin(s, "b"), "c"), 3), "d");
    s = { ...s, budget: 10 };
    const q = exploreQuery(s);
    expect(q).toBe(
      "entity=a-1&pin=b&budget=10&x=a-1~*~any~1&x=a-1~12~out~2&collapse=c&hide=d&hide_type=3",
    );
    expect(parseExploreState(q)).toEqual(s);
    expect(exploreHref(7, s)).toBe(`/7/explore?${q}`);
    expect(explore.expand(s, "c").collapsed).toEqual([]);
    expect(explore.showType(explore.show(s, "d"), 3)).toMatchObject({
      hidden: [],
      hiddenTypes: [],
    });
    // The budget and batches stay within the platform's limit of 1,000 relations a read.
    const many = Array.from({ length: 12 }).reduce<typeof s>(
      (x) => explore.more(x, "a-1", 12, "out"),
      s,
    );
    expect(many.expand[1].batches).toBe(10);
  });

  it("refuses every parameter that does not parse exactly, naming it", () => {
    const bad: [string, string][] = [
      ["", "entity"],
      ["entity=a b", "entity"],
      ["entity=a&entity=b", "entity"],
      ["entity=a&pin=", "pin"],
      ["entity=a&budget=0", "budget"],
      ["entity=a&budget=101", "budget"],
      ["entity=a&budget=2.5", "budget"],
      ["entity=a&budget=25&budget=10", "budget"],
      ["entity=a&x=a", "x"],
      ["entity=a&x=a~*~any", "x"],
      ["entity=a&x=a~*~both~1", "x"],
      ["entity=a&x=a~t~any~1", "x"],
      ["entity=a&x=a~*~any~0", "x"],
      ["entity=a&x=a~*~any~11", "x"],
      ["entity=a&x=a~*~any~1&x=a~*~any~2", "x"],
      ["entity=a&collapse=b&collapse=b", "collapse"],
      ["entity=a&hide=<b>", "hide"],
      ["entity=a&hide_type=x", "hide_type"],
    ];
    for (const [q, param] of bad)
      expect(() => parseExploreState(q), q).toThrow(expect.objectContaining({ param }));
  });
});

/** The exploration page's loader (/{graph}/explore, issue 23) against a real platform. */
describe("exploration page (/:kgId/explore)", () => {
  let p: TestPlatform;
  let user: BrowserState;
  let fixture: Awaited<ReturnType<typeof seedExploreGraph>>;
  beforeAll(async () => {
    p = await startPlatform({ seed: "demo" });
    useTestPlatform(p);
    user = await browser(userWithToken(p.ctx, "explore-console", ["kg__graph__read"]));
    fixture = await seedExploreGraph(p.ctx, GRAPH);
  }, 60_000);
  afterAll(() => p.close());

  const load = async (path: string, who: BrowserState = user) => {
    const r = await run(() =>
      loader({
        request: get(path, who),
        params: { kgId: String(GRAPH) },
        context: {},
      } as LoaderFunctionArgs),
    );
    return { ...r, d: r.data as Data };
  };
  const u = (name: string) => fixture.uuid(name);
  const names = (d: Data) => d.view.nodes.map((n: Data) => n.name.slice(1));
  const node = (d: Data, name: string) => d.view.nodes.find((n: Data) => n.uuid === u(name));

  it("expands the entity with the budget, offers +N more of what is left, and draws it on the server", async () => {
    const { status, d } = await load(exploreFrom(GRAPH, u("C")));
    expect(status).toBe(200);
    expect(d.view.nodes.length).toBe(25);
    expect(d.view.edges.length).toBe(25);
    const [r1] = fixture.types;
    expect(node(d, "C").more).toEqual([
      expect.objectContaining({ type: r1, direction: "out", total: 30, rest: 13 }),
    ]);
    expect(d.chart.spec.svg).toMatch(/^<svg /);
    expect(d.chart.spec.svg).toContain("点C");
    // The "+13 more" node leads to the next batch of its type and direction.
    const more = `/${GRAPH}/explore?entity=${u("C")}&x=${u("C")}~*~any~1&x=${u("C")}~${r1}~out~1`;
    expect(d.chart.nodeHrefs).toContain(more);
    expect(d.chart.drawn).toBe(25);
  });

  it("goes on where the first batch stopped: +N more brings new neighbours, up to all of them", async () => {
    const [r1] = fixture.types;
    const base = `/${GRAPH}/explore?entity=${u("C")}&x=${u("C")}~*~any~1`;
    const next = await load(`${base}&x=${u("C")}~${r1}~out~1&budget=10`);
    // Budget 10 shared by water filling: r1 out 4, r2 out 3, r1 in 3; then 10 more of r1 out.
    expect(next.d.view.edges.length).toBe(20);
    expect(node(next.d, "C").more).toEqual([
      expect.objectContaining({ type: r1, direction: "out", rest: 16 }),
      expect.objectContaining({ type: r1, direction: "in", rest: 2 }),
    ]);
    const all = await load(`${base}&x=${u("C")}~${r1}~out~3&budget=10`);
    expect(all.d.view.edges.length).toBe(36);
    expect(node(all.d, "C").more).toEqual([
      expect.objectContaining({ type: r1, direction: "in", rest: 2 }),
    ]);
    expect(names(all.d).filter((n: string) => n.startsWith("O")).length).toBe(30);
  });

  it("collapses, hides nodes and types, pins a centre — and an expansion needs its node in the view", async () => {
    const [r1, r2] = fixture.types;
    const base = `/${GRAPH}/explore?entity=${u("C")}&x=${u("C")}~*~any~1&x=${u("O0")}~*~any~1`;
    const open = await load(base);
    expect(names(open.d)).toContain("Far");
    expect(node(open.d, "O0")).toMatchObject({ expanded: true, via: u("C") });
    const folded = await load(`${base}&collapse=${u("O0")}`);
    expect(names(folded.d)).not.toContain("Far");
    expect(node(folded.d, "O0")).toMatchObject({ expanded: false, collapsed: true });
    expect(folded.d.view.waiting).toBe(1);
    const hidden = await load(`${base}&hide=${u("O0")}`);
    expect(names(hidden.d)).not.toContain("O0");
    expect(names(hidden.d)).not.toContain("Far");
    expect(hidden.d.view.hiddenNodes.map((n: Data) => n.name)).toEqual(["点O0"]);
    const noR2 = await load(`${base}&hide_type=${r2}`);
    expect(names(noR2.d)).not.toContain("T1");
    expect(names(noR2.d)).not.toContain("Far");
    expect(noR2.d.view.edges.every((e: Data) => e.predicate_id === r1)).toBe(true);
    expect(noR2.d.view.types.find((t: Data) => t.id === r2).hidden).toBe(true);
    const pinned = await load(`${base}&pin=${u("O0")}`);
    expect(pinned.d.view.pin).toBe(u("O0"));
    // An expansion of a node nobody brought in waits.
    const lone = await load(`/${GRAPH}/explore?entity=${u("C")}&x=${u("Far")}~*~any~1`);
    expect(names(lone.d)).toEqual(["C"]);
    expect(lone.d.view.waiting).toBe(1);
    expect(lone.d.chart.spec.svg).toContain("点C");
  });

  it("draws at most 300 nodes and reads at most 2,000, and says so (a hub of 6,000 leaves)", async () => {
    const hub = await seedPathGraph(p.ctx, GRAPH + 1);
    const h = hub.uuid("H");
    const at = (query: string) =>
      run(() =>
        loader({
          request: get(`/${GRAPH + 1}/explore?${query}`, user),
          params: { kgId: String(GRAPH + 1) },
          context: {},
        } as LoaderFunctionArgs),
      ).then((r) => r.data as Data);
    const big = await at(`entity=${h}&budget=100&x=${h}~*~any~4`);
    expect(big.view.nodes.length).toBe(401);
    expect(big.chart.drawn).toBe(300);
    expect(big.view.capped).toBe(false);
    const leaf = big.view.nodes[1].uuid;
    const types = [...new Set(big.view.edges.map((e: Data) => e.predicate_id))];
    const huge = await at(
      `entity=${h}&budget=100&x=${h}~*~any~10&x=${h}~${types[0]}~out~10&x=${leaf}~*~any~1`,
    );
    expect(huge.view.nodes.length).toBe(2001);
    expect(huge.view.capped).toBe(true);
    expect(huge.view.waiting).toBe(1);
  });

  it("answers 400 for a state that does not parse, 404 for an entity not in the graph, and sends strangers to sign in", async () => {
    const bad = await load(`/${GRAPH}/explore?entity=${u("C")}&budget=1000`);
    expect(bad.status).toBe(400);
    expect(await bad.response!.text()).toContain("budget");
    expect((await load(`/${GRAPH}/explore`)).status).toBe(400);
    expect((await load(`/${GRAPH}/explore?entity=no-such-entity`)).status).toBe(404);
    expect((await load(`/${GRAPH}/explore?entity=${u("C")}&x=no-such~*~any~1`)).status).toBe(200);
    const stranger = await load(`/${GRAPH}/explore?entity=${u("C")}`, await browser());
    expect([302, 401, 403]).toContain(stranger.status);
  });
});
