import { createRequire } from "node:module";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { AgnosticRouteObject as RouteObject } from "@remix-run/router";

/** The router as the server loads it (CommonJS, by @remix-run/server-runtime's require). */
const serverRouter = createRequire(import.meta.url)(
  "@remix-run/router",
) as typeof import("@remix-run/router");
const { matchRoutes } = serverRouter;

/**
 * The server's route matching (issue 25): Remix v2 flattens and ranks the whole route tree on
 * every match (@remix-run/router 1.x; react-router 7 caches it). patches/@remix-run+router+*.patch,
 * applied by `npm ci` (postinstall: patch-package), ranks a tree once per tree.
 */
describe("route matching on the server", () => {
  it("runs the patched router: a route tree's ranked branches are kept", () => {
    const file = createRequire(import.meta.url).resolve("@remix-run/router");
    expect(fs.readFileSync(file, "utf8")).toContain("rankedBranchesCache");
  });

  it("matches as before: the most specific route first, each time, for every path", () => {
    const routes: RouteObject[] = [
      {
        id: "root",
        path: "/",
        children: [
          { id: "index", index: true },
          { id: "graph", path: ":kgId" },
          { id: "articles", path: ":kgId/articles" },
          { id: "dashboard", path: "dashboard" },
          { id: "splat", path: "*" },
        ],
      },
    ];
    const ids = (path: string) => matchRoutes(routes, path)?.map((m) => m.route.id);
    for (let i = 0; i < 2; i++) {
      expect(ids("/")).toEqual(["root", "index"]);
      expect(ids("/dashboard")).toEqual(["root", "dashboard"]);
      expect(ids("/245")).toEqual(["root", "graph"]);
      expect(ids("/245/articles")).toEqual(["root", "articles"]);
      expect(ids("/245/x/y")).toEqual(["root", "splat"]);
    }
    // Another tree is matched on its own branches.
    expect(matchRoutes([{ id: "only", path: "/only" }], "/only")?.[0].route.id).toBe("only");
  });

  it("keeps a tree's matches of a path, and gives each caller a copy of its own", () => {
    const file = createRequire(import.meta.url).resolve("@remix-run/router");
    expect(fs.readFileSync(file, "utf8")).toContain("matchesCache");
    const routes: RouteObject[] = [
      { id: "root", path: "/", children: [{ id: "entity", path: ":kgId/entity/:uuid" }] },
    ];
    const first = matchRoutes(routes, "/245/entity/a%20b")!;
    expect(first.map((m) => [m.route.id, m.pathname])).toEqual([
      ["root", "/"],
      ["entity", "/245/entity/a b"],
    ]);
    expect(first[1].params).toEqual({ kgId: "245", uuid: "a b" });
    // As upstream: the matches of one answer share their params.
    expect(first[0].params).toBe(first[1].params);
    (first[1].params as Record<string, string>).kgId = "changed";
    first[1].pathname = "/changed";
    first.pop();
    const second = matchRoutes(routes, "/245/entity/a%20b")!;
    expect(second).not.toBe(first);
    expect(second.map((m) => [m.route.id, m.pathname])).toEqual([
      ["root", "/"],
      ["entity", "/245/entity/a b"],
    ]);
    expect(second[1].params).toEqual({ kgId: "245", uuid: "a b" });
    expect(second[1].route).toBe(routes[0].children![0]);
    // A path that matches nothing stays nothing; other paths get their own matches.
    expect(matchRoutes(routes, "/245/other/x")).toBeNull();
    expect(matchRoutes(routes, "/246/entity/c")?.[1].params).toEqual({ kgId: "246", uuid: "c" });
  });
});

/** react-router-dom's and Remix's server renders, as the server loads them (CommonJS). */
const dom = createRequire(import.meta.url)(
  "react-router-dom/server",
) as typeof import("react-router-dom/server");
const remix = createRequire(import.meta.url)("@remix-run/react") as {
  RemixServer: (props: { context: unknown; url: string }) => unknown;
};

/** The router a rendered element tree hands to its StaticRouterProvider. */
function routerIn(node: unknown): { routes: unknown } | undefined {
  if (!node || typeof node !== "object") return undefined;
  if (Array.isArray(node)) return node.map(routerIn).find(Boolean);
  const props = (node as { props?: { router?: { routes: unknown }; children?: unknown } }).props;
  return props?.router ?? routerIn(props?.children);
}

describe("the route tree of a render", () => {
  it("is made once per tree: the static router's data routes are kept", async () => {
    const routes = [{ id: "root", path: "/", children: [{ id: "page", path: "page" }] }];
    const handler = dom.createStaticHandler(routes);
    const context = await handler.query(new Request("http://x.test/page"));
    if (context instanceof Response) throw new Error("no context");
    const a = dom.createStaticRouter(routes, context);
    const b = dom.createStaticRouter(routes, context);
    expect(b.routes).toBe(a.routes);
    expect(b.state.matches.map((m) => m.route.id)).toEqual(["root", "page"]);
    expect(b.state.matches[1].route).toBe(a.routes[0].children![0]);
    // Another tree gets its own.
    expect(dom.createStaticRouter([...routes], context).routes).not.toBe(a.routes);
  });

  it("is made once per build by Remix's render, and again when a route module changes", () => {
    const manifest = {
      routes: { root: { id: "root", path: "", hasLoader: false, module: "/root.js" } },
      url: "/manifest.js",
      version: "1",
      entry: { module: "/entry.js", imports: [] },
    };
    const future = {};
    const context = (routeModules: object) => ({
      manifest,
      routeModules,
      future,
      isSpaMode: false,
      serverHandoffString: "{}",
      staticHandlerContext: {
        basename: "",
        location: { pathname: "/", search: "", hash: "", state: null, key: "default" },
        matches: [],
        loaderData: {},
        actionData: null,
        errors: null,
        statusCode: 200,
        loaderHeaders: {},
        actionHeaders: {},
        activeDeferreds: null,
      },
    });
    const routesOf = (routeModules: object) =>
      routerIn(remix.RemixServer({ context: context(routeModules), url: "http://x.test/" }))
        ?.routes;
    const root = { default: () => null };
    const first = routesOf({ root });
    expect(first).toBeDefined();
    expect(routesOf({ root })).toBe(first);
    expect(routesOf({ root: { default: () => null } })).not.toBe(first);
  });
});
