import { Paper, Stack, Text, Title } from "@mantine/core";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { graphAdminLinks } from "~/components/graph-admin/links";
import { OntologyEditor } from "~/components/graph-admin/ontology-editor";
import { NewOntologyForm, OntologyHeader } from "~/components/graph-admin/ontology-header";
import type { ActionError, OwlPreview } from "~/graph-admin/types";
import { OwlImport } from "~/components/graph-admin/owl-import";
import { OWL_APPLY, OWL_PREVIEW } from "~/graph-admin/types";
import { adminT, ontologyRights, pageWithoutEditor } from "~/graph-admin/actions.server";
import {
  listOntologies,
  ontologyAction,
  ontologyDetail,
  owlImportAction,
} from "~/graph-admin/ontology.server";
import { badIntent, parseId } from "~/http/page.server";
import { requireViewer } from "~/auth/guard.server";
import { titleMeta } from "~/utils/meta";
import { useSettledActionData } from "~/utils/settled-action-data";
import { FILE_FORM_BYTES, readForm } from "~/http/form.server";
import { IriForm } from "~/components/interchange/iri-form";
import { interchangeLinks } from "~/components/interchange/links";
import { SAVE_IRI, saveIri } from "~/interchange/iri.server";
import { ontologyIri } from "~/graph-admin/graphs.server";

export const meta = titleMeta("nav.schema");
export const links = () => [...graphAdminLinks(), ...interchangeLinks()];

/** /schema?o={ontology id}: the ontologies, and the chosen one with its classes and types. */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const ontologies = await listOntologies(viewer.api);
  const wanted = parseId(new URL(request.url).searchParams.get("o"));
  const chosen = ontologies.find((o) => o.id === wanted) ?? ontologies[0];
  const [detail, iri] = chosen
    ? await Promise.all([ontologyDetail(viewer.api, chosen.id), ontologyIri(viewer.api, chosen.id)])
    : [null, null];
  return data({ ontologies, detail, iri, rights: ontologyRights(viewer) });
}

export async function action({ request }: ActionFunctionArgs) {
  // An OWL import carries its file (the platform reads RDF files up to 20 MB).
  const form = await readForm(request, { maxBytes: FILE_FORM_BYTES });
  const viewer = await requireViewer(request, { formData: form });
  const ontologyId = parseId(String(form.get("id") ?? ""));
  const intent = form.get("intent");
  if ((intent === OWL_PREVIEW || intent === OWL_APPLY) && ontologyId) {
    return owlImportAction(viewer, form, request, ontologyId, pageWithoutEditor(request));
  }
  if (form.get("intent") === SAVE_IRI && ontologyId) {
    return saveIri(
      viewer,
      form,
      { ontology: ontologyId },
      pageWithoutEditor(request),
      (await adminT(request))("schema.saved"),
    );
  }
  const result = await ontologyAction(viewer, form, request, pageWithoutEditor(request));
  if (!result) throw badIntent(form.get("intent"));
  return result;
}

export default function SchemaPage() {
  const { ontologies, detail, iri, rights } = useLoaderData<typeof loader>();
  const answer = useSettledActionData<ActionError | { owlPreview: OwlPreview }>();
  const result = answer && "error" in answer ? answer : null;
  const preview = answer && "owlPreview" in answer ? answer.owlPreview : null;
  const { t } = useTranslation("admin");
  const { t: tc } = useTranslation("common");
  return (
    <div className="ga-side">
      {/* The page's title is the menu's (the breadcrumb shows it); the heading is for finding it. */}
      <h1 className="visually-hidden">{tc("nav.schema")}</h1>
      <Paper withBorder p="sm">
        <Stack gap="sm">
          <Title order={2} size="h5">
            {t("schema.ontologies")}
          </Title>
          <nav
            className="ga-onto-list"
            aria-label={t("schema.ontologies")}
            data-testid="ontology-list"
          >
            {ontologies.map((o) => (
              <Link
                key={o.id}
                to={`/schema?o=${o.id}`}
                aria-current={o.id === detail?.id ? "page" : undefined}
              >
                {o.name}
                <small>
                  {t("schema.counts", {
                    classes: o.classes,
                    relations: o.relation_types,
                    events: o.event_types,
                  })}
                </small>
              </Link>
            ))}
          </nav>
          {rights.create && <NewOntologyForm ontologies={ontologies} result={result} />}
        </Stack>
      </Paper>
      <div className="ga">
        {detail ? (
          <>
            <OntologyHeader detail={detail} rights={rights} result={result} />
            {iri && (
              <Paper withBorder p="sm" data-testid="ontology-interchange">
                <a
                  href={`/schema/owl/${detail.id}`}
                  download
                  className="ga-link"
                  data-testid="owl-download"
                >
                  {tc("interchange.owl")}
                </a>
                <IriForm
                  settings={iri}
                  kind="ontology"
                  result={result}
                  disabled={!rights.update}
                  ontologyId={detail.id}
                />
                {rights.update && (
                  <OwlImport ontologyId={detail.id} preview={preview} result={result} />
                )}
              </Paper>
            )}
            <OntologyEditor detail={detail} rights={rights} result={result} />
          </>
        ) : (
          <Paper withBorder p="xl">
            <Text c="dimmed" data-testid="empty-ontologies">
              {t("schema.empty")}
            </Text>
          </Paper>
        )}
      </div>
    </div>
  );
}

export { ErrorBoundary } from "~/components/graph-admin/error-boundary";
