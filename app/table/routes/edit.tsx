import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { formAction, formLoader } from "~/table/index.server";
import { keyOf } from "./key";

export { ResourceFormPage as default } from "~/components/table/form-dialog";
export { DialogErrorBoundary as ErrorBoundary } from "~/components/table/pages";
export const loader = (args: LoaderFunctionArgs) => formLoader(keyOf(args), "update", args);
export const action = (args: ActionFunctionArgs) => formAction(keyOf(args), "update", args);
