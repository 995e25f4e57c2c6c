import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { listJobs } from "~/graph-admin/graphs.server";
import { requireViewer } from "~/auth/guard.server";
import { titleMeta } from "~/utils/meta";
import { tableAction, tableLoader } from "~/table/index.server";

export { tableLinks as links } from "~/components/table/links";
export { ResourceTablePage as default } from "~/components/table/table-page";
export const meta = titleMeta("nav.graphRelationResult");

/** Query keys that choose what the table shows (anything else is paging, search or sorting). */
const CHOOSERS = [
  "job",
  "graph",
  "predicate",
  "subject",
  "object",
  "job__in",
  "graph__in",
  "predicate__in",
];

/**
 * /graph/relation/result: the relations of the latest build as a generic table (filterable by
 * graph, build, relation type, subject and object; sortable; exportable). Opened without a
 * filter it shows the latest finished build or update.
 */
export async function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  if (!CHOOSERS.some((k) => url.searchParams.has(k)) && !url.searchParams.has("search")) {
    const viewer = await requireViewer(args.request);
    const [latest] = await listJobs(viewer.api, {
      kind: "graph.build,graph.update",
      status: "succeeded",
      page_size: 1,
    });
    if (latest) throw redirect(`/graph/relation/result?job=${latest.id}`);
  }
  return tableLoader("relationResults", args);
}
export const action = (args: ActionFunctionArgs) => tableAction("relationResults", args);
