import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { insightLinks } from "~/components/insight/styles";
import { requireModel, startRun } from "~/insight/models.server";
import { DialogErrorBoundary } from "~/components/table/pages";
import { screens } from "~/table/registry";
import { CancelLink, RouteModal } from "~/components/table/route-modal";
import { requireViewer } from "~/auth/guard.server";
import { readForm } from "~/http/form.server";
import { SubmitButton } from "~/components/ui/submit-button";

export const links = insightLinks;

/** The run dialog over the models table: evaluation or training, and the test share. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, { page: "/model/index" });
  const model = await requireModel(viewer.api, params.id);
  return data({
    model: { id: model.id, name: model.name, holdout: model.holdout, status: model.status },
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const form = await readForm(request);
  const viewer = await requireViewer(request, { page: "/model/index", formData: form });
  const result = await startRun(request, viewer, params.id, form);
  return data({ message: result.message, values: result.values }, { status: result.status });
}

export default function RunDialog() {
  const { model } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("insight");
  const kind = result?.values?.kind ?? "evaluation";
  return (
    <RouteModal screen={screens.models} title={t("run.title")} size={520} testId="run-dialog">
      <Form method="post" className="kg-form stacked">
        <AuthenticityTokenInput />
        <p style={{ margin: 0 }}>{t("run.intro", { name: model.name })}</p>
        {result?.message && (
          <p className="ins-alert" role="alert" data-testid="run-error">
            {result.message}
          </p>
        )}
        <fieldset>
          <legend>{t("run.kindLabel")}</legend>
          <label>
            <input
              type="radio"
              name="kind"
              value="evaluation"
              defaultChecked={kind === "evaluation"}
            />
            {t("run.evaluationHint")}
          </label>
          <label>
            <input type="radio" name="kind" value="training" defaultChecked={kind === "training"} />
            {t("run.trainingHint")}
          </label>
        </fieldset>
        <label>
          {t("run.holdout")}
          <input
            type="number"
            name="holdout"
            min={5}
            max={50}
            step={1}
            required
            defaultValue={result?.values?.holdout ?? model.holdout}
          />
        </label>
        <div style={{ display: "flex", gap: 8, justifyContent: "flex-end" }}>
          <CancelLink screen={screens.models} />
          <SubmitButton testId="start-run">{t("run.start")}</SubmitButton>
        </div>
      </Form>
    </RouteModal>
  );
}

export const ErrorBoundary = DialogErrorBoundary;
