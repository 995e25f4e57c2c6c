import express, { type Response, type Router } from "express";
import { requirePermission } from "../auth/context.js";
import { localize, type PlatformLng } from "../i18n/index.js";
import type { PlatformContext } from "../context.js";
import { HttpError, handle } from "../http/errors.js";
import { flagParam } from "../http/params.js";
import {
  MAX_CSV_BYTES,
  UPLOAD_REFUSED,
  decodeCsv,
  parseCsv,
  streamCsvExport,
  templateCsv,
} from "./csv.js";
import { importFailure, importRows } from "./import.js";
import { formFile, readMultipart } from "./multipart.js";
import { idsFilter, parseIds, parseListFilter, parsePaging, parseSeek, recordId } from "./query.js";
import { findResource, resources } from "./registry.js";
import {
  createResource,
  deleteResources,
  listResource,
  readOnlyRefusal,
  resourceSchema,
  updateResource,
} from "./service.js";
import { listPermissions } from "./defs/auth-store.js";
import { syncSearchIndexSoon } from "./search-store.js";
import { requireRecord } from "./store.js";
import type { ResourceDef } from "./types.js";

/** How long after an import its new rows are indexed for search (the client has its answer by then). */
const INDEX_AFTER_IMPORT_MS = 1000;

/** The codename of an action, or a 405 when the resource does not offer it. */
function permit(res: Response, def: ResourceDef, action: "create" | "read" | "update" | "delete") {
  const codename = def.permissions[action];
  if (!codename) throw readOnlyRefusal(def);
  return requirePermission(res, codename);
}

/** Every route of one resource; ids are integers, so /users/login and friends fall through. */
export function resourceRouter(ctx: PlatformContext, def: ResourceDef): Router {
  const r = express.Router({ strict: false });
  def.routes?.(r, ctx, def);

  r.get(
    "/schema",
    handle(async (_req, res) => {
      const user = permit(res, def, "read");
      res.json(await resourceSchema(ctx, def, user));
    }),
  );

  r.get(
    "/export",
    handle(async (req, res) => {
      permit(res, def, "read");
      const filter = parseListFilter(def, req.query);
      // An export takes every row: paging parameters are checked (never ignored unread) and
      // change nothing, a seek token too.
      parseSeek(def, req.query, filter, parsePaging(req.query));
      await streamCsvExport(res, ctx.store, def, filter);
    }),
  );

  r.post(
    "/upload",
    handle(async (req, res) => {
      const user = permit(res, def, "create");
      if (!def.importable)
        throw new HttpError(400, `${def.label}不支持 CSV 导入`, "not_importable");
      const form = await readMultipart(req, MAX_CSV_BYTES, UPLOAD_REFUSED);
      const file = formFile(form, "file");
      if (!file || !/\.csv$/i.test(file.name) || file.size > MAX_CSV_BYTES) {
        throw new HttpError(400, UPLOAD_REFUSED, "invalid_file");
      }
      const records = parseCsv(decodeCsv(Buffer.from(await file.arrayBuffer())));
      const dryRun = flagParam(req.query, "dry_run");
      const result = await importRows({ ctx, user }, def, records, dryRun, file.name);
      if (result.errors.length && !dryRun) throw importFailure(result.errors);
      res.json({ dry_run: dryRun, ...result });
      // Indexing 30,000 new rows for search takes about 120 ms: done after the answer.
      if (!dryRun && result.created) syncSearchIndexSoon(ctx.store, def, INDEX_AFTER_IMPORT_MS);
    }),
  );

  r.get(
    "/",
    handle(async (req, res) => {
      permit(res, def, "read");
      const filter = parseListFilter(def, req.query);
      const paging = parsePaging(req.query);
      const seek = parseSeek(def, req.query, filter, paging);
      res.json(await listResource(ctx, def, filter, paging, seek));
    }),
  );

  if (!def.customCreate) {
    r.post(
      "/",
      handle(async (req, res) => {
        const user = permit(res, def, "create");
        res.status(201).json(await createResource(ctx, def, user, req.body));
      }),
    );
  }

  r.delete(
    "/",
    handle(async (req, res) => {
      const user = permit(res, def, "delete");
      if (parseIds(req.query) === null && !flagParam(req.query, "all")) {
        throw new HttpError(400, "请用 id__in 指定要删除的记录", "invalid_filter");
      }
      const filter = parseListFilter(def, req.query, "delete");
      const deleted = await deleteResources(ctx, def, user, filter);
      res.json({ deleted });
    }),
  );

  r.get(
    "/:id(\\d+)",
    handle(async (req, res) => {
      permit(res, def, "read");
      res.json(await requireRecord(ctx.store.db, def, recordId(req.params.id)));
    }),
  );

  r.patch(
    "/:id(\\d+)",
    handle(async (req, res) => {
      const user = permit(res, def, "update");
      res.json(await updateResource(ctx, def, user, recordId(req.params.id), req.body));
    }),
  );

  r.delete(
    "/:id(\\d+)",
    handle(async (req, res) => {
      const user = permit(res, def, "delete");
      const id = recordId(req.params.id);
      await requireRecord(ctx.store.db, def, id);
      await deleteResources(ctx, def, user, idsFilter([id]));
      res.status(204).end();
    }),
  );

  return r;
}

export function mountResource(router: Router, ctx: PlatformContext, def: ResourceDef) {
  router.use(`/${def.app}/${def.name}`, resourceRouter(ctx, def));
}

/**
 * Every resource's routes, and the permission list groups choose from. (The catalogue is in
 * the store by then: every start syncs it, see seed/core.ts.)
 */
export function mountResources(router: Router, ctx: PlatformContext) {
  router.get(
    "/common/permissions",
    handle(async (_req, res) => {
      requirePermission(res, "auth__group__read");
      const lng = res.locals.lng as PlatformLng;
      const results = (await listPermissions(ctx.store.db)).map((p) => ({
        ...p,
        name: localize(lng, p.name),
      }));
      res.json({ results, count: results.length });
    }),
  );
  for (const def of resources) mountResource(router, ctx, def);
}

/** GET /static/template/{app}-{resource}.csv: the import header, from the schema. */
export function templateRouter(_ctx: PlatformContext): Router {
  const r = express.Router();
  r.get("/:file", (req, res, next) => {
    const m = /^([a-z0-9_]+)-([a-z0-9_]+)\.csv$/i.exec(req.params.file);
    const def = m ? findResource(m[1], m[2]) : undefined;
    if (!def || !def.importable) return next();
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.attachment(req.params.file);
    res.send(templateCsv(def));
  });
  return r;
}
