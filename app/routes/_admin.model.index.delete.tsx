import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { bulkDeleteAction, bulkDeleteLoader } from "~/table/index.server";

export { DeleteConfirm as default } from "~/components/table/delete-confirm";
export { DialogErrorBoundary as ErrorBoundary } from "~/components/table/pages";
export const loader = (args: LoaderFunctionArgs) => bulkDeleteLoader("models", args);
export const action = (args: ActionFunctionArgs) => bulkDeleteAction("models", args);
