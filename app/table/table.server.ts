import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { resourcesApi } from "~/platform-client/resources.server";
import type { TFunction } from "i18next";
import type { TableData } from "~/table/data";
import type { ResourceKey, ResourceScreen } from "~/table/registry";
import { parseTableState, stateQuery, stateToParams } from "~/table/table-state";
import type { Row } from "~/table/types";
import { invalidatePlatformConfig } from "~/platform-client/config.server";
import { pagePath, type Viewer } from "~/auth/guard.server";
import { safeRedirect } from "~/utils/redirect";
import { commitSession, flash } from "~/auth/session.server";
import { defaultHidden, hiddenColumns, saveHiddenColumns } from "./columns.server";
import { gridSettings, saveGridSettings } from "./grid.server";
import { checkGridSettings, DEFAULT_GRID } from "./grid-settings";
import {
  failureMessage,
  fetchList,
  fetchSchema,
  openScreen,
  rethrowUnexpected,
} from "./platform.server";
import { readForm } from "~/http/form.server";

/** Params a data request adds that are not part of the page's own query. */
const TRANSPORT_PARAMS = ["_routes", "_data", "index"];

/** The same view under one spelling (defaults dropped, `a=1&a=2` → `a__in=1,2`), so links compare equal. */
function canonicalRedirect(request: Request, screen: ResourceScreen) {
  if (request.method !== "GET" || pagePath(request) !== screen.path) return;
  const url = new URL(request.url);
  const given = new URLSearchParams(url.search);
  for (const p of TRANSPORT_PARAMS) given.delete(p);
  const canonical = stateToParams(parseTableState(given));
  if (canonical.toString() !== given.toString()) {
    throw redirect(`${screen.path}${stateQuery(parseTableState(given))}`);
  }
}

/** Spec §3 global config flags, shown as switches above the configs table. */
export const FEATURE_FLAGS = ["YF_SHOW_LOGO", "YF_ANTI_RESUBMIT", "YF_BODY_ENCRYPT"] as const;

async function featureFlags(viewer: Viewer) {
  const { results } = await resourcesApi.getList<Row>(viewer.api, "common/configs", {
    key__in: FEATURE_FLAGS.join(","),
    page_size: FEATURE_FLAGS.length,
  });
  return FEATURE_FLAGS.flatMap((key) => {
    const row = results.find((r) => r.key === key);
    if (!row) return [];
    const on = /^(true|1|yes|on)$/i.test(String(row.value ?? "").trim());
    return [{ key, id: Number(row.id), on, label: String(row.description || key) }];
  });
}

/**
 * A table screen's loader (spec §4): schema and one page of the list, fetched on the server
 * with the session's token, for the state in the URL. A failure is shown with its spec §8
 * message rather than an error page, so the toolbar and the rest of the page stay usable.
 */
export async function tableLoader(key: ResourceKey, { request }: LoaderFunctionArgs) {
  const { screen, viewer, t } = await openScreen(key, request);
  canonicalRedirect(request, screen);
  const state = parseTableState(new URL(request.url).searchParams);
  const [schema, list, hidden, flags] = await Promise.allSettled([
    fetchSchema(viewer.api, screen),
    fetchList(viewer.api, screen, state),
    hiddenColumns(request, viewer.info.id, screen.key),
    screen.key === "configs" ? featureFlags(viewer) : Promise.resolve(undefined),
  ]);
  let error: string | null = null;
  if (schema.status === "rejected") {
    rethrowUnexpected(schema.reason);
    error = failureMessage(t, "messages.schemaFailed", schema.reason);
  } else if (list.status === "rejected") {
    rethrowUnexpected(list.reason);
    error = failureMessage(t, "messages.listFailed", list.reason);
  }
  const ok = list.status === "fulfilled" && schema.status === "fulfilled";
  const chosen = hidden.status === "fulfilled" ? hidden.value : null;
  // The adjustable grid's settings (decision 029), on the screens that offer it.
  const grid =
    screen.grid && schema.status === "fulfilled"
      ? ((await gridSettings(
          request,
          viewer.info.id,
          screen.key,
          Object.keys(schema.value.table_fields),
        )) ?? DEFAULT_GRID)
      : undefined;
  return data<TableData>({
    screen: screen.key,
    schema: schema.status === "fulfilled" ? schema.value : null,
    rows: ok ? list.value.results : [],
    count: ok ? list.value.count : 0,
    state,
    pageSeek: ok ? (list.value.seek ?? null) : null,
    // Until the user chooses their columns, the schema's rarely needed ones start hidden.
    hidden:
      chosen ?? (schema.status === "fulfilled" ? defaultHidden(schema.value.table_fields) : []),
    error,
    flags: flags.status === "fulfilled" ? flags.value : undefined,
    grid,
  });
}

const backTo = (form: FormData, screen: ResourceScreen) => {
  const to = safeRedirect(form.get("redirectTo"), screen.path);
  return to.startsWith(screen.path) ? to : screen.path;
};

/** Intents posted to the table itself: remember the visible columns; switch feature flags. */
export async function tableAction(key: ResourceKey, { request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { screen, viewer, t } = await openScreen(key, request, { formData: form });
  const intent = form.get("intent");
  if (intent === "columns") {
    // The columns are the schema's, not a list the page posts back: what is not shown is hidden.
    let all: string[];
    try {
      all = Object.keys((await fetchSchema(viewer.api, screen)).table_fields);
    } catch (e) {
      rethrowUnexpected(e);
      flash(viewer.api.session, "error", failureMessage(t, "messages.saveFailed", e));
      return redirect(backTo(form, screen), {
        headers: { "Set-Cookie": await commitSession(viewer.api.session) },
      });
    }
    const shown = new Set(form.getAll("show").map(String));
    if ([...shown].some((c) => !all.includes(c)))
      throw data({ error: "show names a column the table does not have" }, { status: 400 });
    const hidden = all.filter((c) => !shown.has(c));
    const cookie = await saveHiddenColumns(request, viewer.info.id, screen.key, hidden);
    return redirect(backTo(form, screen), { headers: { "Set-Cookie": cookie } });
  }
  if (intent === "grid" && screen.grid) return saveGrid(request, viewer, form, screen);
  if (intent === "flags" && screen.key === "configs") return saveFlags(t, viewer, form, screen);
  throw data({ error: `unknown intent: ${String(intent)}` }, { status: 400 });
}

/**
 * Keeps the adjustable grid's settings (decision 029): `grid` is their JSON, checked against the
 * schema's columns; anything else is refused (400), never half kept. A fetcher gets the kept
 * settings back; a plain form (with `redirectTo`) goes back to the table.
 */
async function saveGrid(request: Request, viewer: Viewer, form: FormData, screen: ResourceScreen) {
  const raw = form.get("grid");
  let parsed: unknown;
  try {
    parsed = typeof raw === "string" ? JSON.parse(raw) : undefined;
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined) throw data({ error: "grid is not JSON" }, { status: 400 });
  const columns = Object.keys((await fetchSchema(viewer.api, screen)).table_fields);
  const settings = checkGridSettings(parsed, columns);
  if (!settings) throw data({ error: "grid does not fit the table's columns" }, { status: 400 });
  const headers = {
    "Set-Cookie": await saveGridSettings(request, viewer.info.id, screen.key, settings),
  };
  if (form.has("redirectTo")) return redirect(backTo(form, screen), { headers });
  return data({ grid: settings }, { headers });
}

async function saveFlags(t: TFunction, viewer: Viewer, form: FormData, screen: ResourceScreen) {
  const wanted = new Set(form.getAll("flag").map(String));
  try {
    for (const flag of await featureFlags(viewer)) {
      const on = wanted.has(flag.key);
      if (on === flag.on) continue;
      await resourcesApi.update(viewer.api, "common/configs", flag.id, {
        value: on ? "true" : "false",
      });
      // The next write must follow the flag just set (a nonce once anti-resubmission is on).
      invalidatePlatformConfig();
    }
    flash(viewer.api.session, "success", t("messages.saveOk"));
  } catch (e) {
    rethrowUnexpected(e);
    flash(viewer.api.session, "error", failureMessage(t, "messages.saveFailed", e));
  } finally {
    invalidatePlatformConfig();
  }
  return redirect(backTo(form, screen), {
    headers: { "Set-Cookie": await commitSession(viewer.api.session) },
  });
}
