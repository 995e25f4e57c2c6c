import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { insightLinks } from "~/components/insight/styles";
import { errorBoundary } from "~/components/ui/error-boundary";
import { reportForm, submitReport } from "~/insight/feedback.server";
import { Main } from "~/components/layout/main-landmark";
import { StandaloneHeader } from "~/components/layout/standalone-header";
import { requireViewer } from "~/auth/guard.server";
import { titleMeta } from "~/utils/meta";
import { readForm } from "~/http/form.server";

export const meta = titleMeta("insight:feedback.newTitle");
export const links = insightLinks;

/**
 * A logged-in visitor reports a wrong fact: /feedback/new?graph=&kind=entity|relation|event&target=
 * (&redirect= the page to go back to; by default the fact's own page). A plain form.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  return data({ ...(await reportForm(request, viewer)), username: viewer.info.username });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const viewer = await requireViewer(request, { formData: form });
  const refused = await submitReport(request, viewer, form);
  return data({ message: refused.message, content: refused.content }, { status: refused.status });
}

export default function ReportFact() {
  const { fact, back, username } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("insight");
  return (
    <>
      <StandaloneHeader username={username} />
      <Main className="kg-page ins-standalone" testId="feedback-new-page">
        <section className="kg-section">
          <header>
            <h1>{t("feedback.newTitle")}</h1>
          </header>
          <div className="kg-section-body">
            <p className="muted">{t("feedback.newIntro")}</p>
            <dl className="ins-detail">
              <dt>{t("feedback.kind")}</dt>
              <dd>{fact.kind_label}</dd>
              <dt>{t("feedback.fact")}</dt>
              <dd data-testid="fact-label">
                <Link to={fact.link}>{fact.label}</Link>
              </dd>
            </dl>
            <Form method="post" className="kg-form stacked">
              <AuthenticityTokenInput />
              <input type="hidden" name="graph" value={fact.graph} />
              <input type="hidden" name="kind" value={fact.kind} />
              <input type="hidden" name="target" value={fact.target} />
              <input type="hidden" name="back" value={back} />
              {refused?.message && (
                <p className="ins-alert" role="alert" data-testid="feedback-error">
                  {refused.message}
                </p>
              )}
              <label>
                {t("feedback.contentLabel")}
                <textarea
                  name="content"
                  rows={5}
                  required
                  maxLength={2000}
                  placeholder={t("feedback.contentPlaceholder")}
                  defaultValue={refused?.content ?? ""}
                />
              </label>
              <div style={{ display: "flex", gap: 8, justifyContent: "flex-end" }}>
                <Link className="kg-button light" to={back}>
                  {t("feedback.cancel")}
                </Link>
                <button
                  type="submit"
                  className="kg-button"
                  disabled={navigation.state === "submitting"}
                >
                  {t("feedback.submit")}
                </button>
              </div>
            </Form>
          </div>
        </section>
      </Main>
    </>
  );
}

export const ErrorBoundary = errorBoundary({ back: { to: "/", label: "insight:common.back" } });
