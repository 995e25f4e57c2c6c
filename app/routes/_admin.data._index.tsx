import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirectToChild } from "~/auth/guard.server";

export const loader = ({ request }: LoaderFunctionArgs) =>
  redirectToChild(request, "/backend/profile");
