import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { StatusBadge } from "~/components/insight/status-badge";
import { insightLinks } from "~/components/insight/styles";
import { moveStatus, reviewDialog } from "~/insight/feedback.server";
import { DialogErrorBoundary } from "~/components/table/pages";
import { screens } from "~/table/registry";
import { CancelLink, RouteModal, useTableHref } from "~/components/table/route-modal";
import { requireViewer } from "~/auth/guard.server";
import { badIntent } from "~/http/page.server";
import { RelativeTime } from "~/components/ui/relative-time";
import { readForm } from "~/http/form.server";
import { IntentForm } from "~/components/ui/intent-form";

export const links = insightLinks;

/** A report over the feedback table: the fact with its link, and the status changes the workflow allows. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, { page: "/kgfeedback/index" });
  return data(await reviewDialog(viewer, params.id));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const form = await readForm(request);
  const viewer = await requireViewer(request, { page: "/kgfeedback/index", formData: form });
  if (form.get("intent") !== "status") throw badIntent(form.get("intent"));
  const refused = await moveStatus(request, viewer, params.id, form);
  return data({ message: refused.message, note: refused.note }, { status: refused.status });
}

/** Back to the table the dialog was opened over, when there is nothing to decide. */
function CloseLink() {
  const { t } = useTranslation("insight");
  const back = useTableHref(screens.feedback);
  return (
    <div className="ins-actions">
      <Link to={back} className="kg-button light" preventScrollReset>
        {t("feedback.close")}
      </Link>
    </div>
  );
}

export default function ReviewDialog() {
  const { record, allowed, graphName, canHandle } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const { t } = useTranslation("insight");
  return (
    <RouteModal
      screen={screens.feedback}
      title={`${t("feedback.title")} #${record.id}`}
      size={600}
      testId="review-dialog"
    >
      {refused?.message && (
        <p className="ins-alert" role="alert" data-testid="review-error">
          {refused.message}
        </p>
      )}
      <dl className="ins-detail">
        <dt>{t("feedback.status")}</dt>
        <dd>
          <StatusBadge status={record.status} labels="feedbackStatus" />
        </dd>
        <dt>{t("feedback.kind")}</dt>
        <dd>{t(`feedbackKind.${record.kind}`)}</dd>
        <dt>{t("common.graph")}</dt>
        <dd>{graphName}</dd>
        <dt>{t("feedback.fact")}</dt>
        <dd>
          {record.target_label}{" "}
          {record.link && (
            <Link to={record.link} data-testid="fact-link">
              {t("feedback.openFact")}
            </Link>
          )}
        </dd>
        <dt>{t("feedback.content")}</dt>
        <dd data-testid="feedback-content">{record.content}</dd>
        <dt>{t("feedback.reporter")}</dt>
        <dd>
          {record.reporter || "—"} ·{" "}
          {record.created_at ? <RelativeTime value={record.created_at} /> : "—"}
        </dd>
        {record.handler && (
          <>
            <dt>{t("feedback.handler")}</dt>
            <dd>
              {record.handler} ·{" "}
              {record.handled_at ? <RelativeTime value={record.handled_at} /> : "—"}
            </dd>
          </>
        )}
        {record.note && (
          <>
            <dt>{t("feedback.note")}</dt>
            <dd>{record.note}</dd>
          </>
        )}
      </dl>
      {record.kind === "extraction" && (
        <p className="ins-info" data-testid="extraction-verdict">
          {t("feedback.extractionVerdict")}
        </p>
      )}
      {!canHandle ? (
        <p className="ins-info">{t("feedback.readOnly")}</p>
      ) : allowed.length === 0 ? (
        <p className="ins-info" data-testid="feedback-final">
          {t("feedback.final")}
        </p>
      ) : (
        <IntentForm intent="status" data-testid="status-form">
          <label htmlFor="feedback-note">{t("feedback.note")}</label>
          <textarea
            id="feedback-note"
            name="note"
            className="ins-note"
            placeholder={t("feedback.notePlaceholder")}
            defaultValue={refused?.note ?? ""}
            maxLength={2000}
          />
          <div className="ins-actions">
            {allowed.map((s) => (
              <button
                key={s.key}
                type="submit"
                name="status"
                value={s.key}
                className={`to-${s.key}`}
              >
                {t("feedback.moveTo", { status: t(`feedbackStatus.${s.key}`) })}
              </button>
            ))}
            <CancelLink screen={screens.feedback} />
          </div>
        </IntentForm>
      )}
      {(!canHandle || allowed.length === 0) && <CloseLink />}
    </RouteModal>
  );
}

export const ErrorBoundary = DialogErrorBoundary;
