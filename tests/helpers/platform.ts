import crypto from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { keepConnections } from "../../platform/http/keep-alive.js";
import express from "express";
import type { Job } from "@contract/graph-admin";
import { getJob } from "../../platform/jobs/store.js";
import { hashPasswordSync } from "../../platform/auth/passwords.js";
import type { PlatformContext } from "../../platform/context.js";
import { createPlatform, type Platform } from "../../platform/index.js";
import type { PlatformSettings } from "../../platform/settings.js";
import { testEngine } from "./pg-global-setup.js";
import { freshDatabase, type TestDatabase } from "./postgres.js";
import { sqliteHandle } from "./sql.js";

export interface TestPlatform {
  platform: Platform;
  ctx: PlatformContext;
  /** Base URL of the API, e.g. http://127.0.0.1:PORT/api */
  api: string;
  /** Base URL of the server (templates live at /static/template). */
  origin: string;
  close(): Promise<void>;
}

/**
 * A real platform on a real port over a fresh store: a SQLite file in a temp folder, or with
 * TEST_ENGINE=postgres a PostgreSQL database of its own (already migrated; dropped on close).
 */
export async function startPlatform(
  overrides: Partial<PlatformSettings> = {},
): Promise<TestPlatform> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kg-platform-"));
  let database: TestDatabase | null = null;
  if (testEngine() === "postgres" && !("databaseUrl" in overrides))
    database = await freshDatabase();
  let platform: Platform;
  try {
    platform = await createPlatform({
      dataDir,
      dbFile: path.join(dataDir, "platform.sqlite"),
      databaseUrl: database?.url,
      adminPassword: "admin-pass-1",
      captcha: false,
      seed: "none",
      tokenIdleSeconds: 15 * 60,
      passwordMaxAgeDays: 90,
      ...overrides,
    });
  } catch (e) {
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
  const app = express();
  app.set("trust proxy", "loopback");
  // The requests being answered, named should closing wait on one (see close, below).
  const inFlight = new Set<string>();
  app.use((req, res, next) => {
    const name = `${req.method} ${req.originalUrl} (since ${new Date().toISOString()})`;
    inFlight.add(name);
    res.on("close", () => inFlight.delete(name));
    next();
  });
  app.use("/api", platform.router);
  app.use("/static/template", platform.templates);
  const server = app.listen(0, "127.0.0.1");
  // As the product's server: fetch's pool may send on a connection kept idle for 4 s or more
  // (a test's slow setup between two calls); Node's default 5 s closed it under them (a reset).
  keepConnections(server);
  await new Promise((r) => server.once("listening", r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    platform,
    ctx: platform.ctx,
    api: `${origin}/api`,
    origin,
    close: async () => {
      // Closing waits for every connection to end: one that does not is a request left
      // unanswered (or half sent) — say which, for whoever reads a hook's timeout.
      const slow = setTimeout(() => {
        server.getConnections((_, open) =>
          console.error(
            `test platform: not closed after 5 s; ${open} connections open, in flight: ${[...inFlight].join("; ") || "none"}`,
          ),
        );
      }, 5_000);
      await new Promise((r) => server.close(r));
      clearTimeout(slow);
      await platform.close();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A user holding exactly these codenames (through a group of their own) and a live token
 * for them, written straight into the store: a fixture for tests of other endpoints.
 */
export function userWithToken(
  ctx: PlatformContext,
  username: string,
  codenames: string[],
  password = "pass-" + username,
): { id: number; token: string; csrf: string } {
  const db = sqliteHandle(ctx);
  const id = Number(
    db
      .prepare("INSERT INTO users (username, email, password_hash) VALUES (?, ?, ?)")
      .run(username, `${username}@example.com`, hashPasswordSync(password)).lastInsertRowid,
  );
  const group = Number(
    db.prepare("INSERT INTO groups (name) VALUES (?)").run(`g-${username}`).lastInsertRowid,
  );
  db.prepare("INSERT INTO user_groups (user_id, group_id) VALUES (?, ?)").run(id, group);
  for (const c of codenames) {
    db.prepare("INSERT OR IGNORE INTO permissions (codename, name) VALUES (?, ?)").run(c, c);
    const pid = db.prepare("SELECT id FROM permissions WHERE codename = ?").pluck().get(c);
    db.prepare("INSERT INTO group_permissions (group_id, permission_id) VALUES (?, ?)").run(
      group,
      pid,
    );
  }
  const token = crypto.randomBytes(20).toString("hex");
  const csrf = crypto.randomBytes(16).toString("hex");
  const now = Date.now();
  db.prepare(
    "INSERT INTO tokens (key, user_id, csrf, created_at, last_used_at) VALUES (?, ?, ?, ?, ?)",
  ).run(token, id, csrf, now, now);
  return { id, token, csrf };
}

export { createUserWithToken, type TestUser } from "./user-token.js";

/** Headers of an authenticated write (token + CSRF) as the platform expects them. */
export function authHeaders(
  t: { token: string; csrf: string },
  json = true,
): Record<string, string> {
  return {
    Authorization: `Token ${t.token}`,
    "X-CSRFToken": t.csrf,
    ...(json ? { "Content-Type": "application/json" } : {}),
  };
}

/** A JSON call to the platform as a client makes it: the status, the body parsed (or as text), and the raw text. */
export async function apiCall(
  api: string,
  t: { token: string; csrf: string },
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any; text: string }> {
  const res = await fetch(`${api}${path}`, {
    method,
    headers: authHeaders(t),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: res.status, body: parsed, text };
}

const FINISHED = ["succeeded", "failed", "cancelled"];

/**
 * vitest's `vi`, loaded when a test first waits: the benches import this module outside
 * vitest, where importing vitest itself throws.
 */
const vitest = () => import("vitest").then((m) => m.vi);

/** Waits until `ok()` holds (vi.waitFor, polling every 20 ms). */
export async function eventually(
  ok: () => boolean | Promise<boolean>,
  timeout = 20_000,
): Promise<void> {
  await (
    await vitest()
  ).waitFor(
    async () => {
      if (!(await ok())) throw new Error("not yet");
    },
    { timeout, interval: 20 },
  );
}

/** The job once it has finished (succeeded, failed or cancelled), polled with vi.waitFor. */
export async function settled(p: TestPlatform, id: number, timeout = 15_000): Promise<Job> {
  return (await vitest()).waitFor(
    async () => {
      const job = await getJob(p.ctx.store.db, id);
      if (!job || !FINISHED.includes(job.status))
        throw new Error(`job ${id} ${job?.status ?? "missing"}`);
      return job;
    },
    { timeout, interval: 20 },
  );
}
