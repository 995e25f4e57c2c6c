import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as pathLoader } from "~/routes/_public.$kgId.path";
import { loader as suggestLoader } from "~/routes/$kgId.path.suggest";
import { browser, get, run, useTestPlatform, type BrowserState } from "../helpers/console";
import { startPlatform, userWithToken, type TestPlatform } from "../helpers/platform";
import { DEMO, seedPathGraph } from "./kg-fixtures";

type Data = any;
const GRAPH = 907;

/** The path page's loader (/{graph}/path, issue 23) against a real platform and the hand-made path graph. */
describe("path page (/:kgId/path)", () => {
  let p: TestPlatform;
  let user: BrowserState;
  let fixture: Awaited<ReturnType<typeof seedPathGraph>>;
  beforeAll(async () => {
    p = await startPlatform({ seed: "demo" });
    useTestPlatform(p);
    user = await browser(userWithToken(p.ctx, "path-console", ["kg__graph__read"]));
    fixture = await seedPathGraph(p.ctx, GRAPH);
  }, 60_000);
  afterAll(() => p.close());

  const load = async (
    loader: (args: LoaderFunctionArgs) => unknown,
    path: string,
    headers: Record<string, string> = {},
  ) => {
    const r = await run(() =>
      loader({ request: get(path, user, headers), params: { kgId: String(GRAPH) }, context: {} }),
    );
    return { ...r, d: r.data as Data };
  };
  const u = (name: string) => fixture.uuid(name);

  it("finds the shortest paths, draws them on the server and lists every hop with its sentence and article", async () => {
    const { status, d } = await load(pathLoader, `/${GRAPH}/path?from=${u("A")}&to=${u("D")}`);
    expect(status).toBe(200);
    expect(d.error).toBeNull();
    expect(d.from.name).toBe("实体A");
    expect(d.to.name).toBe("实体D");
    expect(d.search.paths.map((x: Data) => x.length)).toEqual([2, 2, 3]);
    const first = d.search.paths[0];
    expect(first.hops.map((h: Data) => h.edges[0].sentence)).toEqual([
      fixture.sentence(0),
      fixture.sentence(1),
    ]);
    expect(first.hops[0].edges[0].article.title).toBe("路径证据");
    expect(d.chart.spec.svg).toMatch(/^<svg width="100%" height="100%"[^>]*viewBox=/);
    expect(d.chart.spec.svg).toContain("实体E");
    expect(d.chart.nodeHrefs).toContain(`/${GRAPH}/entity/${u("E")}`);
    expect(d.widerHops).toBeNull();
  });

  it("connects two demo entities", async () => {
    const r = await run(() =>
      pathLoader({
        request: get(`/${DEMO.military}/path?from=${DEMO.hub}&to=${DEMO.yokosuka}`, user),
        params: { kgId: String(DEMO.military) },
        context: {},
      }),
    );
    const d = r.data as Data;
    expect(d.search.paths.length).toBeGreaterThan(0);
    expect(d.search.paths[0].nodes.at(-1)).toBe(DEMO.yokosuka);
  });

  it("says when there is no path within N hops and offers a larger N, up to 6", async () => {
    const { d } = await load(pathLoader, `/${GRAPH}/path?from=${u("A")}&to=${u("D")}&hops=1`);
    expect(d.search.paths).toEqual([]);
    expect(d.search.stopped).toBe(false);
    expect(d.widerHops).toBe(3);
    const far = await load(pathLoader, `/${GRAPH}/path?from=${u("Q0")}&to=${u("Q7")}&hops=6`);
    expect(far.d.search.paths).toEqual([]);
    expect(far.d.widerHops).toBeNull();
  });

  it("passes the relation type and direction filters on", async () => {
    const { d } = await load(
      pathLoader,
      `/${GRAPH}/path?from=${u("D")}&to=${u("A")}&direction=out`,
    );
    expect(d.search.direction).toBe("out");
    expect(d.search.paths).toEqual([]);
    const types = d.relationTypes.map((r: Data) => r.id);
    const typed = await load(
      pathLoader,
      `/${GRAPH}/path?from=${u("A")}&to=${u("D")}&types=${types[1]}`,
    );
    expect(typed.d.query.types).toEqual([types[1]]);
    expect(typed.d.search.paths.map((x: Data) => x.nodes.length)).toEqual([3]);
  });

  it("says when the search stopped at its budget", async () => {
    const { d } = await load(pathLoader, `/${GRAPH}/path?from=${u("H")}&to=${u("G")}&hops=6`);
    expect(d.search.stopped).toBe(true);
    expect(d.search.budget).toBe(5000);
  });

  it("shows a bad parameter's message from the platform and keeps what was chosen", async () => {
    const { status, d } = await load(
      pathLoader,
      `/${GRAPH}/path?from=${u("A")}&to=${u("D")}&hops=9&k=2`,
    );
    expect(status).toBe(200);
    expect(d.error).toMatch(/hops/);
    expect(d.search).toBeNull();
    expect(d.from.name).toBe("实体A");
    expect(d.to.name).toBe("实体D");
    expect(d.query).toMatchObject({ hops: "9", k: "2" });
  });

  it("without a second end, shows the chosen one and lists matching entities for the other (no JavaScript)", async () => {
    const { d } = await load(
      pathLoader,
      `/${GRAPH}/path?from=${u("A")}&toq=${encodeURIComponent("实体D")}`,
    );
    expect(d.search).toBeNull();
    expect(d.from.name).toBe("实体A");
    expect(d.to).toBeNull();
    expect(d.results.to.map((r: Data) => r.uuid)).toContain(u("D"));
    expect(d.results.from).toBeNull();
  });

  it("suggests entities as one types (the JavaScript picker's resource route)", async () => {
    const { d } = await load(
      suggestLoader,
      `/${GRAPH}/path/suggest?q=${encodeURIComponent("实体Q")}`,
    );
    expect(d.results.length).toBeGreaterThanOrEqual(8);
    expect(d.results[0]).toHaveProperty("uuid");
    expect((await load(suggestLoader, `/${GRAPH}/path/suggest?q=`)).d.results).toEqual([]);
  });

  it("is the not-found page for an entity not in the graph, or an unknown graph", async () => {
    expect((await load(pathLoader, `/${GRAPH}/path?from=${u("A")}&to=no-such-entity`)).status).toBe(
      404,
    );
    expect((await load(pathLoader, `/${GRAPH}/path?from=no-such-entity`)).status).toBe(404);
    const r = await run(() =>
      pathLoader({ request: get(`/99999/path`, user), params: { kgId: "99999" }, context: {} }),
    );
    expect(r.status).toBe(404);
  });
});
