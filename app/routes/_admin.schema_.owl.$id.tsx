import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseId } from "~/http/page.server";
import { requireViewer } from "~/auth/guard.server";
import { ontologyOwl } from "~/interchange/downloads.server";

/** Resource route: the ontology as OWL in Turtle (opens in Protégé). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const id = parseId(params.id);
  if (id === null) throw new Response("本体不存在", { status: 404 });
  if (new URL(request.url).search) throw new Response("不支持的参数", { status: 400 });
  return ontologyOwl(viewer, id);
}
