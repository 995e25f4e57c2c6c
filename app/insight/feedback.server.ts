import { redirect } from "@remix-run/node";
import type { Viewer } from "~/auth/guard.server";
import { commitSession, flash } from "~/auth/session.server";
import { orPageError, pageError, requireId } from "~/http/page.server";
import { insightApi } from "~/platform-client/insight.server";
import { translate } from "~/i18n";
import { getFixedT } from "~/i18next.server";
import { loadGraphs } from "~/kg/graphs.server";
import { PlatformError } from "~/platform-client/client.server";
import { safeRedirect } from "~/utils/redirect";
import { canAccess } from "~/utils/roles";

/** Loaders' and actions' work of feedback: the review dialog and the visitor's report form. */

const TABLE = "/kgfeedback/index";
/** The platform's words for an unknown report, which scripts read. */
const recordNotFound = () => translate("zh", "insight:errors.recordNotFound");

/** The table the dialog was opened over (its search, sort and page), from the dialog's own URL. */
export function tableHref(request: Request): string {
  const search = new URL(request.url).search;
  return `${TABLE}${search}`;
}

export async function reviewDialog(viewer: Viewer, rawId: string | undefined) {
  const id = requireId(rawId, recordNotFound());
  const [workflow, graphs] = await Promise.all([
    orPageError(insightApi.feedbackStatus(viewer.api, id)),
    loadGraphs(viewer.api),
  ]);
  const graph = graphs.find((g) => g.id === workflow.record.graph);
  return {
    ...workflow,
    graphName: graph?.name ?? String(workflow.record.graph ?? ""),
    canHandle: canAccess(viewer.roles, ["kg__feedback__update"]),
  };
}

export interface ReviewResult {
  message: string;
  note: string;
}

/** Moves the report to the status of the button pressed; a refusal comes back with the platform's reason. */
export async function moveStatus(
  request: Request,
  viewer: Viewer,
  rawId: string | undefined,
  form: FormData,
): Promise<ReviewResult & { status: number }> {
  const id = requireId(rawId, recordNotFound());
  const t = await getFixedT(request, "insight");
  const status = String(form.get("status") ?? "");
  const note = String(form.get("note") ?? "");
  try {
    const after = await insightApi.moveFeedback(viewer.api, id, {
      status,
      note: note.trim() === "" ? undefined : note,
    });
    flash(
      viewer.api.session,
      "success",
      t("feedback.changed", { status: t(`feedbackStatus.${after.status}`) }),
    );
  } catch (e) {
    if (!(e instanceof PlatformError)) throw e;
    return { message: e.detail ?? t("feedback.failed"), note, status: e.status };
  }
  throw redirect(tableHref(request), {
    headers: { "Set-Cookie": await commitSession(viewer.api.session) },
  });
}

/** What a visitor reports on: ?graph=&kind=&target=, described by the platform (404 when there is no such fact). */
export async function reportForm(request: Request, viewer: Viewer) {
  const url = new URL(request.url);
  const fact = await orPageError(
    insightApi.fact(viewer.api, {
      graph: url.searchParams.get("graph"),
      kind: url.searchParams.get("kind"),
      target: url.searchParams.get("target"),
    }),
  );
  return { fact, back: safeRedirect(url.searchParams.get("redirect"), fact.link) };
}

export interface ReportResult {
  message: string;
  content: string;
}

export async function submitReport(
  request: Request,
  viewer: Viewer,
  form: FormData,
): Promise<ReportResult & { status: number }> {
  const t = await getFixedT(request, "insight");
  const content = String(form.get("content") ?? "");
  if (!content.trim()) return { message: t("feedback.contentRequired"), content, status: 400 };
  const body = {
    graph: Number(form.get("graph")),
    kind: String(form.get("kind") ?? ""),
    target: String(form.get("target") ?? ""),
    content: content.trim(),
  };
  try {
    await insightApi.report(viewer.api, body);
  } catch (e) {
    if (e instanceof PlatformError && e.status === 400)
      return { message: e.detail ?? t("feedback.failed"), content, status: 400 };
    throw pageError(e);
  }
  flash(viewer.api.session, "success", t("feedback.submitted"));
  throw redirect(safeRedirect(form.get("back"), "/"), {
    headers: { "Set-Cookie": await commitSession(viewer.api.session) },
  });
}
