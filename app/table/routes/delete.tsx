import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deleteAction, deleteLoader } from "~/table/index.server";
import { keyOf } from "./key";

export { DeleteConfirm as default } from "~/components/table/delete-confirm";
export { DialogErrorBoundary as ErrorBoundary } from "~/components/table/pages";
export const loader = (args: LoaderFunctionArgs) => deleteLoader(keyOf(args), args);
export const action = (args: ActionFunctionArgs) => deleteAction(keyOf(args), args);
