import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { createPlatform, type Platform } from "./platform/index.js";
import { settingsFromEnv } from "./platform/settings.js";

const root = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.PORT || 3000);
const embedded = (process.env.EMBEDDED_PLATFORM ?? "on").toLowerCase() !== "off";
process.env.PLATFORM_API_URL ||= `http://127.0.0.1:${port}/api`;

const buildFile = path.join(root, "build", "index.js");
if (!fs.existsSync(buildFile)) {
  console.error("No build found: run `npm run build` (npm start does it for you).");
  process.exit(1);
}
const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", "loopback");

// One line per request: method, path, status, time.
app.use((req, res, next) => {
  const start = process.hrtime.bigint();
  res.on("finish", () => {
    if (req.path === "/healthz") return;
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    console.log(`${new Date().toISOString()} ${req.method} ${req.originalUrl} ${res.statusCode} ${ms.toFixed(1)}ms`);
  });
  next();
});

let platform: Platform | undefined;
if (embedded) {
  platform = createPlatform(settingsFromEnv());
  app.use("/api", platform.router);
  app.use("/static/template", platform.templates);
}

let shuttingDown = false;
app.get("/healthz", (_req, res) => {
  if (shuttingDown) return void res.status(503).json({ status: "stopping" });
  if (platform) platform.ctx.db.prepare("SELECT 1").get();
  res.json({ status: "ok", platform: embedded ? "embedded" : process.env.PLATFORM_API_URL });
});

// The console forwards the browser's address to the platform (login throttling per address);
// set here, over anything the client sent, so it cannot be forged.
app.use((req, _res, next) => {
  req.headers["x-console-client-ip"] = req.ip ?? "";
  next();
});
// Whether the browser's request came over TLS (X-Forwarded-Proto honoured from the trusted proxy only),
// for the console's Secure cookies; set here, over anything the client sent.
app.use((req, _res, next) => {
  req.headers["x-console-forwarded-proto"] = req.protocol;
  next();
});
app.use(compression());
app.use("/build", express.static(path.join(root, "public", "build"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(root, "public"), { maxAge: "1h" }));
app.all("*", createRequestHandler({ build, mode: process.env.NODE_ENV || "production" }));

const server = app.listen(port, () => {
  console.log(`Console on http://localhost:${port}${embedded ? " (embedded platform at /api)" : ""}`);
});

function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(`${signal}: finishing in-flight requests`);
  server.close(() => {
    platform?.close();
    console.log("stopped");
    process.exit(0);
  });
  server.closeIdleConnections();
  setTimeout(() => {
    server.closeAllConnections();
  }, 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
