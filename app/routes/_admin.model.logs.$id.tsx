import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LogLine, RunDetail } from "@contract/insight";
import { ModelErrorBoundary, modelPageMeta, ModelTitle } from "~/components/insight/model-page";
import { StatusBadge } from "~/components/insight/status-badge";
import { insightLinks } from "~/components/insight/styles";
import { ProgressBar } from "~/components/ui/progress-bar";
import { badIntent } from "~/http/page.server";
import { LOG_PAGE_SIZE } from "~/insight/choices";
import { cancelRun, modelLogsPage } from "~/insight/models.server";
import { Empty, ListOrEmpty, Section } from "~/components/kg/page";
import { Pager } from "~/components/ui/pager";
import { requireViewer } from "~/auth/guard.server";
import { formatDate, percent } from "~/utils/format";
import { RelativeTime } from "~/components/ui/relative-time";
import { canAccess } from "~/utils/roles";
import { readForm } from "~/http/form.server";
import { IntentForm } from "~/components/ui/intent-form";

export const meta = modelPageMeta;
export const links = insightLinks;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const page = await modelLogsPage(request, viewer, params.id);
  return data({ ...page, canRun: canAccess(viewer.roles, ["kg__model__update"]) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const form = await readForm(request);
  const viewer = await requireViewer(request, { formData: form });
  if (form.get("intent") !== "cancel") throw badIntent(form.get("intent"));
  return cancelRun(request, viewer, params.id, form);
}

/** A log or run time to the second; "—" when there is none. */
const at = (iso: string | null | undefined) => formatDate(iso) || "—";

/**
 * The run as the page shows it: the loader's, then what the event stream says, while JavaScript
 * runs. One EventSource for three events, read here rather than through remix-utils'
 * useEventSource (which job-view uses): that hook keeps only the latest message of one event per
 * connection, and a log line must not be lost when two arrive before the next render.
 */
function useLiveRun(modelId: number, run: RunDetail | null, follow: boolean, page: number) {
  const revalidator = useRevalidator();
  const [live, setLive] = useState<{
    status: string;
    progress: number;
    message: string;
    error: string;
  } | null>(null);
  const [fresh, setFresh] = useState<LogLine[]>([]);
  const newest = run?.logs.results[0]?.id ?? 0;
  useEffect(() => {
    setLive(null);
    setFresh([]);
  }, [run?.id, newest, run?.status]);
  useEffect(() => {
    if (!run || !follow) return;
    const after = page === 1 ? `&after_log=${newest}` : "";
    const source = new EventSource(`/model/logs/${modelId}/events?run=${run.id}${after}`);
    source.addEventListener("progress", (e) => setLive(JSON.parse((e as MessageEvent).data)));
    source.addEventListener("log", (e) => {
      if (page === 1) setFresh((lines) => [JSON.parse((e as MessageEvent).data), ...lines]);
    });
    source.addEventListener("done", (e) => {
      setLive(JSON.parse((e as MessageEvent).data));
      source.close();
      // The finished run's evaluation and the model's new status come from the loader.
      revalidator.revalidate();
    });
    return () => source.close();
    // The stream is per run and page; a revalidation that brings new lines starts a new one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [modelId, run?.id, follow, page, newest]);
  return { live, fresh };
}

export default function ModelLogs() {
  const { model, runs, run, page, active, canRun } = useLoaderData<typeof loader>();
  const { t } = useTranslation("insight");
  const { live, fresh } = useLiveRun(model.id, run, active, page);
  const status = live?.status ?? run?.status;
  const progress = live?.progress ?? run?.progress ?? 0;
  const message = live?.message ?? run?.message ?? "";
  const error = live?.error ?? run?.error ?? "";
  const lines = [...fresh, ...(run?.logs.results ?? [])];
  const following = active && !!status && ["queued", "running"].includes(status);
  return (
    <div className="kg-page" data-testid="model-logs-page">
      {active && (
        // Without JavaScript the page follows a running job by reloading itself.
        <noscript>
          <meta httpEquiv="refresh" content="3" />
        </noscript>
      )}
      <ModelTitle model={model} sub={<span>{t("model.logs")}</span>}>
        <Link className="kg-button light" to={`/model/evaluation/${model.id}`}>
          {t("model.toEvaluation")}
        </Link>
        {canRun && (
          <Link className="kg-button" to={`/model/index/${model.id}/run`} data-testid="run-model">
            {t("model.runAgain")}
          </Link>
        )}
      </ModelTitle>
      {!run ? (
        <Section title={t("model.runs")}>
          <Empty>{t("model.noRuns")}</Empty>
        </Section>
      ) : (
        <div className="kg-grid-side">
          <div className="kg-page">
            <Section
              title={t("model.run", { id: run.id })}
              extra={
                <>
                  <span className="ins-status">{t(`run.kind.${run.kind}`)}</span>
                  {status && <StatusBadge status={status} />}
                </>
              }
              testId="run-detail"
            >
              <div className="ins-run-head">
                <dl>
                  <div>
                    <dt>{t("model.startedBy")}</dt>
                    <dd>{run.username || "—"}</dd>
                  </div>
                  <div>
                    <dt>{t("model.holdout")}</dt>
                    <dd>{run.holdout}%</dd>
                  </div>
                  <div>
                    <dt>{t("model.createdAt")}</dt>
                    <dd>{run.created_at ? <RelativeTime value={run.created_at} /> : "—"}</dd>
                  </div>
                  <div>
                    <dt>{t("model.finishedAt")}</dt>
                    <dd>{run.finished_at ? <RelativeTime value={run.finished_at} /> : "—"}</dd>
                  </div>
                  {run.f1 !== null && (
                    <div>
                      <dt>F1</dt>
                      <dd>
                        <Link to={`/model/evaluation/${model.id}?run=${run.id}`}>
                          {percent(run.f1)}
                        </Link>
                      </dd>
                    </div>
                  )}
                </dl>
                <div className="ins-run-progress">
                  <ProgressBar
                    value={status === "succeeded" ? 100 : progress}
                    label={t("model.progress")}
                    testId="run-progress"
                  />
                  <span className="ins-run-message" data-testid="run-message">
                    {message}
                    {following && <> · {t("model.live")}</>}
                  </span>
                  {error && <span className="ins-run-error">{error}</span>}
                </div>
                {following && canRun && (
                  <IntentForm intent="cancel" fields={{ run: run.id }}>
                    <button type="submit" className="kg-button light">
                      {t("model.cancelRun")}
                    </button>
                  </IntentForm>
                )}
              </div>
              {following && (
                <noscript>
                  <p className="ins-info">{t("model.autoRefresh")}</p>
                </noscript>
              )}
            </Section>
            <Section title={t("model.log")} testId="run-log">
              <ListOrEmpty items={lines} empty={t("model.noLogs")} ordered className="ins-log">
                {(l) => (
                  <li
                    key={l.id}
                    className={fresh.includes(l) ? "fresh" : undefined}
                    data-testid="log-line"
                  >
                    <time>{at(l.at)}</time>
                    <span className={`lv lv-${l.level}`}>{t(`model.level.${l.level}`)}</span>
                    <span className="msg">{l.message}</span>
                  </li>
                )}
              </ListOrEmpty>
              <Pager
                page={page}
                pageSize={LOG_PAGE_SIZE}
                count={run.logs.count + fresh.length}
                sizes={[LOG_PAGE_SIZE]}
              />
            </Section>
          </div>
          <aside aria-label={t("model.runs")}>
            <Section title={t("model.runs")} testId="run-list">
              <ul className="ins-runs">
                {runs.map((r) => {
                  const body = (
                    <>
                      <span>
                        #{r.id} {t(`run.kind.${r.kind}`)} <StatusBadge status={r.status} />
                      </span>
                      <time>{formatDate(r.created_at, "MM-DD HH:mm")}</time>
                    </>
                  );
                  return (
                    <li key={r.id}>
                      {r.id === run.id ? (
                        <span className="current" aria-current="true">
                          {body}
                        </span>
                      ) : (
                        <Link to={`/model/logs/${model.id}?run=${r.id}`}>{body}</Link>
                      )}
                    </li>
                  );
                })}
              </ul>
            </Section>
          </aside>
        </div>
      )}
    </div>
  );
}

export const ErrorBoundary = ModelErrorBoundary;
