import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { platformFor } from "~/auth/platform.server";
import { validateCsrf } from "~/auth/csrf.server";
import { safeRedirect } from "~/utils/redirect";
import { clearLogin, commitSession } from "~/auth/session.server";
import { readForm } from "~/http/form.server";

/**
 * Spec §4 logout: the platform ends the token, the console forgets token, id, name and
 * roles, and the user lands on /login with redirect = the page they were on.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  await validateCsrf(request, form);
  const api = await platformFor(request);
  if (api.session.get("token")) {
    await api.post("/common/users/logout/", undefined, { on401: "throw" }).catch(() => undefined);
  }
  clearLogin(api.session);
  const back = safeRedirect(form.get("redirect"), "/");
  return redirect(`/login?redirect=${encodeURIComponent(back)}`, {
    headers: { "Set-Cookie": await commitSession(api.session) },
  });
}

export const loader = () => redirect("/");
