import cluster, { type Worker } from "node:cluster";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type RequestHandler } from "express";
import helmet from "helmet";
import { readScope } from "./platform/db/read-scope.js";
import { keepConnections } from "./platform/http/keep-alive.js";
import { inProcessFetch } from "./platform/in-process.js";
import { createPlatformOrExit, type Platform } from "./platform/index.js";
import {
  applyHeapGrowth,
  bigJobMs,
  heapGrowth,
  workerMallocEnv,
  recycleRssMb,
  semiSpaceMb,
  workerExecArgv,
} from "./server/heap.js";
import { whenOverAfterBigJob } from "./platform/jobs/collect.js";
import { heldScopeMiddleware } from "./server/held-scope.js";
import { coalescedFlush } from "./server/coalesced-flush.js";
import { pageConcurrency, pageQueue } from "./server/page-queue.js";
import { withStatusPages } from "./server/status-pages.js";

// Run as build/server.js (production, compiled by scripts/build-server.mjs) or as server.ts (tsx).
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.basename(here) === "build" ? path.dirname(here) : here;
const port = Number(process.env.PORT || 3000);
const embedded = (process.env.EMBEDDED_PLATFORM ?? "on").toLowerCase() !== "off";
process.env.PLATFORM_API_URL ||= `http://127.0.0.1:${port}/api`;
const platformApi = process.env.PLATFORM_API_URL.replace(/\/+$/, "");

// --- Processes (issue 11): WORKERS processes serve the same port (node:cluster) ----------
/** A worker's message to the primary: a big job left it large, start its replacement (runServer). */
const HAND_OVER = "hand-over";
/** The primary's answer once the replacement serves: drain and stop. */
const DRAIN = "drain";
/** A stopping worker's server is closed (after Node's own message saying so); the primary answers CLOSE_SEEN. */
const SERVER_CLOSED = "server-closed";
const CLOSE_SEEN = "close-seen";
/** WORKERS: how many processes serve; unset = one per core, 1 = a single process (no cluster). */
function workerCount(): number {
  const raw = process.env.WORKERS;
  if (raw === undefined || raw === "") return os.availableParallelism();
  if (!/^\d{1,3}$/.test(raw) || Number(raw) < 1) {
    console.error(`WORKERS: "${raw}" is not a whole number of processes (1 or more).`);
    process.exit(1);
  }
  return Number(raw);
}
const workers = workerCount();
let concurrency = 0;
let semiSpace = 0;
let recycleAt = 0;
let bigJob = 0;
try {
  concurrency = pageConcurrency();
  applyHeapGrowth(heapGrowth());
  semiSpace = semiSpaceMb();
  recycleAt = recycleRssMb();
  bigJob = bigJobMs();
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
// Several nodes on one PostgreSQL (DATABASE_URL) must sign console cookies with one secret: a
// secret generated into each node's DATA_DIR would make a login on one node unknown to the next.
if (embedded && process.env.DATABASE_URL && !process.env.SESSION_SECRET) {
  console.error(
    "SESSION_SECRET: DATABASE_URL is set (the platform's store is shared by its nodes), so set the same SESSION_SECRET on every node (docs/deploy.md).",
  );
  process.exit(1);
}
/** PLATFORM_TRANSPORT: "in-process" (default) or "http" (the console calls its embedded platform over loopback HTTP). */
const transportSetting = (process.env.PLATFORM_TRANSPORT ?? "in-process").toLowerCase();
if (transportSetting !== "http" && transportSetting !== "in-process") {
  console.error(
    `PLATFORM_TRANSPORT: "${process.env.PLATFORM_TRANSPORT}" is not "in-process" or "http".`,
  );
  process.exit(1);
}
if (workers > 1 && cluster.isPrimary) {
  await runPrimary(workers);
} else {
  await runServer();
}

/**
 * The primary process of a cluster: prepares what every worker shares (the store migrated and
 * seeded, the session secret) once, then starts the workers and stands by. A worker that dies
 * is replaced; one that dies before it listens stops everything (start-up cannot work). On
 * SIGTERM/SIGINT each worker finishes its in-flight requests and closes its store.
 */
async function runPrimary(count: number) {
  if (embedded) await (await createPlatformOrExit()).close();
  if (!process.env.SESSION_SECRET) {
    // As app/env.server.ts keeps it, written once here so no two workers make their own.
    const dir = path.resolve(process.env.DATA_DIR || "./data");
    fs.mkdirSync(dir, { recursive: true });
    try {
      fs.writeFileSync(path.join(dir, "session-secret"), crypto.randomBytes(32).toString("hex"), {
        mode: 0o600,
        flag: "wx",
      });
    } catch (e) {
      if ((e as { code?: string }).code !== "EEXIST") throw e;
    }
  }
  cluster.setupPrimary({
    execArgv: workerExecArgv(process.execArgv, process.env.NODE_OPTIONS, semiSpace),
  });
  let stopping = false;
  const listening = new Set<number>();
  let announced = false;
  /** Starts a worker; `onListening` when it serves. */
  const start = (onListening?: (worker: Worker) => void) => {
    const worker = cluster.fork(workerMallocEnv(process.env));
    worker.once("listening", () => {
      listening.add(worker.id);
      onListening?.(worker);
      if (announced || listening.size < count) return;
      announced = true;
      console.log(
        `Console on http://localhost:${port}${embedded ? " (embedded platform at /api)" : ""}, ${count} worker processes`,
      );
    });
  };
  // A worker a big job left large asks to hand over (runServer, below). Its replacement starts
  // first, and only once that one listens is the old one told to drain and stop: the port never
  // has fewer than `count` workers behind it. One hand-over at a time, in the order asked.
  const handOvers: Worker[] = [];
  const replaced = new Set<number>(); // workers whose replacement has started
  let replacing = false;
  const nextHandOver = () => {
    if (replacing || stopping) return;
    const old = handOvers.shift();
    if (!old) return;
    if (old.isDead()) return nextHandOver();
    replacing = true;
    replaced.add(old.id);
    start((fresh) => {
      console.log(`worker ${fresh.process.pid} serves: worker ${old.process.pid} hands over`);
      if (!old.isDead()) old.send(DRAIN);
      replacing = false;
      nextHandOver();
    });
  };
  cluster.on("message", (worker, message) => {
    // Read after Node's own message that the worker closed its server: no connection is handed
    // to it after this, and those handed before are ahead of the answer on the same channel.
    if (message === SERVER_CLOSED && worker.isConnected()) worker.send(CLOSE_SEEN);
    if (message === HAND_OVER && !handOvers.includes(worker) && !replaced.has(worker.id)) {
      handOvers.push(worker);
      nextHandOver();
    }
  });
  cluster.on("exit", (worker, code, signal) => {
    const wasListening = listening.delete(worker.id);
    if (!stopping && replaced.delete(worker.id)) {
      // Its replacement has started already (nextHandOver).
      (code === 0 ? console.log : console.error)(
        `worker ${worker.process.pid} exited (${signal ?? code}) after handing over`,
      );
      return;
    }
    if (stopping) {
      if (!Object.keys(cluster.workers ?? {}).length) {
        console.log("stopped");
        process.exit(process.exitCode ?? 0);
      }
      return;
    }
    if (!wasListening) {
      console.error(
        `worker ${worker.process.pid} exited before it served (${signal ?? code}): stopping`,
      );
      stopping = true;
      process.exitCode = 1;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGTERM");
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(1);
      return;
    }
    // A worker that hands over exits above; here it crashed, was killed or stopped on its own.
    (code === 0 ? console.log : console.error)(
      `worker ${worker.process.pid} exited (${signal ?? code}): starting another`,
    );
    start();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} workers`);
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGTERM");
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  for (let i = 0; i < count; i++) start();
}
// --- end of processes ------------------------------------------------------------------------

async function runServer() {
  // --- Build (the benchmark's own build when BENCH_BUILD_DIR names one: bench/pages.ts) -------
  const buildDir = process.env.BENCH_BUILD_DIR
    ? path.resolve(process.env.BENCH_BUILD_DIR)
    : path.join(root, "build");
  const assetsDir = process.env.BENCH_BUILD_DIR
    ? path.join(buildDir, "public", "build")
    : path.join(root, "public", "build");
  // --- end of build ----------------------------------------------------------------------------
  const buildFile = path.join(buildDir, "index.js");
  if (!fs.existsSync(buildFile)) {
    console.error("No build found: run `npm run build` (npm start does it for you).");
    process.exit(1);
  }
  const build = withStatusPages(
    (await import(pathToFileURL(buildFile).href)) as ServerBuild,
    process.env.NODE_ENV || "production",
  );

  const app = express();
  app.disable("x-powered-by");
  // --- Processes: which worker answered (cluster only; the cross-process tests read it) -------
  /** Handing over to a new process: every answer closes its connection (handOver, below). */
  let draining = false;
  if (cluster.isWorker) {
    const workerId = String(cluster.worker?.id ?? "");
    app.use((_req, res, next) => {
      res.setHeader("X-Console-Worker", workerId);
      if (draining) res.setHeader("Connection", "close");
      next();
    });
  }
  // --- end of processes ------------------------------------------------------------------------
  // Only these proxies may set X-Forwarded-For/-Proto: the client address (login throttling)
  // and req.secure (HSTS) come from them. Whole addresses only: express would read "1" as
  // 0.0.0.1 where an operator may mean a hop count, and it refuses what it cannot parse.
  const trustProxy = process.env.TRUST_PROXY || "loopback";
  const PROXY_ENTRY =
    /^(loopback|linklocal|uniquelocal|\d+\.\d+\.\d+\.\d+(\/\d+)?|[0-9a-f]*:[0-9a-f:.]*(\/\d+)?)$/i;
  try {
    if (
      trustProxy !== "off" &&
      !trustProxy.split(",").every((entry) => PROXY_ENTRY.test(entry.trim()))
    )
      throw new Error();
    app.set("trust proxy", trustProxy === "off" ? false : trustProxy);
  } catch {
    console.error(
      `TRUST_PROXY: "${trustProxy}" is not "off" or a comma-separated list of addresses, subnets, loopback, linklocal, uniquelocal.`,
    );
    process.exit(1);
  }

  // Marks readiness's own call to the platform, which is not logged (a secret: not forgeable).
  const probeToken = crypto.randomBytes(16).toString("hex");

  // One line per request: method, path, status, time.
  app.use((req, res, next) => {
    const start = process.hrtime.bigint();
    res.on("finish", () => {
      if (
        req.path === "/healthz" ||
        req.path === "/readyz" ||
        req.get("x-readiness-probe") === probeToken
      )
        return;
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      console.log(
        `${new Date().toISOString()} ${req.method} ${req.originalUrl} ${res.statusCode} ${ms.toFixed(1)}ms`,
      );
    });
    next();
  });

  /**
   * Security headers on every answer (pages, /api, static files, templates). The CSP nonce is
   * new per request and reaches Remix through the load context (docs/security.md).
   */
  function securityHeaders(tls: boolean) {
    const nonce = (_req: unknown, res: unknown) =>
      `'nonce-${(res as express.Response).locals.cspNonce}'`;
    return helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          "default-src": ["'self'"],
          "base-uri": ["'self'"],
          "connect-src": ["'self'"],
          "form-action": ["'self'"],
          "frame-ancestors": ["'none'"],
          "img-src": ["'self'", "data:"], // the captcha is an SVG data URL
          "object-src": ["'none'"],
          "script-src": ["'self'", nonce],
          "script-src-attr": ["'none'"],
          // Inline styles stay allowed: Mantine's style attributes, the scroll lock of its modals
          // and the hover rules in server-rendered charts carry no nonce (docs/security.md).
          "style-src": ["'self'", "'unsafe-inline'"],
          ...(tls ? { "upgrade-insecure-requests": [] } : {}),
        },
      },
      strictTransportSecurity: tls ? { maxAge: 31_536_000, includeSubDomains: false } : false,
      referrerPolicy: { policy: "same-origin" },
      xFrameOptions: { action: "deny" },
      // Not helmet's `Origin-Agent-Cluster: ?1`: Chromium keys agent clusters by origin without
      // it (no `document.domain`), and with it starts a dedicated renderer for the console's
      // origin on every navigation from another site, ~150 ms of first paint (decision 045).
      originAgentCluster: false,
    });
  }
  const overTls = securityHeaders(true);
  const overPlainHttp = securityHeaders(false);
  const PERMISSIONS_POLICY =
    "accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()";
  app.use((req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    (req.secure ? overTls : overPlainHttp)(req, res, next);
  });

  // API answers carry personal data: never stored by a browser or a proxy.
  app.use("/api", (_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  let platform: Platform | undefined;
  if (embedded) {
    platform = await createPlatformOrExit();
    app.use("/api", readScope, platform.router);
    app.use("/static/template", platform.templates);
  }

  // --- In-process transport (issue 11) --------------------------------------------------------
  // The console's calls to the embedded platform go to its router in this process, with the same
  // Request and Response objects and no socket (app/platform-client/transport.server.ts), unless
  // PLATFORM_TRANSPORT=http or PLATFORM_API_URL points elsewhere. The same trust-proxy setting
  // reads the X-Forwarded-For the console sends; API answers carry the same no-store header.
  const embeddedApi = `http://127.0.0.1:${port}/api`;
  if (platform && transportSetting === "in-process" && platformApi === embeddedApi) {
    const inner = express();
    inner.disable("x-powered-by");
    inner.set("trust proxy", app.get("trust proxy"));
    inner.use("/api", (_req, res, next) => {
      res.setHeader("Cache-Control", "no-store");
      next();
    });
    inner.use("/api", platform.router);
    const handle = inProcessFetch(inner);
    const store = platform.ctx.store;
    // storeVersion lets the console's viewer-info cache see any committed change at once, from any process.
    (globalThis as Record<symbol, unknown>)[Symbol.for("kg-console.platform-transport")] = {
      base: embeddedApi,
      handle,
      storeVersion: () => store.version(),
    };
  }
  // --- end of in-process transport -------------------------------------------------------------

  let shuttingDown = false;
  /** Liveness: the process answers and is not stopping. No dependency is checked. */
  app.get("/healthz", (_req, res) => {
    if (shuttingDown) return void res.status(503).json({ status: "stopping" });
    res.json({ status: "ok", platform: embedded ? "embedded" : platformApi });
  });

  /** Readiness: the store answers and the platform API answers the call every page makes. */
  const READY_TIMEOUT_MS = 2_000;
  let wasReady: boolean | undefined;
  app.get("/readyz", async (_req, res) => {
    if (shuttingDown) return void res.status(503).json({ status: "stopping" });
    let store = "remote";
    if (platform) {
      try {
        // An unreachable database may take its connection timeout to fail: not longer than this.
        await Promise.race([
          platform.ctx.store.ping(),
          new Promise((_, reject) =>
            setTimeout(() => reject(new Error("store ping timed out")), READY_TIMEOUT_MS).unref(),
          ),
        ]);
        store = "ok";
      } catch {
        store = "unavailable";
      }
    }
    let api = "ok";
    try {
      const answer = await fetch(`${platformApi}/common/configs/all`, {
        headers: { "X-Readiness-Probe": probeToken },
        signal: AbortSignal.timeout(READY_TIMEOUT_MS),
      });
      await answer.body?.cancel();
      if (!answer.ok) api = "failing";
    } catch {
      api = "unreachable";
    }
    const ready = store !== "unavailable" && api === "ok";
    if (ready !== wasReady)
      console.log(`readiness: ${ready ? "ready" : "not ready"} (store ${store}, platform ${api})`);
    wasReady = ready;
    res
      .status(ready ? 200 : 503)
      .json({ status: ready ? "ready" : "not ready", store, platform: api });
  });

  // Console pages answer GET, HEAD and POST (forms); anything else is refused here, before
  // Remix, which would answer it with a 500 and a stack trace. OPTIONS says what is allowed.
  const CONSOLE_METHODS = "GET, HEAD, POST";
  const consoleMethods: RequestHandler = (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "POST") return next();
    res.setHeader("Allow", CONSOLE_METHODS);
    if (req.method === "OPTIONS") return void res.status(204).end();
    res
      .status(405)
      .type("text/plain")
      .send(`Method ${req.method} not allowed; use ${CONSOLE_METHODS}.\n`);
  };
  app.use(consoleMethods);

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
  app.use(coalescedFlush);
  app.use("/build", express.static(assetsDir, { immutable: true, maxAge: "1y" }));
  // public/'s other entries (favicon, locales), each mounted at its own path: a page's path is
  // then not looked up on disk first (a CPU profile found a stat per page load).
  const publicDir = path.join(root, "public");
  const publicStatic = express.static(publicDir, { maxAge: "1h" });
  for (const entry of fs.readdirSync(publicDir, { withFileTypes: true })) {
    if (entry.name === "build") continue;
    if (entry.isDirectory())
      app.use(`/${entry.name}`, express.static(path.join(publicDir, entry.name), { maxAge: "1h" }));
    else app.get(`/${entry.name}`, publicStatic);
  }
  if (concurrency > 0) app.use(pageQueue(concurrency));
  // A page load asks the store each question once (platform/db/read-scope.ts); opened after the
  // page queue, so a queued request gets a scope of its own.
  app.use(readScope);
  // Values a page load's HTML carries once, not also in its hydration data (decision 039).
  app.use(heldScopeMiddleware);
  app.all(
    "*",
    createRequestHandler({
      build,
      mode: process.env.NODE_ENV || "production",
      getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }),
    }),
  );

  const server = app.listen(port, () => {
    if (cluster.isWorker) return;
    console.log(
      `Console on http://localhost:${port}${embedded ? " (embedded platform at /api)" : ""}`,
    );
  });

  keepConnections(server);

  function shutdown(signal: string) {
    if (shuttingDown) return;
    shuttingDown = true;
    console.log(`${signal}: finishing in-flight requests`);
    server.close(() => {
      void Promise.all([Promise.resolve(platform?.close()).catch(() => {}), closeSeen]).then(() => {
        console.log("stopped");
        process.exit(0);
      });
    });
    // After close(), so the primary reads it after the closing of this worker's share of the port.
    const closeSeen = primarySawClose();
    server.closeIdleConnections();
    setTimeout(() => {
      server.closeAllConnections();
    }, 10_000).unref();
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  /**
   * A worker stops only once the primary has answered SERVER_CLOSED, sent after its server's
   * close. A connection the primary handed this worker before it read that close is then in the
   * worker's hands: Node's cluster sends it back to be served by another worker, as long as this
   * process is there to do so. A process that exited first left it open and unanswered.
   */
  function primarySawClose() {
    return new Promise<void>((resolve) => {
      if (!cluster.isWorker || !process.connected) return resolve();
      process.on("message", (message) => {
        if (message === CLOSE_SEEN) resolve();
      });
      process.once("disconnect", resolve);
      setTimeout(resolve, 5_000); // a primary that cannot answer does not hold the stop for long
      process.send?.(SERVER_CLOSED);
    });
  }

  /**
   * A worker a big job left over RECYCLE_RSS_MB (server/heap.ts) hands over: it has stopped
   * taking jobs and asks the primary for a new process; once that one serves, the primary tells
   * this one to drain: for DRAIN_MS its answers close their connections, so clients open new
   * ones — which the primary gives to the other workers — rather than send on one this process
   * closes; then it stops as on SIGTERM.
   */
  const DRAIN_MS = 5_000;
  if (cluster.isWorker && platform && recycleAt > 0) {
    let asked = false;
    whenOverAfterBigJob(
      recycleAt,
      (rssMb) => {
        if (asked || shuttingDown) return;
        asked = true;
        console.log(
          `worker ${process.pid}: ${rssMb} MB after a big job (RECYCLE_RSS_MB=${recycleAt}): a new process takes over`,
        );
        process.send?.(HAND_OVER);
      },
      bigJob,
    );
    process.on("message", (message) => {
      if (message !== DRAIN || draining || shuttingDown) return;
      draining = true;
      setTimeout(() => shutdown("handing over"), DRAIN_MS);
    });
  }
  // A worker whose primary is gone (killed outright, so it could not stop its workers) stops too,
  // instead of holding the port.
  if (cluster.isWorker) process.on("disconnect", () => shutdown("primary gone"));
}
