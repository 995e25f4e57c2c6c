import { type AuthUser, hasPermission } from "../auth/context.js";
import { storeVersion } from "../store-version.js";
import type { PlatformContext } from "../context.js";
import { HttpError, badRequest } from "../http/errors.js";
import { authorizeWrite, guardedWrite } from "./authorize.js";
import { prepareFields, withPrepared } from "./prepare.js";
import { type ListFilter, type Paging, whereSql } from "./query.js";
import {
  auditWrite,
  constraintErrors,
  decodeRow,
  deleteRecord,
  insertRecord,
  prepared,
  q,
  requireRecord,
  selectList,
  uniqueErrors,
  updateRecord,
  validationError,
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
 * the version is "any committed change to the store": PRAGMA data_version moves when another
 * connection (another process) commits, total_changes() when this one writes. Any write
 * anywhere drops every kept schema; a write in one process is seen by the next schema answer
 * of every other (no stale window). Keyed by resource and viewer (id, superuser, codenames).
 */
interface SchemaCache {
  version: string;
  entries: Map<string, ResourceSchema>;
}
const schemaCaches = new WeakMap<PlatformContext["db"], SchemaCache>();
const MAX_SCHEMAS = 2_000;

export function resourceSchema(
  ctx: PlatformContext,
  def: ResourceDef,
  user: AuthUser,
): ResourceSchema {
  const version = storeVersion(ctx.db);
  let cache = schemaCaches.get(ctx.db);
  if (!cache || cache.version !== version || cache.entries.size >= MAX_SCHEMAS) {
    cache = { version, entries: new Map() };
    schemaCaches.set(ctx.db, cache);
  }
  const key = `${def.app}/${def.name}|${user.id}|${user.isSuperuser ? 1 : 0}|${[...user.codenames].sort().join(",")}`;
  let schema = cache.entries.get(key);
  if (!schema) {
    schema = buildResourceSchema(ctx, def, user);
    cache.entries.set(key, schema);
  }
  return schema;
}

function buildResourceSchema(
  ctx: PlatformContext,
  def: ResourceDef,
  user: AuthUser,
): ResourceSchema {
  const options = loadOptions(ctx.db, def);
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
  def.hooks?.viewerSchema?.({ ctx, user }, schema);
  return schema;
}

export function listResource(
  ctx: PlatformContext,
  def: ResourceDef,
  filter: ListFilter,
  paging: Paging,
) {
  const db = ctx.db;
  const table = q(def.table);
  const tri = filter.trigram;
  const counted = filter.counted;
  const count = (
    tri && !tri.conditions.length
      ? prepared(
          db,
          `SELECT count(*) FROM ${q(tri.table)} WHERE ${q(tri.table)} MATCH ?`,
          "pluck",
        ).get(tri.match)
      : counted
        ? prepared(
            db,
            `SELECT ifnull(sum(n), 0) FROM resource_counts WHERE table_name = ? AND column_name = ?
             AND value IN (SELECT DISTINCT value FROM json_each(?))`,
            "pluck",
          ).get(def.table, counted.column, JSON.stringify(counted.values))
        : prepared(
            db,
            `SELECT count(*) FROM ${table} t ${whereSql(filter.conditions)}`,
            "pluck",
          ).get(filter.params)
  ) as number;
  const rows = (
    tri?.idDirection
      ? prepared(
          db,
          `SELECT ${selectList(def)} FROM ${q(tri.table)} f JOIN ${table} t ON t.id = f.rowid
           ${whereSql([`f.${q(tri.table)} MATCH ?`, ...tri.conditions])}
           ORDER BY f.rowid ${tri.idDirection} LIMIT ? OFFSET ?`,
        ).all([tri.match, ...tri.params, paging.pageSize, paging.offset])
      : prepared(
          db,
          `SELECT ${selectList(def)} FROM ${table} t ${whereSql(filter.conditions)} ORDER BY ${
            filter.orderBy
          } LIMIT ? OFFSET ?`,
        ).all([...filter.params, paging.pageSize, paging.offset])
  ) as Record<string, unknown>[];
  return { results: rows.map((r) => decodeRow(def, r)), count };
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
  const { values, errors } = validateInput(
    def,
    requireObject(body),
    "create",
    null,
    loadOptions(ctx.db, def),
  );
  Object.assign(errors, uniqueErrors(ctx.db, def, values, null));
  if (Object.keys(errors).length) throw validationError(errors);
  const prepared = await prepareFields(def, "create", values);
  return asFieldErrors(def, () =>
    ctx.db.transaction(() =>
      guardedWrite({ ctx, user }, def, () => {
        authorizeWrite({ ctx, user }, def, { mode: "create", before: null, values });
        const id = insertRecord({ ctx, user }, def, withPrepared(values, prepared));
        return auditWrite(ctx.db, user, "create", def, id, null);
      }),
    )(),
  );
}

/** Runs a write; a constraint the store refused becomes a 400 naming the field. */
function asFieldErrors<T>(def: ResourceDef, write: () => T): T {
  try {
    return write();
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
    ctx.db.transaction(() => {
      const before = requireRecord(ctx.db, def, id);
      const { values, errors } = validateInput(
        def,
        input,
        "update",
        before,
        loadOptions(ctx.db, def),
      );
      Object.assign(errors, uniqueErrors(ctx.db, def, values, id));
      if (Object.keys(errors).length) throw validationError(errors);
      return guardedWrite({ ctx, user }, def, () => {
        authorizeWrite({ ctx, user }, def, { mode: "update", before, values });
        updateRecord({ ctx, user }, def, id, withPrepared(values, prepared));
        return auditWrite(ctx.db, user, "update", def, id, before);
      });
    })(),
  );
}

/** Deletes the records matching the filter (one id, id__in, or everything listed); all or none. */
export function deleteResources(
  ctx: PlatformContext,
  def: ResourceDef,
  user: AuthUser,
  filter: ListFilter,
): number {
  const h = { ctx, user };
  const deleted = ctx.db.transaction(() =>
    guardedWrite(h, def, () => {
      const records = (
        ctx.db
          .prepare(
            `SELECT ${selectList(def)} FROM ${q(def.table)} t ${whereSql(filter.conditions)}`,
          )
          .all(...filter.params) as Record<string, unknown>[]
      ).map((r) => decodeRow(def, r));
      for (const r of records) def.hooks?.beforeDelete?.(h, r);
      for (const r of records) authorizeWrite(h, def, { mode: "delete", before: r, values: {} });
      for (const r of records) {
        deleteRecord(ctx.db, def, r.id);
        writeAudit(ctx.db, user, "delete", def, r.id, r, null);
      }
      return records;
    }),
  )();
  def.hooks?.afterDelete?.(h, deleted);
  return deleted.length;
}

export function readOnlyRefusal(def: ResourceDef) {
  return new HttpError(405, `${def.label}（${resourcePath(def)}）是只读资源`, "method_not_allowed");
}
