import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ReactNode } from "react";
import { PageTitle, Section } from "~/components/kg/page";
import {
  analyseArticle,
  analyseText,
  checkText,
  reportExtraction,
  type ExtractOutcome,
} from "~/kg/extract.server";
import { MAX_TEXT_LENGTH } from "~/kg/limits";
import { ExtractResultView } from "~/components/kg/extract-result";
import { kgLinks } from "~/components/kg/styles";
import { getFixedT } from "~/i18next.server";
import { requireViewer } from "~/auth/guard.server";
import { titleMeta } from "~/utils/meta";
import { TEXT_FORM_BYTES, readForm } from "~/http/form.server";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { getGraph, requireGraphId } from "~/kg/graphs.server";
import { badIntent } from "~/http/page.server";
import { listArticles } from "~/kg/reads.server";
import { IntentForm } from "~/components/ui/intent-form";
import { formatDayOnly } from "~/utils/format";
import { canAccess } from "~/utils/roles";

export const meta = titleMeta("nav.extract");
export const links = kgLinks;
export const handle = { name: "extract" };

/** Articles offered in the picker: the newest ones. */
const PICKER_SIZE = 50;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const kgId = requireGraphId(params.kgId);
  const [graph, articles] = await Promise.all([
    getGraph(viewer.api, kgId),
    listArticles(viewer.api, kgId, { page_size: PICKER_SIZE }),
  ]);
  // ?article=ID (the article page's "analyse" link) shows that article's analysis directly.
  const articleParam = new URL(request.url).searchParams.get("article");
  const outcome =
    articleParam && /^\d{1,12}$/.test(articleParam)
      ? await analyseArticle(request, viewer.api, kgId, Number(articleParam))
      : null;
  return data({
    kgId,
    graph,
    canReport: canAccess(viewer.roles, ["kg__feedback__create"]),
    articles: articles.results.map((a) => ({
      id: a.id,
      title: a.title,
      published_at: a.published_at,
    })),
    outcome,
  });
}

/**
 * intent "text": the pasted text; intent "article": an article of the graph; intent "report":
 * a relation the analysis extracted, to the report form.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const form = await readForm(request, { maxBytes: TEXT_FORM_BYTES });
  const viewer = await requireViewer(request, { formData: form });
  const kgId = requireGraphId(params.kgId);
  const intent = form.get("intent");
  if (intent === "article") {
    const id = String(form.get("article_id") ?? "");
    if (!/^\d{1,12}$/.test(id)) {
      const t = await getFixedT(request, "kg");
      return data<ExtractOutcome>(
        { ok: false, text: "", error: t("extract.pickArticle"), status: 400 },
        { status: 400 },
      );
    }
    return data<ExtractOutcome>(await analyseArticle(request, viewer.api, kgId, Number(id)));
  }
  if (intent === "text") {
    const text = String(form.get("text") ?? "");
    const problem = checkText(text, await getFixedT(request, "kg"));
    if (problem)
      return data<ExtractOutcome>(
        { ok: false, text, error: problem, status: 400 },
        { status: 400 },
      );
    const outcome = await analyseText(request, viewer.api, kgId, text);
    return data<ExtractOutcome>(outcome, { status: outcome.ok ? 200 : outcome.status });
  }
  if (intent === "report") {
    const outcome = await reportExtraction(viewer.api, kgId, form);
    return data<ExtractOutcome>(outcome, { status: outcome.ok ? 200 : outcome.status });
  }
  throw badIntent(intent);
}

/** What to analyse: pasted text or an article of the graph. */
function ExtractForm({
  intent,
  testId,
  children,
}: {
  intent: "text" | "article";
  testId: string;
  children: ReactNode;
}) {
  return (
    <IntentForm intent={intent} className="kg-form stacked" data-testid={testId}>
      {children}
    </IntentForm>
  );
}

export default function Extract() {
  const { kgId, graph, articles, canReport, outcome: fromLoader } = useLoaderData<typeof loader>();
  const fromAction = useActionData<typeof action>();
  const outcome = fromAction ?? fromLoader;
  const navigation = useNavigation();
  const { t } = useTranslation("kg");
  const busy = navigation.state === "submitting";
  const typed = outcome && (!outcome.ok || !outcome.article) ? outcome.text : "";
  const pickedArticle = outcome?.ok ? outcome.article?.id : undefined;
  return (
    <div className="kg-page" data-testid="extract-page">
      <PageTitle title={t("extract.title")} sub={graph.name} />
      <div className="kg-grid-side">
        <Section title={t("extract.paste")}>
          <ExtractForm intent="text" testId="extract-form">
            <textarea
              name="text"
              rows={8}
              defaultValue={typed}
              placeholder={t("extract.placeholder")}
              aria-label={t("extract.paste")}
              aria-invalid={outcome && !outcome.ok ? true : undefined}
              aria-describedby="extract-hint"
            />
            <div
              style={{
                display: "flex",
                justifyContent: "space-between",
                alignItems: "center",
                gap: 12,
                flexWrap: "wrap",
              }}
            >
              <span id="extract-hint" className="muted" style={{ fontSize: 13 }}>
                {t("extract.hint", { max: MAX_TEXT_LENGTH.toLocaleString("en-US") })}
              </span>
              <button type="submit" disabled={busy}>
                {busy ? t("extract.running") : t("extract.run")}
              </button>
            </div>
          </ExtractForm>
          {outcome && !outcome.ok && (
            <p
              className="form-error"
              role="alert"
              data-testid="extract-error"
              style={{ marginBottom: 0 }}
            >
              {outcome.error}
            </p>
          )}
        </Section>
        <aside>
          <Section title={t("extract.orArticle")}>
            <ExtractForm intent="article" testId="extract-article-form">
              <select
                name="article_id"
                defaultValue={pickedArticle ?? ""}
                aria-label={t("extract.orArticle")}
                required
              >
                <option value="" disabled>
                  {t("extract.pickArticle")}
                </option>
                {articles.map((a) => (
                  <option key={a.id} value={a.id}>
                    {formatDayOnly(a.published_at)} {a.title}
                  </option>
                ))}
              </select>
              <button type="submit" disabled={busy || articles.length === 0}>
                {t("extract.runArticle")}
              </button>
            </ExtractForm>
          </Section>
        </aside>
      </div>
      {outcome?.ok && <ExtractResultView kgId={kgId} view={outcome} canReport={canReport} />}
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
