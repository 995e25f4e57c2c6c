import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express, { type RequestHandler, type Router } from "express";
import { createPlatform } from "../platform/index.js";

/** The store folder of a benchmark: `keep` when given (reused by the next run), else a new temp folder. */
export function benchDir(prefix: string, keep?: string): string {
  const dir = keep ? path.resolve(keep) : fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** The platform on the store in `dataDir`, without seed data. */
export function benchPlatform(dataDir: string) {
  return createPlatform({
    dataDir,
    dbFile: path.join(dataDir, "platform.sqlite"),
    adminPassword: "bench-admin-1",
    captcha: false,
    seed: "none",
    tokenIdleSeconds: 3600,
    passwordMaxAgeDays: 0,
  });
}

/**
 * Serves the platform's router under /api on a loopback port, in this process; `probe`
 * runs before it (server-time measurements). Answers the server and the API's base URL.
 */
export async function serveBench(router: Router, probe?: RequestHandler) {
  const app = express();
  if (probe) app.use(probe);
  app.use("/api", router);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  return { server, api: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api` };
}
