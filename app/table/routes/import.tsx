import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { importAction, importLoader } from "~/table/index.server";
import { keyOf } from "./key";

export { ImportDialog as default } from "~/components/table/import-dialog";
export { DialogErrorBoundary as ErrorBoundary } from "~/components/table/pages";
export const loader = (args: LoaderFunctionArgs) => importLoader(keyOf(args), args);
export const action = (args: ActionFunctionArgs) => importAction(keyOf(args), args);
