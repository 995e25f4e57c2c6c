import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { importAction, importLoader } from "~/table/index.server";

export { ImportDialog as default } from "~/components/table/import-dialog";
export { DialogErrorBoundary as ErrorBoundary } from "~/components/table/pages";
export const loader = (args: LoaderFunctionArgs) => importLoader("triples", args);
export const action = (args: ActionFunctionArgs) => importAction("triples", args);
