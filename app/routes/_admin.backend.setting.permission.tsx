import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { permissionAction, permissionLoader } from "~/table/index.server";
import { titleMeta } from "~/utils/meta";

export { tableLinks as links } from "~/components/table/links";
export { PermissionPage as default } from "~/components/table/permission-page";
export const meta = titleMeta("nav.permission");
export const loader = (args: LoaderFunctionArgs) => permissionLoader(args);
export const action = (args: ActionFunctionArgs) => permissionAction(args);
