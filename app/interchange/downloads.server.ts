import { PlatformError } from "~/platform-client/client.server";
import { graphAdminApi } from "~/platform-client/graph-admin.server";
import { kgApi } from "~/platform-client/kg.server";
import { canAccess } from "~/utils/roles";
import type { Viewer } from "~/auth/guard.server";

/**
 * Downloads of the interchange export (docs/interchange.md): the platform's answer streamed
 * through as it comes, never held here. A refusal (bad parameter, no right, unknown graph)
 * is the platform's own status and message.
 */

/** Who may download a graph: the platform's rule for the export (graph read). */
export const mayExportGraph = (viewer: Viewer) => canAccess(viewer.roles, ["kg__graph__read"]);

async function passThrough(open: Promise<Response>): Promise<Response> {
  try {
    const res = await open;
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
  return passThrough(kgApi.export(viewer.api, kgId, query));
}

/**
 * What a view shows (a path, an exploration): the graph's export of these entities (uuids) and
 * these relations (ids) with their ends, in GraphML or JSON-LD (or any export format).
 */
export function shownExport(
  viewer: Viewer,
  kgId: number,
  shown: { entities: string[]; relations: number[] },
  format: string,
): Promise<Response> {
  const query = new URLSearchParams({
    format,
    entities: shown.entities.join(","),
    relations: shown.relations.join(","),
  });
  return passThrough(kgApi.export(viewer.api, kgId, query));
}

/** The ontology as OWL (Turtle). */
export function ontologyOwl(viewer: Viewer, ontologyId: number): Promise<Response> {
  return passThrough(graphAdminApi.owl(viewer.api, ontologyId));
}
