import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireViewer } from "~/auth/guard.server";
import { ontologyOwl } from "~/interchange/downloads.server";
import { notFound, parseId } from "~/http/page.server";

/** Resource route: the ontology as OWL in Turtle (opens in Protégé). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const id = parseId(params.id);
  // Keys, worded by the error page in the page's language (a navigation; server/status-pages.ts).
  if (id === null) throw notFound("admin:errors.ontologyNotFound");
  if (new URL(request.url).search)
    throw new Response("admin:errors.unknownParams", { status: 400 });
  return ontologyOwl(viewer, id);
}
