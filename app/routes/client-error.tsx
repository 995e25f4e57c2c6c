import type { ActionFunctionArgs } from "@remix-run/node";
import { reportClientError } from "~/auth/account.server";
import { readForm } from "~/http/form.server";

/**
 * Spec §8: the browser reports uncaught runtime errors here (a beacon, so no form token);
 * they are stored by the platform with the user when logged in, and listed for admins.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  await reportClientError(request, form);
  // A plain response: the beacon reads nothing back, and a resource route that returned data
  // made Remix print a deprecation warning to the server's log for every report.
  return new Response(null, { status: 202 });
}
