import type { Viewer } from "~/auth/guard.server";
import { mutate } from "~/graph-admin/actions.server";
import { graphAdminApi } from "~/platform-client/graph-admin.server";

/** The intent that saves a graph's or an ontology's base IRI (and a graph's label language). */
export const SAVE_IRI = "saveIri";

/** Saves the base IRI (and language) of a graph or an ontology, as the edit pages' forms send them. */
export async function saveIri(
  viewer: Viewer,
  form: FormData,
  what: { graph: number } | { ontology: number },
  back: string,
  success: string,
) {
  const value = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v.trim() : "";
  };
  const body =
    "graph" in what
      ? { base_iri: value("base_iri"), lang: value("lang") }
      : { base_iri: value("base_iri") };
  return mutate(viewer, form, {
    target: SAVE_IRI,
    call: () =>
      "graph" in what
        ? graphAdminApi.saveGraphIri(viewer.api, what.graph, body)
        : graphAdminApi.saveOntologyIri(viewer.api, what.ontology, body),
    success,
    redirectTo: back,
  });
}
