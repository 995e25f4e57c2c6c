import type { SessionClient } from "~/auth/platform.server";
import { data } from "@remix-run/node";
import type { Viewer } from "~/auth/guard.server";
import type { PlatformClient } from "~/platform-client/client.server";
import { orPageError, parseId } from "~/http/page.server";
import { graphAdminApi as ga } from "~/platform-client/graph-admin.server";
import { resourcesApi } from "~/platform-client/resources.server";
import { translate } from "~/i18n";
import {
  adminT,
  formChecked as checked,
  formText as text,
  idsOf,
  mutate,
  operationFailed,
  platformRefusal,
} from "./actions.server";
import { OWL_APPLY } from "./types";
import type { ActionError, OwlPreview } from "./types";

/** The ontology screens' calls of the platform's /graphadmin API: lists, details, edits, OWL import. */

export async function listOntologies(api: PlatformClient) {
  return (await ga.ontologies(api)).results;
}

export const ontologyDetail = (api: PlatformClient, id: number) =>
  orPageError(ga.ontology(api, id));

export const sourceOptions = (api: PlatformClient) => ga.sourceOptions(api);

/**
 * The intents of the ontology editor (shared by /schema and /graph/schemaedit/:id): each
 * maps to one platform call. `back` is where the page returns after a success.
 */
export async function ontologyAction(
  viewer: Viewer,
  form: FormData,
  request: Request,
  back: string,
) {
  const t = await adminT(request);
  const api = viewer.api;
  const intent = text(form, "intent");
  // An id the form does not give reaches the platform as "null", which it refuses (as before).
  const id = parseId(text(form, "id")) as number;
  const classBody = () => ({
    name: text(form, "name"),
    label_en: text(form, "label_en"),
    parent_id: text(form, "parent_id") || null,
    is_place: checked(form, "is_place"),
    color: text(form, "color") === "#000000" ? "" : text(form, "color"),
    description: text(form, "description"),
  });
  const relationBody = () => ({
    name: text(form, "name"),
    label_en: text(form, "label_en"),
    domain_class_id: text(form, "domain_class_id") || null,
    range_class_id: text(form, "range_class_id") || null,
    description: text(form, "description"),
  });
  const eventBody = () => ({
    name: text(form, "name"),
    label_en: text(form, "label_en"),
    triggers: text(form, "triggers"),
    subject_role: text(form, "subject_role"),
    object_role: text(form, "object_role"),
    color: text(form, "color") === "#000000" ? "" : text(form, "color"),
    description: text(form, "description"),
  });
  const target = `${intent}:${id ?? "new"}`;
  const run = (
    call: () => Promise<unknown>,
    success: string,
    redirectTo: string | ((r: unknown) => string) = back,
  ) => mutate(viewer, form, { target, call, success, redirectTo });
  switch (intent) {
    case "createOntology":
      return run(
        () =>
          ga.createOntology(api, {
            name: text(form, "name"),
            domain: text(form, "domain"),
            description: text(form, "description"),
            copy_from: text(form, "copy_from") || null,
          }),
        t("schema.saved"),
        (r) => `/schema?o=${(r as { id: number }).id}`,
      );
    case "updateOntology":
      return run(
        () =>
          ga.saveOntology(api, id, {
            name: text(form, "name"),
            domain: text(form, "domain"),
            description: text(form, "description"),
          }),
        t("schema.saved"),
      );
    case "deleteOntology":
      return run(() => ga.deleteOntology(api, id), t("schema.deleted"), "/schema");
    case "createClass":
      return run(
        () => ga.addPart(api, { ontology: id, part: "classes" }, classBody()),
        t("schema.saved"),
      );
    case "updateClass":
      return run(() => ga.savePart(api, "classes", id, classBody()), t("schema.saved"));
    case "deleteClass":
      return run(() => ga.deletePart(api, "classes", id), t("schema.deleted"));
    case "createProperty":
      return run(
        () =>
          ga.addPart(
            api,
            { class: id },
            {
              name: text(form, "name"),
              label_en: text(form, "label_en"),
              datatype: text(form, "datatype"),
              required: checked(form, "required"),
              description: text(form, "description"),
            },
          ),
        t("schema.saved"),
      );
    case "deleteProperty":
      return run(() => ga.deletePart(api, "properties", id), t("schema.deleted"));
    case "createRelationType":
      return run(
        () => ga.addPart(api, { ontology: id, part: "relation-types" }, relationBody()),
        t("schema.saved"),
      );
    case "updateRelationType":
      return run(() => ga.savePart(api, "relation-types", id, relationBody()), t("schema.saved"));
    case "deleteRelationType":
      return run(() => ga.deletePart(api, "relation-types", id), t("schema.deleted"));
    case "createEventType":
      return run(
        () => ga.addPart(api, { ontology: id, part: "event-types" }, eventBody()),
        t("schema.saved"),
      );
    case "updateEventType":
      return run(() => ga.savePart(api, "event-types", id, eventBody()), t("schema.saved"));
    case "deleteEventType":
      return run(() => ga.deletePart(api, "event-types", id), t("schema.deleted"));
    default:
      return null;
  }
}

/** The source choices of a build or update form, with a newly uploaded file stored first. */
export async function sourcesFromForm(api: SessionClient, form: FormData) {
  const fileIds = idsOf(form, "file_ids");
  const upload = form.get("upload");
  if (upload && typeof upload !== "string" && upload.size > 0) {
    const multipart = new FormData();
    multipart.append("name", upload.name);
    multipart.append("description", translate(api.lng, "admin:uploadDescription"));
    multipart.append("file", upload, upload.name);
    const stored = await resourcesApi.create<{ id: number }>(api, "data/files", multipart);
    fileIds.push(stored.id);
  }
  return {
    file_ids: fileIds,
    source_ids: idsOf(form, "source_ids"),
    triple_graph_ids: idsOf(form, "triple_graph_ids"),
    all_triples: checked(form, "all_triples"),
  };
}

/**
 * The predicate mapping of a dry run's form: each `predicate` field (an IRI) with the
 * `relation_type` select that follows it; an empty choice leaves the predicate unmapped.
 */
export function predicateMapOf(form: FormData): Record<string, string> {
  const predicates = form.getAll("predicate");
  const types = form.getAll("relation_type");
  if (
    predicates.length !== types.length ||
    [...predicates, ...types].some((v) => typeof v !== "string")
  ) {
    throw new Response(translate("zh", "admin:errors.mappingIncomplete"), { status: 400 });
  }
  const map: Record<string, string> = {};
  predicates.forEach((iri, i) => {
    if (types[i]) map[iri as string] = types[i] as string;
  });
  return map;
}

/** An OWL file larger than this is not carried back in the page for the apply (it is chosen again). */
const OWL_CARRIED_CHARS = 512 * 1024;

/**
 * OWL import on the ontology page: the dry run answers the diff (with the file's text for the
 * apply form); the apply (`apply=1`) redirects with a message, or returns the platform's refusal.
 * The file is the upload, or the text the dry run's page carried back.
 */
export async function owlImportAction(
  viewer: Viewer,
  form: FormData,
  request: Request,
  ontologyId: number,
  back: string,
) {
  const t = await adminT(request);
  const upload = form.get("file");
  const carried = text(form, "owl_text");
  const file =
    upload && typeof upload !== "string" && upload.size > 0
      ? upload
      : carried
        ? new File([carried], text(form, "filename") || "ontology.ttl", { type: "text/turtle" })
        : null;
  const multipart = new FormData();
  if (file) multipart.append("file", file, file.name);
  // Only the intent is echoed back on a refusal, not the file's text.
  const echo = new FormData();
  echo.set("intent", text(form, "intent"));
  if (text(form, "intent") === OWL_APPLY) {
    multipart.append("apply", "1");
    return mutate(viewer, echo, {
      target: "owlImport",
      success: t("owl.applied"),
      redirectTo: back,
      call: () => ga.importOwl(viewer.api, ontologyId, multipart),
    });
  }
  try {
    const diff = await ga.importOwl(viewer.api, ontologyId, multipart);
    const body = file ? await file.text() : "";
    const preview: OwlPreview = {
      diff,
      filename: file?.name ?? "",
      text: body.length <= OWL_CARRIED_CHARS ? body : null,
    };
    return data({ owlPreview: preview });
  } catch (e) {
    const err = platformRefusal(e);
    const fieldErrors = (err.body?.errors ?? undefined) as Record<string, string[]> | undefined;
    return data<ActionError>(
      { error: err.detail ?? operationFailed(viewer.api.lng), fieldErrors, target: "owlImport" },
      { status: err.status },
    );
  }
}
