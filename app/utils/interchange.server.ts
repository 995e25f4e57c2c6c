import { PlatformError } from "~/platform-client/client.server";
import { canAccess } from "~/utils/roles";
import type { Viewer } from "~/auth/guard.server";
import { mutate } from "~/utils/graph-admin.server";

/**
 * Downloads of the interchange export (docs/interchange.md): the platform's answer streamed
 * through as it comes, never held here. A refusal (bad parameter, no right, unknown graph)
 * is the platform's own status and message.
 */

/** Who may download a graph: the platform's rule for the export (graph read). */
export const mayExportGraph = (viewer: Viewer) => canAccess(viewer.roles, ["kg__graph__read"]);

async function passThrough(
  viewer: Viewer,
  path: string,
  query: URLSearchParams,
): Promise<Response> {
  try {
    const res = await viewer.api.raw("GET", path, { query, timeout: "long" });
    const headers = new Headers({ "Cache-Control": "no-store" });
    for (const h of ["Content-Type", "Content-Disposition"]) {
      const v = res.headers.get(h);
      if (v) headers.set(h, v);
    }
    return new Response(res.body, { status: 200, headers });
  } catch (e) {
    if (e instanceof PlatformError) {
      throw new Response(e.detail ?? "", {
        status: e.status,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    }
    throw e;
  }
}

/** GET /{kgId}/export?format=…[&class=|&relation_type=|&entity=&depth=&types=&limit=]: blank fields are left out. */
export function graphExport(viewer: Viewer, kgId: number, url: URL): Promise<Response> {
  const query = new URLSearchParams();
  url.searchParams.forEach((v, k) => {
    if (v.trim() !== "") query.set(k, v);
  });
  return passThrough(viewer, `/kg/graphs/${kgId}/export/`, query);
}

/** The ontology as OWL (Turtle). */
export function ontologyOwl(viewer: Viewer, ontologyId: number): Promise<Response> {
  return passThrough(viewer, `/graphadmin/ontologies/${ontologyId}/owl/`, new URLSearchParams());
}

export interface GraphIri {
  base_iri: string;
  lang: string;
  effective_base_iri: string;
  default_base_iri: string;
}
export interface OntologyIri {
  base_iri: string;
  effective_base_iri: string;
  default_base_iri: string;
}

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
  const path =
    "graph" in what
      ? `/graphadmin/graphs/${what.graph}/iri/`
      : `/graphadmin/ontologies/${what.ontology}/iri/`;
  const body =
    "graph" in what
      ? { base_iri: value("base_iri"), lang: value("lang") }
      : { base_iri: value("base_iri") };
  return mutate(viewer, form, {
    target: SAVE_IRI,
    call: () => viewer.api.patch(path, body),
    success,
    redirectTo: back,
  });
}
