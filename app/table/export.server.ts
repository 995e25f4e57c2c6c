import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { resourcesApi } from "~/platform-client/resources.server";
import { stringify } from "csv-stringify/sync";
import type { ResourceKey, ResourceScreen } from "~/table/registry";
import { matchQuery, parseTableState, selectedIds } from "~/table/table-state";
import type { RowError } from "~/table/types";
import { PlatformUnavailable } from "~/platform-client/client.server";
import { platformApiUrl } from "~/env.server";
import type { Viewer } from "~/auth/guard.server";
import { commitSession, flash } from "~/auth/session.server";
import { tableUrl } from "./form.server";
import { failureMessage, failureStatus, openScreen, rethrowUnexpected } from "./platform.server";
import { readForm } from "~/http/form.server";
import { notFound } from "~/http/page.server";

const BOM = "\uFEFF";

/** The browser enhancement fetches the file itself and wants a JSON reason when it fails. */
const wantsJson = (request: Request) => request.headers.get("X-Requested-With") === "fetch";

function attachment(
  body: BodyInit | null,
  filename: string,
  type = "text/csv; charset=utf-8",
  length?: string | null,
) {
  const headers = new Headers({
    "Content-Type": type,
    "Content-Disposition": `attachment; filename="${filename.replace(/[^\x20-\x7e]|"/g, "_")}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    "Cache-Control": "no-store",
  });
  if (length) headers.set("Content-Length", length);
  return new Response(body, { status: 200, headers });
}

async function refuse(
  viewer: Viewer,
  screen: ResourceScreen,
  request: Request,
  message: string,
  status: number,
) {
  if (wantsJson(request)) return data({ message }, { status });
  flash(viewer.api.session, "error", message);
  return redirect(tableUrl(screen, request), {
    headers: { "Set-Cookie": await commitSession(viewer.api.session) },
  });
}

/** A platform failure as the refusal above; anything unexpected goes on to the error page. */
function refuseFailure(
  viewer: Viewer,
  screen: ResourceScreen,
  request: Request,
  message: string,
  e: unknown,
) {
  rethrowUnexpected(e);
  return refuse(viewer, screen, request, message, failureStatus(e));
}

/** The import template, served by the platform at /static/template/{app}-{resource}.csv. */
async function template(screen: ResourceScreen) {
  const [app, name] = screen.api.split("/");
  const url = `${new URL(platformApiUrl()).origin}/static/template/${app}-${name}.csv`;
  const res = await fetch(url).catch((e) => {
    throw new PlatformUnavailable(String(e));
  });
  if (!res.ok) throw notFound();
  return attachment(res.body, `${app}-${name}.csv`);
}

/**
 * GET {screen}/export: the CSV of spec §7, streamed from the platform as it comes (never
 * held whole here), saved as export.csv. Selected rows (`id`), every row matching the
 * table's search and filters (`all=1`, or the toolbar's plain export), or the template.
 */
export async function exportLoader(key: ResourceKey, { request }: LoaderFunctionArgs) {
  const { screen, viewer, t } = await openScreen(key, request);
  const url = new URL(request.url);
  if (url.searchParams.get("template") === "1") return template(screen);
  const ids = selectedIds(url.searchParams);
  const all = url.searchParams.get("all") === "1";
  if (url.searchParams.get("intent") === "selected" && !all && !ids.length) {
    return refuse(viewer, screen, request, t("messages.selectFirst"), 400);
  }
  const state = parseTableState(url.searchParams);
  const query =
    ids.length && !all
      ? new URLSearchParams({ id__in: ids.join(","), ordering: state.ordering })
      : matchQuery(state);
  if (!query.get("ordering")) query.delete("ordering");
  try {
    const res = await resourcesApi.export(viewer.api, screen.api, query);
    const file = attachment(res.body, "export.csv");
    // Without JavaScript the page stays as it was under a download: the spec's 记录导出成功！
    // comes as a flash with the file, shown by the next page (decision 013). The browser
    // enhancement says it at once and asks for no flash.
    if (!wantsJson(request)) {
      flash(viewer.api.session, "success", t("messages.exportOk"));
      file.headers.append("Set-Cookie", await commitSession(viewer.api.session));
    }
    return file;
  } catch (e) {
    return refuseFailure(viewer, screen, request, failureMessage(t, "messages.exportFailed", e), e);
  }
}

/** POST {screen}/export with intent=errors: an import's bad rows as a CSV to fix and upload again. */
export async function exportAction(key: ResourceKey, { request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { t } = await openScreen(key, request, { formData: form });
  if (form.get("intent") !== "errors") throw data({ error: "unknown intent" }, { status: 400 });
  let errors: RowError[];
  try {
    const parsed = JSON.parse(String(form.get("errors") ?? "[]"));
    errors = Array.isArray(parsed) ? parsed : [];
  } catch {
    throw data({ error: "errors must be a JSON list" }, { status: 400 });
  }
  const rows = errors.map((e) => [e.row, e.field, e.message]);
  const csv =
    BOM +
    stringify([[t("import.row"), t("import.field"), t("import.message")], ...rows], {
      escape_formulas: true,
    });
  return attachment(csv, "import-errors.csv");
}

/** GET {screen}/{id}/download: a stored file, streamed from the platform (data/files). */
export async function downloadLoader(key: ResourceKey, { request, params }: LoaderFunctionArgs) {
  const { screen, viewer, t } = await openScreen(key, request);
  try {
    const res = await resourcesApi.download(viewer.api, screen.api, params.id ?? "");
    const disposition = res.headers.get("content-disposition") ?? "";
    const name = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
    const plain = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
    const filename = name ? decodeURIComponent(name) : (plain ?? `file-${params.id}`);
    return attachment(
      res.body,
      filename,
      res.headers.get("content-type") ?? "application/octet-stream",
      res.headers.get("content-length"),
    );
  } catch (e) {
    return refuseFailure(
      viewer,
      screen,
      request,
      failureMessage(t, "messages.downloadFailed", e),
      e,
    );
  }
}
