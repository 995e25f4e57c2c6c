import { redirect } from "@remix-run/node";
import type { ModelRecord } from "@contract/insight";
import type { Viewer } from "~/auth/guard.server";
import { commitSession, flash } from "~/auth/session.server";
import { chartSpec } from "~/charts/render.server";
import { chartScheme } from "~/preferences.server";
import { notFound, orPageError, pageError, requireId } from "~/http/page.server";
import { insightApi } from "~/platform-client/insight.server";
import { eventStream } from "~/http/pass-through.server";
import { translate } from "~/i18n";
import { getFixedT } from "~/i18next.server";
import { PlatformError, type PlatformClient } from "~/platform-client/client.server";
import { safeRedirect } from "~/utils/redirect";
import { trendOption } from "~/charts/series-options";
import { classBarsHeight, classBarsOption, classMetricsOption } from "./chart-options";
import { LOG_PAGE_SIZE } from "./choices";
import { numberParam } from "./query.server";

/** Loaders' and actions' work of the model pages: run logs, evaluation, the run dialog. */

const ACTIVE = new Set(["queued", "running"]);

/** The platform's words for an unknown model, run or evaluation, which scripts read. */
const modelNotFound = () => translate("zh", "insight:errors.modelNotFound");
const runNotFound = () => translate("zh", "insight:errors.runNotFound");

/** The model, or the page's 404 with the platform's reason in words the page uses. */
export async function requireModel(
  api: PlatformClient,
  rawId: string | undefined,
): Promise<ModelRecord> {
  const id = requireId(rawId, modelNotFound());
  try {
    return await insightApi.model(api, id);
  } catch (e) {
    if (e instanceof PlatformError && e.status === 404) throw notFound(modelNotFound());
    throw pageError(e);
  }
}

export async function modelLogsPage(request: Request, viewer: Viewer, rawId: string | undefined) {
  const model = await requireModel(viewer.api, rawId);
  const url = new URL(request.url);
  const runs = await orPageError(insightApi.runs(viewer.api, model.id, { page_size: 20 }));
  const asked = url.searchParams.get("run");
  const runId = asked ? requireId(asked, runNotFound()) : runs.results[0]?.id;
  const page = numberParam(url, "page", 1);
  const run = runId
    ? await orPageError(
        insightApi.run(viewer.api, model.id, runId, {
          log_page: page,
          log_page_size: LOG_PAGE_SIZE,
        }),
      )
    : null;
  const t = await getFixedT(request, "insight");
  return {
    title: t("model.logs"),
    model,
    runs: runs.results,
    runCount: runs.count,
    run,
    page,
    active: !!run && ACTIVE.has(run.status),
  };
}

/** Cancels the page's run (intent=cancel). */
export async function cancelRun(
  request: Request,
  viewer: Viewer,
  rawId: string | undefined,
  form: FormData,
) {
  const model = await requireModel(viewer.api, rawId);
  const runId = requireId(String(form.get("run") ?? ""), runNotFound());
  const t = await getFixedT(request, "insight");
  try {
    await insightApi.cancelRun(viewer.api, model.id, runId);
    flash(viewer.api.session, "success", t("model.cancelled"));
  } catch (e) {
    if (!(e instanceof PlatformError)) throw e;
    flash(viewer.api.session, "error", e.detail ?? t("run.failed", { message: "" }));
  }
  return redirect(`/model/logs/${model.id}?run=${runId}`, {
    headers: { "Set-Cookie": await commitSession(viewer.api.session) },
  });
}

export async function modelEvaluationPage(
  request: Request,
  viewer: Viewer,
  rawId: string | undefined,
) {
  const model = await requireModel(viewer.api, rawId);
  const url = new URL(request.url);
  const run = url.searchParams.get("run");
  const answer = await orPageError(
    insightApi.evaluation(viewer.api, model.id, {
      run: run ? requireId(run, translate("zh", "insight:errors.noEvaluation")) : undefined,
    }),
  );
  const t = await getFixedT(request, "insight");
  const ev = answer.evaluation;
  const names = { precision: t("evaluation.precision"), recall: t("evaluation.recall"), f1: "F1" };
  const perClass = ev
    ? {
        // Beside the per-class table (half the page's width at desktop sizes).
        ...(await chartSpec(
          await chartScheme(request),
          classMetricsOption(ev.per_class, names),
          600,
          500,
        )),
        // A phone's: a band per class, labels on one line.
        narrow: await chartSpec(
          await chartScheme(request),
          classBarsOption(ev.per_class, names),
          320,
          classBarsHeight(ev.per_class.length),
        ),
      }
    : null;
  const history =
    answer.history.length > 1
      ? await chartSpec(
          await chartScheme(request),
          trendOption(
            answer.history.map((h) => `#${h.run_id}`),
            [
              { name: "F1", values: answer.history.map((h) => h.f1), color: "#f08c00" },
              {
                name: t("evaluation.precision"),
                values: answer.history.map((h) => h.precision),
                color: "#6085f2",
              },
              {
                name: t("evaluation.recall"),
                values: answer.history.map((h) => h.recall),
                color: "#37b24d",
              },
            ],
            { percent: true, smooth: true },
          ),
          1100,
          260,
        )
      : null;
  return { ...answer, charts: { perClass, history }, title: t("evaluation.title") };
}

export interface RunDialogResult {
  message?: string;
  values?: { kind: string; holdout: string };
}

/** Starts a run from the dialog: the platform checks it; on success (thrown redirect), the run's log page. */
export async function startRun(
  request: Request,
  viewer: Viewer,
  rawId: string | undefined,
  form: FormData,
): Promise<RunDialogResult & { status: number }> {
  const model = await requireModel(viewer.api, rawId);
  const t = await getFixedT(request, "insight");
  const values = {
    kind: String(form.get("kind") ?? "evaluation"),
    holdout: String(form.get("holdout") ?? "").trim(),
  };
  try {
    const run = await insightApi.startRun(viewer.api, model.id, {
      kind: values.kind,
      holdout: values.holdout === "" ? undefined : Number(values.holdout),
    });
    flash(viewer.api.session, "success", t("run.started"));
    const to = safeRedirect(`/model/logs/${model.id}?run=${run.id}`);
    throw redirect(to, { headers: { "Set-Cookie": await commitSession(viewer.api.session) } });
  } catch (e) {
    if (!(e instanceof PlatformError)) throw e;
    return { message: e.detail ?? t("run.failed", { message: "" }), values, status: e.status };
  }
}

/** A run's live events (progress, log lines, done) for the logs page's EventSource, passed through. */
export const runEvents = (viewer: Viewer, modelId: number, runId: number, query: URLSearchParams) =>
  eventStream(insightApi.runEvents(viewer.api, modelId, runId, query));
