import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deleteAction, deleteLoader } from "~/table/index.server";

export { DeleteConfirm as default } from "~/components/table/delete-confirm";
export { DialogErrorBoundary as ErrorBoundary } from "~/components/table/pages";
export const loader = (args: LoaderFunctionArgs) => deleteLoader("users", args);
export const action = (args: ActionFunctionArgs) => deleteAction("users", args);
