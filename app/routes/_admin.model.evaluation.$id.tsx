import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ChartSection } from "~/components/insight/chart-section";
import {
  ClassMetricsTable,
  ConfusionMatrix,
  ReviewRoundTable,
} from "~/components/insight/evaluation-tables";
import { ModelErrorBoundary, modelPageMeta, ModelTitle } from "~/components/insight/model-page";
import { insightLinks } from "~/components/insight/styles";
import { modelEvaluationPage } from "~/insight/models.server";
import { Empty, Section } from "~/components/kg/page";
import { requireViewer } from "~/auth/guard.server";
import { formatDate, percent } from "~/utils/format";

export const meta = modelPageMeta;
export const links = insightLinks;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  return data(await modelEvaluationPage(request, viewer, params.id));
}

function Score({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="stat" data-testid={testId}>
      <span className="stat-value">{value}</span>
      <span className="stat-label">{label}</span>
    </div>
  );
}

export default function ModelEvaluation() {
  const { model, evaluation: ev, history, charts } = useLoaderData<typeof loader>();
  const { t } = useTranslation("insight");
  return (
    <div className="kg-page" data-testid="model-evaluation-page">
      <ModelTitle
        model={model}
        sub={
          <>
            <span>{t("evaluation.title")}</span>
            {ev?.run && (
              <span>
                {t("evaluation.ofRun", {
                  id: ev.run.id,
                  kind: t(`run.kind.${ev.run.kind}`),
                  at: formatDate(ev.created_at, "YYYY-MM-DD HH:mm"),
                })}
              </span>
            )}
          </>
        }
      >
        <Link
          className="kg-button light"
          to={`/model/logs/${model.id}${ev ? `?run=${ev.run_id}` : ""}`}
        >
          {t("model.toLogs")}
        </Link>
      </ModelTitle>
      {!ev ? (
        <Section title={t("evaluation.title")}>
          <Empty>{t("evaluation.none")}</Empty>
        </Section>
      ) : (
        <div className={`ins-eval-grid${ev.review ? " with-review" : ""}`}>
          <div className="stats ins-eval-scores" data-testid="scores">
            <Score
              label={t("evaluation.precision")}
              value={percent(ev.precision)}
              testId="score-precision"
            />
            <Score
              label={t("evaluation.recall")}
              value={percent(ev.recall)}
              testId="score-recall"
            />
            <Score label="F1" value={percent(ev.f1)} testId="score-f1" />
            <Score label={t("evaluation.macroF1")} value={percent(ev.macro_f1)} />
            <Score label={t("evaluation.articles")} value={String(ev.articles)} />
            <Score label={t("evaluation.gold")} value={String(ev.gold)} testId="score-gold" />
            <Score label={t("evaluation.predicted")} value={String(ev.predicted)} />
            <Score label={t("evaluation.correct")} value={String(ev.tp)} />
          </div>
          <ChartSection
            title={t("evaluation.perClassChart")}
            chart={charts.perClass}
            testId="per-class-chart"
            className="ins-eval-chart"
          />
          <Section title={t("evaluation.perClass")} className="ins-eval-table">
            <ClassMetricsTable rows={ev.per_class} />
          </Section>
          {ev.review && (
            <Section
              title={t("evaluation.review")}
              testId="evaluation-review"
              className="ins-eval-review"
            >
              <p className="muted">
                {ev.review.verdicts === 0
                  ? t("evaluation.reviewNone")
                  : t(ev.review.since ? "evaluation.reviewSince" : "evaluation.reviewFirst", {
                      since: ev.review.since ? formatDate(ev.review.since, "YYYY-MM-DD HH:mm") : "",
                      verdicts: ev.review.verdicts,
                      accepted: ev.review.accepted,
                      rejected: ev.review.rejected,
                    })}
              </p>
              {ev.review.verdicts > 0 && <ReviewRoundTable round={ev.review} />}
            </Section>
          )}
          <Section title={t("evaluation.matrix")} className="ins-eval-matrix">
            <ConfusionMatrix labels={ev.confusion.labels} matrix={ev.confusion.matrix} />
          </Section>
          <ChartSection
            title={t("evaluation.history")}
            label={t("evaluation.historyChart")}
            chart={charts.history}
            testId="evaluation-history"
            className="ins-eval-history"
          >
            <nav className="segmented" aria-label={t("evaluation.history")}>
              {history.map((h) => (
                <Link
                  key={h.run_id}
                  to={`/model/evaluation/${model.id}?run=${h.run_id}`}
                  aria-current={h.run_id === ev.run_id ? "true" : undefined}
                >
                  #{h.run_id} {t(`run.kind.${h.kind}`)} · F1 {percent(h.f1)}
                </Link>
              ))}
            </nav>
          </ChartSection>
          <p className="muted ins-eval-method">{t("evaluation.method")}</p>
        </div>
      )}
    </div>
  );
}

export const ErrorBoundary = ModelErrorBoundary;
