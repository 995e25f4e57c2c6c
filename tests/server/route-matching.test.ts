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
});
