import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseId } from "~/http/page.server";
import { requireViewer } from "~/auth/guard.server";
import { ontologyOwl } from "~/interchange/downloads.server";
import { translate } from "~/i18n";
import { notFound } from "~/http/page.server";

/** Resource route: the ontology as OWL in Turtle (opens in Protégé). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const id = parseId(params.id);
  if (id === null) throw notFound(translate("zh", "admin:errors.ontologyNotFound"));
  if (new URL(request.url).search)
    throw new Response(translate("zh", "admin:errors.unknownParams"), { status: 400 });
  return ontologyOwl(viewer, id);
}
