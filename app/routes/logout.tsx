import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { validateCsrf } from "~/auth/csrf.server";
import { safeRedirect } from "~/utils/redirect";
import { logout } from "~/auth/account.server";
import { readForm } from "~/http/form.server";

/**
 * Spec §4 logout: the platform ends the token, the console forgets token, id, name and
 * roles, and the user lands on /login with redirect = the page they were on.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  await validateCsrf(request, form);
  return logout(request, safeRedirect(form.get("redirect"), "/"));
}

export const loader = () => redirect("/");
