import { forbidden } from "~/http/page.server";
import type { TFunction } from "i18next";
import { joinMessages } from "~/table/messages";
import { screens, type ResourceKey, type ResourceScreen } from "~/table/registry";
import { listQuery, type TableState } from "~/table/table-state";
import type { Row, TableSchema } from "~/table/types";
import { getFixedT } from "~/i18next.server";
import { pathAllowed } from "~/navigation";
import {
  PlatformError,
  PlatformUnavailable,
  type PlatformClient,
} from "~/platform-client/client.server";
import { resourcesApi } from "~/platform-client/resources.server";
import { requireViewer, type Viewer } from "~/auth/guard.server";

export function screenOf(key: ResourceKey): ResourceScreen {
  const screen = screens[key];
  if (!screen) throw new Response("Not Found", { status: 404 });
  return screen;
}

/**
 * The guard for every route of a screen: its dialogs and exports live under the screen's
 * path, where the navigation table does not reach, so the screen's own roles are checked here.
 */
export async function requireScreen(
  request: Request,
  screen: ResourceScreen,
  opts: { formData?: FormData } = {},
): Promise<Viewer> {
  const viewer = await requireViewer(request, opts);
  if (!pathAllowed(screen.path, viewer.roles)) {
    throw forbidden();
  }
  return viewer;
}

export const tableT = (request: Request) => getFixedT(request, "table");

/** What every route of a screen starts with: the screen, its guarded viewer and the table's words. */
export async function openScreen(
  key: ResourceKey | ResourceScreen,
  request: Request,
  opts: { formData?: FormData } = {},
) {
  const screen = typeof key === "string" ? screenOf(key) : key;
  const viewer = await requireScreen(request, screen, opts);
  const t = await tableT(request);
  return { screen, viewer, t };
}

/**
 * A spec §8 message, with the platform's own reason added when it gave one
 * ("记录新增失败！用户名已存在").
 */
export function failureMessage(t: TFunction, key: string, e: unknown): string {
  const base = t(key);
  const reason =
    e instanceof PlatformError
      ? platformReason(t, e)
      : e instanceof PlatformUnavailable
        ? t("serviceError", { ns: "common" })
        : undefined;
  return reason && reason !== base ? joinMessages(base, reason) : base;
}

/** Refusals of the platform's account rule (platform/resources/grants.ts), which the console words in every language. */
const ACCOUNT_RULE_CODES = new Set([
  "grant_not_held",
  "admin_only",
  "own_rights",
  "protected_account",
  "admin_group_kept",
  "last_superuser",
]);

/**
 * The platform's reason for a refusal. Its words are Chinese: the zh console shows them as
 * they are (they name the group or codename); en and es show the account rule's refusals in
 * their own words.
 */
function platformReason(t: TFunction, e: PlatformError): string | undefined {
  const lng = (t as TFunction & { lng?: string }).lng;
  if (e.code && ACCOUNT_RULE_CODES.has(e.code) && lng !== "zh")
    return t(`accountRule.${e.code}`, { ns: "common" });
  return e.detail;
}

/** Status to answer with when a platform call failed: the platform's, or 503 when it is unreachable. */
export const failureStatus = (e: unknown) => (e instanceof PlatformError ? e.status : 503);

/** Errors that are not the platform refusing (bugs, thrown redirects) go on up. */
export function rethrowUnexpected(e: unknown): void {
  if (!(e instanceof PlatformError || e instanceof PlatformUnavailable)) throw e;
}

/** Field messages of a refused write: the platform sends {errors: {field: [messages]}}. */
export function platformFieldErrors(e: unknown): Record<string, string> {
  if (!(e instanceof PlatformError)) return {};
  const errors = e.body?.errors;
  const out: Record<string, string> = {};
  if (errors && typeof errors === "object" && !Array.isArray(errors)) {
    for (const [field, messages] of Object.entries(errors as Record<string, unknown>)) {
      const first = Array.isArray(messages) ? messages[0] : messages;
      if (first !== undefined && first !== null) out[field] = String(first);
    }
  }
  return out;
}

export async function fetchSchema(
  api: PlatformClient,
  screen: ResourceScreen,
): Promise<TableSchema> {
  return resourcesApi.getSchema<TableSchema>(api, screen.api);
}

export async function fetchList(api: PlatformClient, screen: ResourceScreen, state: TableState) {
  const query = listQuery(state);
  if (screen.pagesOnly) {
    for (const k of [...query.keys()])
      if (k !== "page" && k !== "page_size" && k !== "seek") query.delete(k);
  }
  return resourcesApi.getList<Row>(api, screen.api, query);
}

/** How many records a selection or a filter matches, asking for a single row. */
export async function countMatching(
  api: PlatformClient,
  screen: ResourceScreen,
  query: URLSearchParams,
): Promise<number> {
  const q = new URLSearchParams(query);
  q.set("page", "1");
  q.set("page_size", "1");
  q.delete("ordering");
  return (await resourcesApi.getList(api, screen.api, q)).count;
}

export async function fetchRecord(
  api: PlatformClient,
  screen: ResourceScreen,
  id: string,
): Promise<Row> {
  if (!/^\d+$/.test(id)) throw new Response("Not Found", { status: 404 });
  try {
    return await resourcesApi.getOne<Row>(api, screen.api, id);
  } catch (e) {
    if (e instanceof PlatformError && e.status === 404)
      throw new Response(e.detail ?? "Not Found", { status: 404 });
    throw e;
  }
}

/** A page of this screen the platform refuses to this user: 403 with its reason. */
export function forbiddenPage(t: TFunction, detail?: string): Response {
  return new Response(detail || t("forbidden", { ns: "common" }), {
    status: 403,
    statusText: "Forbidden",
  });
}
