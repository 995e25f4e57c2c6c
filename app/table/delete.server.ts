import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { resourcesApi } from "~/platform-client/resources.server";
import type { DeleteData } from "~/table/data";
import { recordLock } from "~/table/locks";
import type { ResourceKey, ResourceScreen } from "~/table/registry";
import { matchQuery, pageAfterDelete, parseTableState, selectedIds } from "~/table/table-state";
import { joinMessages } from "~/table/messages";
import type { Row, TableSchema } from "~/table/types";
import type { Viewer } from "~/auth/guard.server";
import { commitSession, flash } from "~/auth/session.server";
import { backToTable, schemaFor, tableUrl } from "./form.server";
import {
  countMatching,
  failureMessage,
  failureStatus,
  fetchRecord,
  forbiddenPage,
  openScreen,
  rethrowUnexpected,
} from "./platform.server";
import { readForm } from "~/http/form.server";

/** A record named by its first few columns, so the user sees what goes ("ID: 7 · 用户名: alice"). */
function describe(schema: TableSchema, record: Row): string[] {
  return Object.entries(schema.table_fields)
    .filter(([, f]) => f.type !== "text")
    .slice(0, 3)
    .map(([name, f]) => `${f.label}: ${String(record[name] ?? "")}`);
}

/** Spec §4: back one page when the delete emptied it, then the list reloads. */
async function afterDelete(
  viewer: Viewer,
  screen: ResourceScreen,
  request: Request,
  message: string,
) {
  const state = parseTableState(new URL(request.url).searchParams);
  let page = state.page;
  if (page > 1) {
    const remaining = await countMatching(viewer.api, screen, matchQuery(state)).catch(() => null);
    if (remaining !== null) page = pageAfterDelete(state, remaining);
  }
  return backToTable(viewer, screen, request, message, page);
}

export async function deleteLoader(key: ResourceKey, { request, params }: LoaderFunctionArgs) {
  const { screen, viewer, t } = await openScreen(key, request);
  const schema = await schemaFor(viewer, screen, t, "delete");
  if (recordLock(schema, params.id).delete) throw forbiddenPage(t, t("actions.locked"));
  const record = await fetchRecord(viewer.api, screen, params.id ?? "");
  return data<DeleteData>({
    screen: screen.key,
    id: String(record.id),
    count: 1,
    summary: describe(schema, record),
  });
}

export async function deleteAction(key: ResourceKey, { request, params }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { screen, viewer, t } = await openScreen(key, request, { formData: form });
  const id = params.id ?? "";
  try {
    await resourcesApi.delete(viewer.api, screen.api, id);
  } catch (e) {
    rethrowUnexpected(e);
    return data<DeleteData>(
      {
        screen: screen.key,
        id,
        count: 1,
        summary: [],
        error: failureMessage(t, "messages.deleteFailed", e),
      },
      { status: failureStatus(e) },
    );
  }
  return afterDelete(viewer, screen, request, t("messages.deleteOk"));
}

/** The selection of a bulk delete: checked ids, or every record matching the table's filters. */
function bulkSelection(params: URLSearchParams | FormData) {
  return { ids: selectedIds(params), all: params.get("all") === "1" };
}

function bulkQuery(request: Request, sel: { ids: string[]; all: boolean }): URLSearchParams {
  if (sel.all) {
    const q = matchQuery(parseTableState(new URL(request.url).searchParams));
    q.delete("ordering");
    q.set("all", "1");
    return q;
  }
  return new URLSearchParams({ id__in: sel.ids.join(",") });
}

/** The confirmation of a bulk delete shows how many records go (spec "select all N matching"). */
export async function bulkDeleteLoader(key: ResourceKey, { request }: LoaderFunctionArgs) {
  const { screen, viewer, t } = await openScreen(key, request);
  await schemaFor(viewer, screen, t, "delete");
  const sel = bulkSelection(new URL(request.url).searchParams);
  if (!sel.all && !sel.ids.length) {
    flash(viewer.api.session, "error", t("messages.selectFirst"));
    throw redirect(tableUrl(screen, request), {
      headers: { "Set-Cookie": await commitSession(viewer.api.session) },
    });
  }
  const query = bulkQuery(request, sel);
  query.delete("all");
  let count = sel.ids.length;
  let error: string | undefined;
  try {
    count = await countMatching(viewer.api, screen, query);
  } catch (e) {
    rethrowUnexpected(e);
    error = failureMessage(t, "messages.listFailed", e);
  }
  const summary = sel.all
    ? []
    : [`ID: ${sel.ids.slice(0, 20).join(", ")}${sel.ids.length > 20 ? " …" : ""}`];
  return data<DeleteData>({
    screen: screen.key,
    ids: sel.all ? [] : sel.ids,
    all: sel.all,
    count,
    summary,
    error,
  });
}

export async function bulkDeleteAction(key: ResourceKey, { request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { screen, viewer, t } = await openScreen(key, request, { formData: form });
  const sel = bulkSelection(form);
  if (!sel.all && !sel.ids.length) {
    return data<DeleteData>(
      { screen: screen.key, count: 0, summary: [], error: t("messages.selectFirst") },
      { status: 400 },
    );
  }
  let deleted = 0;
  try {
    deleted = (await resourcesApi.deleteMany(viewer.api, screen.api, bulkQuery(request, sel)))
      .deleted;
  } catch (e) {
    rethrowUnexpected(e);
    return data<DeleteData>(
      {
        screen: screen.key,
        ids: sel.ids,
        all: sel.all,
        count: sel.ids.length,
        summary: [],
        error: failureMessage(t, "messages.deleteFailed", e),
      },
      { status: failureStatus(e) },
    );
  }
  return afterDelete(
    viewer,
    screen,
    request,
    joinMessages(t("messages.deleteOk"), t("messages.deletedCount", { count: deleted })),
  );
}
