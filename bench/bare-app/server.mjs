// The bare reference app's server (issue 25): Express with compression and the build's assets,
// as the console's server.ts serves pages; PORT and DATA_DIR from the environment.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";

const here = path.dirname(fileURLToPath(import.meta.url));
const buildDir = path.join(here, "..", ".bare-build");
const build = await import(pathToFileURL(path.join(buildDir, "index.js")).href);
const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use(
  "/build",
  express.static(path.join(buildDir, "public", "build"), { immutable: true, maxAge: "1y" }),
);
// No icon: the browser's own request for one is answered here, not as a Remix 404 (logged).
app.get("/favicon.ico", (_req, res) => res.status(204).end());
app.all("*", createRequestHandler({ build, mode: "production" }));
const port = Number(process.env.PORT || 3399);
app.listen(port, "127.0.0.1", () => console.log(`bare app on http://127.0.0.1:${port}`));
