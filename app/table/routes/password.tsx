import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { resetPasswordAction, resetPasswordLoader } from "~/table/index.server";

export { ResetPasswordPage as default } from "~/components/table/pages";
export { DialogErrorBoundary as ErrorBoundary } from "~/components/table/pages";
export const loader = (args: LoaderFunctionArgs) => resetPasswordLoader(args);
export const action = (args: ActionFunctionArgs) => resetPasswordAction(args);
