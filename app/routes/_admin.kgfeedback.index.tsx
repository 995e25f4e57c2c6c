import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { tableAction, tableLoader } from "~/table/index.server";
import { titleMeta } from "~/utils/meta";

export { tableLinks as links } from "~/components/table/links";
export { ResourceTablePage as default } from "~/components/table/table-page";
export const meta = titleMeta("nav.kgfeedback");
export const loader = (args: LoaderFunctionArgs) => tableLoader("feedback", args);
export const action = (args: ActionFunctionArgs) => tableAction("feedback", args);
