import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirectToChild } from "~/utils/guard.server";

export const loader = ({ request }: LoaderFunctionArgs) =>
  redirectToChild(request, "/kgfeedback/index");
