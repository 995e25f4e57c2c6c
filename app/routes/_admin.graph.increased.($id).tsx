import { Alert, Paper, Stack, Text, Title } from "@mantine/core";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorNotice, fieldError } from "~/components/graph-admin/form-parts";
import { GraphPicker } from "~/components/ui/graph-picker";
import { RecentJobs } from "~/components/graph-admin/job-list";
import { graphAdminLinks } from "~/components/graph-admin/links";
import { SourcePicker } from "~/components/graph-admin/source-picker";
import type { ActionError, GraphCard, Job } from "~/graph-admin/types";
import { adminT, formText, mutate } from "~/graph-admin/actions.server";
import { sourceOptions, sourcesFromForm } from "~/graph-admin/ontology.server";
import { badIntent, parseId } from "~/http/page.server";
import {
  graphCard,
  jobPage,
  listGraphCards,
  listJobs,
  updateDryRun,
} from "~/graph-admin/graphs.server";
import { requireViewer } from "~/auth/guard.server";
import { titleMeta } from "~/utils/meta";
import { FILE_FORM_BYTES, readForm } from "~/http/form.server";
import { SubmitButton } from "~/components/ui/submit-button";
import { IntentForm } from "~/components/ui/intent-form";
import { graphNotFound } from "~/kg/graphs.server";

export const meta = titleMeta("nav.graphIncreased");
export const links = graphAdminLinks;

/** /graph/increased: pick a graph; /graph/increased/:id: new data → a dry run (a job), then apply from its page. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  if (params.id === undefined) {
    const graphs = await listGraphCards(viewer.api);
    return data({ graphs, graph: null, options: null, jobs: [] as Job[] });
  }
  const id = parseId(params.id);
  if (id === null) throw graphNotFound();
  const [graph, options, jobs] = await Promise.all([
    graphCard(viewer.api, id),
    sourceOptions(viewer.api),
    listJobs(viewer.api, { graph_id: id, kind: "graph.plan,graph.update", page_size: 10 }),
  ]);
  return data({ graphs: [] as GraphCard[], graph, options, jobs });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const form = await readForm(request, { maxBytes: FILE_FORM_BYTES });
  const viewer = await requireViewer(request, { formData: form });
  const t = await adminT(request);
  const id = parseId(params.id);
  const intent = formText(form, "intent");
  if (intent !== "dryRun" || id === null) throw badIntent(intent);
  return mutate(viewer, form, {
    target: "dryRun",
    success: t("plan.queued"),
    redirectTo: jobPage,
    call: async () => updateDryRun(viewer.api, id, await sourcesFromForm(viewer.api, form)),
  });
}

export default function GraphIncreasedPage() {
  const { graphs, graph, options, jobs } = useLoaderData<typeof loader>();
  const result = useActionData<ActionError>();
  const { t } = useTranslation("admin");
  if (!graph || !options)
    return (
      <GraphPicker
        graphs={graphs}
        title={t("plan.pickTitle")}
        hrefOf={(id) => `/graph/increased/${id}`}
      />
    );
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("plan.pageTitle", { name: graph.name })}
      </Title>
      <Alert color="blue" data-testid="increase-help">
        <Text size="sm">{t("plan.help")}</Text>
      </Alert>
      <Paper withBorder p="md">
        <IntentForm intent="dryRun" encType="multipart/form-data" data-testid="dry-run-form">
          <Stack gap="md">
            <ErrorNotice result={result} target="dryRun" />
            <SourcePicker options={options} error={fieldError(result, "dryRun", "file_ids")} />
            <SubmitButton w="fit-content" testId="submit-dry-run">
              {t("plan.dryRun")}
            </SubmitButton>
          </Stack>
        </IntentForm>
      </Paper>
      <RecentJobs title={t("plan.recent")} jobs={jobs} />
    </Stack>
  );
}

export { ErrorBoundary } from "~/components/graph-admin/error-boundary";
