import express from "express";
import { authenticate } from "./auth/context.js";
import { mountAuth } from "./auth/routes.js";
import { mountCommon } from "./common/routes.js";
import type { PlatformContext } from "./context.js";
import { decryptBody } from "./common/encryption.js";
import { errorHandler, notFound } from "./http/errors.js";
import { plainQuery } from "./http/params.js";
import { localizeResponses } from "./i18n/index.js";
import { writeGuards } from "./common/write-guards.js";
import { mountKg } from "./kg/routes.js";
import { mountViews } from "./kg/views-routes.js";
import { mountAdmin } from "./admin/routes.js";
import { mountInterchangeExport } from "./interchange/routes.js";
import { recoverJobs, startJobWorker, stopJobWorker } from "./jobs/worker.js";
import { mountResources, templateRouter } from "./resources/routes.js";
import { seedStore } from "./seed/index.js";
import { settingsFromEnv, type PlatformSettings } from "./settings.js";
import { StartupError, openStorage } from "./storage.js";

export interface Platform {
  ctx: PlatformContext;
  /** The API, to mount at /api. */
  router: express.Router;
  /** Import templates, to mount at /static/template. */
  templates: express.Router;
  close(): Promise<void>;
}

/**
 * The embedded platform API: checks DATA_DIR, opens, migrates and seeds the store, and builds
 * its routers. A folder or store file it cannot use throws a StartupError naming it.
 */
export async function createPlatform(
  settings: PlatformSettings = settingsFromEnv(),
): Promise<Platform> {
  const store = await openStorage(settings);
  const ctx: PlatformContext = { store, settings };
  await seedStore(ctx);

  const router = express.Router({ strict: false });
  router.use(plainQuery);
  router.use(localizeResponses);
  router.use(express.json({ limit: "1mb" }));
  router.use(decryptBody(ctx));
  router.use(authenticate(ctx));
  router.use(writeGuards(ctx));
  mountCommon(router, ctx);
  mountAuth(router, ctx);
  mountResources(router, ctx);
  mountKg(router, ctx);
  mountViews(router, ctx);
  await mountAdmin(router, ctx);
  mountInterchangeExport(router, ctx);
  await recoverJobs(ctx);
  startJobWorker(ctx);
  router.use((_req, _res, next) => next(notFound("接口不存在")));
  router.use(errorHandler);

  return {
    ctx,
    router,
    templates: templateRouter(ctx),
    close: async () => {
      stopJobWorker(ctx);
      await store.close();
    },
  };
}

/** For the process entry: start-up that cannot go on prints its one line (no stack) and exits. */
export async function createPlatformOrExit(settings?: PlatformSettings): Promise<Platform> {
  try {
    return await createPlatform(settings ?? settingsFromEnv());
  } catch (e) {
    if (!(e instanceof StartupError)) throw e;
    console.error(e.message);
    process.exit(1);
  }
}
