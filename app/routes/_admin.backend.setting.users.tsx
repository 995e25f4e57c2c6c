import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { tableAction, tableLoader } from "~/table/index.server";
import { titleMeta } from "~/utils/meta";

export { tableLinks as links } from "~/components/table/links";
export { ResourceTablePage as default } from "~/components/table/table-page";
export const meta = titleMeta("nav.users");
export const loader = (args: LoaderFunctionArgs) => tableLoader("users", args);
export const action = (args: ActionFunctionArgs) => tableAction("users", args);
