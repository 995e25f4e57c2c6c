import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorNotice, fieldError, SelectField, valueOf } from "~/components/graph-admin/form-parts";
import { GraphPicker } from "~/components/ui/graph-picker";
import { graphAdminLinks } from "~/components/graph-admin/links";
import { OntologyEditor } from "~/components/graph-admin/ontology-editor";
import type { ActionError, GraphCard, OntologySummary } from "~/graph-admin/types";
import {
  adminT,
  formText,
  mutate,
  ontologyRights,
  pageWithoutEditor,
} from "~/graph-admin/actions.server";
import { listOntologies, ontologyAction, ontologyDetail } from "~/graph-admin/ontology.server";
import { badIntent, parseId } from "~/http/page.server";
import {
  forkOntology,
  graphOntology,
  listGraphCards,
  switchOntology,
} from "~/graph-admin/graphs.server";
import { requireViewer } from "~/auth/guard.server";
import { titleMeta } from "~/utils/meta";
import { readForm } from "~/http/form.server";
import { IntentForm } from "~/components/ui/intent-form";
import type { SessionClient } from "~/auth/platform.server";
import { graphNotFound } from "~/kg/graphs.server";

export const meta = titleMeta("nav.graphSchemaEdit");
export const links = graphAdminLinks;

/** /graph/schemaedit/:id: the ontology of one graph: edit it, give the graph its own copy, or move it to another. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  if (params.id === undefined) {
    const graphs = await listGraphCards(viewer.api);
    return data({
      graphs,
      info: null,
      detail: null,
      ontologies: [] as OntologySummary[],
      rights: ontologyRights(viewer),
    });
  }
  const id = parseId(params.id);
  if (id === null) throw graphNotFound();
  const [info, ontologies] = await Promise.all([
    graphOntology(viewer.api, id),
    listOntologies(viewer.api),
  ]);
  const detail = info.ontology ? await ontologyDetail(viewer.api, info.ontology.id) : null;
  return data({
    graphs: [] as GraphCard[],
    info,
    detail,
    ontologies,
    rights: ontologyRights(viewer),
  });
}

/** The graph's own intents on this page: use another ontology, or a copy of this one. */
const GRAPH_ONTOLOGY_INTENTS = {
  switchOntology: {
    success: "graphOntology.switched",
    call: (api: SessionClient, id: number, form: FormData) =>
      switchOntology(api, id, formText(form, "ontology_id") || null),
  },
  forkOntology: {
    success: "graphOntology.forked",
    call: (api: SessionClient, id: number, form: FormData) =>
      forkOntology(api, id, formText(form, "name")),
  },
} as const;

export async function action({ request, params }: ActionFunctionArgs) {
  const form = await readForm(request);
  const viewer = await requireViewer(request, { formData: form });
  const id = parseId(params.id);
  if (id === null) throw graphNotFound();
  const back = `/graph/schemaedit/${id}`;
  const t = await adminT(request);
  const intent = formText(form, "intent");
  // Own keys only: "constructor" or "toString" is an unknown intent, not an inherited function.
  if (Object.hasOwn(GRAPH_ONTOLOGY_INTENTS, intent)) {
    const own = GRAPH_ONTOLOGY_INTENTS[intent as keyof typeof GRAPH_ONTOLOGY_INTENTS];
    return mutate(viewer, form, {
      target: intent,
      success: t(own.success),
      redirectTo: back,
      call: () => own.call(viewer.api, id, form),
    });
  }
  const result = await ontologyAction(viewer, form, request, pageWithoutEditor(request));
  if (!result) throw badIntent(intent);
  return result;
}

/** A one-line form of the graph's own intents: its field and button in a row, a refusal above. */
function InlineForm({
  intent,
  result,
  submit,
  hint,
  testId,
  children,
}: {
  intent: string;
  result?: ActionError | null;
  submit: string;
  hint?: string;
  testId?: string;
  children: React.ReactNode;
}) {
  return (
    <IntentForm intent={intent} preventScrollReset>
      <ErrorNotice result={result} target={intent} />
      <Group align="flex-end" gap="xs">
        {children}
        <Button type="submit" size="xs" variant="light" data-testid={testId}>
          {submit}
        </Button>
      </Group>
      {hint && (
        <Text size="xs" c="dimmed" mt={4}>
          {hint}
        </Text>
      )}
    </IntentForm>
  );
}

export default function GraphSchemaEditPage() {
  const { graphs, info, detail, ontologies, rights } = useLoaderData<typeof loader>();
  const result = useActionData<ActionError>();
  const { t } = useTranslation("admin");
  if (!info)
    return (
      <GraphPicker
        graphs={graphs}
        title={t("graphOntology.pickTitle")}
        hrefOf={(id) => `/graph/schemaedit/${id}`}
      />
    );
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("graphOntology.title", { name: info.graph.name })}
      </Title>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group gap="xs">
            <Text>{t("graphOntology.current")}</Text>
            {info.ontology ? (
              <Link
                to={`/schema?o=${info.ontology.id}`}
                className="ga-link"
                data-testid="graph-ontology-name"
              >
                {info.ontology.name}
              </Link>
            ) : (
              <Text c="dimmed">{t("graph.noOntology")}</Text>
            )}
          </Group>
          {info.shared_with.length > 0 && (
            <Alert color="yellow" data-testid="shared-warning">
              {t("graphOntology.shared", {
                graphs: info.shared_with.map((g) => g.name).join("、"),
              })}
            </Alert>
          )}
          {rights.update && (
            <InlineForm
              intent="switchOntology"
              result={result}
              submit={t("graphOntology.switch")}
              hint={t("graphOntology.switchHint")}
            >
              <SelectField
                name="ontology_id"
                label={t("graphOntology.switchTo")}
                value={info.ontology?.id ?? ""}
                options={ontologies.map((o) => ({ value: o.id, label: o.name }))}
              />
            </InlineForm>
          )}
          {rights.create && info.ontology && (
            <InlineForm
              intent="forkOntology"
              result={result}
              submit={t("graphOntology.fork")}
              testId="fork-ontology"
            >
              <TextInput
                name="name"
                label={t("graphOntology.forkName")}
                placeholder={t("graphOntology.forkPlaceholder", { name: info.graph.name })}
                defaultValue={valueOf(result, "forkOntology", "name", "")}
                error={fieldError(result, "forkOntology", "name")?.[0]}
                w={260}
              />
            </InlineForm>
          )}
        </Stack>
      </Paper>
      {detail && <OntologyEditor detail={detail} rights={rights} result={result} />}
    </Stack>
  );
}

export { ErrorBoundary } from "~/components/graph-admin/error-boundary";
