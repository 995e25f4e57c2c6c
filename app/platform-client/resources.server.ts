import type { Paged } from "@contract/kg";
import type { TableSchema } from "@contract/resources";
import type { PlatformClient, Query } from "./client.server";

/**
 * The generic resources of spec §7 (`{prefix}`: common/users, data/files, kg/triples…) in
 * react-admin's DataProvider shape: getList, getOne, create, update, delete, deleteMany, plus
 * the platform's import, export and file download. `resource` is the prefix without slashes
 * (app/table/registry.ts `api`). Errors are the client's: the table modules word them.
 */

/** A record of a resource, as the platform answers it. */
export type ResourceRow = Record<string, unknown>;

/** A page of a list; `seek` is the key of the next page when the resource pages by key. */
export interface ResourcePage<T = ResourceRow> extends Paged<T> {
  seek?: string | null;
}

const list = (resource: string) => `/${resource}/`;
const one = (resource: string, id: string | number) =>
  `/${resource}/${encodeURIComponent(String(id))}/`;

export const resourcesApi = {
  /** The resource's table and form description (fields, rules, options); kept (`getKept`), read-only. */
  getSchema: <S = TableSchema>(api: PlatformClient, resource: string) =>
    api.getKept<S>(`${list(resource)}schema/`),
  getList: <T = ResourceRow>(
    api: PlatformClient,
    resource: string,
    query: Query | URLSearchParams,
  ) => api.get<ResourcePage<T>>(list(resource), query),
  getOne: <T = ResourceRow>(api: PlatformClient, resource: string, id: string | number) =>
    api.get<T>(one(resource, id)),
  /** A new record: JSON, or multipart when it carries a file. */
  create: <T = ResourceRow>(api: PlatformClient, resource: string, body: ResourceRow | FormData) =>
    body instanceof FormData
      ? api.call<T>("POST", list(resource), { form: body })
      : api.post<T>(list(resource), body),
  update: (api: PlatformClient, resource: string, id: string | number, body: ResourceRow) =>
    api.patch(one(resource, id), body),
  delete: (api: PlatformClient, resource: string, id: string | number) =>
    api.delete(one(resource, id)),
  /** The records a selection (`id__in`) or a filter matches. */
  deleteMany: (api: PlatformClient, resource: string, query: URLSearchParams) =>
    api.delete<{ deleted: number }>(list(resource), { query }),
  /** A CSV or Excel file of records (`dry_run=1`: checked only); the raw answer. */
  import: (api: PlatformClient, resource: string, form: FormData, dryRun: boolean) =>
    api.raw("POST", `${list(resource)}upload/`, {
      form,
      query: dryRun ? { dry_run: "1" } : undefined,
    }),
  /** The records as CSV (a stream: the raw answer). */
  export: (api: PlatformClient, resource: string, query: URLSearchParams) =>
    api.raw("GET", `${list(resource)}export/`, { query }),
  /** A stored file of a record (data/files; a stream: the raw answer). */
  download: (api: PlatformClient, resource: string, id: string | number) =>
    api.raw("GET", `${one(resource, id)}download/`),
  /** A record's own operation (users: reset_password). */
  act: (api: PlatformClient, resource: string, id: string | number, name: string, body: unknown) =>
    api.post(`${one(resource, id)}${name}/`, body),
};
