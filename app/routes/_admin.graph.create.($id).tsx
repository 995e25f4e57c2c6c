import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  ErrorNotice,
  fieldError,
  type FormTarget,
  SelectField,
  valueOf,
} from "~/components/graph-admin/form-parts";
import { graphAdminLinks } from "~/components/graph-admin/links";
import { DomainRecordFields } from "~/components/graph-admin/ontology-header";
import { SkipBadRows, SourcePicker } from "~/components/graph-admin/source-picker";
import type { ActionError, GraphCard } from "~/graph-admin/types";
import { adminT, formChecked, formText, mutate } from "~/graph-admin/actions.server";
import { sourceOptions, sourcesFromForm } from "~/graph-admin/ontology.server";
import { badIntent, parseId } from "~/http/page.server";
import {
  createGraph,
  graphCard,
  graphIri,
  jobPage,
  rebuildGraph,
  saveGraph,
} from "~/graph-admin/graphs.server";
import { requireViewer } from "~/auth/guard.server";
import { titleMeta } from "~/utils/meta";
import { FILE_FORM_BYTES, readForm } from "~/http/form.server";
import { IriForm } from "~/components/interchange/iri-form";
import { interchangeLinks } from "~/components/interchange/links";
import { SAVE_IRI, saveIri } from "~/interchange/iri.server";
import { IntentForm } from "~/components/ui/intent-form";
import { graphNotFound } from "~/kg/graphs.server";

export const meta = titleMeta("nav.graphCreate");
export const links = () => [...graphAdminLinks(), ...interchangeLinks()];

/**
 * /graph/create: a new graph and its build; /graph/create/:id: rebuild graph :id (and edit its
 * name). The build form's second button (`dry_run=1`) runs a dry run instead: its job page shows
 * the report and applies it (the build, or the rebuild's replacement of the facts).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const id = params.id === undefined ? null : parseId(params.id);
  if (params.id !== undefined && id === null) throw graphNotFound();
  const [graph, options, iri] = await Promise.all([
    id ? graphCard(viewer.api, id) : Promise.resolve(null),
    sourceOptions(viewer.api),
    id ? graphIri(viewer.api, id) : Promise.resolve(null),
  ]);
  return data({ graph, options, iri });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const form = await readForm(request, { maxBytes: FILE_FORM_BYTES });
  const viewer = await requireViewer(request, { formData: form });
  const t = await adminT(request);
  const intent = formText(form, "intent");
  const id = parseId(params.id);
  const graphFields = () => ({
    name: formText(form, "name"),
    domain: formText(form, "domain"),
    description: formText(form, "description"),
  });
  // 预演 (dry_run=1) queues a dry run of the same sources, applied from its job page; the
  // plain button builds at once ("skip bad rows" belongs to the apply then).
  const dryRun = formText(form, "dry_run") === "1";
  const built = async () => ({
    ...(await sourcesFromForm(viewer.api, form)),
    ...(dryRun ? {} : { skip_bad_rows: formChecked(form, "skip_bad_rows") }),
  });
  const success = t(dryRun ? "plan.queued" : "graph.buildQueued");
  if (intent === "create") {
    return mutate(viewer, form, {
      target: "create",
      success,
      redirectTo: jobPage,
      call: async () =>
        createGraph(
          viewer.api,
          {
            ...graphFields(),
            ontology_id: formText(form, "ontology_id") || null,
            ...(await built()),
          },
          dryRun,
        ),
    });
  }
  if (intent === "rebuild" && id) {
    return mutate(viewer, form, {
      target: "rebuild",
      success,
      redirectTo: jobPage,
      call: async () => rebuildGraph(viewer.api, id, await built(), dryRun),
    });
  }
  if (intent === "saveInfo" && id) {
    return mutate(viewer, form, {
      target: "saveInfo",
      success: t("graph.saved"),
      redirectTo: `/graph/create/${id}`,
      call: () => saveGraph(viewer.api, id, graphFields()),
    });
  }
  if (intent === SAVE_IRI && id)
    return saveIri(viewer, form, { graph: id }, `/graph/create/${id}`, t("graph.saved"));
  throw badIntent(intent);
}

function GraphFields({ graph, form }: { graph: GraphCard | null; form: FormTarget }) {
  const { t } = useTranslation("admin");
  return (
    <DomainRecordFields
      form={form}
      label={t("graph.name")}
      record={graph}
      defaultDomain="military"
      widths={{ name: 260, description: 320 }}
    />
  );
}

export default function GraphCreatePage() {
  const { graph, options, iri } = useLoaderData<typeof loader>();
  const result = useActionData<ActionError>();
  const navigation = useNavigation();
  const { t } = useTranslation("admin");
  const busy = navigation.state === "submitting";
  const dryRunning = busy && navigation.formData?.get("dry_run") === "1";
  const buildTarget = graph ? "rebuild" : "create";
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {graph ? t("graph.rebuildTitle", { name: graph.name }) : t("graph.createTitle")}
      </Title>
      {graph && (
        <Paper withBorder p="md">
          <IntentForm intent="saveInfo" preventScrollReset>
            <Stack gap="xs">
              <ErrorNotice result={result} target="saveInfo" />
              <GraphFields graph={graph} form={{ result, target: "saveInfo" }} />
              <Group gap="xs">
                <Button type="submit" size="xs" variant="light">
                  {t("actions.save")}
                </Button>
                <span className="ga-muted">
                  {t("graph.ontology")}：{graph.ontology?.name ?? t("graph.noOntology")}（
                  <Link to={`/graph/schemaedit/${graph.id}`} className="ga-link">
                    {t("graph.editOntology")}
                  </Link>
                  ）
                </span>
              </Group>
            </Stack>
          </IntentForm>
          {iri && (
            <div style={{ marginTop: 12 }}>
              <IriForm settings={iri} kind="graph" result={result} />
            </div>
          )}
        </Paper>
      )}
      <Paper withBorder p="md">
        <IntentForm intent={buildTarget} encType="multipart/form-data" data-testid="build-form">
          <Stack gap="md">
            <ErrorNotice result={result} target={buildTarget} />
            {graph ? (
              <Alert color="yellow" data-testid="rebuild-warning">
                {t("graph.rebuildWarning", {
                  entities: graph.counts.entities,
                  relations: graph.counts.relations,
                })}
              </Alert>
            ) : (
              <>
                <GraphFields graph={null} form={{ result, target: "create" }} />
                <SelectField
                  name="ontology_id"
                  label={t("graph.ontology")}
                  error={fieldError(result, "create", "ontology_id")}
                  hint={t("graph.ontologyHint")}
                  value={valueOf(result, "create", "ontology_id", options.ontologies[0]?.id)}
                  testId="ontology-select"
                  options={options.ontologies.map((o) => ({
                    value: o.id,
                    label: `${o.name}（${t(`domains.${o.domain}`, { defaultValue: o.domain })}）`,
                  }))}
                />
              </>
            )}
            <SourcePicker options={options} error={fieldError(result, buildTarget, "file_ids")} />
            <SkipBadRows />
            <Group gap="sm">
              <Button
                type="submit"
                loading={busy && !dryRunning}
                w="fit-content"
                data-testid="submit-build"
              >
                {graph ? t("graph.rebuildSubmit") : t("graph.createSubmit")}
              </Button>
              <Button
                type="submit"
                name="dry_run"
                value="1"
                variant="light"
                loading={dryRunning}
                w="fit-content"
                data-testid="submit-build-dry-run"
                aria-describedby="build-dry-run-hint"
              >
                {t("plan.dryRun")}
              </Button>
            </Group>
            <Text size="sm" c="dimmed" id="build-dry-run-hint">
              {graph ? t("graph.rebuildDryRunHint") : t("graph.createDryRunHint")}
            </Text>
          </Stack>
        </IntentForm>
      </Paper>
    </Stack>
  );
}

export { ErrorBoundary } from "~/components/graph-admin/error-boundary";
