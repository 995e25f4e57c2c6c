import { type AuthUser, hasPermission } from "../auth/context.js";
import type { PlatformContext } from "../context.js";
import type { Store } from "../db/store.js";
import { HttpError, badRequest } from "../http/errors.js";
import { authorizeWrite, guardedWrite } from "./authorize.js";
import { validationError } from "./fields.js";
import { listRecords, matchingRecords } from "./list-store.js";
import { recordQuery } from "./filter-store.js";
import { prepareFields, withPrepared } from "./prepare.js";
import { seekToken, type ListFilter, type Paging, type SeekToken } from "./query.js";
import {
  auditWrite,
  constraintErrors,
  deleteRecord,
  insertRecord,
  requireRecord,
  uniqueErrors,
  updateRecord,
  writeAudit,
} from "./store.js";
import type { TableSchema } from "@contract/resources";
import type { RecordRow, ResourceDef } from "./types.js";
import { resourcePath } from "./types.js";
import { loadOptions, validateInput } from "./values.js";

export type ResourceSchema = TableSchema;

const may = (user: AuthUser, codename: string | undefined) =>
  !!codename && hasPermission(user, codename);

export const templatePath = (def: ResourceDef) => `/static/template/${def.app}-${def.name}.csv`;

/**
 * Schema answers kept per store version (issue 11). A schema is built from the definition, the
 * viewer and what the store holds (select options: groups, users, graphs, sources,
 * permissions…; the account rule's per-viewer locks from users, groups and memberships), so
 * the version is "any committed change to the store" (`Store.version()`: on SQLite PRAGMA
 * data_version and total_changes(), on PostgreSQL the snapshot). Any write anywhere drops
 * every kept schema; a write in one process is seen by the next schema answer of every other
 * (no stale window). Keyed by resource and viewer (id, superuser, codenames).
 */
interface SchemaCache {
  version: string;
  entries: Map<string, ResourceSchema>;
}
const schemaCaches = new WeakMap<Store, SchemaCache>();
const MAX_SCHEMAS = 2_000;

export async function resourceSchema(
  ctx: PlatformContext,
  def: ResourceDef,
  user: AuthUser,
): Promise<ResourceSchema> {
  const version = await ctx.store.version();
  let cache = schemaCaches.get(ctx.store);
  if (!cache || cache.version !== version || cache.entries.size >= MAX_SCHEMAS) {
    cache = { version, entries: new Map() };
    schemaCaches.set(ctx.store, cache);
  }
  const key = `${def.app}/${def.name}|${user.id}|${user.isSuperuser ? 1 : 0}|${[...user.codenames].sort().join(",")}`;
  let schema = cache.entries.get(key);
  if (!schema) {
    schema = await buildResourceSchema(ctx, def, user);
    // Kept only under the version it was built at (another write may have come meanwhile).
    if (schemaCaches.get(ctx.store) === cache) cache.entries.set(key, schema);
  }
  return schema;
}

async function buildResourceSchema(
  ctx: PlatformContext,
  def: ResourceDef,
  user: AuthUser,
): Promise<ResourceSchema> {
  const options = await loadOptions(ctx.store.db, def);
  const schema: ResourceSchema = {
    label: def.label,
    table_fields: {},
    form_fields: {},
    select_options: Object.fromEntries(options),
    rules: {},
    create_rules: {},
    update_rules: {},
    permissions: {
      create: may(user, def.permissions.create),
      read: may(user, def.permissions.read),
      update: may(user, def.permissions.update),
      delete: may(user, def.permissions.delete),
    },
    searchable: def.fields.some((f) => f.searchable),
    importable: !!def.importable,
    default_ordering: def.defaultOrdering ?? "id",
    template: def.importable ? templatePath(def) : null,
    locked: {},
  };
  for (const f of def.fields) {
    if (!f.hidden) {
      schema.table_fields[f.name] = {
        label: f.label,
        width: f.width,
        sortable: !!f.sortable,
        filter: !!f.filterable,
        type: f.type,
        ...(f.defaultHidden ? { default_hidden: true as const } : {}),
      };
    }
    if (f.readOnly || f.name === "id") continue;
    schema.form_fields[f.name] = {
      label: f.label,
      type: f.type,
      default: f.default ?? null,
      ...(f.createOnly ? { create_only: true as const } : {}),
      ...(f.immutable ? { readonly_on_update: true as const } : {}),
    };
    if (f.rules?.length) schema.rules[f.name] = f.rules;
    if (f.createRules?.length) schema.create_rules[f.name] = f.createRules;
    if (f.updateRules?.length) schema.update_rules[f.name] = f.updateRules;
  }
  await def.hooks?.viewerSchema?.({ ctx, user, db: ctx.store.db }, schema);
  return schema;
}

/**
 * One page of a list, its count, and `seek`: the token of this page (null when it has no
 * rows), which a request for a nearby page passes back to be read from here (decision 022).
 */
export async function listResource(
  ctx: PlatformContext,
  def: ResourceDef,
  filter: ListFilter,
  paging: Paging,
  seek: SeekToken | null = null,
): Promise<{ results: RecordRow[]; count: number; seek: string | null }> {
  const { results, count } = await listRecords(ctx.store, def, filter, paging, seek);
  const token = results.length
    ? seekToken(def, filter, paging, results[0].id, results[results.length - 1].id)
    : null;
  return { results, count, seek: token };
}

function requireObject(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw badRequest("请求体必须是 JSON 对象");
  return body as Record<string, unknown>;
}

export async function createResource(
  ctx: PlatformContext,
  def: ResourceDef,
  user: AuthUser,
  body: unknown,
): Promise<RecordRow> {
  const db = ctx.store.db;
  const { values, errors } = validateInput(
    def,
    requireObject(body),
    "create",
    null,
    await loadOptions(db, def),
  );
  Object.assign(errors, await uniqueErrors(db, def, values, null));
  if (Object.keys(errors).length) throw validationError(errors);
  const prepared = await prepareFields(def, "create", values);
  return asFieldErrors(def, () =>
    ctx.store.write(async (tx) => {
      const h = { ctx, user, db: tx };
      return guardedWrite(h, def, async () => {
        await authorizeWrite(h, def, { mode: "create", before: null, values });
        const id = await insertRecord(h, def, withPrepared(values, prepared));
        return auditWrite(tx, user, "create", def, id, null);
      });
    }),
  );
}

/** Runs a write; a constraint the store refused becomes a 400 naming the field. */
async function asFieldErrors<T>(def: ResourceDef, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    const errors = constraintErrors(def, e);
    if (errors) throw validationError(errors);
    throw e;
  }
}

export async function updateResource(
  ctx: PlatformContext,
  def: ResourceDef,
  user: AuthUser,
  id: number,
  body: unknown,
): Promise<RecordRow> {
  const input = requireObject(body);
  const prepared = await prepareFields(def, "update", input);
  return asFieldErrors(def, () =>
    ctx.store.write(async (tx) => {
      const before = await requireRecord(tx, def, id);
      const { values, errors } = validateInput(
        def,
        input,
        "update",
        before,
        await loadOptions(tx, def),
      );
      Object.assign(errors, await uniqueErrors(tx, def, values, id));
      if (Object.keys(errors).length) throw validationError(errors);
      const h = { ctx, user, db: tx };
      return guardedWrite(h, def, async () => {
        await authorizeWrite(h, def, { mode: "update", before, values });
        await updateRecord(h, def, id, withPrepared(values, prepared));
        return auditWrite(tx, user, "update", def, id, before);
      });
    }),
  );
}

/** Deletes the records matching the filter (one id, id__in, or everything listed); all or none. */
export async function deleteResources(
  ctx: PlatformContext,
  def: ResourceDef,
  user: AuthUser,
  filter: ListFilter,
): Promise<number> {
  // A search is resolved (its index brought up to date) before the write begins.
  const query = await recordQuery(ctx.store, def, filter);
  const deleted = await ctx.store.write(async (tx) => {
    const h = { ctx, user, db: tx };
    return guardedWrite(h, def, async () => {
      const records = await matchingRecords(tx, query);
      for (const r of records) await def.hooks?.beforeDelete?.(h, r);
      for (const r of records)
        await authorizeWrite(h, def, { mode: "delete", before: r, values: {} });
      for (const r of records) {
        await deleteRecord(tx, def, r.id);
        await writeAudit(tx, user, "delete", def, r.id, r, null);
      }
      return records;
    });
  });
  await def.hooks?.afterDelete?.({ ctx, user, db: ctx.store.db }, deleted);
  return deleted.length;
}

export function readOnlyRefusal(def: ResourceDef) {
  return new HttpError(405, `${def.label}（${resourcePath(def)}）是只读资源`, "method_not_allowed");
}
